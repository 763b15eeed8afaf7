"""Pieces and polygons as plain vertex tuples (reference/form/regions.md,
reference/api/geometry.md, reference/form/index.md "Constructors of matter").

A piece is a tuple of (x, y) vertices, counter-clockwise (positive signed area); a
rectangle is (x1, y1, x2, y2) with x1 < x2 and y1 < y2, mm.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .jsmath import js_hypot
from .tolerances import POINT_EPS

__all__ = [
    "Point",
    "Piece",
    "Box",
    "rect_to_piece",
    "poly_bounds",
    "pieces_bounds",
    "point_in_polygon",
    "thicken",
    "band_line",
]

Point = tuple[float, float]
Piece = tuple[Point, ...]
Box = tuple[float, float, float, float]  # x1, y1, x2, y2


def rect_to_piece(rect: Box) -> Piece:
    """``rectToPoly``: (x1,y1) → (x2,y1) → (x2,y2) → (x1,y2), counter-clockwise. The winding
    is a promise: edge orientations are read from it (a rectangle's edges run S, E, N, W)."""
    x1, y1, x2, y2 = rect
    return ((x1, y1), (x2, y1), (x2, y2), (x1, y2))


def poly_bounds(points: Sequence[Point]) -> Box:
    """``polyBounds``: the bounding rectangle (x1, y1, x2, y2) of a vertex list."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def pieces_bounds(pieces: Iterable[Sequence[Point]]) -> Box | None:
    """The bounding rectangle of several pieces; None when there are none."""
    x1 = y1 = float("inf")
    x2 = y2 = float("-inf")
    any_point = False
    for piece in pieces:
        for x, y in piece:
            any_point = True
            x1 = min(x1, x)
            y1 = min(y1, y)
            x2 = max(x2, x)
            y2 = max(y2, y)
    return (x1, y1, x2, y2) if any_point else None


def _near_segment(p: Point, a: Point, b: Point, eps: float) -> bool:
    """Whether p lies within eps of the segment a–b (its closest point, ends included)."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return js_hypot(p[0] - a[0], p[1] - a[1]) <= eps
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return js_hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy)) <= eps


def point_in_polygon(p: Point, poly: Sequence[Point], eps: float = POINT_EPS) -> bool:
    """``pointInPolygon``: inside a polygon of any winding (convex or not); a point within
    ``eps`` of an edge counts as inside — on the boundary is inside (api/geometry.md)."""
    n = len(poly)
    if n == 0:
        return False
    for i in range(n):
        if _near_segment(p, poly[i], poly[(i + 1) % n], eps):
            return True
    x, y = p
    inside = False
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def thicken(x1: float, y1: float, x2: float, y2: float, t: float) -> Piece:
    """``thicken``: a centre line offset by ±t/2 along its unit left normal, as the
    quadrilateral start+n → end+n → end−n → start−n (reference/form/index.md). One formula
    for axis-parallel and diagonal lines; the length is V8's Math.hypot."""
    dx = x2 - x1
    dy = y2 - y1
    length = js_hypot(dx, dy)
    if length == 0:
        return ((x1, y1), (x2, y2), (x2, y2), (x1, y1))
    nx = -dy / length * (t / 2)
    ny = dx / length * (t / 2)
    return ((x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny))


def band_line(x1: float, y1: float, x2: float, y2: float, cx: float, cy: float, w: float) -> tuple[Point, Point]:
    """``bandLine``: the interval a band of width w centred at (cx, cy) occupies on the
    segment (x1,y1)→(x2,y2). The centre's distance d from the start (Math.hypot) gives the
    parameters (d ∓ w/2)/length, and each end is start + t·(end − start) — which is why a
    window centred at 2250 with w 1200 on a 3000 segment starts at 1650.0000000000002."""
    dx = x2 - x1
    dy = y2 - y1
    length = js_hypot(dx, dy)
    if length == 0:
        return ((x1, y1), (x1, y1))
    d = js_hypot(cx - x1, cy - y1)
    t0 = (d - w / 2) / length
    t1 = (d + w / 2) / length
    return ((x1 + t0 * dx, y1 + t0 * dy), (x1 + t1 * dx, y1 + t1 * dy))
