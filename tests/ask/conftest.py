"""Fixtures for the Asking queries' tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ask_support import Files


@pytest.fixture
def files(tmp_path: Path) -> Files:
    return Files(tmp_path)
