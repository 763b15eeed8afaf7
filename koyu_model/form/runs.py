"""Vertical runs — stairs, ramps, escalators, lifts: their step division, solids and plan
entities (reference/form/vertical-runs.md, plan.md; api/solids.md).

STUB — owned by derive-2. ``derive.py`` calls exactly the two functions below.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from koyu_model.form.records import FormRun, PlanEntity
from koyu_model.form.storeys import Storeys
from koyu_model.ground import Ground
from koyu_model.model import Model

__all__ = ["derive_runs", "run_plan_entities"]


def derive_runs(model: Model, ground: Ground, storeys: Storeys,
                levels: Optional[frozenset] = None) -> Tuple[FormRun, ...]:
    """Every vertical run of the model, in Form order (z0, then path in UTF-16 order;
    COMPAT §8), solids included. ``levels``: when given, only runs whose ``level`` or
    ``upper`` is one of these names are needed (a partial Form; see derive.py).
    Owned by derive-2."""
    return ()


def run_plan_entities(runs: Sequence[FormRun], level: str, cut_z: float) -> Tuple[PlanEntity, ...]:
    """The run entities of the plan of ``level`` cut at world height ``cut_z``: the runs
    ascending from the level, then those descending to it; per run outline, tread, break,
    arrows, anchor (reference/form/plan.md; COMPAT §8). ``runs`` is what derive_runs
    returned. Owned by derive-2."""
    return ()
