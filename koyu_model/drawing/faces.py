"""Solids to faces for a drawing seen from above: the faces each solid turns to the viewer,
less the ones buried inside a mass, with the edges that are not edges of the mass left
uninked.

A building's solids touch: the floor pieces of one level lie side by side, a wall is a row
of panels around its openings. Drawn one by one they would show every joint. So:

* a side face pressed against the side face of another solid of the same material on the
  same level, which covers it over its full height, is inside one mass and is not drawn
  (the stretch of it that is covered, where only a stretch is);
* an edge that a face of the same material on the same level and plane also runs along is
  a seam inside one surface and is not inked (again by the stretch).

``FaceSet`` collects; ``faces()`` hands out ``depth.Face`` records. ``paint`` is the
caller's and must be hashable: faces of one paint are one material. A paint with a false
``inked`` attribute has no edges inked at all.
"""

from __future__ import annotations

import math
from typing import Any

from koyu_model.geometry.jsmath import shoelace2

from .depth import Face, plane
from .svg import finite

__all__ = ["FaceSet", "plane_key"]

EPS = 0.5  # mm: closer than this is the same place (reference/api/derive.md TOLERANCES.EPS)

Point3 = tuple[float, float, float]


class FaceSet:
    """The faces of a drawing as they are collected, for a viewer at infinity in plan
    direction ``toward`` (x, y), looking down."""

    def __init__(self, toward: tuple[float, float]):
        self.toward = toward
        # (points, paint, level, solid): a solid's faces never overlap on the sheet
        self._raw: list[tuple[list[Point3], Any, Any, int | None]] = []
        # the side faces of prisms level along their edge, turned either way, for burying:
        # (paint, level, plan points p q, z0, z1, raw index or None when turned away)
        self._sides: list[tuple] = []
        self._solids = 0

    def prism(self, poly, bottom, top, paint, level) -> None:
        """A prism over a convex plan outline with a lower and an upper z per vertex: its
        top and the sides turned to the viewer (never its underside: the viewer is above)."""
        poly, bottom, top = list(poly), list(bottom), list(top)
        if len(poly) < 3 or not finite((*(c for p in poly for c in p), *bottom, *top)):
            return
        area = shoelace2(poly) / 2
        if abs(area) < 1:  # mm²: a sliver is nothing (TOLERANCES.AREA_EPS)
            return
        if area < 0:  # counter-clockwise, so that (dy, -dx) points out
            poly, bottom, top = poly[::-1], bottom[::-1], top[::-1]
        solid = self._solids
        self._solids += 1
        tx, ty = self.toward
        self._raw.append(([(x, y, z) for (x, y), z in zip(poly, top)], paint, level, solid))
        n = len(poly)
        for i in range(n):
            j = (i + 1) % n
            (x1, y1), (x2, y2) = poly[i], poly[j]
            index = None
            if (y2 - y1) * tx - (x2 - x1) * ty > 0 and (top[i] > bottom[i] or top[j] > bottom[j]):
                index = len(self._raw)
                self._raw.append(
                    (
                        [(x1, y1, bottom[i]), (x2, y2, bottom[j]), (x2, y2, top[j]), (x1, y1, top[i])],
                        paint,
                        level,
                        solid,
                    )
                )
            if bottom[i] == bottom[j] and top[i] == top[j]:
                self._sides.append((paint, level, (x1, y1), (x2, y2), bottom[i], top[i], index))

    def flat(self, poly, z: float, paint, level) -> None:
        """A region lying flat at height z."""
        poly = list(poly)
        if len(poly) >= 3 and finite((z, *(c for p in poly for c in p))):
            self._raw.append(([(x, y, z) for x, y in poly], paint, level, None))

    def sheet(self, x1, y1, x2, y2, z0, z1, paint, level) -> None:
        """A vertical sheet without thickness over the plan line (x1,y1)-(x2,y2), turned to
        the viewer whichever side that is."""
        if not finite((x1, y1, x2, y2, z0, z1)) or z1 <= z0:
            return
        tx, ty = self.toward
        facing = (y2 - y1) * tx - (x2 - x1) * ty
        if facing == 0:
            return
        if facing < 0:
            x1, y1, x2, y2 = x2, y2, x1, y1
        self._raw.append(([(x1, y1, z0), (x2, y2, z0), (x2, y2, z1), (x1, y1, z1)], paint, level, None))

    def faces(self) -> list[Face]:
        """The faces collected, buried ones dropped, seams uninked."""
        raw = _unburied(self._raw, self._sides)
        return [
            Face(points=points, paint=paint, rank=getattr(paint, "rank", 0), solid=solid, edges=edges)
            for (_, paint, _, solid), (points, edges) in zip(raw, _seams(raw))
        ]


# --- lines and stretches ------------------------------------------------------------------


def _line(p: Point3, q: Point3):
    """(the line through p and q, rounded to EPS-ish so that one line has one key; the
    parameters of p and of q along it), or (None, 0, 0) for a point."""
    dx, dy, dz = q[0] - p[0], q[1] - p[1], q[2] - p[2]
    # most edges of a building run along an axis: the key is the axis and the other two
    # coordinates, the parameter the coordinate along it
    if dy == 0 and dz == 0 and abs(dx) > EPS:
        return ("x", round(p[1]), round(p[2])), p[0], q[0]
    if dx == 0 and dz == 0 and abs(dy) > EPS:
        return ("y", round(p[0]), round(p[2])), p[1], q[1]
    if dx == 0 and dy == 0 and abs(dz) > EPS:
        return ("z", round(p[0]), round(p[1])), p[2], q[2]
    length = math.sqrt(dx * dx + dy * dy + dz * dz)
    if length <= EPS:
        return None, 0.0, 0.0
    dx, dy, dz = dx / length, dy / length, dz / length
    if (dx, dy, dz) < (0, 0, 0):  # one direction for both ways along a line
        dx, dy, dz = -dx, -dy, -dz
    tp = p[0] * dx + p[1] * dy + p[2] * dz
    tq = q[0] * dx + q[1] * dy + q[2] * dz
    foot = (p[0] - tp * dx, p[1] - tp * dy, p[2] - tp * dz)
    return (round(dx, 4), round(dy, 4), round(dz, 4), *(round(c) for c in foot)), tp, tq


def _stretches(tp: float, tq: float, hits: list[tuple[float, float]]) -> list[tuple[float, float, bool]]:
    """The way from parameter tp to tq in stretches (fractions f0, f1 of the way, and
    whether a hit covers it), stretches shorter than EPS folded into their neighbour."""
    lo, hi = min(tp, tq), max(tp, tq)
    if any(a <= lo + EPS and b >= hi - EPS for a, b in hits):
        return [(0.0, 1.0, True)]  # the common case: all of it
    span = tq - tp
    cuts = {0.0, 1.0}
    for a, b in hits:
        cuts.update(min(1.0, max(0.0, (t - tp) / span)) for t in (a, b))
    marks = sorted(cuts)
    out: list[tuple[float, float, bool]] = []
    for f0, f1 in zip(marks, marks[1:]):
        t = tp + span * (f0 + f1) / 2
        covered = any(a <= t <= b for a, b in hits)
        if out and ((f1 - f0) * abs(span) <= EPS or out[-1][2] == covered):
            out[-1] = (out[-1][0], f1, out[-1][2])
        else:
            out.append((f0, f1, covered))
    return out


def _at(p: Point3, q: Point3, f: float) -> Point3:
    return (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f, p[2] + (q[2] - p[2]) * f)


def _shared(items: list[tuple], against: list[tuple]) -> dict[Any, list[tuple[float, float]]]:
    """For each (lo, hi, owner, key) of ``items``, the stretches longer than EPS that it
    shares with the (lo, hi, owner) of ``against`` of another owner: {key: stretches}. A
    sweep over both sorted by lo, so that a long line of short faces costs its length."""
    against = sorted(against)
    found: dict[Any, list[tuple[float, float]]] = {}
    start = 0
    for lo, hi, owner, key in sorted(items):
        while start < len(against) and against[start][1] <= lo + EPS:
            start += 1  # ends before this one starts, so before every later one too
        hits = []
        for u0, u1, other in against[start:]:
            if u0 >= hi - EPS:
                break
            if other != owner and min(hi, u1) - max(lo, u0) > EPS:
                hits.append((max(lo, u0), min(hi, u1)))
        if hits:
            found[key] = hits
    return found


# --- buried faces -------------------------------------------------------------------------


def _unburied(raw, sides) -> list[tuple]:
    """``raw`` with each side face replaced by its stretches that no side face of another
    solid of the same paint and level, turned the other way on the same line, covers over
    the full height."""
    lines: dict[tuple, list[tuple]] = {}
    for paint, level, p, q, z0, z1, index in sides:
        key, tp, tq = _line((p[0], p[1], 0.0), (q[0], q[1], 0.0))
        if key is not None:
            lines.setdefault((paint, level, key), []).append((min(tp, tq), max(tp, tq), tp, tq, z0, z1, index))
    replaced: dict[int, list[tuple]] = {}
    for group in lines.values():
        away = [s for s in group if s[6] is None]
        if not away:
            continue
        for z0, z1 in {(s[4], s[5]) for s in group if s[6] is not None}:
            items = [
                (lo, hi, index, (tp, tq, index))
                for lo, hi, tp, tq, w0, w1, index in group
                if index is not None and (w0, w1) == (z0, z1)
            ]
            cover = [(lo, hi, -1) for lo, hi, _, _, w0, w1, _ in away if w0 <= z0 and w1 >= z1]
            for (tp, tq, index), hits in _shared(items, cover).items():
                replaced[index] = _uncovered(raw[index], tp, tq, hits)
    if not replaced:
        return raw
    out: list[tuple] = []
    for i, face in enumerate(raw):
        out.extend(replaced.get(i, (face,)))
    return out


def _uncovered(face, tp: float, tq: float, hits) -> list[tuple]:
    """A side face (bottom p, bottom q, top q, top p) as its stretches no hit covers."""
    (bottom_p, bottom_q, top_q, top_p), paint, level, solid = face
    kept = []
    for f0, f1, covered in _stretches(tp, tq, hits):
        if not covered:
            corners = [
                _at(bottom_p, bottom_q, f0),
                _at(bottom_p, bottom_q, f1),
                _at(top_p, top_q, f1),
                _at(top_p, top_q, f0),
            ]
            kept.append((corners, paint, level, solid))
    return kept


# --- seams --------------------------------------------------------------------------------


def plane_key(points) -> tuple:
    """The plane of a face, rounded (its unit normal to 1e-4, its offset to the mm), so
    that faces of one plane share a key."""
    (nx, ny, nz), offset = plane(points)
    return (round(nx, 4), round(ny, 4), round(nz, 4), round(offset))


def _seams(raw) -> list[tuple[list[Point3], list[bool]]]:
    """Each face's points and inked edges: an edge is uninked along the stretches where
    another face of the same paint, level and plane runs along it too (vertices are added
    where such a stretch starts or stops mid-edge)."""
    lines: dict[tuple, list[tuple[float, float, int, int]]] = {}  # one per paint, level, plane, line
    for i, (points, paint, level, _) in enumerate(raw):
        if not getattr(paint, "inked", True):
            continue
        plane = plane_key(points)
        n = len(points)
        for k in range(n):
            key, tp, tq = _line(points[k], points[(k + 1) % n])
            if key is not None:
                lo, hi = (tp, tq) if tp <= tq else (tq, tp)
                lines.setdefault((paint, level, plane, key), []).append((lo, hi, i, k))
    seams: dict[tuple[int, int], list[tuple[float, float]]] = {}  # (face, edge) → stretches
    for edges in lines.values():
        if len(edges) > 1:
            seams.update(
                _shared([(lo, hi, i, (i, k)) for lo, hi, i, k in edges], [(lo, hi, i) for lo, hi, i, _ in edges])
            )
    out = []
    for i, (points, paint, _, _) in enumerate(raw):
        if not getattr(paint, "inked", True):
            out.append((points, [False] * len(points)))
            continue
        pts: list[Point3] = []
        flags: list[bool] = []
        n = len(points)
        for k in range(n):
            p, q = points[k], points[(k + 1) % n]
            hits = seams.get((i, k))
            if not hits:
                pts.append(p)
                flags.append(True)
                continue
            _, tp, tq = _line(p, q)
            for f0, _, covered in _stretches(tp, tq, hits):
                pts.append(_at(p, q, f0))
                flags.append(not covered)
        out.append((pts, flags))
    return out
