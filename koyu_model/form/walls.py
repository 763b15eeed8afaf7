"""Boundaries as the Form holds them: one FormBoundary per derived segment, its matter
(thickness, z range) and the panels openings split it into (reference/form/boundaries.md,
bodies.md "Wall thickness and z range", "A wall is a list of intervals split by
openings"; api/derive.md FormBoundary; COMPAT.md §8).

Segments come from ``koyu_model.derived.boundary_segments`` (derived once per boundary).
The index ``@i`` is the boundary's place in the Form's boundary order
(``koyu_model.derived.form_order``) — canonical order over declared boundaries and
default walls alike.

A segment's matter comes first (``segment_matter``: thickness, z range and the intervals
as plain numbers), so that 0.27 can settle the junctions on the centre lines
(``joins.Junctions``) before ``boundary_entries`` makes each panel, once, with its footprint.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from koyu_model.geometry import SPAN_EPS, PlacedBand, band_line, js_hypot
from koyu_model.model import Boundary

from .constants import RAIL_H
from .joins import Junctions, wall_line
from .records import FormBoundary, FormMaterial, FormOpening, FormPanel, Pt, Segment

__all__ = [
    "seg_length",
    "boundary_ref",
    "wall_z",
    "intervals",
    "segment_matter",
    "wall_lines",
    "boundary_entries",
    "boundary_record",
]


def _number(v) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v


def seg_length(dx: float, dy: float) -> float:
    """V8's Math.hypot, short-cut on an axis (where it is exactly |d|)."""
    if dx == 0:
        return abs(dy)
    if dy == 0:
        return abs(dx)
    return js_hypot(dx, dy)


def boundary_ref(b: Boundary, index: int) -> str:
    return f"{b.a}|{b.b}@{index}"


def wall_z(b: Boundary, fl: float, pitch: float) -> tuple[float, float]:
    """A wall rises from FL by the storey pitch; a non-enclosing boundary (air:1) to FL +
    (its h: ?? RAIL_H)."""
    if b.air:
        h = _number(b.attrs.get("h"))
        return fl, fl + (h if h is not None else RAIL_H)
    return fl, fl + pitch


#: one wall interval before it is a record: x1, y1, x2, y2, z0, z1
Interval = tuple[float, float, float, float, float, float]


def intervals(seg: Segment, z0: float, z1: float, openings: Sequence[FormOpening]) -> tuple[Interval, ...]:
    """The intervals of one wall segment: openings ordered by distance from the start
    (stable); between them full-height intervals, at each a sill wall (z0 up to the
    opening's bottom) then a head wall (its top up to z1). An interval whose length or
    height is at or below SPAN_EPS is not produced."""
    x1, y1, x2, y2 = seg.x1, seg.y1, seg.x2, seg.y2
    dx, dy = x2 - x1, y2 - y1
    length = seg_length(dx, dy)
    if not openings:  # the whole segment, full height (it runs forwards along itself)
        if z1 - z0 > SPAN_EPS and length > SPAN_EPS:
            return ((x1, y1, x2, y2, z0, z1),)
        return ()
    ordered = sorted(openings, key=lambda o: seg_length(o.cx - x1, o.cy - y1)) if len(openings) > 1 else openings
    out: list[Interval] = []

    def add(p, q, lo, hi):
        # the interval's length along the segment, signed: where openings overlap, the
        # stretch "between" them runs backwards and is no wall at all
        ex, ey = q[0] - p[0], q[1] - p[1]
        along = seg_length(ex, ey)
        if length and ex * dx + ey * dy < 0:
            along = -along
        if hi - lo > SPAN_EPS and along > SPAN_EPS:
            out.append((p[0], p[1], q[0], q[1], lo, hi))

    cursor = (x1, y1)
    for o in ordered:
        p, q = band_line(x1, y1, x2, y2, o.cx, o.cy, o.w)
        add(cursor, p, z0, z1)
        add(p, q, z0, o.z0)
        add(p, q, o.z1, z1)
        cursor = q
    add(cursor, (x2, y2), z0, z1)
    return tuple(out)


@attrs.frozen
class Matter:
    """A wall segment's matter before it is a record: thickness, z range, intervals."""

    t: float
    z0: float
    z1: float
    intervals: tuple[Interval, ...]


def segment_matter(
    segments: Sequence[Segment],
    material: tuple[float, float, float] | None,
    openings: Sequence[tuple[FormOpening, PlacedBand]],
) -> list[Matter | None]:
    """Each segment's matter. ``material``: (t, z0, z1) when the boundary has matter, else
    None; ``openings``: the boundary's placed openings with their placements (each splits
    the segment it was placed on)."""
    if material is None:
        return [None] * len(segments)
    t, z0, z1 = material
    out: list[Matter | None] = []
    for seg in segments:
        on = [o for o, placed in openings if placed.segment is seg or placed.segment == seg]
        out.append(Matter(t, z0, z1, intervals(seg, z0, z1, on)))
    return out


def wall_lines(index: int, level: str | None, segments: Sequence[Segment], matter: Sequence[Matter | None]):
    """The boundary's wall segments as the junctions see them: those with an interval."""
    for j, (seg, m) in enumerate(zip(segments, matter)):
        if m is not None and m.intervals:
            line = wall_line((index, j), level, seg, m.t, m.z0, m.z1)
            if line is not None:
                yield line


def boundary_entries(
    b: Boundary,
    ref: str,
    index: int,
    derived: bool,
    level: str | None,
    segments: Sequence[Segment],
    matter: Sequence[Matter | None],
    junctions: Junctions | None,
) -> list[FormBoundary]:
    """One FormBoundary per segment; with ``junctions`` (0.27) each panel carries its
    footprint."""
    out = []
    for j, (seg, m) in enumerate(zip(segments, matter)):
        mat = None
        if m is not None:
            footprints = None if junctions is None else junctions.footprints((index, j), m.intervals)
            mat = FormMaterial(t=m.t, z0=m.z0, z1=m.z1, panels=_panels(m.intervals, footprints))
        out.append(boundary_record(b, ref, index, derived, level, seg, mat))
    return out


def boundary_record(
    b: Boundary, ref: str, index: int, derived: bool, level: str | None, seg: Segment, mat: FormMaterial | None
) -> FormBoundary:
    """One segment of boundary ``b`` as the Form holds it."""
    return FormBoundary(
        ref=ref,
        boundary=index,
        a=b.a,
        b=b.b,
        kind=b.kind,
        derived=derived,
        level=level,
        air=b.air,
        segment=seg,
        material=mat,
    )


def _panels(made: Sequence[Interval], footprints: Sequence[tuple[Pt, ...]] | None) -> tuple[FormPanel, ...]:
    """The intervals as panels, each with its footprint when there is one."""
    if footprints is None:
        return tuple(FormPanel(x1=x1, y1=y1, x2=x2, y2=y2, z0=lo, z1=hi) for x1, y1, x2, y2, lo, hi in made)
    return tuple(
        FormPanel(x1=x1, y1=y1, x2=x2, y2=y2, z0=lo, z1=hi, footprint=footprint)
        for (x1, y1, x2, y2, lo, hi), footprint in zip(made, footprints)
    )
