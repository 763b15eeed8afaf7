"""derive(model, cut=1200) → Form: the one entry point to shape (reference/form/index.md,
reference/api/derive.md).

Work in progress: the skeleton of the assembly. See the parts' modules.

Interface owed by derive-2 (koyu_model/form/runs.py and columns.py):

* ``runs.derive_runs(model, ground, storeys, levels=None) -> tuple[FormRun, ...]`` — every
  vertical run in Form order (z0, then path, UTF-16), solids included;
* ``runs.run_plan_entities(runs, level, cut_z) -> tuple[PlanEntity, ...]`` — the run
  entities of one level's plan (ascending runs, then descending: outline, tread, break,
  arrows, anchor);
* ``columns.derive_columns(model, ground, storeys, levels=None) -> tuple[FormColumn, ...]``
  — standing columns in Form order (levels by z, levels with a pitch only);
* ``columns.column_plan_entities(column, cut_z) -> tuple[PlanEntity, ...]`` — its entity
  on its own level's plan (cut or below).

``storeys`` is a ``koyu_model.form.storeys.Storeys`` (levels by z, above, pitch, ceiling
heights); ``ground`` is ``koyu_model.ground.ground_of(model)``. ``levels``, when given, is
a frozenset of level names: only what the plans of those levels need must be derived.
"""

from __future__ import annotations

from typing import Iterable, Optional

from koyu_model.ground import ground_of
from koyu_model.model import Model

from .columns import derive_columns
from .constants import CUT_HEIGHT
from .records import Form, FormInput, FormLevel
from .runs import derive_runs
from .storeys import Storeys

__all__ = ["derive"]


def derive(model: Model, cut: float = CUT_HEIGHT, levels: Optional[Iterable[str]] = None) -> Form:
    """The Form of a model at plan cut ``cut`` mm above FL."""
    ground = ground_of(model)
    storeys = Storeys(model)
    want = None if levels is None else frozenset(levels)
    form_levels = tuple(
        FormLevel(name=n, z=model.levels[n].z, h=model.levels[n].h, slab=model.levels[n].slab,
                  pitch=storeys.pitch(n))
        for n in storeys.order)
    return Form(input=FormInput(cut=cut), levels=form_levels,
                columns=derive_columns(model, ground, storeys, want),
                runs=derive_runs(model, ground, storeys, want))
