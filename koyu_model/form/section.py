"""The section: a vertical plane through a Form, as classified 2D entities
(reference/form/section.md, ADR-0064 and ADR-0066).

A section re-frames what ``derive`` returned; it raises no matter of its own. Every body
of a Form is a prism over a convex ring with a lower and an upper z per vertex
(``Body``, enumerated by ``bodies``), so against a vertical plane each one is exactly one
of three things:

* **cut** — the ring straddles the plane. A convex ring meets it in one interval, and the
  heights at the interval's ends are read off the edges the crossings sit on (linear along
  an edge, so exact: a ramp cut along its rise leans by the whole rise);
* **beyond** — the ring stands behind the plane. It is seen head-on, as the hull of its
  projected vertices, ``depth`` mm behind the plane at its nearest point;
* in front — behind the viewer, and not produced at all.

A plane is compared with a body with ``EPS`` (the half-millimetre everything else uses):
a ring that only touches the plane is not cut. A space is air: it can be cut, never seen
beyond, and a space with no volume or one open to the sky (outside, semi-outdoor)
contributes nothing.

The plane is a ``SectionPlane``: a directed plan line whose left side the viewer looks
toward. ``u`` on the sheet is the distance along that line from its origin (the viewer's
right hand, ``u = d × ẑ``) and depth the distance toward where the viewer looks.
``axis_plane`` names the axis-parallel planes (X3 is ``x = X3``), ``line_plane`` any
directed line (ADR-0066), ``elevation_plane`` the plane at the near extreme of the mass
for one face, which therefore cuts nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import chain
from operator import itemgetter
from typing import NamedTuple

import attrs

from koyu_model.geometry import thicken
from koyu_model.geometry.tolerances import EPS
from koyu_model.model import Grid
from koyu_model.reading.positions import grid_reference

from .columns import column_rect
from .openings import band_seg2
from .prism import run_prism
from .records import Form, FormLevel

__all__ = [
    "Body",
    "SectionEntity",
    "SectionPlane",
    "FormSection",
    "LOOKS",
    "bodies",
    "solids",
    "UndefinedGridReference",
    "LookAlongPlane",
    "named_plane",
    "axis_plane",
    "line_plane",
    "elevation_plane",
    "section_form",
    "elevation_form",
]

#: a compass word → the direction of view as a plan unit vector
LOOKS = {"N": (0.0, 1.0), "E": (1.0, 0.0), "S": (0.0, -1.0), "W": (-1.0, 0.0)}
#: the look across an X plane and across a Y plane when none is asked: on it, u is the
#: world coordinate along the cut line, so a plan dimension carries over unreversed
DEFAULT_LOOK = {"X": "W", "Y": "N"}
#: the looks that cross a plane on each axis
CROSSING = {"X": ("E", "W"), "Y": ("N", "S")}
#: a face → the direction the viewer standing on it looks (the south elevation looks north)
FACE_LOOK = {"N": "S", "E": "W", "S": "N", "W": "E"}


class Body(NamedTuple):
    """One body of a Form: a prism over a convex ring, a lower and an upper z per vertex.
    ``of``/``ref``/``kind`` say whose it is, as a section entity does. The ring is the
    Form's own points (a ``Pt`` is an (x, y) pair), not a copy. (A named tuple: a section
    makes one per body of the building, and they are made and read in bulk.)"""

    of: str
    ref: str
    kind: str | None
    ring: tuple[tuple[float, float], ...]
    bottom: tuple[float, ...]
    top: tuple[float, ...]


#: a body's fields in ``Body``'s order, as a plain tuple: a section walks every body of the
#: building once, and a named tuple's constructor is a Python call per body
Solid = tuple[str, str, "str | None", tuple[tuple[float, float], ...], tuple[float, ...], tuple[float, ...]]


class SectionEntity(NamedTuple):
    """A classified entity of a section (section.md "Entities"). ``klass`` (``class``):
    cut or beyond; ``polygon``: (u, z) points in mm; ``depth``: mm behind the plane of its
    nearest point, 0 for what was cut — a distance, not a draw order."""

    klass: str
    of: str
    ref: str
    kind: str | None
    polygon: tuple[tuple[float, float], ...]
    depth: float


@attrs.frozen
class SectionPlane:
    """A vertical plane: the directed plan line through ``origin`` along the unit vector
    ``along``, faced toward its left. ``axis`` and ``at`` name an axis-parallel plane
    (``x = at`` for X), None for a directed line."""

    origin: tuple[float, float]
    along: tuple[float, float]
    axis: str | None = None
    at: float | None = None

    @property
    def look(self) -> tuple[float, float]:
        """The direction of view: the line's left normal."""
        ex, ey = self.along
        return (-ey, ex)

    @property
    def facing(self) -> str | None:
        """The compass word of the look (N, E, S, W), None when it is none of the four."""
        return next((word for word, d in LOOKS.items() if d == self.look), None)

    def frame(self, x: float, y: float) -> tuple[float, float]:
        """A plan point as (u along the line, depth behind the plane)."""
        dx, dy = x - self.origin[0], y - self.origin[1]
        ex, ey = self.along
        return (dx * ex + dy * ey, dy * ex - dx * ey)


@attrs.frozen
class FormSection:
    """The section of a Form on one plane: its entities, per subject — spaces, boundaries,
    openings, columns, slabs, runs — each in the Form's own order."""

    plane: SectionPlane
    entities: tuple[SectionEntity, ...]
    levels: tuple[FormLevel, ...]


# --- planes -----------------------------------------------------------------------------


def axis_plane(axis: str, at: float, look: str) -> SectionPlane:
    """The plane ``x = at`` (axis X) or ``y = at`` (axis Y), looked at toward ``look``,
    which must cross it (ValueError otherwise). The origin sits on the world axis, so on
    the default look u is the world coordinate along the cut."""
    if look not in CROSSING[axis]:
        raise ValueError(f"{look} runs along the {axis} plane")
    dx, dy = LOOKS[look]
    along = (dy, -dx)  # u = d × ẑ
    origin = (at, 0.0) if axis == "X" else (0.0, at)
    return SectionPlane(origin=origin, along=along, axis=axis, at=at)


class UndefinedGridReference(ValueError):
    """A cut named no declared grid line; the message is the documented sentence."""


class LookAlongPlane(ValueError):
    """A look that runs along the plane. The message is the sentence after the argument's
    name, which the caller writes (``look`` over MCP, ``--look`` on the command line)."""


def named_plane(grid: Grid, at: str, look: str | None) -> SectionPlane:
    """The plane a grid reference names (``X3``, ``X3+450``, ``Y2-600``), through the same
    grammar an opening's ``at:`` takes, looked at toward ``look`` (None: the default of
    its axis)."""
    names = [(name, c) for axis in (grid.X, grid.Y) if axis is not None for name, c in zip(axis.names, axis.coords)]
    x = {name: c for name, c in names if name[0] == "X"}
    y = {name: c for name, c in names if name[0] == "Y"}
    found = grid_reference(x, y, at)
    if found is None:
        declared = " ".join(name for name, _ in names)
        raise UndefinedGridReference(f"Undefined grid reference: {at} (declared: {declared})")
    axis, coord = found
    look = look or DEFAULT_LOOK[axis]
    if look not in CROSSING[axis]:
        raise LookAlongPlane(
            f"{look} runs along {at} rather than across it (an X reference is looked at from E or W,"
            " a Y reference from N or S)"
        )
    return axis_plane(axis, coord, look)


def line_plane(x1: float, y1: float, x2: float, y2: float) -> SectionPlane:
    """The plane through the directed plan line (x1,y1) → (x2,y2) (ADR-0066): u = 0 at the
    first point, growing toward the second; the viewer looks toward the line's left. The
    ends name a frame, they do not clip the plane. ValueError for a line of no length."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    if not length or not math.isfinite(length):
        raise ValueError("a section line needs two distinct finite points")
    return SectionPlane(origin=(x1, y1), along=(dx / length, dy / length))


def elevation_plane(every: Sequence[Solid], face: str) -> SectionPlane | None:
    """The plane of the ``face`` elevation: across the line of sight, at the near extreme
    of ``every`` body (or solid), so nothing straddles it. None when there is no body."""
    look = FACE_LOOK[face]
    axis = "Y" if look in ("N", "S") else "X"
    rings = [ring for _, _, _, ring, _, _ in every]
    if not any(rings):
        return None
    coords = map(itemgetter(0 if axis == "X" else 1), chain.from_iterable(rings))
    at = min(coords) if look in ("N", "E") else max(coords)
    return axis_plane(axis, at, look)


# --- bodies -----------------------------------------------------------------------------


def bodies(form: Form) -> Iterator[Body]:
    """Every body of ``form`` that stands in space, per subject in the Form's order:
    space volumes, wall intervals (their footprints where junctions are settled, else the
    centre line thickened), opening leaves, columns, slabs, run solids."""
    return map(Body._make, solids(form))


def solids(form: Form) -> Iterator[Solid]:
    """``bodies``, each as a plain tuple of its fields."""
    for s in form.spaces:
        if s.z0 is None or s.z1 is None or s.outside or s.semi_outdoor:
            continue  # no volume, or nothing above it to bound the air
        for piece in s.outline:
            n = len(piece)
            yield ("space", s.path, s.type, piece, (s.z0,) * n, (s.z1,) * n)
    for fb in form.boundaries:
        m = fb.material
        if m is None:
            continue
        for p in m.panels:
            ring: tuple[tuple[float, float], ...]
            if p.footprint is not None:
                ring = p.footprint
            else:
                ring = thicken(p.x1, p.y1, p.x2, p.y2, m.t)
            n = len(ring)
            yield ("boundary", fb.ref, fb.kind, ring, (p.z0,) * n, (p.z1,) * n)
    for o in form.openings:
        if o.segment is None or not o.w:
            continue
        leaf = band_seg2(o.segment, o.cx, o.cy, o.w)
        yield ("opening", o.ref, o.kind, thicken(leaf.x1, leaf.y1, leaf.x2, leaf.y2, o.t), (o.z0,) * 4, (o.z1,) * 4)
    for c in form.columns:
        yield ("column", c.ref, None, column_rect(c), (c.z0,) * 4, (c.z1,) * 4)
    for slab in form.slabs:
        n = len(slab.outline)
        yield ("slab", slab.space, slab.kind, slab.outline, (slab.z0,) * n, (slab.z1,) * n)
    for run in form.runs:
        for solid in run.solids:
            prism = run_prism(solid)
            yield ("run", run.path, run.device, prism.poly, prism.bottom, prism.top)


# --- classification ---------------------------------------------------------------------


def _cut(body: Body, frame: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], ...] | None:
    """The (u, z) outline where the plane crosses ``body``, or None when the crossing has
    no length. The crossings are the vertices on the plane and the points where an edge
    changes side; the heights are read at each along its edge."""
    hits: list[tuple[float, float, float]] = []  # (u, bottom, top)
    n = len(frame)
    for i in range(n):
        u, s = frame[i]
        if abs(s) <= EPS:
            hits.append((u, body.bottom[i], body.top[i]))
            continue
        j = (i + 1) % n
        u2, s2 = frame[j]
        if abs(s2) > EPS and (s < 0) != (s2 < 0):
            f = s / (s - s2)
            bottom = body.bottom[i] + f * (body.bottom[j] - body.bottom[i])
            top = body.top[i] + f * (body.top[j] - body.top[i])
            hits.append((u + f * (u2 - u), bottom, top))
    if len(hits) < 2:
        return None
    lo = min(hits)
    hi = max(hits)
    if hi[0] - lo[0] <= EPS:
        return None
    return ((lo[0], lo[1]), (hi[0], hi[1]), (hi[0], hi[2]), (lo[0], lo[2]))


def _hull(body: Body, frame: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """The projection onto the plane of a body whose bottom or top slopes: the hull of its
    projected vertices, counter-clockwise in (u, z)."""
    points = sorted({(u, z) for (u, _), b, t in zip(frame, body.bottom, body.top) for z in (b, t)})
    if len(points) <= 2:
        return tuple(points)

    def half(seq) -> list[tuple[float, float]]:
        chain: list[tuple[float, float]] = []
        for p in seq:
            while len(chain) >= 2:
                (ax, ay), (bx, by) = chain[-2], chain[-1]
                if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) > 0:
                    break
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(points), half(reversed(points))
    return tuple(lower[:-1] + upper[:-1])


def classify(body: Body, plane: SectionPlane) -> SectionEntity | None:
    """``body`` against ``plane``: cut, beyond, or None (in front, or a space not cut)."""
    (ox, oy), (ex, ey) = plane.origin, plane.along
    return _classify(body, ox, oy, ex, ey)


def _classify(body: Body, ox: float, oy: float, ex: float, ey: float) -> SectionEntity | None:
    """``classify`` with the plane's frame taken apart: through (ox, oy) along (ex, ey).
    Depths are asked first: most bodies of a building stand wholly on one side."""
    ring = body.ring
    depths = [(y - oy) * ex - (x - ox) * ey for x, y in ring]
    near = min(depths)
    if near < -EPS:
        if max(depths) <= EPS:
            return None  # behind the viewer
        frame = [((x - ox) * ex + (y - oy) * ey, s) for (x, y), s in zip(ring, depths)]
        polygon = _cut(body, frame)
        if polygon is None:
            return None
        return SectionEntity("cut", body.of, body.ref, body.kind, polygon, 0)
    if body.of == "space":
        return None  # air is never seen from outside
    bottom, top = body.bottom, body.top
    n = len(bottom)
    if bottom.count(bottom[0]) == n and top.count(top[0]) == n:
        # a right prism: the rectangle of its u extent by its height
        us = [(x - ox) * ex + (y - oy) * ey for x, y in ring]
        lo, hi, z0, z1 = min(us), max(us), bottom[0], top[0]
        polygon = ((lo, z0), (hi, z0), (hi, z1), (lo, z1))
    else:
        polygon = _hull(body, [((x - ox) * ex + (y - oy) * ey, s) for (x, y), s in zip(ring, depths)])
    return SectionEntity("beyond", body.of, body.ref, body.kind, polygon, max(near, 0.0))


def section_form(form: Form, plane: SectionPlane, every: Sequence[Solid] | None = None) -> FormSection:
    """The section of ``form`` on ``plane`` (module docstring); ``every``: its bodies (or
    solids), when the caller has them already."""
    (ox, oy), (ex, ey) = plane.origin, plane.along
    across = _axis_classifier(ox, oy, ex, ey)
    found: Iterator[SectionEntity | None]
    if across is None:
        every_body = bodies(form) if every is None else map(Body._make, every)
        found = (_classify(body, ox, oy, ex, ey) for body in every_body)
    else:
        found = map(across, solids(form) if every is None else every)
    return FormSection(plane=plane, entities=tuple(filter(None, found)), levels=form.levels)


def _axis_classifier(ox: float, oy: float, ex: float, ey: float):
    """``_classify`` for a plane on an axis (every named plane and every elevation's), or
    None for any other. On an axis a vertex's depth and u are each one coordinate, offset
    and signed, so a body's extents are the extremes of its coordinates, taken whole; a
    body the plane cuts, and one whose top or bottom slopes, are classified in full."""
    if ex == 0 and ey in (1.0, -1.0):  # x = const: depth along x, u along y
        depth_on_x, sd, su, od, ou = True, -ey, ey, ox, oy
    elif ey == 0 and ex in (1.0, -1.0):  # y = const: depth along y, u along x
        depth_on_x, sd, su, od, ou = False, ex, ex, oy, ox
    else:
        return None

    # a ring's extents on the plane: storeys laid out alike repeat their rings (the same
    # footprints and outlines at other heights), so each ring is measured once
    extents: dict[tuple[tuple[float, float], ...], tuple[float, float, float, float]] = {}

    def across(solid: Solid) -> SectionEntity | None:
        of, ref, kind, ring, bottom, top = solid
        extent = extents.get(ring)
        if extent is None:
            xs, ys = zip(*ring)
            dc, uc = (xs, ys) if depth_on_x else (ys, xs)
            lo, hi = min(dc) - od, max(dc) - od
            ulo, uhi = min(uc) - ou, max(uc) - ou
            near, far = (lo, hi) if sd > 0 else (-hi, -lo)
            if su < 0:
                ulo, uhi = -uhi, -ulo
            extent = extents[ring] = (near, far, ulo, uhi)
        near, far, ulo, uhi = extent
        if near < -EPS:
            return None if far <= EPS else _classify(Body._make(solid), ox, oy, ex, ey)
        if of == "space":
            return None  # air is never seen from outside
        n = len(bottom)
        if bottom.count(bottom[0]) != n or top.count(top[0]) != n:
            return _classify(Body._make(solid), ox, oy, ex, ey)
        z0, z1 = bottom[0], top[0]
        return SectionEntity("beyond", of, ref, kind, ((ulo, z0), (uhi, z0), (uhi, z1), (ulo, z1)), max(near, 0.0))

    return across


def elevation_form(form: Form, face: str) -> FormSection | None:
    """The ``face`` elevation (N, E, S or W: the side the viewer stands on) — a section
    whose plane stands at the near extreme of the mass, so nothing is cut. None when the
    Form has no body to see."""
    every = list(solids(form))
    plane = elevation_plane(every, face)
    return None if plane is None else section_form(form, plane, every)
