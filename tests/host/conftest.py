"""Fixtures for the host's tests."""

from __future__ import annotations

import importlib
import sys

import pytest
from host_support import Site

from koyu_host.client import Client
from koyu_host.plugins import Catalogue


@pytest.fixture(scope="session")
def installed() -> Catalogue:
    """The catalogue found through the installed entry points (the five built-in plugins)."""
    from koyu_host import plugins

    return plugins.load()


@pytest.fixture
def client(installed) -> Client:
    return Client.in_memory(installed)


@pytest.fixture
def site(tmp_path, monkeypatch) -> Site:
    """A throwaway site folder put on sys.path (and taken off, with its modules, afterwards)."""
    made = Site(tmp_path / "site")
    monkeypatch.syspath_prepend(str(made.root))
    before = set(sys.modules)
    yield made
    for name in set(sys.modules) - before:
        if name.split(".")[0] in {p.name for p in made.root.iterdir()}:
            del sys.modules[name]
    importlib.invalidate_caches()
