"""Section 16 — HGT01, HGT02 (COMPAT §7). Owned by check-2 (stub until replaced)."""

from __future__ import annotations


def section_heights(model, ground):
    return ()
