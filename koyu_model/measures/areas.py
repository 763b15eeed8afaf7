"""Areas in m² (spec: reference/api/queries.md areaM2, geometry.md polygonAreaM2).

A space's area is measured to wall centrelines over its *derived* pieces — the region
after every drawn-line cut (``koyu_model.derived.layout``) — so a space cut by a line
reports that shape. Evaluation order is the original's (COMPAT §1): per piece the
shoelace sum from vertex 0, halved, absolute value; pieces summed from 0; divided by 1e6;
then ``Math.round(x*100)/100``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from koyu_model.derived import layout
from koyu_model.geometry import pieces_area_m2, round2
from koyu_model.geometry import polygon_area_m2 as _polygon_area_m2
from koyu_model.model import Model, Space, StashKey

__all__ = ["space_area_m2", "space_areas", "areas_of", "polygon_area_m2"]

SPACE_AREAS: StashKey[dict[str, float]] = StashKey("measures.space_areas")


def space_area_m2(model: Model, path: str):
    """The rounded area of one space, or ``None`` for a space with no region."""
    return space_areas(model).get(path)


def space_areas(model: Model) -> dict[str, float]:
    """Every region-bearing space's rounded area, path → m², in model order (once per Model)."""
    return model.stash.get(SPACE_AREAS, lambda: areas_of(model, model.spaces.items()))


def areas_of(model: Model, spaces: Iterable[tuple[str, Space]]) -> dict[str, float]:
    """The rounded area of each region-bearing space of ``spaces`` ((path, Space) pairs, in
    the order given): ``space_areas`` over a part of the building (one level's spaces)."""
    pieces = layout(model).pieces
    out: dict[str, float] = {}
    known: dict[tuple, float] = {}  # storeys repeat their pieces
    for path, _ in spaces:
        own = pieces.get(path)
        if own is None:
            continue
        area = known.get(own)
        if area is None:
            area = known[own] = round2(pieces_area_m2(own))
        out[path] = area
    return out


def polygon_area_m2(points: Sequence[tuple[float, float]]) -> float:
    """A site polygon's shoelace area in m², unrounded (model_summary reports it raw, COMPAT §9)."""
    return _polygon_area_m2(points)
