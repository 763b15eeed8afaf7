"""The four vertical-run rules of the built-in profile (reference/validate/runs.md):
stair.proportion, ramp.declared-slope, escalator.usual-slope, run.disconnected.

Each judges the runs of its kind (koyu_model.validate.runs: the same derived runs and
the same judgements as 0.16's chapter), one outcome per run in model order; a rule
with no run of its kind is not applicable. 0.16's ``run.slope`` is split here by what it
measured: a ramp against its own declared slope, an escalator against the usual band.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.geometry import js_round
from koyu_model.jsjson import js_number, js_to_fixed
from koyu_model.validate.runs import (
    STEP_RULE,
    TREAD_MIN,
    cramped,
    declared_slope,
    judged_runs,
    linked,
    outside_escalator_band,
    steeper_than_declared,
)

from .protocol import applicable, not_applicable, outcome

__all__ = ["disconnected", "escalator_slope", "ramp_slope", "stair_proportion"]


def _by_id(outcomes: list) -> dict:
    """The evaluation, its outcomes sorted by id (the original's order: by subject)."""
    return applicable(sorted(outcomes, key=lambda o: o["id"]))


def _run(ref: str) -> list[dict[str, str]]:
    return [{"kind": "run", "ref": ref}]


def _slope(r) -> str:
    return f"1/{js_to_fixed(1 / r.slope, 1)}"


def stair_proportion(model, artifacts: Mapping[str, Any]):
    stairs = [r for r in judged_runs(model) if r.device == "stair"]
    if not stairs:
        return not_applicable("No derived stair run exists")
    out = []
    for r in stairs:
        riser, tread = js_round(r.riser), js_round(r.tread)
        pace = js_number(2 * riser + tread)  # of the rounded step, as the message shows it
        if cramped(r):
            message = (
                f"Cramped step: {r.path} — derived tread {js_number(tread)}mm, 2×riser+tread {pace}mm (wants tread ≥ "
                f"{TREAD_MIN}mm and pace {STEP_RULE[0]}–{STEP_RULE[1]}mm; deepen the shaft along travel, "
                "fold it with form:return, or raise riser:)"
            )
            out.append(outcome(r.path, "fail", _run(r.path), message))
        else:
            message = f"{r.path} has a derived tread of {js_number(tread)}mm and a pace of {pace}mm, both inside the schematic band"
            out.append(outcome(r.path, "pass", _run(r.path), message))
    return _by_id(out)


def ramp_slope(model, artifacts: Mapping[str, Any]):
    ramps = [
        (r, d)
        for r in judged_runs(model)
        if r.device == "ramp" and (d := declared_slope(model.spaces[r.path])) is not None
    ]
    if not ramps:
        return not_applicable("No ramp has a positive declared slope denominator")
    out = []
    for r, declared in ramps:
        if steeper_than_declared(r, declared):
            message = (
                f"Derived slope {_slope(r)} is steeper than the declared 1/{js_number(declared)}: {r.path} "
                "(lengthen the run or lower the storey height)"
            )
            out.append(outcome(r.path, "fail", _run(r.path), message))
        else:
            message = f"Derived slope {_slope(r)} is no steeper than the declared 1/{js_number(declared)}: {r.path}"
            out.append(outcome(r.path, "pass", _run(r.path), message))
    return _by_id(out)


def escalator_slope(model, artifacts: Mapping[str, Any]):
    escalators = [r for r in judged_runs(model) if r.device == "escalator"]
    if not escalators:
        return not_applicable("No derived escalator run exists")
    out = []
    for r in escalators:
        if outside_escalator_band(r):
            message = (
                f"Derived slope {_slope(r)} is outside the usual escalator range 1/2.3–1/1.4 "
                f"(about 1/1.7 = 30 degrees): {r.path}"
            )
            out.append(outcome(r.path, "fail", _run(r.path), message))
        else:
            out.append(
                outcome(
                    r.path,
                    "pass",
                    _run(r.path),
                    f"Derived slope {_slope(r)} is inside the usual escalator range: {r.path}",
                )
            )
    return _by_id(out)


def disconnected(model, artifacts: Mapping[str, Any]):
    runs = judged_runs(model)
    if not runs:
        return not_applicable("No non-lift vertical run exists")
    out = []
    for r in runs:
        if linked(model, r.path):
            out.append(outcome(r.path, "pass", _run(r.path), f"{r.path} is an endpoint of a vertical boundary"))
        else:
            message = (
                f"{r.path} has a vertical-circulation form but no vertical boundary connecting the levels "
                "(write stack or boundary type:stair — the form exists, but the graph cannot pass)"
            )
            out.append(outcome(r.path, "fail", _run(r.path), message))
    return _by_id(out)
