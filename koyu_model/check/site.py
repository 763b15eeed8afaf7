"""Section 19 — SIT01, SIT02, SIT04, polygons in declaration order (COMPAT.md §7; spec:
reference/diagnostics/sit.md, muro/polygon.md).

Per polygon: SIT01 for each consecutive pair of vertices (the closing pair last → first
included) no more than POINT_EPS (1 mm, Math.hypot) apart, quoting the first of the pair;
SIT02 at the first crossing of two non-adjacent edges (edge pairs i < j in order), and
nothing more for that polygon; SIT04 when no zone has the polygon's path. Then SIT06 when
``origin`` is written without ``azimuth`` (a position with no bearing; the reverse is a
finished statement), at the origin's line; only a release reading the frame has one.
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.geometry import PARALLEL_EPS, POINT_EPS, js_hypot
from koyu_model.jsjson import js_round, js_string
from koyu_model.model import Model

__all__ = ["section_site", "first_crossing"]

Point = tuple[float, float]


def _cross(p: Point, q: Point, r: Point, s: Point) -> Point | None:
    """Where segment p–q properly crosses segment r–s (parameters strictly inside)."""
    d1 = (q[0] - p[0], q[1] - p[1])
    d2 = (s[0] - r[0], s[1] - r[1])
    denom = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(denom) < PARALLEL_EPS:
        return None
    w = (r[0] - p[0], r[1] - p[1])
    t = (w[0] * d2[1] - w[1] * d2[0]) / denom
    u = (w[0] * d1[1] - w[1] * d1[0]) / denom
    if 0 < t < 1 and 0 < u < 1:
        return (p[0] + d1[0] * t, p[1] + d1[1] * t)
    return None


def first_crossing(points: Sequence[Point]) -> Point | None:
    """The first crossing of two non-adjacent edges, edges numbered from vertex 0."""
    n = len(points)
    if n < 4:
        return None
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    # Sweep by x-extent so a long survey polygon is not all pairs; ties keep edge order.
    for i in range(n):
        p, q = edges[i]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            r, s = edges[j]
            if max(p[0], q[0]) < min(r[0], s[0]) or max(r[0], s[0]) < min(p[0], q[0]):
                continue
            hit = _cross(p, q, r, s)
            if hit is not None:
                return hit
    return None


def section_site(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for path, poly in model.polygons.items():
        pts = poly.points
        n = len(pts)
        for i in range(n):
            a = pts[i]
            b = pts[(i + 1) % n]
            if js_hypot(b[0] - a[0], b[1] - a[1]) <= POINT_EPS:
                out.append(
                    diag(
                        "SIT01",
                        f"The site shape has a duplicate vertex ({js_string(a[0])},{js_string(a[1])})",
                        poly.line,
                        poly.file,
                        (path,),
                    )
                )
        hit = first_crossing(pts)
        if hit is not None:
            out.append(
                diag(
                    "SIT02",
                    f"The site shape is self-intersecting (near {js_string(js_round(hit[0]))},"
                    f"{js_string(js_round(hit[1]))})",
                    poly.line,
                    poly.file,
                    (path,),
                )
            )
            continue
        if path not in model.zones:
            out.append(diag("SIT04", f"No zone corresponds to polygon {path}", poly.line, poly.file, (path,)))
    origin = model.origin
    if origin is not None and model.azimuth is None:
        out.append(
            diag(
                "SIT06",
                "origin is written without azimuth, so the model has a position but no bearing",
                origin.line,
                origin.file,
            )
        )
    return out
