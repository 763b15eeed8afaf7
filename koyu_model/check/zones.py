"""Section 15 — ZON01, ZON02 (COMPAT §7). Owned by check-2 (stub until replaced)."""

from __future__ import annotations


def section_zones(model, ground):
    return ()
