"""Section 14 — SEG01, SEG02 (COMPAT §7). Owned by check-2 (stub until replaced)."""

from __future__ import annotations


def section_areas(model, ground):
    return ()
