"""Storeys laid out alike: a typical storey raised from the first one, not derived again.

A stack of typical storeys written once over a span derives the same walls, openings and
footprints on every storey; only the heights differ. A storey whose standing boundaries
match an earlier storey's one for one — the same segments, kind, thickness, height,
openings and segs, in the same order — and which has the same pitch is that storey
raised by the difference of their floor levels, ``dz``: every z of its boundaries and
openings is the earlier one's plus ``dz``, and everything else is the earlier one's with
the storey's own names (ref, index, sides, level).

Raising is exact only where every height entering the sums is a whole number of
millimetres: then each sum is exact, and adding ``dz`` afterwards gives the very number
working it out again gives. So a storey with a fractional floor level or pitch, or a
boundary or opening of a fractional height, is derived like any other (``_whole``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from koyu_model.model import Boundary

from .records import FormBoundary, FormMaterial, FormOpening, FormPanel, FormSwing, Segment
from .storeys import Storeys
from .walls import boundary_record

__all__ = ["Standing", "raised_storeys", "raise_boundaries", "raise_openings"]


class Standing(NamedTuple):
    """A boundary with segments standing on a level, as derive enumerates them."""

    form_index: int  # its place in the Form's boundary order (the @i of its ref)
    i: int  # its index in the boundary table
    boundary: Boundary
    derived: bool  # a default or exterior wall
    level: str | None
    segments: tuple[Segment, ...]


_EXACT = 2**53  # below it every whole number is a double, and sums of them are exact


def _whole(v) -> bool:
    """A height that sums exactly: a whole number of mm (int or float); absent (None) is
    the default, itself whole."""
    if v is None:
        return True
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    return abs(v) < _EXACT and float(v).is_integer()


def _shape(s: Standing) -> tuple:
    """What a boundary's records are made from, apart from its names and the storey's z."""
    b = s.boundary
    return (s.segments, s.derived, b.kind, b.air, b.t, b.attrs.get("h"), b.openings, b.segs)


def _heights_whole(b: Boundary) -> bool:
    return _whole(b.attrs.get("h")) and all(_whole(o.h) for o in b.openings)


def raised_storeys(standing: Sequence[Standing], storeys: Storeys) -> dict[int, tuple[int, float]]:
    """For each standing boundary (by position in ``standing``) on a storey raised from an
    earlier one: (the position of its counterpart there, dz). Boundaries of every other
    storey are absent: they are derived."""
    on_level: dict[str | None, list[int]] = {}
    for p, s in enumerate(standing):
        on_level.setdefault(s.level, []).append(p)
    # the storeys worked out so far, by the type of their floor level and pitch (so that a
    # raised z has the type working it out gives) and the pitch, each with its boundaries'
    # shapes (compared with ==: records hold mappings, which do not hash)
    firsts: dict[tuple, list[tuple[list[tuple], float, list[int]]]] = {}
    out: dict[int, tuple[int, float]] = {}
    for level, positions in on_level.items():
        lv = storeys.level(level)
        pitch = storeys.pitch(level)
        if lv is None or pitch is None or not (_whole(lv.z) and _whole(pitch)):
            continue
        if not all(_heights_whole(standing[p].boundary) for p in positions):
            continue
        shapes = [_shape(standing[p]) for p in positions]
        candidates = firsts.setdefault((type(lv.z), type(pitch), pitch, len(positions)), [])
        first = next(((z, at) for known, z, at in candidates if known == shapes), None)
        if first is None:
            candidates.append((shapes, lv.z, positions))
            continue
        z, at = first
        dz = lv.z - z
        out.update(zip(positions, ((q, dz) for q in at)))
    return out


def raise_boundaries(
    made: Sequence[FormBoundary], ref: str, index: int, b: Boundary, level: str | None, dz: float
) -> list[FormBoundary]:
    """The records of boundary ``b`` (form index ``index``) from its counterpart's ``made``."""
    out = []
    for fb in made:
        m = fb.material
        if m is not None:
            panels = tuple(
                FormPanel(x1=p.x1, y1=p.y1, x2=p.x2, y2=p.y2, z0=p.z0 + dz, z1=p.z1 + dz, footprint=p.footprint)
                for p in m.panels
            )
            m = FormMaterial(t=m.t, z0=m.z0 + dz, z1=m.z1 + dz, panels=panels)
        out.append(boundary_record(b, ref, index, fb.derived, level, fb.segment, m))
    return out


def raise_openings(
    made: Sequence[FormOpening], ref: str, index: int, b: Boundary, level: str | None, dz: float
) -> list[FormOpening]:
    """The openings of boundary ``b`` from its counterpart's ``made``: a swing opens into
    the same side."""
    out = []
    for o in made:
        swing = o.swing
        if swing is not None:
            into = b.a if swing.into == o.a else b.b
            swing = FormSwing(into=into, hinge=swing.hinge, leaf=swing.leaf, jamb=swing.jamb, ccw=swing.ccw)
        out.append(
            FormOpening(
                ref=f"{ref}/{o.index}",
                boundary=index,
                index=o.index,
                a=b.a,
                b=b.b,
                kind=o.kind,
                name=o.name,
                level=level,
                segment=o.segment,
                cx=o.cx,
                cy=o.cy,
                w=o.w,
                z0=o.z0 + dz,
                z1=o.z1 + dz,
                t=o.t,
                style=o.style,
                swing=swing,
                sliding=o.sliding,
            )
        )
    return out
