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

_RUN_SET = frozenset(("stair", "ramp", "escalator", "lift"))


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
    cover = [r for u in uppers for r in ground.rects.get(u, ()) if any(rect_overlap(r, o) for o in own)]
    if not cover:
        return 0.0
    a = shapely.union_all(shapely.box(*zip(*own)))
    b = shapely.union_all(shapely.box(*zip(*cover)))
    return a.intersection(b).area / mine


class _Above:
    """The written rectangles of the level above, asked "does any overlap these?" only for
    the spaces that collide; indexed (an STRtree over boxes shrunk inside the tolerance,
    built on first ask) so a level of colliding spaces is not every pair of rectangles."""

    def __init__(self, ground, paths: List[str]):
        self.boxes = [r for p in paths for r in ground.rects[p]]
        self.tree = None

    def overlaps(self, rects) -> bool:
        import shapely

        h = EPS / 4  # an overlap by more than EPS still meets once both sides shrink by h
        if self.tree is None:
            self.tree = shapely.STRtree([shapely.box(x1 + h, y1 + h, x2 - h, y2 - h) for x1, y1, x2, y2 in self.boxes])
        boxes = self.boxes
        for o in rects:
            x1, y1, x2, y2 = o
            for k in self.tree.query(shapely.box(x1 + h, y1 + h, x2 - h, y2 - h)).tolist():
                if rect_overlap(boxes[k], o):
                    return True
        return False


def section_heights(model: Model, ground) -> List[Diagnostic]:
    out: List[Diagnostic] = []
    order = model.levels_by_z
    by_level = ground.spaces_by_level
    spaces = model.spaces
    rects = ground.rects
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
            if path in ground.semi_outdoor or not _RUN_SET.isdisjoint(s.attrs):
                continue
            if above is None:
                above = _Above(ground, [p for p in by_level.get(hi_name, ()) if p in rects])
            # a level above with no region space covers everything
            if above.boxes and not above.overlaps(rects[path]):
                continue
            msg = (
                f"{path} collides into the floor above: ceiling height {js_number(h)} + "
                f"{hi_name}'s slab {js_number(slab)} = {js_number(total)} > storey height "
                f"{js_number(storey)}"
            )
            voids = []
            for i in ground.boundaries_of.get(path, ()):
                b = model.boundaries[i]
                if b.kind != "void":
                    continue
                other = b.b if b.a == path else b.a
                o = spaces.get(other)
                if o is not None and o.level == hi_name and other not in voids:
                    voids.append(other)
            if voids:
                cov = _coverage(ground, path, voids)
                if cov >= 0.99:
                    continue
                out.append(
                    diag(
                        "HGT02",
                        f"{msg}. The void covers only {to_fixed(cov * 100, 1)}% — under a "
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
