"""Columns — where a grid intersection meets a floor, and their plan entities
(reference/form/bodies.md "Columns"; muro/column.md; api/queries.md columnsFor;
api/solids.md columnRect; diagnostics/col.md).

The one rule of standing, shared by ``derive`` (FormColumn) and ``check`` (COL01/COL02):

* the *floors* of a level are the derived pieces (after drawn-line cuts) of its region
  spaces that are neither ``exterior`` nor ``void`` nor semi-outdoor with nothing above;
* a declaration scans its grid lines X outer, Y inner (``x:``/``y:`` restrict them); an
  intersection inside a floor piece (on the edge counts, within POINT_EPS) has a floor;
* on a level with a storey pitch, a column stands there unless an earlier declaration
  already took that intersection (the earlier declaration wins); on a level with no pitch
  nothing stands and nothing is taken (SUF01 speaks, not COL).

``standing(model, ground, storeys)`` computes this once per Model and answers both: the
FormColumns in Form order (levels by z, pitched levels only; declarations in order; X
outer, Y inner) and, per declaration, whether it met a floor, how many columns it raised
and which earlier declarations took its sites.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

import attrs

from koyu_model.geometry import POINT_EPS, SPAN_EPS, point_in_polygon
from koyu_model.ground import Ground
from koyu_model.memo import remember
from koyu_model.model import Model

from .records import FormColumn, PlanEntity, Pt
from .storeys import Storeys

__all__ = ["derive_columns", "column_plan_entities", "column_rect", "standing", "Standing",
           "DeclarationOutcome", "floor_points", "axis_sites"]


@attrs.frozen
class DeclarationOutcome:
    """What one column declaration did (diagnostics/col.md: the population is the
    declaration). ``any_floor``: one of its intersections has a floor on one of its
    levels; ``stood``: columns it raised; ``takers``: indices of earlier declarations
    that had already taken one of its sites."""

    any_floor: bool
    stood: int
    takers: FrozenSet[int]


@attrs.frozen
class Standing:
    """The columns that stand (Form order) and each declaration's outcome (model order)."""

    columns: Tuple[FormColumn, ...]
    outcomes: Tuple[DeclarationOutcome, ...]


def axis_sites(model: Model, axis: str, chosen: Optional[Tuple[str, ...]]) -> List[Tuple[str, float]]:
    """(name, coordinate) of the grid lines a declaration stands on along ``axis``: all of
    them in grid order, or the ``x:``/``y:`` names that are lines of this axis."""
    g = getattr(model.grid, axis)
    if g is None:
        return []
    if chosen is None:
        return list(zip(g.names, g.coords))
    coords = dict(zip(g.names, g.coords))
    return [(n, coords[n]) for n in chosen if n in coords]


def _floor_pieces(model: Model, ground: Ground, level: str):
    spaces = model.spaces
    for p in ground.spaces_by_level.get(level, ()):
        if p not in ground.pieces:
            continue
        if spaces[p].type in ("exterior", "void"):
            continue
        if p in ground.semi_outdoor and p not in ground.covered:
            continue  # a floor holding up nothing but sky takes no column
        yield from ground.pieces[p]


def floor_points(model: Model, ground: Ground, level: str) -> Set[Tuple[float, float]]:
    """Every grid intersection (all X × all Y coordinates) that has a floor on ``level``.
    Each piece tests only the grid lines its box (grown by POINT_EPS) reaches, so the work
    is the number of intersections covered, not pieces × intersections."""
    gx, gy = model.grid.X, model.grid.Y
    if gx is None or gy is None:
        return set()
    xs = sorted(set(gx.coords))
    ys = sorted(set(gy.coords))
    out: Set[Tuple[float, float]] = set()
    for piece in _floor_pieces(model, ground, level):
        px = [v[0] for v in piece]
        py = [v[1] for v in piece]
        x_lo = bisect_left(xs, min(px) - POINT_EPS)
        x_hi = bisect_right(xs, max(px) + POINT_EPS)
        y_lo = bisect_left(ys, min(py) - POINT_EPS)
        y_hi = bisect_right(ys, max(py) + POINT_EPS)
        # an axis-parallel rectangle holds every point of its grown box: no test needed
        boxy = len(piece) == 4 and len(set(px)) == 2 and len(set(py)) == 2
        for x in xs[x_lo:x_hi]:
            for y in ys[y_lo:y_hi]:
                if (x, y) not in out and (boxy or point_in_polygon((x, y), piece)):
                    out.add((x, y))
    return out


def _standing(model: Model, ground: Ground, storeys: Storeys) -> Standing:
    decls = model.columns
    any_floor = [False] * len(decls)
    stood = [0] * len(decls)
    takers: List[Set[int]] = [set() for _ in decls]
    on_level: Dict[str, List[int]] = {}
    for ci, c in enumerate(decls):
        for name in c.levels:
            on_level.setdefault(name, []).append(ci)
    sites = [(axis_sites(model, "X", c.x), axis_sites(model, "Y", c.y)) for c in decls]
    out: List[FormColumn] = []
    for name in storeys.order:
        indices = on_level.get(name)
        if not indices:
            continue
        floors = floor_points(model, ground, name)
        if not floors:
            continue
        pitch = storeys.pitch(name)
        z0 = model.levels[name].z
        taken: Dict[Tuple[float, float], int] = {}
        for ci in indices:
            c = decls[ci]
            xs, ys = sites[ci]
            for xn, x in xs:
                for yn, y in ys:
                    if (x, y) not in floors:
                        continue
                    any_floor[ci] = True
                    if pitch is None:
                        continue  # no storey height: nothing stands, nothing is taken
                    owner = taken.get((x, y))
                    if owner is not None:
                        takers[ci].add(owner)
                        continue
                    taken[(x, y)] = ci
                    stood[ci] += 1
                    out.append(FormColumn(
                        x=x, y=y, w=c.size, d=c.size if c.d is None else c.d, level=name,
                        grid=f"{xn}/{yn}", decl=ci, attrs=tuple(c.attrs.items()),
                        ref=f"{name}/{xn}/{yn}", z0=z0, z1=z0 + pitch))
    outcomes = tuple(DeclarationOutcome(any_floor=a, stood=s, takers=frozenset(t))
                     for a, s, t in zip(any_floor, stood, takers))
    return Standing(columns=tuple(out), outcomes=outcomes)


def standing(model: Model, ground: Ground, storeys: Optional[Storeys] = None) -> Standing:
    """The columns of ``model`` and each declaration's outcome, computed once per Model."""
    return remember(model, "form.columns.standing",
                    lambda: _standing(model, ground, storeys or Storeys(model)))


def derive_columns(model: Model, ground: Ground, storeys: Storeys,
                   levels: Optional[frozenset] = None) -> Tuple[FormColumn, ...]:
    """Every standing column in Form order (levels by z, only levels with a pitch;
    COMPAT §8). ``levels``: when given, only columns on those levels are returned."""
    if not model.columns:
        return ()
    cols = standing(model, ground, storeys).columns
    if levels is None:
        return cols
    return tuple(c for c in cols if c.level in levels)


def column_rect(c) -> Tuple[Pt, ...]:
    """``columnRect``: the section, half the width and half the depth about the grid
    intersection, (−,−) → (+,−) → (+,+) → (−,+) (api/solids.md)."""
    hw = c.w / 2
    hd = c.d / 2
    return (Pt(x=c.x - hw, y=c.y - hd), Pt(x=c.x + hw, y=c.y - hd),
            Pt(x=c.x + hw, y=c.y + hd), Pt(x=c.x - hw, y=c.y + hd))


def column_plan_entities(column: FormColumn, cut_z: float) -> Tuple[PlanEntity, ...]:
    """The plan entity of one column on its own level's plan: ``cut`` when the plane at
    world height ``cut_z`` crosses it (within SPAN_EPS, as walls), else ``below``
    (COMPAT §8: columns are cut or below)."""
    klass = "cut" if column.z0 - SPAN_EPS <= cut_z <= column.z1 + SPAN_EPS else "below"
    return (PlanEntity(klass=klass, of="column", ref=column.ref, polygon=column_rect(column)),)
