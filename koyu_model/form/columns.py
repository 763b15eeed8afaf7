"""Columns — where a grid intersection meets a floor, and their plan entities
(reference/form/bodies.md "Columns"; muro/column.md; api/solids.md columnRect).

STUB — owned by derive-2. ``derive.py`` calls exactly the two functions below.
"""

from __future__ import annotations

from typing import Optional, Tuple

from koyu_model.form.records import FormColumn, PlanEntity
from koyu_model.form.storeys import Storeys
from koyu_model.ground import Ground
from koyu_model.model import Model

__all__ = ["derive_columns", "column_plan_entities"]


def derive_columns(model: Model, ground: Ground, storeys: Storeys,
                   levels: Optional[frozenset] = None) -> Tuple[FormColumn, ...]:
    """Every standing column in Form order (levels by z, only levels with a pitch;
    COMPAT §8). ``levels``: when given, only columns on those levels are needed.
    Owned by derive-2."""
    return ()


def column_plan_entities(column: FormColumn, cut_z: float) -> Tuple[PlanEntity, ...]:
    """The plan entity of one column on its own level's plan: ``cut`` when the plane at
    world height ``cut_z`` crosses it, else ``below`` (COMPAT §8). Owned by derive-2."""
    return ()
