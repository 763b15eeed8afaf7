"""Vertical runs on a plan: what the cut at one level shows of the runs ascending from it
and descending to it (reference/form/plan.md "Ascending and descending runs";
api/solids.md runDrawsForLevel; COMPAT §8 for the order).

* The **ascending** run (``level`` is this level): per part, the visible interval of t is
  decided by the part's z range against the cut plane — at or above the top, all of it; at
  or below the bottom, none; spanning, up to where it crosses (the low side), with a break
  line across the part there. Never keyed on the part's index, so parallel escalator units
  are cut at the same height. Entities ``cut``.
* The **descending** run (``upper`` is this level) shows what its *ascending pair* — the
  ascending run of this level on the same rectangle (within SPAN_EPS) with the same
  direction, form, device and part count — left uncovered; with no pair, all of it. Entities ``below``.
* Outline: the two sides of each visible part. Treads: nosings of a stair flight, laid
  from its t0 at the going (accumulated, as the original adds), inside the visible
  interval; escalator step marks from the start of the visible interval every STEP_MARK.
  Arrows: per unit on an escalator, in the direction people travel on both faces
  (``up`` = it climbs); on a stair or ramp one on the departing flight (ascending face,
  pointing up) or the arriving flight (descending face, pointing down). A visible interval
  must exceed ARROW_SPAN_MIN to carry an arrow; the arrow stops ARROW_INSET short of both
  ends (observed in the original's plans). Anchor: the centre of the run's rectangle, one
  per ascending run (not a lift).
* A lift is a frame inset min(250, width ÷ 8) (outline) with its two diagonals (tread),
  on its own level; arriving at a level it is hidden by its ascending pair.

Entities per run: outline (all its lines), tread, break, one per arrow, anchor — each only
when it has something.
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.geometry import SPAN_EPS

from .constants import ARROW_SPAN_MIN, STEP_MARK
from .records import FormRun, PlanAnchor, PlanEntity, RunPart, Seg2

__all__ = ["plan_entities", "visible_up", "ARROW_INSET", "LIFT_FRAME_MAX"]

ARROW_INSET = 150  # mm: an arrow stops this short of both ends of its visible interval
LIFT_FRAME_MAX = 250  # the lift symbol: a frame inset min(250, width / 8)

Interval = tuple[float, float] | None


def _point(run: FormRun, t: float, s: float) -> tuple[float, float]:
    r = run.rect
    up = run.up
    if up == "N":
        return r.x1 + s, r.y1 + t
    if up == "S":
        return r.x2 - s, r.y2 - t
    if up == "E":
        return r.x1 + t, r.y2 - s
    return r.x2 - t, r.y1 + s


def _seg(run: FormRun, ta: float, sa: float, tb: float, sb: float) -> Seg2:
    x1, y1 = _point(run, ta, sa)
    x2, y2 = _point(run, tb, sb)
    return Seg2(x1=x1, y1=y1, x2=x2, y2=y2)


def visible_up(p: RunPart, cut_z: float) -> tuple[Interval, float | None]:
    """The visible t interval of a part of an ascending run, and where the cut crosses it
    (None unless it spans the plane)."""
    lo_z, hi_z = min(p.z0, p.z1), max(p.z0, p.z1)
    if cut_z >= hi_z - SPAN_EPS:
        return (p.t0, p.t1), None
    if cut_z <= lo_z + SPAN_EPS:
        return None, None
    tc = p.t0 + (cut_z - p.z0) / (p.z1 - p.z0) * (p.t1 - p.t0)
    return ((p.t0, tc) if p.z1 > p.z0 else (tc, p.t1)), tc


def _uncovered(p: RunPart, pair: RunPart | None, cut_z: float) -> Interval:
    """What a descending part shows: all of it without a pair, else the complement of
    the pair part's visible interval."""
    if pair is None:
        return p.t0, p.t1
    seen, _ = visible_up(pair, cut_z)
    if seen is None:
        return p.t0, p.t1
    lo, hi = seen
    if lo <= pair.t0 and hi >= pair.t1:
        return None
    return (hi, p.t1) if lo <= pair.t0 else (p.t0, lo)


def _kept(iv: Interval) -> Interval:
    if iv is None or iv[1] - iv[0] <= SPAN_EPS:
        return None
    return iv


def _ascending_pair(run: FormRun, ups: Sequence[FormRun]) -> FormRun | None:
    a = run.rect
    for u in ups:
        b = u.rect
        if (
            abs(a.x1 - b.x1) <= SPAN_EPS
            and abs(a.x2 - b.x2) <= SPAN_EPS
            and abs(a.y1 - b.y1) <= SPAN_EPS
            and abs(a.y2 - b.y2) <= SPAN_EPS
            and u.up == run.up
            and u.form == run.form
            and u.device == run.device
            and len(u.parts) == len(run.parts)
        ):
            return u
    return None


def _lift(run: FormRun) -> tuple[list[Seg2], list[Seg2]]:
    length, width = run.length, run.width
    i = min(LIFT_FRAME_MAX, width / 8)
    a, b = i, length - i  # along t
    c, d = i, width - i  # across s
    outline = [_seg(run, a, c, b, c), _seg(run, a, d, b, d), _seg(run, a, c, a, d), _seg(run, b, c, b, d)]
    diagonals = [_seg(run, a, c, b, d), _seg(run, a, d, b, c)]
    return outline, diagonals


def _treads(run: FormRun, p: RunPart, iv: tuple[float, float]) -> list[Seg2]:
    lo, hi = iv
    out = []
    if run.device == "stair" and p.kind == "flight":
        going = p.tread or 0
        t = p.t0
        for _ in range(1, (p.risers or 0) - 1):
            t += going
            if lo <= t <= hi:
                out.append(_seg(run, t, p.s0, t, p.s1))
    elif run.device == "escalator":
        t = lo + STEP_MARK
        while t < hi:
            out.append(_seg(run, t, p.s0, t, p.s1))
            t += STEP_MARK
    return out


def _arrow(run: FormRun, p: RunPart, iv: tuple[float, float], forward: bool, up: bool, klass: str) -> PlanEntity | None:
    lo, hi = iv
    if hi - lo <= ARROW_SPAN_MIN:
        return None
    s = (p.s0 + p.s1) / 2
    a, b = (lo + ARROW_INSET, hi - ARROW_INSET) if forward else (hi - ARROW_INSET, lo + ARROW_INSET)
    seg = _seg(run, a, s, b, s)
    return PlanEntity(
        klass=klass, of="run", ref=run.path, role="arrow", lines=(seg,), anchor=PlanAnchor(x=seg.x1, y=seg.y1, up=up)
    )


def _entities(run: FormRun, klass: str, outline, treads, breaks, arrows) -> list[PlanEntity]:
    out = []
    for role, lines in (("outline", outline), ("tread", treads), ("break", breaks)):
        if lines:
            out.append(PlanEntity(klass=klass, of="run", ref=run.path, role=role, lines=tuple(lines)))
    out.extend(arrows)
    return out


def _ascending(run: FormRun, cut_z: float) -> list[PlanEntity]:
    if run.device == "lift":
        outline, diagonals = _lift(run)
        return _entities(run, "cut", outline, diagonals, (), ())
    outline, treads, breaks, arrows = [], [], [], []
    departing = True
    for p in run.parts:
        iv, tc = visible_up(p, cut_z)
        if tc is not None:
            breaks.append(_seg(run, tc, p.s0, tc, p.s1))
        iv = _kept(iv)
        if iv is not None:
            outline.append(_seg(run, iv[0], p.s0, iv[1], p.s0))
            outline.append(_seg(run, iv[0], p.s1, iv[1], p.s1))
            treads.extend(_treads(run, p, iv))
        if p.kind != "flight":
            continue
        if run.device == "escalator":
            if iv is not None:
                arrows.append(_arrow(run, p, iv, not p.reversed, not p.reversed, "cut"))
        elif departing:
            departing = False
            if iv is not None:
                arrows.append(_arrow(run, p, iv, not p.reversed, True, "cut"))
    out = _entities(run, "cut", outline, treads, breaks, [a for a in arrows if a is not None])
    r = run.rect
    out.append(
        PlanEntity(klass="anchor", of="run", ref=run.path, anchor=PlanAnchor(x=(r.x1 + r.x2) / 2, y=(r.y1 + r.y2) / 2))
    )
    return out


def _descending(run: FormRun, pair: FormRun | None, cut_z: float) -> list[PlanEntity]:
    if run.device == "lift":
        if pair is not None:
            return []
        outline, diagonals = _lift(run)
        return _entities(run, "below", outline, diagonals, (), ())
    outline, treads, arrows = [], [], []
    shown: list[tuple[RunPart, Interval]] = []
    for i, p in enumerate(run.parts):
        iv = _kept(_uncovered(p, pair.parts[i] if pair is not None else None, cut_z))
        shown.append((p, iv))
        if iv is not None:
            outline.append(_seg(run, iv[0], p.s0, iv[1], p.s0))
            outline.append(_seg(run, iv[0], p.s1, iv[1], p.s1))
            treads.extend(_treads(run, p, iv))
    flights = [(p, iv) for p, iv in shown if p.kind == "flight"]
    if run.device == "escalator":
        for p, iv in flights:
            if iv is not None:
                arrows.append(_arrow(run, p, iv, not p.reversed, not p.reversed, "below"))
    elif flights:
        p, iv = flights[-1]  # the arriving flight, travelled downwards
        if iv is not None:
            arrows.append(_arrow(run, p, iv, p.reversed, False, "below"))
    return _entities(run, "below", outline, treads, (), [a for a in arrows if a is not None])


def plan_entities(ups: Sequence[FormRun], downs: Sequence[FormRun], cut_z: float) -> tuple[PlanEntity, ...]:
    """The run entities of one level's plan: the runs ascending from it (``ups``), then
    those descending to it (``downs``), each in Form order."""
    out: list[PlanEntity] = []
    for r in ups:
        out.extend(_ascending(r, cut_z))
    for r in downs:
        out.extend(_descending(r, _ascending_pair(r, ups), cut_z))
    return tuple(out)
