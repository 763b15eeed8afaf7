"""Floor-area aggregations (spec: reference/mcp/tools-read.md model_summary, cli/stats.md,
api/queries.md isIndoor / zoneAreaM2; COMPAT §9).

The population is decided once: a space is *indoor* when it has a region, is neither
``exterior`` nor ``void`` and is not semi-outdoor (the ground's set, which also holds
exterior spaces meeting another exterior across ``open`` or ``air:1``). Sums add the
rounded per-space areas in model order and round the total once; ``byUseM2`` rounds
after each addition, as the original does.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Optional, Tuple

import attrs

from koyu_model.geometry import round2
from koyu_model.ground import ground_of
from koyu_model.measures.areas import polygon_area_m2, space_areas
from koyu_model.memo import remember
from koyu_model.model import Model, Zone

__all__ = ["LevelFloor", "FloorTotals", "floor_totals", "zone_area_m2", "zone_areas_m2", "UNSPECIFIED"]

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
    inherited = _InheritedUse(model.zones)
    known = inherited.known
    spaces = model.spaces
    by_level = g.spaces_by_level
    for name in model.levels_by_z:
        rooms = 0
        subtotal = 0.0
        for path in by_level.get(name, ()):
            # indoor spaces are never semi-outdoor (Ground.indoor): one test for most
            if path not in indoor:
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
            # queries.effective_use: the space's own string use, else its zones' (once
            # per parent path).
            use = spaces[path].attrs.get("use")
            if not isinstance(use, str):
                i = path.rfind("/")
                parent = path[:i] if i > 0 else ""
                use = known.get(parent, _ASK)
                if use is _ASK:
                    use = inherited.of_prefix(parent)
            if not use:
                use = UNSPECIFIED
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
        indoor=indoor,
    )


_ASK = object()  # not known yet: ask _InheritedUse


class _InheritedUse:
    """The use a space takes from the zones above it (queries.effective_use without the
    space's own ``use:``), remembered per parent path: a unit's rooms ask once."""

    def __init__(self, zones: Dict[str, Zone]):
        self.zones = zones
        self.known: Dict[str, Optional[str]] = {"": None}  # "": above a top-level path

    def __call__(self, path: str) -> Optional[str]:
        i = path.rfind("/")
        if i <= 0:
            return None
        return self.of_prefix(path[:i])

    def of_prefix(self, prefix: str) -> Optional[str]:
        """The deepest string ``use:`` among the zones at ``prefix`` and its proper prefixes."""
        known = self.known
        if prefix in known:
            return known[prefix]
        zone = self.zones.get(prefix)
        use = zone.attrs.get("use") if zone is not None else None
        if not isinstance(use, str):
            use = self(prefix)
        known[prefix] = use
        return use


def zone_area_m2(model: Model, zone: Zone) -> float:
    """A zone's ``areaM2`` in model_summary: a site zone's polygon area (unrounded) when it
    has a ``polygon``, else the rounded sum of the indoor areas of the spaces beneath it."""
    return _zone_area(model, zone, _zone_sums(model))


def zone_areas_m2(model: Model) -> Dict[str, float]:
    """``zone_area_m2`` of every zone, path → m², in model order."""
    sums = _zone_sums(model)
    return {path: _zone_area(model, zone, sums) for path, zone in model.zones.items()}


def _zone_area(model: Model, zone: Zone, sums: Dict[str, float]) -> float:
    if zone.attrs.get("site") == 1:
        polygon = model.polygons.get(zone.path)
        if polygon is not None:
            return polygon_area_m2(polygon.points)
    return sums.get(zone.path, 0)


def _zone_sums(model: Model) -> Dict[str, float]:
    return remember(model, ("measures", "zone_sums"), lambda: _compute_zone_sums(model))


def _compute_zone_sums(model: Model) -> Dict[str, float]:
    # Each indoor space adds itself to every zone on its path's proper prefixes, deepest
    # first, in model order (so each zone's sum adds in the same order); the zones above
    # a parent path are found once per parent.
    zones = model.zones
    indoor = floor_totals(model).indoor
    areas = space_areas(model)
    sums: Dict[str, float] = {}
    above: Dict[str, Tuple[str, ...]] = {}
    for path in model.spaces:
        if path not in indoor:
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


def _zones_at_or_above(prefix: str, zones: Dict[str, Zone]) -> Tuple[str, ...]:
    out = []
    i = len(prefix)
    while i > 0:
        p = prefix[:i]
        if p in zones:
            out.append(p)
        i = prefix.rfind("/", 0, i)
    return tuple(out)
