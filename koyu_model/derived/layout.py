"""Regions and level plans (reference/form/regions.md; form/boundaries.md "Shared edges",
"Outline"; muro/boundary.md "Touching spaces default to a wall").

    layout(model).pieces["/L1/a"]    the space's convex pieces after every drawn line
    layout(model).line_effect[i]     what declared boundary i's drawn line did
    level_plans(model).of_level[lv]  the region spaces of level lv, laid out for the edge index

A level's plan is its region spaces' pieces, place for place: a space is known in it by
its *place*, its position among the level's region spaces in model order. Levels laid out
alike — the same pieces, space for space, as a stack of typical storeys written once over
a span — share one LevelPlan, so its edge index, contacts, outlines and shared edges are
worked out once however many storeys stand on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import cast

import attrs

from koyu_model.canonical import boundary_key, sorted_rects
from koyu_model.geometry import LevelEdges, cut_by_line, rect_to_piece
from koyu_model.geometry.pieces import LineCut
from koyu_model.geometry.polygon import Box, Piece, Point
from koyu_model.geometry.segments import EdgeTuple, edge_tuples, outline_edges, shared_edge_tuples
from koyu_model.model import DrawnLine, Model, Space, StashKey

__all__ = ["Layout", "layout", "LevelPlan", "LevelPlans", "level_plans"]

LAYOUT: StashKey[Layout] = StashKey("derived.layout")
LEVEL_PLANS: StashKey[LevelPlans] = StashKey("derived.level_plans")


@attrs.frozen
class Layout:
    """Where each space lies, once per Model.

    ``rects``: path → the written rectangles (x1, y1, x2, y2) in written order — what GEO,
    HGT, VRT03 and "covered above" read (COMPAT §7). ``pieces``: path → the convex pieces,
    counter-clockwise, after every drawn line in canonical boundary order (regions.md);
    region spaces only, model order. ``line_effect``: declared boundary index → cut /
    nothing / undetermined for each drawn line whose two spaces exist (a missing space
    gives no entry: REF01 speaks). ``by_level``: level name (None for none) → the paths of
    its spaces, model order.
    """

    rects: Mapping[str, tuple[Box, ...]]
    pieces: Mapping[str, tuple[Piece, ...]]
    line_effect: Mapping[int, str]
    by_level: Mapping[str | None, tuple[str, ...]]


def layout(model: Model) -> Layout:
    return model.stash.get(LAYOUT, lambda: _layout(model))


def _layout(model: Model) -> Layout:
    rects: dict[str, tuple[Box, ...]] = {}
    pieces: dict[str, tuple[Piece, ...]] = {}
    by_level: dict[str | None, list[str]] = {}
    read: dict[tuple, tuple[tuple[Box, ...], tuple[Piece, ...]]] = {}  # storeys repeat their rectangles
    for path, space in model.spaces.items():
        by_level.setdefault(space.level, []).append(path)
        if not space.rects:
            continue
        got = read.get(space.rects)
        if got is None:
            got = read[space.rects] = _read(space)
        rects[path], pieces[path] = got
    effects = _cut(model, pieces)
    return Layout(rects=rects, pieces=pieces, line_effect=effects, by_level={k: tuple(v) for k, v in by_level.items()})


def _read(space: Space) -> tuple[tuple[Box, ...], tuple[Piece, ...]]:
    """The written rectangles, and the pieces before any line: the rectangles in canonical
    order (COMPAT §6) as counter-clockwise quads."""
    written = tuple((r.x1, r.y1, r.x2, r.y2) for r in space.rects)
    canonical = written if len(written) == 1 else tuple((r.x1, r.y1, r.x2, r.y2) for r in sorted_rects(space))
    return written, tuple(rect_to_piece(box) for box in canonical)


def _cut(model: Model, pieces: dict[str, tuple[Piece, ...]]) -> dict[int, str]:
    """Every drawn line once, in canonical boundary order, each reading the pieces the
    earlier ones left (the cut is not idempotent): ``pieces`` is updated in place, and
    each line's effect comes back by boundary index."""
    spaces = model.spaces
    declared = model.boundaries
    drawn = sorted((i for i, b in enumerate(declared) if b.drawn is not None), key=lambda i: boundary_key(declared[i]))
    effects: dict[int, str] = {}
    # a line written over a span cuts each storey's equal pieces alike: once
    made: dict[tuple[tuple[Piece, ...] | None, tuple[Piece, ...] | None, Point, Point], LineCut] = {}
    for i in drawn:
        b = declared[i]
        if b.a not in spaces or b.b not in spaces:
            continue
        line = cast(DrawnLine, b.drawn)  # drawn holds only boundaries with a line
        key = (pieces.get(b.a), pieces.get(b.b), line.a, line.b)
        result = made.get(key)
        if result is None:
            result = made[key] = cut_by_line(*key)
        if result.a is not None:
            pieces[b.a] = result.a
        if result.b is not None:
            pieces[b.b] = result.b
        effects[i] = result.effect
    return effects


class LevelPlan:
    """The region spaces of one level (or of every level laid out alike), place for
    place: their ``pieces``; ``number`` tells distinct plans of one Model apart. The
    ``edges`` of each piece (geometry.edge_tuples) and the edge ``index`` over them, whose
    owners are places, are made when first asked for (a question about a few boundaries
    reads one level's plan, not every level's); so is each outline, which boundaries to
    the outside and the envelope both read."""

    def __init__(self, number: int, pieces: tuple[tuple[Piece, ...], ...]):
        self.number = number
        self.pieces = pieces
        self._outlines: dict[int, tuple[EdgeTuple, ...]] = {}

    @cached_property
    def edges(self) -> tuple[list[list[EdgeTuple]], ...]:
        return tuple([edge_tuples(pc) for pc in own] for own in self.pieces)

    @cached_property
    def index(self) -> LevelEdges:
        return LevelEdges(edges=dict(enumerate(self.edges)))

    def outline(self, place: int) -> tuple[EdgeTuple, ...]:
        """The outline edges (face, fixed, lo, hi) of the space at ``place``, unmerged: its
        edges minus what every other space of the level and its own other pieces cover
        (boundaries.md "Outline")."""
        found = self._outlines.get(place)
        if found is None:
            found = self._outlines[place] = tuple(outline_edges(self.edges[place], self.index, place))
        return found

    def shared(self, a: int, b: int) -> tuple[EdgeTuple, ...]:
        """The edges the space at place ``a`` shares with the one at ``b``, seen from a,
        unmerged (boundaries.md "Shared edges")."""
        return tuple(shared_edge_tuples(self.edges[a], self.edges[b]))

    def touching(self) -> set[tuple[int, int]]:
        """Pairs of places whose spaces share an edge longer than EPS (each pair once)."""
        return self.index.touching()


@attrs.frozen
class LevelPlans:
    """``of_level``: level name (None for none) → its plan, for each level with a region
    space; ``paths``: level → the path at each place; ``where``: every space's path →
    (its level, its plan's number, its place there), the last two None for a space with
    no region; ``distinct``: every plan, by ``number``."""

    of_level: Mapping[str | None, LevelPlan]
    paths: Mapping[str | None, tuple[str, ...]]
    where: Mapping[str, tuple[str | None, int | None, int | None]]
    distinct: tuple[LevelPlan, ...]


def level_plans(model: Model) -> LevelPlans:
    return model.stash.get(LEVEL_PLANS, lambda: _level_plans(layout(model)))


def _level_plans(lay: Layout) -> LevelPlans:
    pieces = lay.pieces
    made: dict[tuple, LevelPlan] = {}  # a level's pieces, place for place → its plan
    of_level: dict[str | None, LevelPlan] = {}
    paths: dict[str | None, tuple[str, ...]] = {}
    where: dict[str, tuple[str | None, int | None, int | None]] = {}
    for level, on_level in lay.by_level.items():
        where.update((p, (level, None, None)) for p in on_level)
        region = tuple(p for p in on_level if p in pieces)
        if not region:
            continue
        key = tuple(pieces[p] for p in region)
        plan = made.get(key)
        if plan is None:
            plan = made[key] = LevelPlan(len(made), key)
        of_level[level] = plan
        paths[level] = region
        where.update((p, (level, plan.number, k)) for k, p in enumerate(region))
    return LevelPlans(of_level=of_level, paths=paths, where=where, distinct=tuple(made.values()))
