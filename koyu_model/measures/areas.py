"""Areas in m² (spec: reference/api/queries.md areaM2, geometry.md polygonAreaM2).

A space's area is measured to wall centrelines over its *derived* pieces — the region
after every drawn-line cut — so a space cut by a line reports that shape. Evaluation
order is the original's (COMPAT §1): per piece the shoelace sum from vertex 0, halved,
absolute value; pieces summed from 0; divided by 1e6; then ``Math.round(x*100)/100``.
"""

from __future__ import annotations

from typing import Dict, Iterable, Optional, Sequence, Tuple

from koyu_model.canonical import boundary_key, sorted_rects
from koyu_model.geometry import LineCut, cut_by_line, rect_to_piece, round2
from koyu_model.geometry import polygon_area_m2 as _polygon_area_m2
from koyu_model.geometry.polygon import Piece
from koyu_model.memo import remember
from koyu_model.model import Model, Space

__all__ = ["space_area_m2", "space_areas", "areas_of", "line_pieces", "written_pieces", "polygon_area_m2"]


def space_area_m2(model: Model, path: str) -> Optional[float]:
    """The rounded area of one space, or ``None`` for a space with no region."""
    return space_areas(model).get(path)


def space_areas(model: Model) -> Dict[str, float]:
    """Every region-bearing space's rounded area, path → m², in model order (once per Model)."""
    return remember(model, ("measures", "space_areas"), lambda: areas_of(model, model.spaces.items()))


def areas_of(model: Model, spaces: Iterable[Tuple[str, Space]]) -> Dict[str, float]:
    """The rounded area of each region-bearing space of ``spaces`` ((path, Space) pairs, in
    the order given): ``space_areas`` over a part of the building (one level's spaces).

    A space a drawn line cuts is measured over its pieces (``line_pieces``); any other
    space's pieces are its written rectangles, whose area ``_rects_mm2`` reads straight
    off them — the ground's pieces of every space are never made."""
    cut = line_pieces(model)
    out: Dict[str, float] = {}
    # A span's storeys share one tuple of Rects, and storeys repeat the same pieces: one
    # area per distinct tuple (by identity for Rects: they live as long as the model).
    by_rects: Dict[int, float] = {}
    by_pieces: Dict[tuple, float] = {}
    for path, space in spaces:
        rects = space.rects
        if not rects:
            continue
        if cut and path in cut:
            own = cut[path]
            if not own:
                # Every slice of the region can be cut away (a sliver is dropped): area 0.
                out[path] = 0
                continue
            a = by_pieces.get(own)
            if a is None:
                a = by_pieces[own] = round2(_pieces_mm2(own) / 1e6)
        else:
            key = id(rects)
            a = by_rects.get(key)
            if a is None:
                mm2 = _rects_mm2(rects)
                if mm2 is None:  # not small integers: the pieces' own arithmetic
                    mm2 = _pieces_mm2(written_pieces(space))
                a = by_rects[key] = round2(mm2 / 1e6)
        out[path] = a
    return out


def written_pieces(space: Space) -> Tuple[Piece, ...]:
    """The pieces of a space no drawn line cuts (``Ground.initial_pieces``): its
    rectangles in canonical order, each a counter-clockwise quad."""
    return tuple([rect_to_piece((r.x1, r.y1, r.x2, r.y2)) for r in sorted_rects(space)])


def line_pieces(model: Model) -> Dict[str, Tuple[Piece, ...]]:
    """``Ground.pieces`` of the spaces the drawn lines name, and of those only (path →
    pieces; every other region's pieces are ``written_pieces``). The ground cuts the
    same way but first makes every space's pieces; the measures need just these few.
    Once per Model."""
    return remember(model, ("measures", "line_pieces"), lambda: _line_pieces(model))


def _line_pieces(model: Model) -> Dict[str, Tuple[Piece, ...]]:
    # Ground._cuts over the named spaces: the lines in canonical order (a stable sort by
    # the canonical key), each with both its spaces present; each named space with a
    # region enters with its written pieces, in the order the lines name them.
    spaces = model.spaces
    drawn = [b for b in model.boundaries if b.drawn is not None]
    if not drawn:
        return {}
    drawn.sort(key=boundary_key)
    lines = [(b.a, b.b, b.drawn.a, b.drawn.b) for b in drawn if b.a in spaces and b.b in spaces]
    named: Dict[str, Tuple[Piece, ...]] = {}
    for a, b, _, _ in lines:
        for key in (a, b):
            if key not in named and spaces[key].rects:
                named[key] = written_pieces(spaces[key])
    if not named:
        return {}
    # geometry.apply_cuts, with each distinct cut made once: a line written over a span of
    # levels cuts the same pieces by the same points on every storey (cut_by_line is a
    # pure function; the key is spelled with repr so 3000 and 3000.0 stay apart).
    current = dict(named)
    made: Dict[str, LineCut] = {}
    for a, b, p, q in lines:
        pa = current.get(a)
        pb = current.get(b)
        key = repr((pa, pb, p, q))
        result = made.get(key)
        if result is None:
            result = made[key] = cut_by_line(pa, pb, p, q)
        if result.a is not None:
            current[a] = result.a
        if result.b is not None:
            current[b] = result.b
    return current


#: Below this magnitude (2**24 mm, 16 km) every product and partial sum of the shoelace
#: over integer millimetres is an integer under 2**53, so the float arithmetic is exact.
_EXACT = 1 << 24
_SUM_EXACT = 1 << 53  # and the running sum over the pieces, below this


def _rects_mm2(rects) -> Optional[float]:
    """The area in mm² of uncut rectangles (one CCW quad each), as ``_pieces_mm2`` gives it,
    or None when that needs the float path: with integer coordinates of modest size the
    shoelace is exact, so its value is the exact sum of width × height, in any order."""
    total = 0
    for r in rects:
        x1 = r.x1
        y1 = r.y1
        x2 = r.x2
        y2 = r.y2
        if not (
            type(x1) is int
            and type(y1) is int
            and type(x2) is int
            and type(y2) is int
            and -_EXACT < x1 < _EXACT
            and -_EXACT < y1 < _EXACT
            and -_EXACT < x2 < _EXACT
            and -_EXACT < y2 < _EXACT
        ):
            return None
        total += abs((x2 - x1) * (y2 - y1))
    return float(total) if total < _SUM_EXACT else None


def _pieces_mm2(own) -> float:
    """geometry.pieces_area_m2 × 1e6, inlined (same operations in the same order): per
    piece the shoelace sum from vertex 0, halved, absolute; pieces summed from 0."""
    total = 0.0
    for piece in own:
        s = 0.0
        n = len(piece)
        x1, y1 = piece[0]
        x1 = float(x1)
        y1 = float(y1)
        for k in range(1, n + 1):
            x2, y2 = piece[k] if k < n else piece[0]
            x2 = float(x2)
            y2 = float(y2)
            s += x1 * y2 - x2 * y1
            x1 = x2
            y1 = y2
        total += abs(s / 2)
    return total


def polygon_area_m2(points: Sequence[Tuple[float, float]]) -> float:
    """A site polygon's shoelace area in m², unrounded (model_summary reports it raw, COMPAT §9)."""
    return _polygon_area_m2(points)
