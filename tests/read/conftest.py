"""Fixtures for the Reading tools' tests: a folder of our own buildings and a client."""

from __future__ import annotations

from pathlib import Path

import pytest
from read_support import Folder

from koyu_host.client import Client


@pytest.fixture(scope="session")
def catalogue():
    from koyu_host import plugins

    return plugins.load()


@pytest.fixture
def folder(tmp_path: Path, catalogue) -> Folder:
    return Folder(tmp_path, Client.in_memory(catalogue))
