"""Fixtures for the Writing tools' tests: a folder of our own buildings and a client."""

from __future__ import annotations

from pathlib import Path

import pytest
from write_support import Site

from koyu_host.client import Client


@pytest.fixture(scope="session")
def catalogue():
    from koyu_host import plugins

    return plugins.load()


@pytest.fixture
def site(tmp_path: Path, catalogue) -> Site:
    return Site(tmp_path, Client.in_memory(catalogue))
