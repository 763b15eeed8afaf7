"""Section 15 — ZON01 then ZON02, zones in model order (COMPAT.md §7; spec:
reference/diagnostics/zon.md).

ZON01: no space path begins with the zone's path followed by ``/``. ZON02: a space has
exactly the zone's path. Both carry the zone's line and path. Spaces are indexed once
(every proper prefix of every path), so the cost is the total path length, not zones ×
spaces.
"""

from __future__ import annotations

from typing import List, Set

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.model import Model

__all__ = ["section_zones"]


def _prefixes(paths) -> Set[str]:
    found: Set[str] = set()
    for p in paths:
        k = p.find("/", 1)
        while k != -1:
            found.add(p[:k])
            k = p.find("/", k + 1)
    return found


def section_zones(model: Model, ground) -> List[Diagnostic]:
    if not model.zones:
        return []
    beneath = _prefixes(model.spaces)
    out: List[Diagnostic] = []
    for path, z in model.zones.items():
        if path not in beneath:
            out.append(diag("ZON01", f"There are no spaces beneath zone {path}", z.line, z.file, (path,)))
    for path, z in model.zones.items():
        if path in model.spaces:
            out.append(diag("ZON02", f"A space shares its path with a zone (settle on one of them): {path}",
                            z.line, z.file, (path,)))
    return out
