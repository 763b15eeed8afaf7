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

from typing import TYPE_CHECKING

from koyu_model.derived import boundaries_naming
from koyu_model.form.runs import derive_runs
from koyu_model.geometry import js_round
from koyu_model.jsjson import js_number, js_to_fixed
from koyu_model.model import Model

if TYPE_CHECKING:
    from typing_extensions import TypeIs

from .finding import Finding, finding

__all__ = ["TREAD_MIN", "STEP_RULE", "ESCALATOR_SLOPE", "check_runs"]

TREAD_MIN = 240  # mm
STEP_RULE = (550, 700)  # mm, 2 × riser + tread
ESCALATOR_SLOPE = (1 / 2.3, 1 / 1.4)  # around the usual 1/1.7 (30 degrees)


def _number(value: object) -> TypeIs[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_runs(model: Model) -> list[Finding]:
    runs = [r for r in derive_runs(model) if r.device != "lift" and r.path in model.spaces]
    if not runs:
        return []
    order = {p: i for i, p in enumerate(model.spaces)}
    naming = boundaries_naming(model)
    runs.sort(key=lambda r: order[r.path])  # stable: a space's runs keep Form order
    linked: dict[str, bool] = {}
    out: list[Finding] = []
    for r in runs:
        s = model.spaces[r.path]
        where = (s.line, s.file, (s.path,))
        if r.path not in linked:
            linked[r.path] = any(model.boundaries[i].kind in ("stair", "shaft") for i in naming.get(r.path, ()))
        if not linked[r.path]:
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
            pace = 2 * r.riser + r.tread
            if r.tread < TREAD_MIN or not STEP_RULE[0] <= pace <= STEP_RULE[1]:
                riser = js_round(r.riser)
                tread = js_round(r.tread)
                out.append(
                    finding(
                        "stair.proportion",
                        f"Derived step dimensions are cramped: {js_number(r.risers)} risers of "
                        f"{js_number(riser)}mm, tread {js_number(tread)}mm (2*riser+tread = "
                        f"{js_number(2 * riser + tread)}mm; expected {STEP_RULE[0]}-{STEP_RULE[1]}mm)",
                        *where,
                    )
                )
        elif r.device == "ramp":
            declared = s.attrs.get("slope")
            if _number(declared) and declared > 0 and r.slope > 1 / declared:
                out.append(
                    finding(
                        "run.slope",
                        f"Derived slope 1/{js_to_fixed(1 / r.slope, 1)} is steeper than the declared "
                        f"1/{js_number(declared)} (lengthen the run or lower the storey height)",
                        *where,
                    )
                )
        elif r.device == "escalator":
            if r.slope > 0 and not ESCALATOR_SLOPE[0] <= r.slope <= ESCALATOR_SLOPE[1]:
                out.append(
                    finding(
                        "run.slope",
                        f"Derived slope 1/{js_to_fixed(1 / r.slope, 1)} is outside the usual "
                        "escalator range (about 1/1.7 = 30 degrees)",
                        *where,
                    )
                )
    return out
