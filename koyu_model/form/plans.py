"""The plan of one level: a classified set of 2D entities (reference/form/plan.md;
api/derive.md FormPlan; COMPAT.md §8 for the order).

Per level: the space pieces (cut); the boundaries (no matter → one cut entry carrying the
centre segment; else one entry per panel — cut if z0 − SPAN_EPS ≤ cutZ ≤ z1 + SPAN_EPS,
below if z1 < cutZ, else above — each with its footprint and centre line); each opening's
leaf band then its door swing (no arc when sliding); the columns; the runs (ascending,
then descending); the projections of upper spaces across a void boundary (above).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from koyu_model.geometry import SPAN_EPS, js_hypot

from .openings import band_seg2
from .records import FormBoundary, FormOpening, FormSpace, PlanArc, PlanEntity, Pt, Seg2

__all__ = ["classify", "space_entities", "boundary_entities", "opening_entities", "void_entities"]


def _quad(x1: float, y1: float, x2: float, y2: float, t: float) -> tuple[Pt, ...]:
    """geometry.thicken as Form points: start+n → end+n → end−n → start−n, n the unit left
    normal times t/2 (the same formula; on an axis the length is exactly |d|)."""
    dx = x2 - x1
    dy = y2 - y1
    length = abs(dy) if dx == 0 else abs(dx) if dy == 0 else js_hypot(dx, dy)
    if length == 0:
        return (Pt(x=x1, y=y1), Pt(x=x2, y=y2), Pt(x=x2, y=y2), Pt(x=x1, y=y1))
    nx = -dy / length * (t / 2)
    ny = dx / length * (t / 2)
    return (Pt(x=x1 + nx, y=y1 + ny), Pt(x=x2 + nx, y=y2 + ny), Pt(x=x2 - nx, y=y2 - ny), Pt(x=x1 - nx, y=y1 - ny))


def classify(z0: float, z1: float, cut_z: float) -> str:
    """cut when the plane crosses [z0, z1] within SPAN_EPS; below when the top is under it;
    otherwise above."""
    if z0 - SPAN_EPS <= cut_z <= z1 + SPAN_EPS:
        return "cut"
    if z1 < cut_z:
        return "below"
    return "above"


def space_entities(spaces: Iterable[FormSpace]) -> list[PlanEntity]:
    return [PlanEntity(klass="cut", of="space", ref=s.path, polygon=pc) for s in spaces for pc in s.outline]


def boundary_entities(b: FormBoundary, cut_z: float) -> list[PlanEntity]:
    seg = b.segment
    if b.material is None:
        return [
            PlanEntity(klass="cut", of="boundary", ref=b.ref, lines=(Seg2(x1=seg.x1, y1=seg.y1, x2=seg.x2, y2=seg.y2),))
        ]
    t = b.material.t
    return [
        PlanEntity(
            klass=classify(p.z0, p.z1, cut_z),
            of="boundary",
            ref=b.ref,
            polygon=_quad(p.x1, p.y1, p.x2, p.y2, t) if p.footprint is None else p.footprint,
            lines=(Seg2(x1=p.x1, y1=p.y1, x2=p.x2, y2=p.y2),),
        )
        for p in b.material.panels
    ]


def opening_entities(o: FormOpening) -> list[PlanEntity]:
    line = band_seg2(o.segment, o.cx, o.cy, o.w)
    out = [
        PlanEntity(
            klass="cut", of="opening", ref=o.ref, polygon=_quad(line.x1, line.y1, line.x2, line.y2, o.t), lines=(line,)
        )
    ]
    sw = o.swing
    if sw is not None:
        arc = None
        if not o.sliding:
            arc = PlanArc(cx=sw.hinge.x, cy=sw.hinge.y, r=o.w, from_=sw.leaf, to=sw.jamb, ccw=sw.ccw)
        out.append(
            PlanEntity(
                klass="swing",
                of="opening",
                ref=o.ref,
                lines=(Seg2(x1=sw.hinge.x, y1=sw.hinge.y, x2=sw.leaf.x, y2=sw.leaf.y),),
                arc=arc,
            )
        )
    return out


def void_entities(upper_path: str, pieces: Sequence[tuple[Pt, ...]]) -> list[PlanEntity]:
    """The derived shape of the upper space across a void, dropped onto the lower plan."""
    return [PlanEntity(klass="above", of="space", ref=upper_path, polygon=pc) for pc in pieces]
