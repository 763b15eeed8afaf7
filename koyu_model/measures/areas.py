"""Areas in m² (spec: reference/api/queries.md areaM2, geometry.md polygonAreaM2).

A space's area is measured to wall centrelines over its *derived* pieces — the region
after every drawn-line cut — so a space cut by a line reports that shape. Evaluation
order is the original's (COMPAT §1): per piece the shoelace sum from vertex 0, halved,
absolute value; pieces summed from 0; divided by 1e6; then ``Math.round(x*100)/100``.
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

from koyu_model.geometry import round2
from koyu_model.geometry import polygon_area_m2 as _polygon_area_m2
from koyu_model.ground import ground_of
from koyu_model.memo import remember
from koyu_model.model import Model

__all__ = ["space_area_m2", "space_areas", "polygon_area_m2"]


def space_area_m2(model: Model, path: str) -> Optional[float]:
    """The rounded area of one space, or ``None`` for a space with no region."""
    return space_areas(model).get(path)


def space_areas(model: Model) -> Dict[str, float]:
    """Every region-bearing space's rounded area, path → m², in model order (once per Model)."""
    return remember(model, ("measures", "space_areas"), lambda: _space_areas(model))


def _space_areas(model: Model) -> Dict[str, float]:
    pieces = ground_of(model).pieces
    out: Dict[str, float] = {}
    # Storeys repeat the same pieces: one area per distinct tuple of pieces.
    known: Dict[tuple, float] = {}
    for path, space in model.spaces.items():
        if not space.rects:
            continue
        own = pieces.get(path)
        if not own:
            # Every slice of the region can be cut away (a sliver is dropped): area 0.
            out[path] = 0
            continue
        a = known.get(own)
        if a is None:
            a = known[own] = round2(_pieces_mm2(own) / 1e6)
        out[path] = a
    return out


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
