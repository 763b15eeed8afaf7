"""Floor-area aggregations (spec: reference/mcp/tools-read.md model_summary, cli/stats.md,
api/queries.md isIndoor / zoneAreaM2; COMPAT §9).

The population is decided once: a space is *indoor* when it has a region, is neither
``exterior`` nor ``void`` and is not semi-outdoor (``koyu_model.derived``'s sets; the
semi-outdoor one also holds exterior spaces meeting another exterior across ``open`` or
``air:1``). Sums add the rounded per-space areas in model order and round the total
once; ``byUseM2`` rounds after each addition, as the original does.
"""

from __future__ import annotations

import attrs

from koyu_model.derived import indoor, layout, semi_outdoor
from koyu_model.geometry import round2
from koyu_model.measures.areas import polygon_area_m2, space_areas
from koyu_model.model import Model, StashKey, Zone
from koyu_model.queries import effective_use

__all__ = ["LevelFloor", "FloorTotals", "floor_totals", "zone_area_m2", "zone_areas_m2", "UNSPECIFIED"]

#: The ``byUseM2`` key of spaces with no determinable ``use``.
UNSPECIFIED = "(unspecified)"

FLOOR_TOTALS: StashKey[FloorTotals] = StashKey("measures.floor_totals")
ZONE_SUMS: StashKey[dict[str, float]] = StashKey("measures.zone_sums")


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
    floors: tuple[LevelFloor, ...]
    by_use: tuple[tuple[str, float], ...]
    indoor: frozenset[str]


def floor_totals(model: Model) -> FloorTotals:
    """The aggregations of ``model``, once per Model."""
    return model.stash.get(FLOOR_TOTALS, lambda: _floor_totals(model))


def _floor_totals(model: Model) -> FloorTotals:
    # Level by level in z order, each level's spaces in model order: a space with no
    # level is in no floor, so in no total (the original walks its levels).
    areas = space_areas(model)
    semi = semi_outdoor(model)
    counted = indoor(model)
    total = 0.0
    semi_total = 0.0
    floors = []
    by_use: dict[str, float] = {}
    spaces = model.spaces
    by_level = layout(model).by_level
    for name in model.levels_by_z:
        rooms = 0
        subtotal = 0.0
        for path in by_level.get(name, ()):
            # indoor spaces are never semi-outdoor: one test for most
            if path not in counted:
                if path in semi:
                    a = areas.get(path)
                    if a is not None:
                        semi_total += a
                continue
            a = areas.get(path)
            if a is None:
                continue
            rooms += 1
            subtotal += a
            total += a
            use = effective_use(spaces[path], model.zones) or UNSPECIFIED
            # rounded after each addition (COMPAT §9); an area may be NaN or infinite (a grid
            # line past Number.MAX_VALUE), which round2 keeps and JSON spells null
            by_use[use] = round2(by_use.get(use, 0) + a)
        if rooms:
            floors.append(LevelFloor(name, rooms, round2(subtotal)))
    return FloorTotals(
        total=round2(total),
        semi_outdoor=round2(semi_total),
        floors=tuple(floors),
        by_use=tuple(by_use.items()),
        indoor=counted,
    )


def zone_area_m2(model: Model, zone: Zone) -> float:
    """A zone's ``areaM2`` in model_summary: a site zone's polygon area (unrounded) when it
    has a ``polygon``, else the rounded sum of the indoor areas of the spaces beneath it."""
    return _zone_area(model, zone, _zone_sums(model))


def zone_areas_m2(model: Model) -> dict[str, float]:
    """``zone_area_m2`` of every zone, path → m², in model order."""
    sums = _zone_sums(model)
    return {path: _zone_area(model, zone, sums) for path, zone in model.zones.items()}


def _zone_area(model: Model, zone: Zone, sums: dict[str, float]) -> float:
    if zone.attrs.get("site") == 1:
        polygon = model.polygons.get(zone.path)
        if polygon is not None:
            return polygon_area_m2(polygon.points)
    return sums.get(zone.path, 0)


def _zone_sums(model: Model) -> dict[str, float]:
    return model.stash.get(ZONE_SUMS, lambda: _compute_zone_sums(model))


def _compute_zone_sums(model: Model) -> dict[str, float]:
    # Each indoor space adds itself to every zone on its path's proper prefixes, deepest
    # first, in model order (so each zone's sum adds in the same order); the zones above
    # a parent path are found once per parent.
    zones = model.zones
    counted = indoor(model)
    areas = space_areas(model)
    sums: dict[str, float] = {}
    above: dict[str, tuple[str, ...]] = {}
    for path in model.spaces:
        if path not in counted:
            continue
        a = areas[path]
        i = path.rfind("/")
        if i <= 0:
            continue
        parent = path[:i]
        chain = above.get(parent)
        if chain is None:
            chain = above[parent] = _zones_at_or_above(parent, zones)
        for prefix in chain:
            sums[prefix] = sums.get(prefix, 0.0) + a
    return {k: round2(v) for k, v in sums.items()}


def _zones_at_or_above(prefix: str, zones: dict[str, Zone]) -> tuple[str, ...]:
    out = []
    i = len(prefix)
    while i > 0:
        p = prefix[:i]
        if p in zones:
            out.append(p)
        i = prefix.rfind("/", 0, i)
    return tuple(out)
