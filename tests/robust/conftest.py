"""Fixtures for the hostile-input suites (issue #8)."""

from __future__ import annotations

import sys

import pytest
import robust_support as rs

# Composition raises the limit itself on first use; raising it here first keeps hypothesis
# from warning that it changed during a test.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


@pytest.fixture(scope="module")
def logged():
    """One in-memory server over the installed plugins, and the log its host writes to."""
    return rs.logged_client()
