"""Section 19 — SIT01, SIT02, SIT04 (COMPAT §7). Owned by check-2 (stub until replaced)."""

from __future__ import annotations


def section_site(model, ground):
    return ()
