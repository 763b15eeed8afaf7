"""The boundary table: the declared boundaries, then the default walls (reference/muro/
boundary.md "Touching spaces default to a wall"; api/derive.md deriveDefaultBoundaries,
FormBoundary's canonical index; COMPAT §6–§8), then the derived exterior walls where the
release derives them (exterior.py).

    boundary_table(model).boundaries[i]   declared (model order), the default walls between
                                          pairs, then the exterior walls
    boundaries_naming(model)[path]        the declared boundaries naming a space
    form_order(model).index[i]            boundary i's place in canonical order (its ``@i``)

Every boundary index elsewhere (segments, placements, the Form) is into
``boundary_table(model).boundaries``; a declared boundary's index is its index in
``model.boundaries``, so asking about one never needs the default walls.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from koyu_model.canonical import boundary_sorted
from koyu_model.model import Boundary, Model, StashKey, derived_wall

from .exterior import exterior_walls
from .layout import level_plans

__all__ = [
    "BoundaryTable",
    "boundary_table",
    "boundaries_naming",
    "FormOrder",
    "form_order",
]

BOUNDARY_TABLE: StashKey[BoundaryTable] = StashKey("derived.boundary_table")
BOUNDARIES_NAMING: StashKey[Mapping[str, tuple[int, ...]]] = StashKey("derived.boundaries_naming")
FORM_ORDER: StashKey[FormOrder] = StashKey("derived.form_order")


@attrs.frozen
class BoundaryTable:
    """``boundaries``: the declared boundaries in model order, then the default walls —
    one ``wall`` (line 0, file "", nothing else written) per pair of region spaces on one
    level (no level counts as one) whose pieces share an edge longer than EPS and that no
    declared boundary relates; pairs (i, j), i < j over model order; ``a``/``b`` in path
    collation order (COMPAT §7, §8). Then the exterior walls, one per space with a run no
    boundary faces (exterior.py; none where the release derives none). ``declared``: how
    many are declared; ``exterior``: where the exterior walls begin."""

    boundaries: tuple[Boundary, ...]
    declared: int
    exterior: int

    @property
    def default_walls(self) -> tuple[Boundary, ...]:
        """The default walls between two touching spaces (no exterior wall)."""
        return self.boundaries[self.declared : self.exterior]

    @property
    def exterior_walls(self) -> tuple[Boundary, ...]:
        return self.boundaries[self.exterior :]

    def is_default_wall(self, i: int) -> bool:
        """Whether boundary i is derived (a default wall or an exterior wall)."""
        return i >= self.declared

    def is_exterior_wall(self, i: int) -> bool:
        return i >= self.exterior


def boundary_table(model: Model) -> BoundaryTable:
    return model.stash.get(BOUNDARY_TABLE, lambda: _table(model))


def _table(model: Model) -> BoundaryTable:
    pairs = model.boundaries + _default_walls(model)
    return BoundaryTable(pairs + exterior_walls(model).walls, len(model.boundaries), len(pairs))


def _default_walls(model: Model) -> tuple[Boundary, ...]:
    plans = level_plans(model)
    related = {b.between for b in model.boundaries}  # most contacts are declared
    index = {p: i for i, p in enumerate(model.spaces)}
    touching: dict[int, set] = {}  # per plan: levels laid out alike touch alike
    found = set()
    for level, plan in plans.of_level.items():
        pairs = touching.get(plan.number)
        if pairs is None:
            pairs = touching[plan.number] = plan.touching()
        paths = plans.paths[level]
        for k, m in pairs:
            x, y = paths[k], paths[m]
            if ((x, y) if x <= y else (y, x)) in related:
                continue
            i, j = index[x], index[y]
            found.add((i, j) if i < j else (j, i))
    names = list(model.spaces)
    # a default wall's ends in string order
    return tuple(derived_wall(*sorted((names[i], names[j]))) for i, j in sorted(found))


def boundaries_naming(model: Model) -> Mapping[str, tuple[int, ...]]:
    """path → the indices of the declared boundaries naming it, model order (a boundary
    between a space and itself once)."""
    return model.stash.get(BOUNDARIES_NAMING, lambda: _naming(model.boundaries))


def _naming(boundaries) -> dict[str, tuple[int, ...]]:
    out: dict[str, list[int]] = {}
    for i, b in enumerate(boundaries):
        out.setdefault(b.a, []).append(i)
        if b.b != b.a:
            out.setdefault(b.b, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


@attrs.frozen
class FormOrder:
    """The Form's boundary order: ``order`` every index of the boundary table in canonical
    order, declared and default walls alike (the default walls "are ordered by the same
    rule", api/derive.md; COMPAT §6: stable by the blank-key spelling), and ``index``
    boundary index → its place there (the ``i`` of ``a|b@i``)."""

    order: tuple[int, ...]
    index: Mapping[int, int]


def form_order(model: Model) -> FormOrder:
    return model.stash.get(FORM_ORDER, lambda: _form_order(boundary_table(model).boundaries))


def _form_order(boundaries) -> FormOrder:
    order = tuple(boundary_sorted(boundaries))
    return FormOrder(order=order, index={i: k for k, i in enumerate(order)})
