"""Floor-area aggregations (spec: reference/mcp/tools-read.md model_summary, cli/stats.md,
api/queries.md isIndoor / zoneAreaM2; COMPAT §9).

The population is decided once: a space is *indoor* when it has a region, is neither
``exterior`` nor ``void`` and is not semi-outdoor (the ground's set, which also holds
exterior spaces meeting another exterior across ``open`` or ``air:1``). Sums add the
rounded per-space areas in model order and round the total once; ``byUseM2`` rounds
after each addition, as the original does.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Tuple

import attrs

from koyu_model.geometry import round2
from koyu_model.ground import ground_of
from koyu_model.measures.areas import polygon_area_m2, space_areas
from koyu_model.memo import remember
from koyu_model.model import Model, Zone
from koyu_model.queries import effective_use

__all__ = ["LevelFloor", "FloorTotals", "floor_totals", "zone_area_m2", "UNSPECIFIED"]

#: The ``byUseM2`` key of spaces with no determinable ``use``.
UNSPECIFIED = "(unspecified)"


@attrs.frozen
class LevelFloor:
    """One level's indoor rooms: how many, and their rounded subtotal in m²."""

    level: str
    rooms: int
    subtotal: float


@attrs.frozen
class FloorTotals:
    """The floor-area answer of one Model.

    ``floors`` lists only levels with an indoor room, in ``Model.levels_by_z`` order;
    ``by_use`` is (use, m²) in first-seen order over indoor spaces in model order.
    """

    total: float
    semi_outdoor: float
    floors: Tuple[LevelFloor, ...]
    by_use: Tuple[Tuple[str, float], ...]
    indoor: FrozenSet[str]


def indoor_paths(model: Model) -> FrozenSet[str]:
    """Paths counted in the floor area (api/queries.md isIndoor: one answer for every
    place that asks, kept by the ground)."""
    return ground_of(model).indoor


def floor_totals(model: Model) -> FloorTotals:
    """The aggregations of ``model`` (memoised per Model)."""
    return remember(model, ("measures", "floor_totals"), lambda: _floor_totals(model))


def _floor_totals(model: Model) -> FloorTotals:
    # Level by level in z order, each level's spaces in model order: a space with no
    # level is in no floor, so in no total (the original walks its levels).
    areas = space_areas(model)
    g = ground_of(model)
    semi = g.semi_outdoor
    indoor = indoor_paths(model)
    total = 0.0
    semi_total = 0.0
    floors = []
    by_use: Dict[str, float] = {}
    zones = model.zones
    spaces = model.spaces
    for name in model.levels_by_z:
        rooms = 0
        subtotal = 0.0
        for path in g.spaces_by_level.get(name, ()):
            a = areas.get(path)
            if a is None:
                continue
            if path in semi:
                semi_total += a
                continue
            if path not in indoor:
                continue
            rooms += 1
            subtotal += a
            total += a
            use = effective_use(spaces[path], zones) or UNSPECIFIED
            by_use[use] = round2(by_use.get(use, 0) + a)
        if rooms:
            floors.append(LevelFloor(name, rooms, round2(subtotal)))
    return FloorTotals(total=round2(total), semi_outdoor=round2(semi_total), floors=tuple(floors),
                       by_use=tuple(by_use.items()), indoor=indoor)


def zone_area_m2(model: Model, zone: Zone) -> float:
    """A zone's ``areaM2`` in model_summary: a site zone's polygon area (unrounded) when it
    has a ``polygon``, else the rounded sum of the indoor areas of the spaces beneath it."""
    if zone.attrs.get("site") == 1:
        polygon = model.polygons.get(zone.path)
        if polygon is not None:
            return polygon_area_m2(polygon.points)
    return _zone_sums(model).get(zone.path, 0)


def _zone_sums(model: Model) -> Dict[str, float]:
    return remember(model, ("measures", "zone_sums"), lambda: _compute_zone_sums(model))


def _compute_zone_sums(model: Model) -> Dict[str, float]:
    # Each indoor space adds itself to every zone on its path's proper prefixes: O(depth).
    zones = model.zones
    totals = floor_totals(model)
    areas = space_areas(model)
    sums: Dict[str, float] = {}
    for path in model.spaces:
        if path not in totals.indoor:
            continue
        a = areas[path]
        i = path.rfind("/")
        while i > 0:
            prefix = path[:i]
            if prefix in zones:
                sums[prefix] = sums.get(prefix, 0.0) + a
            i = path.rfind("/", 0, i)
    return {k: round2(v) for k, v in sums.items()}
