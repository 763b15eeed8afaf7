"""The site — ``site.frontage`` / ``site.area`` / ``site.escape`` (reference/validate/site.md).

The site is the first zone carrying ``site:1``; without one the chapter says nothing. The
numbers are ``koyu_model.asking.site.site_report``'s (the ones ``koyu site`` prints): each
road's frontage against ``FRONTAGE_MIN``, the declared ``area:`` against the derived area
(``SITE_AREA_TOLERANCE``) — asked only when the site has a ``polygon``, since site.md
compares the area "computed from the polygon": without one the derived area is the
buildings' own outline, and the transcripts show the original silent on any mismatch
there (``koyu site``'s ``areaMatch`` still reports it). Then the shape: every space with
a region, neither ``exterior`` nor under the site zone, is held against the site polygon
through its *derived* pieces — a piece corner outside (on the line within ``POINT_EPS``
is inside), a polygon vertex deep inside a piece (a concave site's notch), or a piece
edge crossing a polygon edge. The first such point names the space, once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from koyu_model.asking.site import site_report
from koyu_model.derived import layout
from koyu_model.geometry import POINT_EPS, js_round, point_in_polygon
from koyu_model.jsjson import js_string, js_to_fixed
from koyu_model.model import Model

from .finding import Finding, finding

__all__ = ["FRONTAGE_MIN", "SITE_AREA_TOLERANCE", "check_site", "escape_point", "held_against_site"]

FRONTAGE_MIN = 2000  # mm
SITE_AREA_TOLERANCE = 0.05  # m²

Point = tuple[float, float]


def _distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _deep_inside(p: Point, piece: Sequence[Point]) -> bool:
    """Inside the piece and farther than POINT_EPS from each of its edges."""
    n = len(piece)
    if any(_distance(p, piece[i], piece[(i + 1) % n]) <= POINT_EPS for i in range(n)):
        return False
    return point_in_polygon(p, piece, 0)


def _crossing(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    """The point where segments ab and cd properly cross, away from every endpoint."""
    r = (b[0] - a[0], b[1] - a[1])
    s = (d[0] - c[0], d[1] - c[1])
    denom = r[0] * s[1] - r[1] * s[0]
    if denom == 0:
        return None
    w = (c[0] - a[0], c[1] - a[1])
    t = (w[0] * s[1] - w[1] * s[0]) / denom
    u = (w[0] * r[1] - w[1] * r[0]) / denom
    if not (0 < t < 1 and 0 < u < 1):
        return None
    p = (a[0] + t * r[0], a[1] + t * r[1])
    if min(_distance(p, q, q) for q in (a, b, c, d)) <= POINT_EPS:
        return None
    return p


def escape_point(pieces: Sequence[Sequence[Point]], polygon: Sequence[Point], corners_in: bool = False) -> Point | None:
    """The first point showing the pieces leave the polygon, or None. ``corners_in``: the
    caller already knows every piece corner lies in the polygon (see ``_corners_inside``)."""
    if not corners_in:
        for piece in pieces:
            for v in piece:
                if not point_in_polygon(v, polygon):
                    return v
    boxes = [_bounds(piece) for piece in pieces]
    for v in polygon:
        for piece, (x1, y1, x2, y2) in zip(pieces, boxes):
            if x1 < v[0] < x2 and y1 < v[1] < y2 and _deep_inside(v, piece):
                return v
    n = len(polygon)
    edges = [(polygon[j], polygon[(j + 1) % n]) for j in range(n)]
    edge_boxes = [_bounds(e) for e in edges]
    for piece, (x1, y1, x2, y2) in zip(pieces, boxes):
        near = [
            e
            for e, (ex1, ey1, ex2, ey2) in zip(edges, edge_boxes)
            if ex1 <= x2 and x1 <= ex2 and ey1 <= y2 and y1 <= ey2
        ]
        if not near:
            continue
        m = len(piece)
        for i in range(m):
            for c, d in near:
                p = _crossing(piece[i], piece[(i + 1) % m], c, d)
                if p is not None:
                    return p
    return None


def _corners_inside(spaces: Sequence[Sequence[Sequence[Point]]], polygon: Sequence[Point]) -> list[bool]:
    """For each space, whether every corner of its pieces is in the polygon (or within
    POINT_EPS of its outline), tested for all spaces at once through shapely. Only a sure
    "yes" is taken from here: a space answered False (or an invalid polygon, where shapely's
    predicates are not to be trusted) is walked corner by corner by ``escape_point``."""
    import numpy as np
    import shapely  # local: only a model with a site polygon pays for it

    shape = shapely.Polygon(polygon)
    if not shapely.is_valid(shape):
        return [False] * len(spaces)
    owner, xs, ys = [], [], []
    for k, pieces in enumerate(spaces):
        for piece in pieces:
            for v in piece:
                owner.append(k)
                xs.append(v[0])
                ys.append(v[1])
    if not xs:
        return [False] * len(spaces)
    x = np.array(xs, dtype=float)
    y = np.array(ys, dtype=float)
    ok = shapely.contains_xy(shape, x, y)
    rest = ~ok
    if rest.any():
        ring = shape.exterior
        ok[rest] = shapely.distance(ring, shapely.points(x[rest], y[rest])) < POINT_EPS
    out = [True] * len(spaces)
    for k, good in zip(owner, ok.tolist()):
        if not good:
            out[k] = False
    return out


def _bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def check_site(model: Model) -> list[Finding]:
    report = site_report(model)
    zone = report.site_zone
    if zone is None:
        return []
    out: list[Finding] = []
    for road in report.roads:
        if road.frontage < FRONTAGE_MIN:
            s = road.road
            out.append(
                finding(
                    "site.frontage",
                    f"Road frontage is too short: {s.path} — {js_string(road.frontage)}mm "
                    f"(needs at least {FRONTAGE_MIN}mm)",
                    s.line,
                    s.file,
                    (s.path,),
                )
            )
    polygon = report.polygon
    if (
        polygon is not None
        and report.declared is not None
        and abs(report.declared - report.derived) >= SITE_AREA_TOLERANCE
    ):
        out.append(
            finding(
                "site.area",
                f"Declared and derived site areas disagree: declared {js_string(report.declared)} m2 "
                f"/ derived {js_to_fixed(report.derived, 2)} m2",
                zone.line,
                zone.file,
                (zone.path,),
            )
        )
    for path, s, p in held_against_site(model, report):
        if p is not None:
            out.append(
                finding(
                    "site.escape",
                    f"{path} escapes the site shape (near {js_string(js_round(p[0]))},{js_string(js_round(p[1]))})",
                    s.line,
                    s.file,
                    (path,),
                )
            )
    return out


def held_against_site(model: Model, report) -> list:
    """(path, space, escape point or None) for each space held against the site polygon:
    every space with a region that is neither outside nor under the site zone, in model
    order; none without a site polygon of three points or more."""
    polygon = report.polygon
    zone = report.site_zone
    if zone is None or polygon is None or len(polygon.points) < 3:
        return []
    prefix = zone.path + "/"
    points = polygon.points
    held = []
    all_pieces = layout(model).pieces
    for path, s in model.spaces.items():
        if not s.rects or s.outside or path.startswith(prefix):
            continue
        pieces = all_pieces.get(path)
        if pieces:
            held.append((path, s, pieces))
    # Storeys repeat their pieces: each distinct set is held against the polygon once.
    distinct = list(dict.fromkeys(pieces for _, _, pieces in held))
    inside = _corners_inside(distinct, points)
    escapes = {pieces: escape_point(pieces, points, corners_in) for pieces, corners_in in zip(distinct, inside)}
    return [(path, s, escapes[pieces]) for path, s, pieces in held]
