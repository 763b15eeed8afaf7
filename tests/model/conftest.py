"""Fixtures for the language core's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from model_support import Files


@pytest.fixture
def files(tmp_path: Path) -> Files:
    return Files(tmp_path)
