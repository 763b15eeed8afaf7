"""Section 16 — HGT01/HGT02, adjacent level pairs ascending, spaces of the lower level in
model order (COMPAT.md §7; spec: reference/diagnostics/hgt.md).

The invariant: effective ceiling height (the space's ``h:``, else its level's) + the
upper level's ``slab:`` ≤ the storey height (Δz), with 0.5 mm of tolerance. Asked only of
a region space that is not semi-outdoor, declares no vertical circulation
(``stair:``/``ramp:``/``escalator:``/``lift:``), has both numbers, and is overlapped by a
region space of the level above (written rectangles, more than EPS on both axes; a level
above with no region space covers everything). A ``type:void`` boundary to spaces of the
level above exempts the space when their written rectangles cover ≥ 99% of its own;
below that the collision is HGT02, quoting the coverage to one decimal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.derived import boundaries_naming, layout, semi_outdoor
from koyu_model.geometry import EPS, BoxIndex, rect_overlap, union_area_mm2
from koyu_model.jsjson import js_string, js_to_fixed
from koyu_model.model import Model

if TYPE_CHECKING:
    from typing_extensions import TypeIs

__all__ = ["section_heights"]

_RUN_SET = frozenset(("stair", "ramp", "escalator", "lift"))


def _number(v: object) -> TypeIs[int | float]:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _coverage(rects, lower: str, uppers: list[str]) -> float:
    """How much of ``lower``'s written rectangles those of ``uppers`` cover, as a share:
    area(own ∩ cover) = area(own) + area(cover) − area(own ∪ cover)."""
    own = rects.get(lower, ())
    mine = union_area_mm2(own)
    if mine <= 0:
        return 0.0
    cover = [r for u in uppers for r in rects.get(u, ()) if any(rect_overlap(r, o) for o in own)]
    if not cover:
        return 0.0
    return (mine + union_area_mm2(cover) - union_area_mm2(list(own) + cover)) / mine


def section_heights(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    order = model.levels_by_z
    lay = layout(model)
    by_level = lay.by_level
    spaces = model.spaces
    rects = lay.rects
    semi = semi_outdoor(model)
    naming = boundaries_naming(model)
    for lo_name, hi_name in zip(order, order[1:]):
        lo, hi = model.levels[lo_name], model.levels[hi_name]
        slab = hi.slab
        if not _number(slab):
            continue
        storey = hi.z - lo.z
        above = None
        for path in by_level.get(lo_name, ()):
            s = spaces[path]
            if not s.rects:
                continue
            # heff (api/queries.md): the space's own numeric h:, else its level's (lo)
            h = s.attrs.get("h")
            if not _number(h):
                h = lo.h
                if not _number(h):
                    continue
            total = h + slab
            if not total - storey > EPS:
                continue
            if path in semi or not _RUN_SET.isdisjoint(s.attrs):
                continue
            if above is None:
                above = BoxIndex([r for p in by_level.get(hi_name, ()) if p in rects for r in rects[p]])
            # a level above with no region space covers everything
            if len(above.boxes) and not len(above.pairs(rects[path])[0]):
                continue
            msg = (
                f"{path} collides into the floor above: ceiling height {js_string(h)} + "
                f"{hi_name}'s slab {js_string(slab)} = {js_string(total)} > storey height "
                f"{js_string(storey)}"
            )
            voids = []
            for i in naming.get(path, ()):
                b = model.boundaries[i]
                if b.kind != "void":
                    continue
                other = b.b if b.a == path else b.a
                o = spaces.get(other)
                if o is not None and o.level == hi_name and other not in voids:
                    voids.append(other)
            if voids:
                cov = _coverage(rects, path, voids)
                if cov >= 0.99:
                    continue
                out.append(
                    diag(
                        "HGT02",
                        f"{msg}. The void covers only {js_to_fixed(cov * 100, 1)}% — under a "
                        f"partial void keep the ceiling height within the storey height (the "
                        f"height of the void part is derived)",
                        s.line,
                        s.file,
                        (path,),
                    )
                )
            else:
                out.append(diag("HGT01", msg, s.line, s.file, (path,)))
    return out
