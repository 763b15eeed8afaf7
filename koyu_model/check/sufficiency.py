"""Sections 17 — SUF02/SUF01 per space, model order — and 18 — SUF03 per level in z order
(COMPAT.md §7; spec: reference/diagnostics/suf.md).

SUF02: a space with a region and no determinable level. SUF01: a region space on a level
whose effective ceiling height (its own ``h:``, else its level's) is not written — voids,
exteriors and semi-outdoor spaces are not blamed. SUF03: a level with no ``slab:`` that
carries a space that could have a floor (a region, neither ``void`` nor ``exterior``).
"""

from __future__ import annotations

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.derived import semi_outdoor
from koyu_model.model import Model

__all__ = ["section_levels_and_heights", "section_slabs"]


def section_levels_and_heights(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    levels = model.levels
    semi = semi_outdoor(model)
    for path, s in model.spaces.items():
        if not s.rects:
            continue
        if s.level is None:
            out.append(
                diag(
                    "SUF02",
                    f"{path} has a region, but its level cannot be determined (give it "
                    f"at the head of the path or with level:)",
                    s.line,
                    s.file,
                    (path,),
                )
            )
            continue
        # heff (api/queries.md): the space's own numeric h:, else its level's h
        h = s.attrs.get("h")
        if isinstance(h, (int, float)) and not isinstance(h, bool):
            continue
        lv = levels.get(s.level)
        if lv is not None and lv.h is not None:
            continue
        if s.void or s.outside or path in semi:
            continue
        out.append(
            diag(
                "SUF01",
                f"The ceiling height of {path} cannot be determined (neither the "
                f"space's h: nor level {s.level}'s h: is there)",
                s.line,
                s.file,
                (path,),
            )
        )
    return out


def section_slabs(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    floored = set()
    for s in model.spaces.values():
        if s.rects and s.level is not None and not (s.void or s.outside):
            floored.add(s.level)
    for name in model.levels_by_z:
        lv = model.levels[name]
        if lv.slab is None and name in floored:
            out.append(
                diag(
                    "SUF03",
                    f"Level {name} has no slab:, so not one floor is generated on this storey",
                    lv.line,
                    lv.file,
                )
            )
    return out
