"""Section 13 — per boundary: VRT01–06, BND03/04/06, OPN01–08, SEG03–08 (COMPAT §7). Owned by check-2 (stub until replaced)."""

from __future__ import annotations


def section_boundaries(model, ground):
    return ()
