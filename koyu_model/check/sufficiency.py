"""Sections 17 — SUF02, SUF01 — and 18 — SUF03 (COMPAT §7). Owned by check-2 (stub until replaced)."""

from __future__ import annotations


def section_levels_and_heights(model, ground):
    return ()


def section_slabs(model, ground):
    return ()
