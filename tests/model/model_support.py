"""Small buildings of our own for the language core's tests (the ``files`` fixture is
tests/conftest.py's)."""

from __future__ import annotations

HEAD = "grid X 0 3600 7200\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"
