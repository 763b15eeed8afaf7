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

from decimal import ROUND_HALF_UP, Decimal
from typing import List

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.geometry import EPS, rect_overlap
from koyu_model.jsjson import js_number
from koyu_model.model import Model

__all__ = ["section_heights", "to_fixed"]

_RUN_KEYS = ("stair", "ramp", "escalator", "lift")


def to_fixed(x: float, digits: int) -> str:
    """JavaScript's Number.prototype.toFixed: the exact binary value, ties away from zero."""
    q = Decimal(1).scaleb(-digits)
    return str(Decimal(x).quantize(q, rounding=ROUND_HALF_UP))


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _union_area(boxes) -> float:
    import shapely

    if not boxes:
        return 0.0
    return shapely.union_all(shapely.box(*zip(*boxes))).area


def _coverage(ground, lower: str, uppers: List[str]) -> float:
    import shapely

    own = ground.rects.get(lower, ())
    mine = _union_area(own)
    if mine <= 0:
        return 0.0
    cover = [r for u in uppers for r in ground.rects.get(u, ())
             if any(rect_overlap(r, o) for o in own)]
    if not cover:
        return 0.0
    a = shapely.union_all(shapely.box(*zip(*own)))
    b = shapely.union_all(shapely.box(*zip(*cover)))
    return a.intersection(b).area / mine


def _covered(ground, rects, above: List[str]) -> bool:
    for u in above:
        for r in ground.rects.get(u, ()):
            if any(rect_overlap(r, o) for o in rects):
                return True
    return False


def section_heights(model: Model, ground) -> List[Diagnostic]:
    out: List[Diagnostic] = []
    order = model.levels_by_z
    by_level = ground.spaces_by_level
    for lo_name, hi_name in zip(order, order[1:]):
        lo, hi = model.levels[lo_name], model.levels[hi_name]
        slab = hi.slab
        if not _number(slab):
            continue
        storey = hi.z - lo.z
        above = [p for p in by_level.get(hi_name, ()) if p in ground.rects]
        for path in by_level.get(lo_name, ()):
            s = model.spaces[path]
            if not s.rects or path in ground.semi_outdoor:
                continue
            if any(k in s.attrs for k in _RUN_KEYS):
                continue
            h = ground.heff(path)
            if not _number(h):
                continue
            total = h + slab
            if not total - storey > EPS:
                continue
            if above and not _covered(ground, ground.rects[path], above):
                continue
            msg = (f"{path} collides into the floor above: ceiling height {js_number(h)} + "
                   f"{hi_name}'s slab {js_number(slab)} = {js_number(total)} > storey height "
                   f"{js_number(storey)}")
            voids = []
            for i in ground.boundaries_of.get(path, ()):
                b = model.boundaries[i]
                if b.kind != "void":
                    continue
                other = b.b if b.a == path else b.a
                o = model.spaces.get(other)
                if o is not None and o.level == hi_name and other not in voids:
                    voids.append(other)
            if voids:
                cov = _coverage(ground, path, voids)
                if cov >= 0.99:
                    continue
                out.append(diag("HGT02", f"{msg}. The void covers only {to_fixed(cov * 100, 1)}% — under a "
                                f"partial void keep the ceiling height within the storey height (the "
                                f"height of the void part is derived)", s.line, s.file, (path,)))
            else:
                out.append(diag("HGT01", msg, s.line, s.file, (path,)))
    return out
