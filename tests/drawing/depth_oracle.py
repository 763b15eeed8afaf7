"""The oracle for painter's order: at any point of the sheet, the face nearest the viewer
among those covering the point must be the last of them painted. Points are sampled away
from edges, where "covering" is a matter of rounding."""

import math
import random


def _axes(toward):
    n = math.sqrt(sum(c * c for c in toward))
    t = tuple(c / n for c in toward)
    u = (t[1], -t[0], 0.0)
    un = math.sqrt(u[0] ** 2 + u[1] ** 2)
    u = (u[0] / un, u[1] / un, 0.0)
    v = (t[1] * u[2] - t[2] * u[1], t[2] * u[0] - t[0] * u[2], t[0] * u[1] - t[1] * u[0])
    return t, u, v


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _inside(poly, p, margin):
    """p strictly inside the convex 2D polygon, at least ``margin`` from every edge."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    if abs(area) < 1e-9:
        return False
    sign = 1 if area > 0 else -1
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 1e-9:
            continue
        if sign * ((x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1)) / length < margin:
            return False
    return True


def normal(points):
    """The face's normal (Newell's method: any three of its points may be in a line)."""
    nx = ny = nz = 0.0
    for i, (x1, y1, z1) in enumerate(points):
        x2, y2, z2 = points[(i + 1) % len(points)]
        nx += (y1 - y2) * (z1 + z2)
        ny += (z1 - z2) * (x1 + x2)
        nz += (x1 - x2) * (y1 + y2)
    return (nx, ny, nz)


def check_order(fragments, toward, samples=400, seed=1):
    """Sample ``samples`` points of the sheet; at each covered by two faces or more, the
    last painted must be (one of) the nearest. Returns how many points were checked."""
    t, u, v = _axes(toward)
    faces = []  # (index, sheet polygon, its box, the plane as normal and offset)
    for i, f in enumerate(fragments):
        n = normal(f.points)
        if abs(dot(n, t)) <= 1e-9 * math.sqrt(dot(n, n)):
            continue  # edge-on: covers nothing
        poly = [(dot(q, u), dot(q, v)) for q in f.points]
        box = (min(x for x, _ in poly), max(x for x, _ in poly), min(y for _, y in poly), max(y for _, y in poly))
        faces.append((i, poly, box, n, dot(n, f.points[0])))
    x0, x1 = min(b[0] for _, _, b, _, _ in faces), max(b[1] for _, _, b, _, _ in faces)
    y0, y1 = min(b[2] for _, _, b, _, _ in faces), max(b[3] for _, _, b, _, _ in faces)
    rng = random.Random(seed)
    checked = 0
    for _ in range(samples):
        p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        base = tuple(p[0] * u[k] + p[1] * v[k] for k in range(3))  # the sheet point, in space
        over = []
        for i, poly, box, n, offset in faces:
            if box[0] < p[0] < box[1] and box[2] < p[1] < box[3] and _inside(poly, p, 1e-3):
                # where the line base + s·t meets the face's plane: larger s is nearer
                over.append((i, (offset - dot(n, base)) / dot(n, t)))
        if len(over) < 2:
            continue
        nearest = max(s for _, s in over)
        last = max(over)[1]
        assert last >= nearest - 1e-6, f"at {p} a face {nearest - last} nearer is painted under"
        checked += 1
    return checked
