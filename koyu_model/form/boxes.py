"""Rectangles laid along a boundary segment: a wall's whole body, the box an opening cuts
through it, the leaf that fills it.

An exchange format (IFC) writes a wall whole, the openings cut out of it, rather than the
Form's panels between them; these are the footprints it extrudes. Each is the stretch of
the segment's centre line from ``s0`` to ``s1`` (mm from its first end), widened by
``half`` on either side, its corners in the order start-left, end-left, end-right,
start-right (left of the direction of travel).
"""

from __future__ import annotations

import math

from koyu_model.form.records import FormColumn, FormOpening, FormSeg, Pt, Segment


def along(seg: Segment, s0: float, s1: float, half: float) -> tuple[Pt, ...]:
    """The stretch ``s0``..``s1`` of ``seg``, ``half`` wide on either side."""
    dx, dy = seg.x2 - seg.x1, seg.y2 - seg.y1
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy * half, ux * half
    ax, ay = seg.x1 + ux * s0, seg.y1 + uy * s0
    bx, by = seg.x1 + ux * s1, seg.y1 + uy * s1
    return (Pt(ax + nx, ay + ny), Pt(bx + nx, by + ny), Pt(bx - nx, by - ny), Pt(ax - nx, ay - ny))


def wall_body(seg: Segment, t: float) -> tuple[Pt, ...]:
    """The whole wall on ``seg``, ``t`` thick, end to end (no junction settled)."""
    return along(seg, 0, math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1), t / 2)


def opening_box(o: FormOpening | FormSeg, depth: float) -> tuple[Pt, ...]:
    """The opening's (or a ``seg``'s) width across its wall, ``depth`` deep (centred on the wall)."""
    s = math.hypot(o.cx - o.segment.x1, o.cy - o.segment.y1)
    return along(o.segment, s - o.w / 2, s + o.w / 2, depth / 2)


def column_body(c: FormColumn) -> tuple[Pt, ...]:
    """A column's footprint: ``w`` by ``d`` about its grid point, counter-clockwise."""
    x0, x1, y0, y1 = c.x - c.w / 2, c.x + c.w / 2, c.y - c.d / 2, c.y + c.d / 2
    return (Pt(x0, y0), Pt(x1, y0), Pt(x1, y1), Pt(x0, y1))
