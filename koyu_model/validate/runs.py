"""Vertical circulation — ``stair.proportion`` / ``run.slope`` / ``run.disconnected``
(reference/validate/runs.md; form/vertical-runs.md).

What is judged is never written: the riser count, riser, tread and slope are the Form's run
records (``koyu_model.form.runs.derive_runs``), read here, never re-derived. A ``lift`` has
no steps and no pitch: none of these rules applies to one. A space whose run could not take
a shape (RUN0x in check) has no record and says nothing here.

One scan unit per run, runs in the model order of their spaces: ``run.disconnected`` (no
declared ``stair`` or ``shaft`` boundary names the space), then ``stair.proportion`` (a
stair: tread under ``TREAD_MIN``, or 2×riser+tread outside ``STEP_RULE``) or ``run.slope``
(a ramp steeper than its declared ``slope:``; an escalator outside ``ESCALATOR_SLOPE``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from koyu_model.derived import boundaries_naming
from koyu_model.form.runs import derive_runs
from koyu_model.geometry import js_round
from koyu_model.jsjson import js_string
from koyu_model.model import Model

if TYPE_CHECKING:
    from typing_extensions import TypeIs

from .finding import Finding, finding

__all__ = [
    "TREAD_MIN",
    "STEP_RULE",
    "ESCALATOR_SLOPE",
    "check_runs",
    "cramped",
    "cramped_step",
    "declared_slope",
    "judged_runs",
    "linked",
    "outside_escalator_band",
    "outside_escalator_slope",
    "slope_text",
    "steeper_than_declared",
]

TREAD_MIN = 240  # mm
STEP_RULE = (550, 700)  # mm, 2 × riser + tread
ESCALATOR_SLOPE = (1 / 2.3, 1 / 1.4)  # around the usual 1/1.7 (30 degrees)


def slope_text(slope: float) -> str:
    """A derived slope as the messages say it, ``1/<run over rise>``: the run rounded to one
    decimal and spelled as JavaScript's ``String`` spells a number (``1/2``, never ``1/2.0``;
    a flat run is ``1/Infinity``)."""
    run = 1 / slope if slope else math.inf
    return f"1/{js_string(js_round(run * 10) / 10)}"


def _number(value: object) -> TypeIs[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def judged_runs(model: Model) -> list:
    """The derived runs the chapter judges (no lift; the run's space written), in model
    order of their spaces (a space's runs keep Form order)."""
    runs = [r for r in derive_runs(model) if r.device != "lift" and r.path in model.spaces]
    order = {p: i for i, p in enumerate(model.spaces)}
    runs.sort(key=lambda r: order[r.path])
    return runs


def linked(model: Model, path: str) -> bool:
    """Whether a vertical boundary (type:stair or a stack's shaft) names the run's space."""
    return any(model.boundaries[i].kind in ("stair", "shaft") for i in boundaries_naming(model).get(path, ()))


def cramped(r) -> bool:
    """A stair's derived step: tread under TREAD_MIN or 2×riser+tread outside STEP_RULE."""
    return cramped_step(r.riser, r.tread)


def cramped_step(riser: float, tread: float) -> bool:
    """``cramped`` of a step given by its riser and tread (mm)."""
    pace = 2 * riser + tread
    return tread < TREAD_MIN or not STEP_RULE[0] <= pace <= STEP_RULE[1]


def declared_slope(space) -> int | float | None:
    """A ramp's own ``slope:`` denominator when it is a positive number, else None."""
    declared = space.attrs.get("slope")
    return declared if _number(declared) and declared > 0 else None


def steeper_than_declared(r, declared: int | float) -> bool:
    return r.slope > 1 / declared


def outside_escalator_band(r) -> bool:
    return outside_escalator_slope(r.slope)


def outside_escalator_slope(slope: float) -> bool:
    """A derived escalator pitch (rise over run) outside the usual band."""
    return slope > 0 and not ESCALATOR_SLOPE[0] <= slope <= ESCALATOR_SLOPE[1]


def check_runs(model: Model) -> list[Finding]:
    runs = judged_runs(model)
    if not runs:
        return []
    linked_by_path: dict[str, bool] = {}
    out: list[Finding] = []
    for r in runs:
        s = model.spaces[r.path]
        where = (s.line, s.file, (s.path,))
        if r.path not in linked_by_path:
            linked_by_path[r.path] = linked(model, r.path)
        if not linked_by_path[r.path]:
            out.append(
                finding(
                    "run.disconnected",
                    f"{s.path} has a vertical-circulation form but no vertical boundary connecting "
                    "the levels (write stack or boundary type:stair — the form exists, but the graph "
                    "cannot pass)",
                    *where,
                )
            )
        if r.device == "stair":
            if cramped(r):
                riser = js_round(r.riser)
                tread = js_round(r.tread)
                out.append(
                    finding(
                        "stair.proportion",
                        f"Derived step dimensions are cramped: {js_string(r.risers)} risers of "
                        f"{js_string(riser)}mm, tread {js_string(tread)}mm (2*riser+tread = "
                        f"{js_string(2 * riser + tread)}mm; expected {STEP_RULE[0]}-{STEP_RULE[1]}mm)",
                        *where,
                    )
                )
        elif r.device == "ramp":
            declared = declared_slope(s)
            if declared is not None and steeper_than_declared(r, declared):
                out.append(
                    finding(
                        "run.slope",
                        f"Derived slope {slope_text(r.slope)} is steeper than the declared "
                        f"1/{js_string(declared)} (lengthen the run or lower the storey height)",
                        *where,
                    )
                )
        elif r.device == "escalator":
            if outside_escalator_band(r):
                out.append(
                    finding(
                        "run.slope",
                        f"Derived slope {slope_text(r.slope)} is outside the usual "
                        "escalator range (about 1/1.7 = 30 degrees)",
                        *where,
                    )
                )
    return out
