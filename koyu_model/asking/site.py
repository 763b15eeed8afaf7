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
* Indoor here (``koyu_model.queries.is_indoor`` over the ground's semi-outdoor set) also
  asks for a level: a space with none is on no storey and counts nowhere.
* Roads: ``exterior`` spaces with a numeric ``road:`` (model order). Frontage: the
  lengths (V8 ``Math.hypot``) of the segments of every declared boundary between the road
  and a space under the site zone, summed, then ``Math.round``; 0 without a site zone.

"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

import attrs

from koyu_model.geometry import LevelEdges, js_hypot, js_round, polygon_area_m2, round2, segments_for
from koyu_model.ground import ground_of
from koyu_model.measures import line_pieces, space_areas, written_pieces
from koyu_model.model import VERTICAL_KINDS, Boundary, Model, Polygon, Space, Zone

__all__ = [
    "RoadFrontage",
    "SiteReport",
    "site_report",
    "site_zone",
    "union_area_mm2",
]

Number = Union[int, float]
Box = Tuple[Number, Number, Number, Number]


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

    site_zone: Optional[Zone]
    polygon: Optional[Polygon]
    declared: Optional[Number]
    derived: float
    footprint: float
    total_floor: float
    roads: Tuple[RoadFrontage, ...]


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def site_zone(model: Model) -> Optional[Zone]:
    """The first zone carrying ``site:1``."""
    for zone in model.zones.values():
        value = zone.attrs.get("site")
        if _is_number(value) and value == 1:
            return zone
    return None


def union_area_mm2(boxes: Iterable[Box], *, cells_by_midpoint: bool = False) -> float:
    """The area covered by axis-parallel rectangles, overlaps once (coordinate compression,
    swept along x: each x-slab adds its width times the covered length of y).

    ``cells_by_midpoint``: the original's derived site area asks, cell by cell, whether the
    cell's midpoint lies inside a rectangle; a cell reaching an infinite coordinate (a grid
    line past Number.MAX_VALUE) has an infinite midpoint that lies inside none, so it adds
    nothing (the transcripts: 14.4 m², not null, beside a room running to X = Infinity).
    Without it such a cell makes the area infinite, as the footprint's union does."""
    unique = {tuple(b) for b in boxes if b[0] < b[2] and b[1] < b[3]}
    if not unique:
        return 0
    ys = sorted({y for b in unique for y in (b[1], b[3])})
    events = []
    for x1, y1, x2, y2 in unique:
        lo = bisect_left(ys, y1)
        hi = bisect_left(ys, y2)
        events.append((x1, 1, lo, hi))
        events.append((x2, -1, lo, hi))
    events.sort(key=lambda e: e[0])
    cover = [0] * (len(ys) - 1)
    lengths = [ys[k + 1] - ys[k] for k in range(len(ys) - 1)]
    if cells_by_midpoint:
        lengths = [length if math.isfinite(length) else 0 for length in lengths]
    covered = 0
    total = 0
    last_x = events[0][0]
    for x, delta, lo, hi in events:
        if x != last_x:
            width = x - last_x
            if not cells_by_midpoint or math.isfinite(width):
                total += covered * width
            last_x = x
        for k in range(lo, hi):
            before = cover[k]
            cover[k] = before + delta
            if before == 0:
                covered += lengths[k]
            elif cover[k] == 0:
                covered -= lengths[k]
    return total


def _box_of(piece: Sequence[Tuple[Number, Number]]) -> Optional[Box]:
    """The piece's (x1, y1, x2, y2) when it is an axis-parallel rectangle (four corners on
    two xs and two ys), else None."""
    if len(piece) != 4:
        return None
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = piece
    xs = {ax, bx, cx, dx}
    ys = {ay, by, cy, dy}
    if len(xs) != 2 or len(ys) != 2:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def _pieces_union_mm2(pieces: Iterable[Sequence[Tuple[Number, Number]]]) -> float:
    """The union of convex pieces: rectangles exactly by compression; any other shape (a
    cut by a slanted drawn line) adds, through shapely, only what it covers beyond the
    rectangles it meets — area(A ∪ R) = area(R) + area(A − R) — so a building of many
    rooms and one splayed corner does not send every room through an overlay. Storeys
    repeat the same pieces, so each distinct piece is taken once (pieces are tuples of
    points)."""
    boxes = []
    others = []
    for p in dict.fromkeys(pieces):
        box = _box_of(p)
        if box is None:
            others.append(p)
        else:
            boxes.append(box)
    total = union_area_mm2(boxes)
    if not others:
        return total
    import shapely  # local: only a model with a slanted cut pays for it

    extra = shapely.union_all([shapely.Polygon(p) for p in others if len(p) >= 3])
    if extra.is_empty:
        return total
    minx, miny, maxx, maxy = extra.bounds
    near = [shapely.box(*b) for b in boxes if b[0] < maxx and b[2] > minx and b[1] < maxy and b[3] > miny]
    if near:
        extra = extra.difference(shapely.union_all(near))
    return total + extra.area


def _frontage(model: Model, road: str, zone: Optional[Zone], of_road: Sequence[int], segments_of) -> float:
    if zone is None:
        return 0
    prefix = zone.path + "/"
    total = 0.0
    for i in of_road:
        b = model.boundaries[i]
        other = b.b if b.a == road else b.a
        if not other.startswith(prefix):
            continue
        for s in segments_of(b):
            total += js_hypot(s.x2 - s.x1, s.y2 - s.y1)
    return js_round(total)


class _Segments:
    """``Ground.segments`` of the few boundaries a road has (boundaries.md, "Deriving the
    segments"; geometry.segments_for), made from the pieces of the two spaces and, for a
    region-less road, one level's edge index over that level's pieces only: the ground
    would first read every space and every boundary of the building."""

    def __init__(self, model: Model):
        self.model = model
        self.cut = line_pieces(model)
        self.levels: Dict[Optional[str], LevelEdges] = {}

    def pieces(self, space: Space):
        if not space.rects:
            return None
        got = self.cut.get(space.path) if self.cut else None
        return got if got is not None else written_pieces(space)

    def level(self, name: Optional[str]) -> LevelEdges:
        edges = self.levels.get(name)
        if edges is None:
            # the ground's level index: the level's region spaces, model order, by path
            edges = self.levels[name] = LevelEdges(
                {p: self.pieces(s) for p, s in self.model.spaces.items() if s.level == name and s.rects}
            )
        return edges

    def __call__(self, b: Boundary):
        spaces = self.model.spaces
        sa = spaces.get(b.a)
        sb = spaces.get(b.b)
        if sa is None or sb is None or b.kind in VERTICAL_KINDS:
            return ()  # a missing space, or a vertical kind
        pa = self.pieces(sa)
        pb = self.pieces(sb)
        line = (b.drawn.a, b.drawn.b) if b.drawn is not None else None
        level = None
        if line is None and (pa is None) != (pb is None):
            level = self.level(sa.level if pa is not None else sb.level)
        return segments_for(
            pa,
            pb,
            vertical=False,
            same_level=sa.level == sb.level,
            line=line,
            edge=b.edge,
            level=level,
            a_key=b.a,
            b_key=b.b,
        )


def _boundaries_of_roads(model: Model, roads: Sequence[str]) -> Dict[str, List[int]]:
    """ground.boundaries_of for the few roads only (declared boundaries naming each, in
    model order, once): one pass instead of indexing every space of the building."""
    out: Dict[str, List[int]] = {r: [] for r in roads}
    # `in` over the few roads, no call per boundary: most boundaries name no road.
    for i, b in enumerate(model.boundaries):
        a = b.a
        other = b.b
        if a in out:
            out[a].append(i)
        if other != a and other in out:
            out[other].append(i)
    return out


def _footprint_pieces(model: Model, indoor: Sequence[str]):
    """The pieces of the indoor spaces in order (``Ground.pieces``): a cut space's from
    ``line_pieces``, any other's its written rectangles — a span's storeys, sharing one
    tuple of Rects, give theirs once (the union takes each distinct piece once anyway)."""
    spaces = model.spaces
    cut = line_pieces(model)
    seen = set()
    for p in indoor:
        if cut and p in cut:
            yield from cut[p]
            continue
        s = spaces[p]
        key = id(s.rects)
        if key in seen:
            continue
        seen.add(key)
        if len(s.rects) == 1:
            r = s.rects[0]  # written_pieces, spelled out for the common case
            x1, y1, x2, y2 = r.x1, r.y1, r.x2, r.y2
            yield ((x1, y1), (x2, y1), (x2, y2), (x1, y2))
        else:
            yield from written_pieces(s)


def site_report(model: Model) -> SiteReport:
    """The numbers of the site question (see the module docstring)."""
    zone = site_zone(model)
    polygon = model.polygons.get(zone.path) if zone is not None else None
    declared = None
    if zone is not None and _is_number(zone.attrs.get("area")):
        declared = zone.attrs["area"]

    # Only spaces standing on a level count as floor (the corpus: a space with no level
    # adds nothing to the footprint, the total or the derived area). Indoor is
    # koyu_model.queries.is_indoor over the ground's semi-outdoor set (Ground.indoor,
    # inlined with the level test: one pass).
    semi = ground_of(model).semi_outdoor
    spaces = model.spaces
    indoor = [
        p
        for p, s in spaces.items()
        if s.level is not None and s.rects and s.type != "exterior" and s.type != "void" and p not in semi
    ]
    if polygon is not None:
        derived = round2(polygon_area_m2(polygon.points))
    else:
        counted = set(indoor)
        boxes = []
        prefix = zone.path + "/" if zone is not None else None
        for p, s in spaces.items():
            if s.rects and ((prefix is not None and p.startswith(prefix)) or p in counted):
                boxes.extend((r.x1, r.y1, r.x2, r.y2) for r in s.rects)
        derived = round2(union_area_mm2(boxes, cells_by_midpoint=True) / 1e6)

    footprint = round2(_pieces_union_mm2(_footprint_pieces(model, indoor)) / 1e6)

    areas = space_areas(model)
    total = 0
    for p in indoor:
        total += areas[p]
    total_floor = round2(total)

    road_spaces = []
    for s in spaces.values():
        width = s.attrs.get("road")
        if s.type != "exterior" or not _is_number(width):
            continue
        road_spaces.append((s, width))
    of_roads = _boundaries_of_roads(model, [s.path for s, _ in road_spaces]) if zone is not None else {}
    segments_of = _Segments(model)
    roads = [
        RoadFrontage(
            road=s, width=width, frontage=_frontage(model, s.path, zone, of_roads.get(s.path, ()), segments_of)
        )
        for s, width in road_spaces
    ]
    return SiteReport(
        site_zone=zone,
        polygon=polygon,
        declared=declared,
        derived=derived,
        footprint=footprint,
        total_floor=total_floor,
        roads=tuple(roads),
    )
