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

``standing(model)`` computes this once per Model and answers both: the FormColumns in
Form order (levels by z, pitched levels only; declarations in order; X outer, Y inner)
and, per declaration, whether it met a floor, how many columns it raised and which
earlier declarations took its sites. A level's standing reads no other level, so a
partial Form works out its own levels only.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import product

import attrs

from koyu_model.derived import covered, layout, semi_outdoor
from koyu_model.geometry import POINT_EPS, SPAN_EPS, point_in_polygon
from koyu_model.model import Model, StashKey

from .records import FormColumn, PlanEntity, Pt
from .storeys import storeys_of

STANDING: StashKey[Standing] = StashKey("form.columns.standing")
ON_LEVEL: StashKey[dict[str, list[int]]] = StashKey("form.columns.on_level")
GRID: StashKey[_Grid | None] = StashKey("form.columns.grid")

__all__ = [
    "derive_columns",
    "column_plan_entities",
    "column_rect",
    "standing",
    "Standing",
    "DeclarationOutcome",
    "floor_points",
    "axis_sites",
]


@attrs.frozen
class DeclarationOutcome:
    """What one column declaration did (diagnostics/col.md: the population is the
    declaration). ``any_floor``: one of its intersections has a floor on one of its
    levels; ``stood``: columns it raised; ``takers``: indices of earlier declarations
    that had already taken one of its sites."""

    any_floor: bool
    stood: int
    takers: frozenset[int]


@attrs.frozen
class Standing:
    """The columns that stand (Form order) and each declaration's outcome (model order)."""

    columns: tuple[FormColumn, ...]
    outcomes: tuple[DeclarationOutcome, ...]


def axis_sites(model: Model, axis: str, chosen: tuple[str, ...] | None) -> list[tuple[str, float]]:
    """(name, coordinate) of the grid lines a declaration stands on along ``axis``: all of
    them in grid order, or the ``x:``/``y:`` names that are lines of this axis."""
    g = getattr(model.grid, axis)
    if g is None:
        return []
    if chosen is None:
        return list(zip(g.names, g.coords))
    coords = dict(zip(g.names, g.coords))
    return [(n, coords[n]) for n in chosen if n in coords]


def _piece_points(piece, xs: list[float], ys: list[float]) -> tuple[tuple[float, float], ...]:
    """The grid intersections inside (or on the edge of) one piece. Only the grid lines
    its box (grown by POINT_EPS) reaches are tested."""
    if len(piece) == 4:
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = piece
        x0, x1 = min(ax, bx, cx, dx), max(ax, bx, cx, dx)
        y0, y1 = min(ay, by, cy, dy), max(ay, by, cy, dy)
        # an axis-parallel rectangle holds every point of its grown box: no test needed
        boxy = len({ax, bx, cx, dx}) == 2 and len({ay, by, cy, dy}) == 2
    else:
        px = [v[0] for v in piece]
        py = [v[1] for v in piece]
        x0, x1, y0, y1 = min(px), max(px), min(py), max(py)
        boxy = False
    on_x = xs[bisect_left(xs, x0 - POINT_EPS) : bisect_right(xs, x1 + POINT_EPS)]
    if not on_x:
        return ()
    on_y = ys[bisect_left(ys, y0 - POINT_EPS) : bisect_right(ys, y1 + POINT_EPS)]
    if boxy:
        return tuple(product(on_x, on_y))
    return tuple((x, y) for x in on_x for y in on_y if point_in_polygon((x, y), piece))


class _Grid:
    """The grid's distinct coordinates, and the intersections of each piece met so far
    (by value: storeys repeat, and so do their pieces)."""

    def __init__(self, xs: list[float], ys: list[float]):
        self.xs, self.ys = xs, ys
        self._known: dict[tuple, tuple[tuple[float, float], ...]] = {}

    def add_points(self, pieces, out: set[tuple[float, float]]) -> None:
        known = self._known
        for piece in pieces:
            pts = known.get(piece)
            if pts is None:
                pts = known[piece] = _piece_points(piece, self.xs, self.ys)
            if pts:
                out.update(pts)


def _grid_of(model: Model) -> _Grid | None:
    gx, gy = model.grid.X, model.grid.Y
    if gx is None or gy is None:
        return None
    return _Grid(sorted(set(gx.coords)), sorted(set(gy.coords)))


def floor_points(model: Model, level: str) -> set[tuple[float, float]]:
    """Every grid intersection (all X × all Y coordinates) that has a floor on ``level``:
    on a derived piece of a region space that is neither ``exterior`` nor ``void`` nor
    semi-outdoor with nothing above. Whether a semi-outdoor space is covered is asked
    only when it would add an intersection (the answer changes nothing otherwise)."""
    grid = model.stash.get(GRID, lambda: _grid_of(model))
    if grid is None:
        return set()
    spaces = model.spaces
    lay = layout(model)
    pieces = lay.pieces
    semi = semi_outdoor(model)
    out: set[tuple[float, float]] = set()
    open_to_sky = []
    for p in lay.by_level.get(level, ()):
        got = pieces.get(p)
        if got is None or spaces[p].outside or spaces[p].void:
            continue
        if p in semi:
            open_to_sky.append((p, got))
        else:
            grid.add_points(got, out)
    for p, got in open_to_sky:
        more: set[tuple[float, float]] = set()
        grid.add_points(got, more)
        if not more <= out and p in covered(model):
            out |= more  # a floor holding up nothing but sky takes no column
    return out


@attrs.frozen
class _LevelStanding:
    """What the declarations did on one level: its columns (declarations in order, X
    outer, Y inner), the declarations that met a floor there, how many each raised and
    which earlier declarations took their sites."""

    columns: tuple[FormColumn, ...]
    met: frozenset[int]
    stood: tuple[tuple[int, int], ...]
    takers: tuple[tuple[int, frozenset[int]], ...]


def _declarations_on(model: Model) -> dict[str, list[int]]:
    on_level: dict[str, list[int]] = {}
    for ci, c in enumerate(model.columns):
        for name in c.levels:
            on_level.setdefault(name, []).append(ci)
    return on_level


_NOTHING = _LevelStanding(columns=(), met=frozenset(), stood=(), takers=())


def _level_standing(model: Model, name: str) -> _LevelStanding:
    """The columns of one level: standing does not look at any other level."""
    indices = model.stash.get(ON_LEVEL, lambda: _declarations_on(model)).get(name)
    if not indices:
        return _NOTHING
    floors = floor_points(model, name)
    if not floors:
        return _NOTHING
    decls = model.columns
    pitch = storeys_of(model).pitch(name)
    z0 = model.levels[name].z
    taken: dict[tuple[float, float], int] = {}
    out: list[FormColumn] = []
    met: set[int] = set()
    stood: dict[int, int] = {}
    takers: dict[int, set[int]] = {}
    for ci in indices:
        c = decls[ci]
        xs = axis_sites(model, "X", c.x)
        ys = axis_sites(model, "Y", c.y)
        attrs_items = None
        for xn, x in xs:
            for yn, y in ys:
                if (x, y) not in floors:
                    continue
                met.add(ci)
                if pitch is None:
                    continue  # no storey height: nothing stands, nothing is taken
                owner = taken.get((x, y))
                if owner is not None:
                    takers.setdefault(ci, set()).add(owner)
                    continue
                taken[(x, y)] = ci
                stood[ci] = stood.get(ci, 0) + 1
                if attrs_items is None:
                    attrs_items = tuple(c.attrs.items())
                out.append(
                    FormColumn(
                        x=x,
                        y=y,
                        w=c.size,
                        d=c.size if c.d is None else c.d,
                        level=name,
                        grid=f"{xn}/{yn}",
                        decl=ci,
                        attrs=attrs_items,
                        ref=f"{name}/{xn}/{yn}",
                        z0=z0,
                        z1=z0 + pitch,
                    )
                )
    return _LevelStanding(
        columns=tuple(out),
        met=frozenset(met),
        stood=tuple(stood.items()),
        takers=tuple((ci, frozenset(t)) for ci, t in takers.items()),
    )


LEVEL_STANDING: StashKey[dict[str, _LevelStanding]] = StashKey("form.columns.level_standing")


def _level_of(model: Model, name: str) -> _LevelStanding:
    """``_level_standing`` of a level, worked out once per Model."""
    known: dict[str, _LevelStanding] = model.stash.get(LEVEL_STANDING, dict)
    found = known.get(name)
    if found is None:
        found = known[name] = _level_standing(model, name)
    return found


def _standing(model: Model) -> Standing:
    decls = model.columns
    any_floor = [False] * len(decls)
    stood = [0] * len(decls)
    takers: list[set[int]] = [set() for _ in decls]
    out: list[FormColumn] = []
    for name in storeys_of(model).order:
        got = _level_of(model, name)
        out.extend(got.columns)
        for ci in got.met:
            any_floor[ci] = True
        for ci, n in got.stood:
            stood[ci] += n
        for ci, t in got.takers:
            takers[ci] |= t
    outcomes = tuple(
        DeclarationOutcome(any_floor=a, stood=s, takers=frozenset(t)) for a, s, t in zip(any_floor, stood, takers)
    )
    return Standing(columns=tuple(out), outcomes=outcomes)


def standing(model: Model) -> Standing:
    """The columns of ``model`` and each declaration's outcome, computed once per Model."""
    return model.stash.get(STANDING, lambda: _standing(model))


def derive_columns(model: Model, levels: frozenset | None = None) -> tuple[FormColumn, ...]:
    """Every standing column in Form order (levels by z, only levels with a pitch;
    COMPAT §8). ``levels``: when given, only columns on those levels, and only those
    levels are looked at."""
    if not model.columns:
        return ()
    if levels is None:
        return standing(model).columns
    out: list[FormColumn] = []
    for name in storeys_of(model).order:
        if name in levels:
            out.extend(_level_of(model, name).columns)
    return tuple(out)


def column_rect(c) -> tuple[Pt, ...]:
    """``columnRect``: the section, half the width and half the depth about the grid
    intersection, (−,−) → (+,−) → (+,+) → (−,+) (api/solids.md)."""
    hw = c.w / 2
    hd = c.d / 2
    return (
        Pt(x=c.x - hw, y=c.y - hd),
        Pt(x=c.x + hw, y=c.y - hd),
        Pt(x=c.x + hw, y=c.y + hd),
        Pt(x=c.x - hw, y=c.y + hd),
    )


def column_plan_entities(column: FormColumn, cut_z: float) -> tuple[PlanEntity, ...]:
    """The plan entity of one column on its own level's plan: ``cut`` when the plane at
    world height ``cut_z`` crosses it (within SPAN_EPS, as walls), else ``below``
    (COMPAT §8: columns are cut or below)."""
    klass = "cut" if column.z0 - SPAN_EPS <= cut_z <= column.z1 + SPAN_EPS else "below"
    return (PlanEntity(klass=klass, of="column", ref=column.ref, polygon=column_rect(column)),)
