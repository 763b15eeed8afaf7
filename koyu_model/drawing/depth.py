"""Painter's order for a parallel projection: convex planar faces in 3D, sorted so that
drawing them first to last lets nearer faces hide farther ones.

The order is a binary space partition taken on the fly (Fuchs, Kedem and Naylor, 1980):
pick a splitting plane, put every face behind it, in it or in front of it (a face that
crosses the plane is cut in two), and paint the far side, then the plane's own faces, then
the near side. For a viewer at infinity "near" is the side the viewing direction points
to, the same at every node. The order is exact for any faces, touching or crossing each
other: no depth key is ever compared, so a long wall and a short one beside it, or a wall
standing through a floor slab, come out right.

The cost is in the choice of planes. A building's faces lie on few planes (floor levels,
wall faces on grid lines), so at each node the plane is one of the faces' own
axis-parallel planes, the one nearest the median of the faces along the axis where they
spread most; it halves the work, cuts few faces, and takes all its coplanar faces with it.
A face on no axis-parallel plane (a drawn diagonal, a ramp) is split by the others and
chosen last. A few faces that cannot overlap on the sheet (their boxes there apart, or all
faces of one convex solid) are painted as they come, without further planes.

Cutting a face keeps track of which edges of each part lie on the face's own outline
(``Fragment.edges``): the painter strokes those and not the cuts, so a face cut in three
still reads as one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["Face", "Fragment", "painter_order", "plane"]

Point3 = tuple[float, float, float]


def _points(value) -> tuple[Point3, ...]:
    return tuple((float(x), float(y), float(z)) for x, y, z in value)


def _flags(value) -> tuple[bool, ...] | None:
    return None if value is None else tuple(bool(v) for v in value)


@attrs.frozen
class Face:
    """A convex planar polygon, its vertices in order (either way round). ``paint`` is
    whatever the caller draws it with; ``rank`` orders faces that share a plane (higher is
    painted later), since neither hides the other there. Faces with the same ``solid``
    (not None) are the faces of one convex solid turned to the viewer, which never overlap
    on the sheet. ``edges[k]`` (all True when not given): the edge from ``points[k]`` to
    the next point is one to draw, and it is handed on to every part of the face."""

    points: tuple[Point3, ...] = attrs.field(converter=_points)
    paint: Any = None
    rank: int = 0
    solid: int | None = None
    edges: tuple[bool, ...] | None = attrs.field(default=None, converter=_flags)


@attrs.frozen
class Fragment:
    """The whole of a face or a part of it cut off by a splitting plane. ``edges[k]``:
    the edge from ``points[k]`` to the next point lies on a drawn edge of the face."""

    face: Face
    points: tuple[Point3, ...]
    edges: tuple[bool, ...]


# A working face in the hot loop is a plain tuple (module docstring): its points and edge
# flags, the index of its Face, its plane (unit normal, offset, axis: 0/1/2 when the normal
# is ±x/±y/±z, else -1), the corners of its bounding box, and its box on the sheet.
_POINTS, _EDGES, _INDEX, _NORMAL, _OFFSET, _AXIS, _LO, _HI, _SHEET = range(9)
SMALL = 12  # a node this small is first checked for faces that cannot overlap at all


def _snapped(c: float) -> float:
    return float(round(c)) if abs(abs(c) - 1) < 1e-12 else (0.0 if abs(c) < 1e-12 else c)


def plane(points: Sequence[Point3]) -> tuple[Point3, float]:
    """A face's plane: its unit normal by Newell's method (robust where three vertices lie
    in a line) and its offset; (0, 0, 0) and 0 for a face without area."""
    nx = ny = nz = 0.0
    n = len(points)
    for i in range(n):
        x1, y1, z1 = points[i]
        x2, y2, z2 = points[(i + 1) % n]
        nx += (y1 - y2) * (z1 + z2)
        ny += (z1 - z2) * (x1 + x2)
        nz += (x1 - x2) * (y1 + y2)
    length = math.sqrt(nx * nx + ny * ny + nz * nz)
    if length == 0:
        return (0.0, 0.0, 0.0), 0.0
    # a normal axis-parallel up to rounding is snapped, so its plane is known for one
    normal = (_snapped(nx / length), _snapped(ny / length), _snapped(nz / length))
    cx = sum(p[0] for p in points) / n
    cy = sum(p[1] for p in points) / n
    cz = sum(p[2] for p in points) / n
    return normal, normal[0] * cx + normal[1] * cy + normal[2] * cz


class _Sheet:
    """Two axes across the viewing direction: where a point falls on the sheet, up to an
    affine map (enough to tell whether two faces can overlap there)."""

    def __init__(self, toward: Point3):
        tx, ty, tz = toward
        n = math.sqrt(tx * tx + ty * ty + tz * tz)
        tx, ty, tz = tx / n, ty / n, tz / n
        # any vector not along the view, made perpendicular to it
        ax, ay, az = (0.0, 0.0, 1.0) if abs(tz) < 0.9 else (1.0, 0.0, 0.0)
        ux, uy, uz = ay * tz - az * ty, az * tx - ax * tz, ax * ty - ay * tx
        self.u = (ux, uy, uz)
        self.v = (ty * uz - tz * uy, tz * ux - tx * uz, tx * uy - ty * ux)

    def box(self, points) -> tuple[float, float, float, float]:
        ux, uy, uz = self.u
        vx, vy, vz = self.v
        us = [ux * x + uy * y + uz * z for x, y, z in points]
        vs = [vx * x + vy * y + vz * z for x, y, z in points]
        return (min(us), max(us), min(vs), max(vs))


def _work(points, edges, index, sheet: _Sheet, known=None):
    """A working face (the tuple above); ``known``: its plane when it is a part of a face."""
    normal, offset = known if known is not None else plane(points)
    axis = 0 if normal[0] in (1.0, -1.0) else 1 if normal[1] in (1.0, -1.0) else 2 if normal[2] in (1.0, -1.0) else -1
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    zs = [p[2] for p in points]
    lo = (min(xs), min(ys), min(zs))
    hi = (max(xs), max(ys), max(zs))
    return (points, edges, index, normal, offset, axis, lo, hi, sheet.box(points))


def _cut(w, normal, offset, sheet: _Sheet, eps: float) -> tuple[Any, Any]:
    """The parts of working face ``w`` behind and in front of the plane (either may be
    None). Each output vertex carries the flag of the edge leaving it: along the face's
    own edge it keeps that edge's flag, along the plane it is a cut (False)."""
    points, edges = w[_POINTS], w[_EDGES]
    n = len(points)
    nx, ny, nz = normal
    dist = [nx * p[0] + ny * p[1] + nz * p[2] - offset for p in points]
    side = [1 if d > eps else -1 if d < -eps else 0 for d in dist]
    parts = []
    for keep in (-1, 1):
        out, flags = [], []
        for i in range(n):
            j = (i + 1) % n
            sp, sq = side[i] * keep, side[j] * keep
            if sp >= 0:
                out.append(points[i])
                flags.append(edges[i] if (sq >= 0 or sp > 0) else False)
                if sp > 0 and sq < 0:
                    out.append(_crossing(points[i], points[j], dist[i], dist[j]))
                    flags.append(False)
            elif sq > 0:
                out.append(_crossing(points[i], points[j], dist[i], dist[j]))
                flags.append(edges[i])
        ok = len(out) >= 3
        parts.append(_work(tuple(out), tuple(flags), w[_INDEX], sheet, (w[_NORMAL], w[_OFFSET])) if ok else None)
    return parts[0], parts[1]


def _crossing(p: Point3, q: Point3, dp: float, dq: float) -> Point3:
    t = dp / (dp - dq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t)


def _side(w, normal, offset, axis, eps) -> int:
    """-1 behind, 1 in front, 0 in the plane, 2 across it."""
    if axis >= 0:
        lo, hi = w[_LO][axis], w[_HI][axis]
        if normal[axis] < 0:
            lo, hi = -hi, -lo
        if lo >= offset - eps:
            return 0 if hi <= offset + eps else 1
        return -1 if hi <= offset + eps else 2
    nx, ny, nz = normal
    behind = ahead = False
    for x, y, z in w[_POINTS]:
        d = nx * x + ny * y + nz * z - offset
        if d > eps:
            ahead = True
        elif d < -eps:
            behind = True
    if ahead and behind:
        return 2
    return 1 if ahead else -1 if behind else 0


def _apart(items: list[tuple], faces: Sequence[Face]) -> bool:
    """No two of these faces can overlap on the sheet: their boxes there are disjoint, or
    they belong to one convex solid. Then any order paints them right."""
    for i in range(len(items)):
        a = items[i]
        au0, au1, av0, av1 = a[_SHEET]
        solid = faces[a[_INDEX]].solid
        for b in items[i + 1 :]:
            bu0, bu1, bv0, bv1 = b[_SHEET]
            if au0 < bu1 and bu0 < au1 and av0 < bv1 and bv0 < av1:
                if solid is None or faces[b[_INDEX]].solid != solid:
                    return False
    return True


def _splitter(items: list[tuple], eps: float) -> tuple:
    """The splitting face: of a sample, for each axis the axis-parallel face nearest the
    median along it, the one that cuts fewest and balances best; else the first face."""
    step = max(1, len(items) // 24)
    sample = items[::step]
    best = None
    for axis in range(3):
        mids = sorted((w[_LO][axis] + w[_HI][axis]) / 2 for w in sample)
        median = mids[len(mids) // 2]
        candidate = None
        for w in sample:
            if w[_AXIS] == axis:
                d = abs(w[_LO][axis] - median)
                if candidate is None or d < candidate[0]:
                    candidate = (d, w)
        if candidate is None:
            continue
        pick = candidate[1]
        normal, offset = pick[_NORMAL], pick[_OFFSET]
        cuts = ahead = behind = 0
        for w in sample:
            s = _side(w, normal, offset, axis, eps)
            if s == 2:
                cuts += 1
            elif s == 1:
                ahead += 1
            elif s == -1:
                behind += 1
        cost = 4 * cuts + abs(ahead - behind)
        if best is None or cost < best[0]:
            best = (cost, pick)
    return best[1] if best is not None else items[0]


def painter_order(faces: Sequence[Face], toward: Point3) -> tuple[Fragment, ...]:
    """The faces (cut where needed) in painting order for a parallel projection whose
    viewer lies at infinity in direction ``toward``. Faces without area are dropped."""
    extent = max((abs(c) for f in faces for p in f.points for c in p), default=0.0)
    eps = max(1e-6, 1e-9 * extent)  # mm, relative to the drawing's size
    sheet = _Sheet(toward)
    work = []
    for i, f in enumerate(faces):
        if len(f.points) < 3:
            continue
        edges = f.edges if f.edges is not None and len(f.edges) == len(f.points) else (True,) * len(f.points)
        w = _work(f.points, edges, i, sheet)
        if w[_NORMAL] != (0.0, 0.0, 0.0):
            work.append(w)
    tx, ty, tz = toward
    out: list[Fragment] = []
    # pending work, last in first out: a list still to be ordered, or one ready to paint
    stack: list[tuple[bool, list[tuple]]] = [(False, work)] if work else []
    while stack:
        ready, items = stack.pop()
        if ready or len(items) == 1 or (len(items) <= SMALL and _apart(items, faces)):
            for w in items:
                out.append(Fragment(face=faces[w[_INDEX]], points=w[_POINTS], edges=w[_EDGES]))
            continue
        pick = _splitter(items, eps)
        normal, offset, axis = pick[_NORMAL], pick[_OFFSET], pick[_AXIS]
        behind, within, ahead = [], [pick], []
        for w in items:
            if w is pick:
                continue
            s = _side(w, normal, offset, axis, eps)
            if s == 0:
                within.append(w)
            elif s == 1:
                ahead.append(w)
            elif s == -1:
                behind.append(w)
            else:
                back, front = _cut(w, normal, offset, sheet, eps)
                if back is not None:
                    behind.append(back)
                if front is not None:
                    ahead.append(front)
        within.sort(key=lambda w: faces[w[_INDEX]].rank)
        facing = normal[0] * tx + normal[1] * ty + normal[2] * tz
        near, far = (ahead, behind) if facing >= 0 else (behind, ahead)
        if near:
            stack.append((False, near))
        stack.append((True, within))
        if far:
            stack.append((False, far))
    return tuple(out)
