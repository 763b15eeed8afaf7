"""The site report: site area declared and derived, footprint, total floor area, roads and
their frontage (reference/api/queries.md siteReport; mcp/tools-ask.md#site; cli/site.md;
muro/zone.md, polygon.md; validate/site.md; COMPAT.md §9).

* The site is the first zone (model order) with ``site:1``; ``declared`` is its ``area:``
  when that is a number.
* ``derived``: the shoelace area of the site zone's polygon, rounded; without one, the
  union of the *written* rectangles of the spaces under the site zone and of the indoor
  spaces (all levels projected), by coordinate compression, rounded.
* ``footprint``: the union of the indoor spaces' *derived* pieces over all levels
  (a splayed corner cut by a drawn line is not footprint), rounded.
* ``total_floor``: the indoor spaces' rounded areas summed in model order, rounded.
* Indoor here (``koyu_model.derived.indoor``) also asks for a level: a space with none is
  on no storey and counts nowhere.
* Roads: ``exterior`` spaces with a numeric ``road:`` (model order). Frontage: the
  lengths (V8 ``Math.hypot``) of the segments of every declared boundary between the road
  and a space under the site zone, summed, then ``Math.round``; 0 without a site zone.

"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from koyu_model.derived import boundaries_naming, boundary_segments, indoor, layout
from koyu_model.geometry import js_hypot, js_round, pieces_union_mm2, polygon_area_m2, round2, union_area_mm2
from koyu_model.measures import space_areas
from koyu_model.model import Model, Polygon, Space, Zone

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from koyu_model.geometry.polygon import Box

__all__ = [
    "RoadFrontage",
    "SiteReport",
    "site_report",
    "site_zone",
]

Number = int | float


@attrs.frozen
class RoadFrontage:
    """A road: the exterior space, its ``road:`` width (mm), its frontage (mm, rounded)."""

    road: Space
    width: Number
    frontage: float


@attrs.frozen
class SiteReport:
    """queries.md ``SiteReport``: areas in m² (rounded to two decimals, ``declared`` as
    written), ``polygon`` the site zone's polygon when one is written."""

    site_zone: Zone | None
    polygon: Polygon | None
    declared: Number | None
    derived: float
    footprint: float
    total_floor: float
    roads: tuple[RoadFrontage, ...]


def _is_number(value: object) -> TypeIs[Number]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def site_zone(model: Model) -> Zone | None:
    """The first zone carrying ``site:1``."""
    for zone in model.zones.values():
        value = zone.attrs.get("site")
        if _is_number(value) and value == 1:
            return zone
    return None


def _frontage(model: Model, road: str, zone: Zone | None) -> float:
    """The lengths of the segments of every declared boundary between the road and a space
    under the site zone, summed, then Math.round; 0 without a site zone."""
    if zone is None:
        return 0
    prefix = zone.path + "/"
    segments = boundary_segments(model)
    total = 0.0
    for i in boundaries_naming(model).get(road, ()):
        b = model.boundaries[i]
        other = b.b if b.a == road else b.a
        if not other.startswith(prefix):
            continue
        for s in segments.of(i):
            total += js_hypot(s.x2 - s.x1, s.y2 - s.y1)
    return js_round(total)


def site_report(model: Model) -> SiteReport:
    """The numbers of the site question (see the module docstring)."""
    zone = site_zone(model)
    polygon = model.polygons.get(zone.path) if zone is not None else None
    declared: Number | None = None
    area = zone.attrs.get("area") if zone is not None else None
    if _is_number(area):
        declared = area

    # Only spaces standing on a level count as floor (the corpus: a space with no level
    # adds nothing to the footprint, the total or the derived area).
    spaces = model.spaces
    counted_in = indoor(model)
    floors = [p for p, s in spaces.items() if p in counted_in and s.level is not None]
    if polygon is not None:
        derived = round2(polygon_area_m2(polygon.points))
    else:
        counted = set(floors)
        boxes: list[Box] = []
        prefix = zone.path + "/" if zone is not None else None
        for p, s in spaces.items():
            if s.rects and ((prefix is not None and p.startswith(prefix)) or p in counted):
                boxes.extend((r.x1, r.y1, r.x2, r.y2) for r in s.rects)
        derived = round2(union_area_mm2(boxes, cells_by_midpoint=True) / 1e6)

    pieces = layout(model).pieces
    footprint = round2(pieces_union_mm2(pc for p in floors for pc in pieces[p]) / 1e6)

    areas = space_areas(model)
    total: float = 0
    for p in floors:
        total += areas[p]
    total_floor = round2(total)

    road_spaces = []
    for s in spaces.values():
        width = s.attrs.get("road")
        if not s.outside or not _is_number(width):
            continue
        road_spaces.append((s, width))
    roads = [RoadFrontage(road=s, width=width, frontage=_frontage(model, s.path, zone)) for s, width in road_spaces]
    return SiteReport(
        site_zone=zone,
        polygon=polygon,
        declared=declared,
        derived=derived,
        footprint=footprint,
        total_floor=total_floor,
        roads=tuple(roads),
    )
