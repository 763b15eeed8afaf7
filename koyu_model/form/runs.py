"""Vertical runs — stairs, ramps, escalators, lifts: their step division and solids
(reference/form/vertical-runs.md; muro/vertical-circulation.md; api/solids.md
verticalRuns / runSolids; diagnostics/run.md "When no shape is generated at all").

A run is measured in local coordinates: ``t`` along the direction of travel from the near
edge of the rectangle, ``s`` across it from the left of the direction of travel. Its
``parts`` are flights and landings in (t, s) with a height at each end; the solids and the
plan entities (``run_plans.py``) are read off the parts, never re-derived.

``divide`` is the arithmetic (entry band, riser count, turning landing, escalator units);
it is the one place that says whether the written lengths leave a shape, and check's RUN05
asks it too. ``derive_runs`` gathers the runs of a Model in Form order (z0, then path in
UTF-16 order; COMPAT §8).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import cast

import attrs

from koyu_model.derived import layout
from koyu_model.geometry import OPPOSITE, js_round
from koyu_model.model import Model, Space, StashKey

from .constants import DEFAULT_RISER_MAX, ENTRY_LANDING, LANDING_MIN, LANE_ESCALATOR, SLAB_T, TREAD_SOLID, TREAD_TARGET
from .records import FormRun, PlanEntity, Rect, RunPart, RunSolid
from .storeys import Storeys, storeys_of

__all__ = [
    "derive_runs",
    "run_plan_entities",
    "RUN_KEYS",
    "DIRECTIONS",
    "run_key",
    "divide",
    "Division",
    "LocalPart",
    "local_rect",
    "run_of_space",
]

RUN_KEYS = ("stair", "ramp", "escalator", "lift")
DIRECTIONS = ("N", "E", "S", "W")

# solids.md / constants.md: dimensions solved on the spot, not published constants
CAR_INSET_MAX = 300  # lift car: inset min(300, shorter side / 6) on all four sides
CAR_Z0 = 60  # lift car from FL + 60 ...
CAR_Z1 = 2400  # ... to FL + 2400, whatever the storey pitch
BALUSTRADE_W_MAX = 140  # escalator balustrade: min(140, unit width / 8) wide
BALUSTRADE_T = 100  # 100 thick
BALUSTRADE_H = 900  # raised 900 above the tread surface


def _positive(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0


def _num(space_attrs, key: str, default: float) -> float:
    v = space_attrs.get(key)
    return v if _positive(v) else default


def run_key(space: Space) -> str | None:
    """The one vertical-circulation key a space carries, or None (none, or more than one:
    RUN01)."""
    keys = [k for k in RUN_KEYS if k in space.attrs]
    return keys[0] if len(keys) == 1 else None


@attrs.frozen
class LocalPart:
    """A flight or landing in local coordinates; ``z0``/``z1`` above FL at t0 / t1."""

    kind: str
    t0: float
    t1: float
    s0: float
    s1: float
    z0: float
    z1: float
    reversed: bool
    risers: int | None = None
    tread: float | None = None
    lane: int | None = None


@attrs.frozen
class Division:
    """The step division of one run (vertical-runs.md): parts, and the aggregates."""

    entry: float
    lanes: int
    parts: tuple[LocalPart, ...]
    risers: int = 0
    riser: float = 0
    tread: float = 0
    slope: float = 0
    going: float = 0


def divide(key: str, form: str, turn: str, length: float, width: float, space_attrs, rise: float) -> Division | None:
    """The arithmetic of vertical-runs.md for a run ``length`` × ``width`` climbing
    ``rise``; None when the entry band eats the whole length or a turning run leaves no
    run length (RUN05 "the form is undetermined")."""
    entry = _num(space_attrs, "entry", ENTRY_LANDING)
    if key == "lift":
        return Division(entry=entry, lanes=1, parts=())
    stair = key == "stair"
    risers = 0
    riser = 0.0
    if stair:
        risers = max(2, math.ceil(rise / _num(space_attrs, "riser", DEFAULT_RISER_MAX)))
        riser = rise / risers
    parts = []
    lanes = 1
    if form == "return":
        usable = length - entry
        if usable <= 0:
            return None
        if _positive(space_attrs.get("landing")):
            landing = max(LANDING_MIN, space_attrs["landing"])
        elif key == "ramp":
            landing = max(LANDING_MIN, min(width / 2, usable / 3))
        else:
            k = min(risers - 1, max(1, int(js_round(risers / 2))))
            n = max(1, max(k - 1, risers - k - 1))
            landing = max(LANDING_MIN, min(usable - n * _num(space_attrs, "tread", TREAD_TARGET), usable - LANDING_MIN))
        run = usable - landing
        if run <= 0:
            return None
        half = width / 2
        # turn:R puts the first flight on the left of the direction of travel
        first, second = ((0, half), (half, width)) if turn != "L" else ((half, width), (0, half))
        t0, t1 = entry, entry + run
        if stair:
            k = min(risers - 1, max(1, int(js_round(risers / 2))))
            z_land = k * riser
            go1 = run / max(1, k - 1)
            go2 = run / max(1, risers - k - 1)
            parts.append(LocalPart("flight", t0, t1, first[0], first[1], 0, z_land, False, k, go1))
            parts.append(LocalPart("landing", t1, length, 0, width, z_land, z_land, False))
            # the second flight climbs back: its low-t end is the high one
            parts.append(LocalPart("flight", t0, t1, second[0], second[1], rise, z_land, True, risers - k, go2))
            tread = min(go1, go2)
        else:
            z_land = rise / 2
            parts.append(LocalPart("flight", t0, t1, first[0], first[1], 0, z_land, False))
            parts.append(LocalPart("landing", t1, length, 0, width, z_land, z_land, False))
            parts.append(LocalPart("flight", t0, t1, second[0], second[1], rise, z_land, True))
            tread = 0
        going = run * 2
    else:
        usable = length - entry * 2
        if usable <= 0:
            return None
        t0, t1 = entry, length - entry
        if key == "escalator":
            nominal = _num(space_attrs, "lane", LANE_ESCALATOR)
            lanes = max(1, math.floor(width / nominal))
            unit = min(nominal, width / lanes)
            rest = (width - unit * lanes) / 2
            for i in range(lanes):
                # units alternate: the one beside an up escalator comes down
                parts.append(
                    LocalPart("flight", t0, t1, rest + i * unit, rest + (i + 1) * unit, 0, rise, i % 2 == 1, lane=i)
                )
            tread = 0
        elif stair:
            tread = usable / max(1, risers - 1)
            parts.append(LocalPart("flight", t0, t1, 0, width, 0, rise, False, risers, tread))
        else:
            tread = 0
            parts.append(LocalPart("flight", t0, t1, 0, width, 0, rise, False))
        going = usable
    return Division(
        entry=entry,
        lanes=lanes,
        parts=tuple(parts),
        risers=risers,
        riser=riser,
        tread=tread,
        slope=_slope(parts),
        going=going,
    )


def _slope(parts: Sequence[LocalPart]) -> float:
    """The steepest flight: its height over its length."""
    out = 0.0
    for p in parts:
        if p.kind == "flight" and p.t1 > p.t0:
            out = max(out, abs(p.z1 - p.z0) / (p.t1 - p.t0))
    return out


def local_rect(up: str, box: Rect, t0: float, t1: float, s0: float, s1: float) -> Rect:
    """The world rectangle of a (t, s) span: t runs from the near edge towards ``up``, s
    from the left of the direction of travel."""
    if up == "N":
        return Rect(x1=box.x1 + s0, x2=box.x1 + s1, y1=box.y1 + t0, y2=box.y1 + t1)
    if up == "S":
        return Rect(x1=box.x2 - s1, x2=box.x2 - s0, y1=box.y2 - t1, y2=box.y2 - t0)
    if up == "E":
        return Rect(x1=box.x1 + t0, x2=box.x1 + t1, y1=box.y2 - s1, y2=box.y2 - s0)
    return Rect(x1=box.x2 - t1, x2=box.x2 - t0, y1=box.y1 + s0, y2=box.y1 + s1)


def _solids(
    key: str, up: str, box: Rect, fl: float, width: float, length: float, parts: Sequence[RunPart], riser: float
) -> tuple[RunSolid, ...]:
    """runSolids (api/solids.md; vertical-runs.md "Solids"), part by part."""
    if key == "lift":
        inset = min(CAR_INSET_MAX, min(width, length) / 6)
        car = Rect(x1=box.x1 + inset, x2=box.x2 - inset, y1=box.y1 + inset, y2=box.y2 - inset)
        return (RunSolid(kind="box", rect=car, z0=fl + CAR_Z0, z1=fl + CAR_Z1),)
    out = []
    for p in parts:
        if p.kind == "landing":
            out.append(RunSolid(kind="box", rect=p.rect, z0=p.z1 - SLAB_T, z1=p.z1))
            continue
        high = up if p.z1 >= p.z0 else OPPOSITE[up]  # the tilt follows z, never travel
        lo, hi = min(p.z0, p.z1), max(p.z0, p.z1)
        if key == "stair":
            # k risers, k − 1 tread boards: the top step is the landing or the floor above
            n = p.risers or 0
            going = p.tread or 0
            for i in range(1, n):
                if p.z1 >= p.z0:
                    a, b = p.t0 + (i - 1) * going, p.t0 + i * going
                else:
                    a, b = p.t1 - i * going, p.t1 - (i - 1) * going
                top = lo + i * riser
                out.append(
                    RunSolid(
                        kind="box", rect=local_rect(up, box, a, b, p.s0, p.s1), z0=top - (riser + TREAD_SOLID), z1=top
                    )
                )
            continue
        out.append(RunSolid(kind="incline", rect=p.rect, up=high, z0=lo, z1=hi, t=SLAB_T))
        if key == "escalator":
            bw = min(BALUSTRADE_W_MAX, (p.s1 - p.s0) / 8)
            for a, b in ((p.s0, p.s0 + bw), (p.s1 - bw, p.s1)):
                out.append(
                    RunSolid(
                        kind="incline",
                        rect=local_rect(up, box, p.t0, p.t1, a, b),
                        up=high,
                        z0=lo + BALUSTRADE_H,
                        z1=hi + BALUSTRADE_H,
                        t=BALUSTRADE_T,
                    )
                )
    return tuple(out)


def run_of_space(model: Model, storeys: Storeys, space: Space) -> FormRun | None:
    """The vertical run a space declares, or None when no shape follows (diagnostics/run.md:
    RUN01/02/03/05 and SUF04 say why; check's section 8 asks the same questions)."""
    key = run_key(space)
    if key is None:
        return None
    value = space.attrs[key]
    if key == "lift":
        if isinstance(value, (str, bool)) or value != 1:
            return None
    elif value not in DIRECTIONS:
        return None
    if len(space.rects) != 1:
        return None  # no region, or a union: the step division is undetermined
    level = storeys.level(space.level)
    if level is None:
        return None
    above = storeys.above(level.name)
    if above is None and key != "lift":
        return None  # SUF04
    form = space.attrs.get("form", "straight")
    if form not in ("straight", "return") or (form == "return" and key in ("escalator", "lift")):
        return None
    form = cast(str, form)  # one of the two words just checked
    up = "N" if key == "lift" else cast(str, value)  # a direction, checked above
    r = space.rects[0]  # COMPAT §8: the first written rectangle
    box = Rect(x1=r.x1, x2=r.x2, y1=r.y1, y2=r.y2)
    if up in ("N", "S"):
        length, width = r.y2 - r.y1, r.x2 - r.x1
    else:
        length, width = r.x2 - r.x1, r.y2 - r.y1
    fl = level.z
    z1 = above.z if above is not None else fl
    rise = z1 - fl
    turn = "L" if space.attrs.get("turn") == "L" else "R"
    div = divide(key, form, turn, length, width, space.attrs, rise)
    if div is None:
        return None
    parts = tuple(
        RunPart(
            kind=p.kind,
            rect=local_rect(up, box, p.t0, p.t1, p.s0, p.s1),
            t0=p.t0,
            t1=p.t1,
            s0=p.s0,
            s1=p.s1,
            z0=fl + p.z0,
            z1=fl + p.z1,
            reversed=p.reversed,
            risers=p.risers,
            tread=p.tread,
            lane=p.lane,
        )
        for p in div.parts
    )
    return FormRun(
        path=space.path,
        device=key,
        form=form,
        level=level.name,
        upper=above.name if above is not None else None,
        z0=fl,
        z1=z1,
        rise=rise,
        up=up,
        turn=turn,
        rect=box,
        length=length,
        width=width,
        entry=div.entry,
        lanes=div.lanes,
        parts=parts,
        risers=div.risers,
        riser=div.riser,
        tread=div.tread,
        slope=div.slope,
        going=div.going,
        solids=_solids(key, up, box, fl, width, length, parts, div.riser),
    )


def _utf16(s: str) -> bytes:
    return s.encode("utf-16-be", "surrogatepass")


RUNS: StashKey[tuple[FormRun, ...]] = StashKey("form.runs")


def derive_runs(model: Model, levels: frozenset | None = None) -> tuple[FormRun, ...]:
    """Every vertical run of the model, in Form order (z0, then path in UTF-16 order;
    COMPAT §8), solids included; the whole model's once per Model. ``levels``: when given,
    only runs whose ``level`` or ``upper`` is one of these names (a partial Form; see
    derive.py)."""
    if levels is None:
        return model.stash.get(RUNS, lambda: _runs(model, None))
    return _runs(model, levels)


def _runs(model: Model, levels: frozenset | None) -> tuple[FormRun, ...]:
    storeys = storeys_of(model)
    candidates: Iterable[Space]
    if levels is None:
        candidates = model.spaces.values()
    else:  # a run stands on its space's level and rises to the level above it
        spaces = model.spaces
        by_level = layout(model).by_level
        names = [
            n for n in storeys.order if n in levels or ((up := storeys.above(n)) is not None and up.name in levels)
        ]
        candidates = [spaces[p] for n in names for p in by_level.get(n, ())]
    out = []
    for s in candidates:
        if not any(k in s.attrs for k in RUN_KEYS):
            continue
        run = run_of_space(model, storeys, s)
        if run is None:
            continue
        if levels is not None and run.level not in levels and run.upper not in levels:
            continue
        out.append(run)
    out.sort(key=lambda r: (r.z0, _utf16(r.path)))
    return tuple(out)


def run_plan_entities(ups: Sequence[FormRun], downs: Sequence[FormRun], cut_z: float) -> tuple[PlanEntity, ...]:
    """The run entities of one level's plan cut at world height ``cut_z``: the runs
    ascending from the level (``ups``), then those descending to it (``downs``); per run
    outline, tread, break, arrows, anchor (reference/form/plan.md; COMPAT §8)."""
    from .run_plans import plan_entities

    return plan_entities(ups, downs, cut_z)
