"""derive(model, cut=1200) → Form: the one entry point to shape (reference/form/index.md,
reference/api/derive.md). What derive adds is the assembly; each part lives in its own
module:

* ``storeys`` — levels by z, the level above, ceiling heights, the storey pitch;
* ``spaces`` — FormSpace: derived pieces, area, volume, indoor/semi-outdoor/covered;
* ``walls`` / ``openings`` — one FormBoundary per derived segment with its matter and
  panels; openings and segs placed, with z ranges and swings;
* ``joins`` — (0.27) the wall junctions settled: each panel's footprint;
* ``alike`` — a typical storey's boundaries and openings: the first storey laid out like
  it, raised;
* ``slabs`` — floors, ceilings, roofs; ``site`` — the given polygons;
* ``runs`` / ``columns`` (owned by derive-2) — vertical runs and standing columns;
* ``plans`` — the classified 2D entities of each level's plan.

Everything worked out once per Model (pieces after drawn-line cuts, default walls,
segments, placements, semi-outdoor and covered sets, the boundary order) is read from
``koyu_model.derived``; nothing here recomputes it.

``derive(model, cut=1200, levels=None)``: with ``levels`` (an iterable of level names) the
Form is *partial* — spaces, boundaries, openings, segs, slabs, columns and plans only for
those levels, runs only those touching them (``level`` or ``upper``); ``input``, ``levels``
and ``site`` are always whole. That is what drawing one level needs: only those levels'
segments, placements, keys, covered flags and columns are worked out. Each record equals
the whole Form's (the same ``@i`` included: the index counts every level's boundaries,
declared and derived, so the default walls of every level are still found). Without
``levels`` the Form is the whole one the spec defines.

``levels`` is None or a frozenset of level names wherever a part takes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

from koyu_model.derived import (
    OUTSIDE,
    FormOrder,
    boundary_segments,
    boundary_table,
    form_order,
    layout,
    placements,
)
from koyu_model.model import Boundary, Model

from .alike import Standing, raise_boundaries, raise_openings, raised_storeys
from .columns import column_plan_entities, derive_columns
from .constants import CUT_HEIGHT
from .joins import Junctions
from .openings import place_openings, place_segs, thickness
from .plans import boundary_entities, opening_entities, space_entities, void_entities
from .records import Form, FormBoundary, FormInput, FormLevel, FormOpening, FormPlan, PlanEntity
from .runs import derive_runs, run_plan_entities
from .site import derive_site
from .slabs import derive_slabs
from .spaces import derive_spaces, piece_points
from .storeys import storeys_of
from .walls import boundary_entries, boundary_ref, segment_matter, wall_lines, wall_z

__all__ = ["derive"]


def derive(model: Model, cut: float = CUT_HEIGHT, levels: Iterable[str] | None = None, plans: bool = True) -> Form:
    """The Form of ``model`` with the plan cut ``cut`` mm above FL (module docstring);
    ``plans=False`` leaves out what only a plan draws — ``plans``, and a door's ``swing`` —
    for a reader of the bodies alone (a section)."""
    storeys = storeys_of(model)
    want = None if levels is None else frozenset(levels)
    lvs = model.levels
    form_levels = tuple(
        FormLevel(name=n, z=lvs[n].z, h=lvs[n].h, slab=lvs[n].slab, pitch=storeys.pitch(n)) for n in storeys.order
    )
    spaces = derive_spaces(model, want)

    lay = layout(model)
    pieces = lay.pieces
    table = boundary_table(model)
    segments_of = boundary_segments(model)
    placed_on = placements(model)
    standing = [
        Standing(index, i, table.boundaries[i], table.is_default_wall(i), level, segments)
        for index, i, level in _standing_boundaries(
            form_order(model), table.boundaries, pieces, model, lay.by_level, want
        )
        if (segments := segments_of.of(i))
    ]
    # a typical storey is its first storey raised (alike.py): only the others are worked out
    raised = raised_storeys(standing, storeys)
    refs = [boundary_ref(s.boundary, s.form_index) for s in standing]
    openings_at: list[list[FormOpening]] = [[] for _ in standing]
    worked = []  # (position, its segments' matter) of each boundary worked out
    for p, (index, i, b, _, level, segments) in enumerate(standing):
        if p in raised:
            continue
        lv = storeys.level(level)
        fl = lv.z if lv is not None else 0
        placed = place_openings(b, refs[p], index, level, fl, placed_on.openings(i), pieces.get, swings=plans)
        material = None
        if b.kind == "wall" and lv is not None:
            pitch = storeys.pitch(level)
            if pitch is not None:
                z0, z1 = wall_z(b, fl, pitch)
                material = (thickness(b), z0, z1)
        openings_at[p] = [o for o, _ in placed]
        worked.append((p, segment_matter(segments, material, placed)))

    # 0.27: every panel carries its body, the junctions settled on the centre lines first
    junctions = None
    if model.release.walls_join:
        junctions = Junctions(
            line
            for p, matter in worked
            for line in wall_lines(standing[p].form_index, standing[p].level, standing[p].segments, matter)
        )
    boundaries_at: list[list[FormBoundary]] = [[] for _ in standing]
    for p, matter in worked:
        index, _, b, derived, level, segments = standing[p]
        boundaries_at[p] = boundary_entries(b, refs[p], index, derived, level, segments, matter, junctions)
    for p, (q, dz) in raised.items():
        s = standing[p]
        boundaries_at[p] = raise_boundaries(boundaries_at[q], refs[p], s.form_index, s.boundary, s.level, dz)
        openings_at[p] = raise_openings(openings_at[q], refs[p], s.form_index, s.boundary, s.level, dz)
    boundaries = list(chain.from_iterable(boundaries_at))
    openings = list(chain.from_iterable(openings_at))
    segs = [
        seg
        for ref, s in zip(refs, standing)
        if s.boundary.segs
        for seg in place_segs(s.boundary, ref, s.form_index, s.level, placed_on.segs(s.i))
    ]

    columns = derive_columns(model, want)
    runs = derive_runs(model, levels=want)

    level_plans = _plans(model, storeys.order, cut, want, spaces, boundaries, openings, columns, runs) if plans else ()

    return Form(
        input=FormInput(cut=cut),
        levels=form_levels,
        spaces=spaces,
        boundaries=tuple(boundaries),
        openings=tuple(openings),
        segs=tuple(segs),
        slabs=derive_slabs(model, want),
        columns=columns,
        runs=runs,
        site=derive_site(model),
        plans=tuple(level_plans),
    )


def _plans(model: Model, order, cut: float, want, spaces, boundaries, openings, columns, runs) -> list[FormPlan]:
    """One plan per (wanted) level, its entities grouped by level in one pass each."""
    pieces = layout(model).pieces
    lvs = model.levels
    spaces_on = _by_level(spaces)
    boundaries_on = _by_level(boundaries)
    openings_on = _by_level(openings)
    columns_on = _by_level(columns)
    runs_up = _by_level(runs)
    runs_down: dict[str | None, list] = {}
    for r in runs:
        if r.upper is not None:
            runs_down.setdefault(r.upper, []).append(r)
    voids_on: dict[str | None, list[str]] = {}
    for upper, lower in _voids(form_order(model), model, pieces, want):
        voids_on.setdefault(model.spaces[lower].level, []).append(upper)

    points = piece_points(model)
    level_plans = []
    for name in order:
        if want is not None and name not in want:
            continue
        cut_z = lvs[name].z + cut
        ents: list[PlanEntity] = space_entities(spaces_on.get(name, ()))
        for fb in boundaries_on.get(name, ()):
            ents.extend(boundary_entities(fb, cut_z))
        for o in openings_on.get(name, ()):
            ents.extend(opening_entities(o))
        for c in columns_on.get(name, ()):
            ents.extend(column_plan_entities(c, cut_z))
        ents.extend(run_plan_entities(runs_up.get(name, ()), runs_down.get(name, ()), cut_z))
        for upper in voids_on.get(name, ()):
            ents.extend(void_entities(upper, tuple(points(pc) for pc in pieces[upper])))
        level_plans.append(FormPlan(level=name, cut=cut, cut_z=cut_z, entities=tuple(ents)))
    return level_plans


def _by_level(items) -> dict[str | None, list]:
    """Records grouped by their ``level``, each group in the given order."""
    out: dict[str | None, list] = {}
    for x in items:
        group = out.get(x.level)
        if group is None:
            out[x.level] = [x]
        else:
            group.append(x)
    return out


def _standing_boundaries(
    order: FormOrder, every, pieces, model: Model, by_level, want
) -> Iterator[tuple[int, int, str | None]]:
    """(form index, boundary index, level) of each boundary that can have a segment and
    stands on a wanted level, in form order. A boundary stands on a's level if a has a
    region, otherwise on b's; one that cannot have a segment keeps its index all the
    same."""
    spaces = model.spaces

    def level_of(b: Boundary):
        side = b.a if b.a in pieces else b.b
        if side not in pieces or b.a not in spaces or (b.b not in spaces and b.b != OUTSIDE):
            return False  # an exterior wall's a is a space with a region; its b the outside
        return spaces[side].level

    if want is None:
        for index, i in enumerate(order.order):
            level = level_of(every[i])
            if level is not False:
                yield index, i, level
        return
    # a boundary stands on the level of one of its own spaces: only those that name a
    # space of a wanted level are asked
    near = {p for name in want for p in by_level.get(name, ())}
    chosen = []
    for i, b in enumerate(every):
        if b.a not in near and b.b not in near:
            continue
        level = level_of(b)
        if level is not False and level in want:
            chosen.append((order.index[i], i, level))
    chosen.sort()
    yield from chosen


def _voids(order: FormOrder, model: Model, pieces, want) -> list[tuple[str, str]]:
    """(upper, lower) of each void boundary between two region spaces on levels of
    different z, in form order; with ``want``, only those whose lower space stands on a
    wanted level (the upper shape is drawn on the lower plan)."""
    spaces = model.spaces
    found = []
    for i, b in enumerate(model.boundaries):  # a default wall is never a void
        if b.kind != "void" or b.a not in pieces or b.b not in pieces:
            continue
        za, zb = _level_z(model, b.a), _level_z(model, b.b)
        if za is None or zb is None or za == zb:
            continue
        upper, lower = (b.a, b.b) if za > zb else (b.b, b.a)
        if want is not None and spaces[lower].level not in want:
            continue
        found.append((order.index[i], upper, lower))
    found.sort()
    return [(upper, lower) for _, upper, lower in found]


def _level_z(model: Model, path: str):
    """The z of the space's level, or None when it has none declared."""
    name = model.spaces[path].level
    lv = model.levels.get(name) if name is not None else None
    return None if lv is None else lv.z
