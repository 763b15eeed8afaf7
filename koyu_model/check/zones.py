"""Section 15 — ZON01 then ZON02, zones in model order (COMPAT.md §7; spec:
reference/diagnostics/zon.md).

ZON01: no space path begins with the zone's path followed by ``/``. ZON02: a space has
exactly the zone's path. Both carry the zone's line and path. Space paths are sorted
once and each zone looks up its place (bisect), never zones × spaces.
"""

from __future__ import annotations

from bisect import bisect_left

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.model import Model

__all__ = ["section_zones"]


def section_zones(model: Model) -> list[Diagnostic]:
    if not model.zones:
        return []
    # Paths sorted once: the paths that begin with "<zone>/" sit together, from the first
    # one not below "<zone>/" on (bisect), so each zone asks one neighbour.
    paths = sorted(model.spaces)
    out: list[Diagnostic] = []
    for path, z in model.zones.items():
        head = path + "/"
        k = bisect_left(paths, head)
        if not path or k == len(paths) or not paths[k].startswith(head):
            out.append(diag("ZON01", f"There are no spaces beneath zone {path}", z.line, z.file, (path,)))
    for path, z in model.zones.items():
        if path in model.spaces:
            out.append(
                diag(
                    "ZON02",
                    f"A space shares its path with a zone (settle on one of them): {path}",
                    z.line,
                    z.file,
                    (path,),
                )
            )
    return out
