"""``koyu.analysis.vertical-runs@1`` and its four rules (reference/validate/runs.md):
stair.proportion, ramp.declared-slope, escalator.usual-slope, run.disconnected.

The analysis states every derived run (koyu_model.form.runs.derive_runs, lifts included,
in Form order): its device, levels, rise, steps, going, slope, the ``slope:`` its space
declares, and whether a vertical boundary names its space. The rules judge the runs of
their kind (never a lift) with 0.16's tests (koyu_model.validate.runs), one outcome per
run sorted by id; 0.16's ``run.slope`` is split by what it measured: a ramp against its
own declared slope, an escalator against the usual band.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.geometry import js_round
from koyu_model.jsjson import js_string
from koyu_model.validate.runs import (
    ESCALATOR_SLOPE,
    STEP_RULE,
    TREAD_MIN,
    cramped_step,
    declared_slope,
    linked,
    outside_escalator_slope,
    slope_text,
)

from .evidence import comparison, fact, quantity, ref, space_source, unlocated
from .protocol import applicable, not_applicable, outcome

__all__ = ["ANALYSIS", "analyse", "disconnected", "escalator_slope", "pitch", "ramp_slope", "stair_proportion"]

ANALYSIS = "koyu.analysis.vertical-runs"
#: a derived slope this far above the declared limit still meets it (the original's margin)
SLOPE_EPSILON = 1e-9

JSON = Any


def analyse(model) -> tuple[JSON, list[JSON]]:
    """The runs artifact: one entry (and one fact) per derived run, in Form order."""
    from koyu_model.form.runs import derive_runs

    spaces = model.spaces
    runs = [
        {
            "declaredSlopeDenominator": declared_slope(spaces[r.path]),
            "device": r.device,
            "goingMm": r.going,
            "levelRef": r.level,
            "ref": r.path,
            "riseMm": r.rise,
            "riserMm": r.riser,
            "risers": r.risers,
            "runLengthMm": r.length,
            "slope": pitch(r),
            "treadMm": r.tread,
            "upperLevelRef": r.upper,
            "verticalBoundaryLinked": linked(model, r.path),
        }
        for r in derive_runs(model)
        if r.path in spaces
    ]
    return {"runs": runs}, sorted((_run_fact(model, r) for r in runs), key=lambda e: e["id"])


def pitch(run) -> float:
    """The steepest flight of a derived run: its rise over its length, the rise taken
    between the world heights of its ends. The Form's ``slope`` takes it between heights
    above the floor; the two can differ in the last digit on a storey below zero, and the
    original's report shows the world one (a basement's stair, 0.6460317460317462 on B2
    and …461 on B1 for the same flight)."""
    steepest = 0.0
    for p in run.parts:
        if p.kind == "flight" and p.t1 > p.t0:
            steepest = max(steepest, abs(p.z1 - p.z0) / (p.t1 - p.t0))
    return steepest


def _run_fact(model, run: JSON) -> JSON:
    path = run["ref"]
    return fact(
        f"vertical-run:{path}",
        "verticalRun",
        ANALYSIS,
        [ref("run", path)],
        [space_source(model.spaces[path], "run")],
        run,
    )


def _of(artifacts: Mapping[str, Any], device: str) -> list[JSON]:
    return [r for r in artifacts[ANALYSIS]["runs"] if r["device"] == device]


def _by_id(outcomes: list) -> dict:
    """The evaluation, its outcomes sorted by id (the original's order: by subject)."""
    return applicable(sorted(outcomes, key=lambda o: o["id"]))


def _band(low: float, high: float, unit: str) -> JSON:
    return {"maximum": quantity(high, unit), "minimum": quantity(low, unit)}


def stair_proportion(model, artifacts: Mapping[str, Any]):
    stairs = _of(artifacts, "stair")
    if not stairs:
        return not_applicable("No derived stair run exists")
    rule = "koyu.schematic.stair.proportion"
    out = []
    for r in stairs:
        path, subject = r["ref"], ref("run", r["ref"])
        riser, tread = js_round(r["riserMm"]), js_round(r["treadMm"])
        pace = 2 * riser + tread  # of the rounded step, as the message shows it
        evidence = [
            comparison("pace-band", rule, [subject], quantity(pace, "mm"), "inside", _band(*STEP_RULE, "mm")),
            comparison("tread-minimum", rule, [subject], quantity(tread, "mm"), ">=", quantity(TREAD_MIN, "mm")),
            _run_fact(model, r),
        ]
        if cramped_step(r["riserMm"], r["treadMm"]):
            message = (
                f"Cramped step: {path} — derived tread {js_string(tread)}mm, 2×riser+tread {js_string(pace)}mm "
                f"(wants tread ≥ {TREAD_MIN}mm and pace {STEP_RULE[0]}–{STEP_RULE[1]}mm; deepen the shaft "
                "along travel, fold it with form:return, or raise riser:)"
            )
            out.append(outcome(path, "fail", [subject], message, evidence))
        else:
            message = (
                f"{path} has a derived tread of {js_string(tread)}mm and a pace of {js_string(pace)}mm, "
                "both inside the schematic band"
            )
            out.append(outcome(path, "pass", [subject], message, evidence))
    return _by_id(out)


def ramp_slope(model, artifacts: Mapping[str, Any]):
    ramps = [r for r in _of(artifacts, "ramp") if r["declaredSlopeDenominator"] is not None]
    if not ramps:
        return not_applicable("No ramp has a positive declared slope denominator")
    rule = "koyu.schematic.ramp.declared-slope"
    out = []
    for r in ramps:
        path, subject, declared = r["ref"], ref("run", r["ref"]), r["declaredSlopeDenominator"]
        limit = 1 / declared
        evidence = [
            fact(
                "declared-slope-input",
                "declaredSlopeLimit",
                rule,
                [subject],
                [unlocated(subject)],
                {"comparisonEpsilon": SLOPE_EPSILON, "denominator": declared, "ratio": limit},
            ),
            comparison(
                "declared-slope-limit",
                rule,
                [subject],
                quantity(r["slope"], "ratio"),
                "<=",
                quantity(limit + SLOPE_EPSILON, "ratio"),
            ),
            _run_fact(model, r),
        ]
        if r["slope"] > limit + SLOPE_EPSILON:
            message = (
                f"Derived slope {slope_text(r['slope'])} is steeper than the declared 1/{js_string(declared)}: {path} "
                "(lengthen the run or lower the storey height)"
            )
            out.append(outcome(path, "fail", [subject], message, evidence))
        else:
            message = f"Derived slope {slope_text(r['slope'])} is no steeper than the declared 1/{js_string(declared)}: {path}"
            out.append(outcome(path, "pass", [subject], message, evidence))
    return _by_id(out)


def escalator_slope(model, artifacts: Mapping[str, Any]):
    escalators = _of(artifacts, "escalator")
    if not escalators:
        return not_applicable("No derived escalator run exists")
    rule = "koyu.schematic.escalator.usual-slope"
    out = []
    for r in escalators:
        path, subject = r["ref"], ref("run", r["ref"])
        evidence = [
            comparison(
                "usual-slope-band",
                rule,
                [subject],
                quantity(r["slope"], "ratio"),
                "inside",
                _band(*ESCALATOR_SLOPE, "ratio"),
            ),
            _run_fact(model, r),
        ]
        if outside_escalator_slope(r["slope"]):
            message = (
                f"Derived slope {slope_text(r['slope'])} is outside the usual escalator range 1/2.3–1/1.4 "
                f"(about 1/1.7 = 30 degrees): {path}"
            )
            out.append(outcome(path, "fail", [subject], message, evidence))
        else:
            message = f"Derived slope {slope_text(r['slope'])} is inside the usual escalator range: {path}"
            out.append(outcome(path, "pass", [subject], message, evidence))
    return _by_id(out)


def disconnected(model, artifacts: Mapping[str, Any]):
    runs = [r for r in artifacts[ANALYSIS]["runs"] if r["device"] != "lift"]
    if not runs:
        return not_applicable("No non-lift vertical run exists")
    out = []
    for r in runs:
        path, subject = r["ref"], ref("run", r["ref"])
        evidence = [_run_fact(model, r)]
        if r["verticalBoundaryLinked"]:
            out.append(outcome(path, "pass", [subject], f"{path} is an endpoint of a vertical boundary", evidence))
        else:
            message = (
                f"{path} has a vertical-circulation form but no vertical boundary connecting the levels "
                "(write stack or boundary type:stair — the form exists, but the graph cannot pass)"
            )
            out.append(outcome(path, "fail", [subject], message, evidence))
    return _by_id(out)
