"""Areas in m² (spec: reference/api/queries.md areaM2, geometry.md polygonAreaM2).

A space's area is measured to wall centrelines over its *derived* pieces — the region
after every drawn-line cut (``koyu_model.derived.layout``) — so a space cut by a line
reports that shape. Evaluation order is the original's (COMPAT §1): per piece the
shoelace sum from vertex 0, halved, absolute value; pieces summed from 0; divided by 1e6;
then ``Math.round(x*100)/100``.
"""

from __future__ import annotations

from typing import Dict, Iterable, Sequence, Tuple

from koyu_model.derived import layout
from koyu_model.geometry import pieces_area_m2, rect_to_piece, round2
from koyu_model.geometry import pieces_area_mm2 as _pieces_mm2  # noqa: F401 (tests/read reads it; see line_pieces)
from koyu_model.geometry import polygon_area_m2 as _polygon_area_m2
from koyu_model.geometry.polygon import Piece
from koyu_model.model import Model, Space, StashKey

__all__ = ["space_area_m2", "space_areas", "areas_of", "line_pieces", "written_pieces", "polygon_area_m2"]

SPACE_AREAS: StashKey[Dict[str, float]] = StashKey("measures.space_areas")


def space_area_m2(model: Model, path: str):
    """The rounded area of one space, or ``None`` for a space with no region."""
    return space_areas(model).get(path)


def space_areas(model: Model) -> Dict[str, float]:
    """Every region-bearing space's rounded area, path → m², in model order (once per Model)."""
    return model.stash.get(SPACE_AREAS, lambda: areas_of(model, model.spaces.items()))


def areas_of(model: Model, spaces: Iterable[Tuple[str, Space]]) -> Dict[str, float]:
    """The rounded area of each region-bearing space of ``spaces`` ((path, Space) pairs, in
    the order given): ``space_areas`` over a part of the building (one level's spaces)."""
    pieces = layout(model).pieces
    out: Dict[str, float] = {}
    known: Dict[tuple, float] = {}  # storeys repeat their pieces
    for path, _ in spaces:
        own = pieces.get(path)
        if own is None:
            continue
        area = known.get(own)
        if area is None:
            area = known[own] = round2(pieces_area_m2(own))
        out[path] = area
    return out


def polygon_area_m2(points: Sequence[Tuple[float, float]]) -> float:
    """A site polygon's shoelace area in m², unrounded (model_summary reports it raw, COMPAT §9)."""
    return _polygon_area_m2(points)


# tests/read/test_spaces_text.py reads the next two (and _pieces_mm2): the pieces a drawn
# line gave and the pieces before any line are koyu_model.derived.layout's, which it can
# ask at the merge.
def written_pieces(space: Space) -> Tuple[Piece, ...]:
    """The pieces of a space no drawn line cuts: its rectangles in canonical order, each a
    counter-clockwise quad (derived.layout's pieces before any line)."""
    from koyu_model.canonical import sorted_rects

    return tuple(rect_to_piece((r.x1, r.y1, r.x2, r.y2)) for r in sorted_rects(space))


def line_pieces(model: Model) -> Dict[str, Tuple[Piece, ...]]:
    """The derived pieces of the region spaces a drawn line names (path → pieces)."""
    pieces = layout(model).pieces
    spaces = model.spaces
    named = (p for b in model.boundaries if b.drawn is not None and b.a in spaces and b.b in spaces for p in (b.a, b.b))
    return {p: pieces[p] for p in named if p in pieces}
