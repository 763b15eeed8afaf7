"""Each boundary's segments — where its wall stands (reference/form/boundaries.md "Deriving
the segments — the order matters"; COMPAT §8), derived on first ask and kept.

    boundary_segments(model).of(i)          the segments of boundary_table(model).boundaries[i]
    boundary_segments(model).none_derive(i) no segment derives (check's BND04/BND06), asked
                                            without making a Segment
    boundary_segments(model).key(i)         what the segments are made from, as a number

The first branch that applies settles it: a missing space or a vertical kind gives none;
a drawn line its stretches; two regions their shared edges (none across levels); one
region its outline against its level; then ``edge:`` narrows by the face seen from a,
and collinear edges merge (``edge:`` first: merging never joins two faces). What the last
two branches read is one level plan, places in it and ``edge:``, so that is the key:
boundaries with equal keys derive equal segments — the same boundary on each typical
storey is derived once. Each distinct key gets a number, which is what is handed out and
looked up (a number is cheaper to hash than the key, and says the same). An exterior wall
(exterior.py) has no key: its runs were worked out with it.
"""

from __future__ import annotations

import enum
from typing import Final

from koyu_model.geometry import Segment, drawn_line_segments, edge_segment
from koyu_model.geometry.segments import EdgeTuple, merge_edges
from koyu_model.model import VERTICAL_KINDS, Boundary, Model, StashKey

from .exterior import exterior_walls
from .layout import layout, level_plans
from .walls import boundary_table

__all__ = ["NOTHING_DERIVES", "BoundarySegments", "boundary_segments"]

BOUNDARY_SEGMENTS: StashKey[BoundarySegments] = StashKey("derived.boundary_segments")

#: The key number of a boundary from which nothing can derive (two regions on different
#: levels, or neither side with a region).
NOTHING_DERIVES = 0


class _Unasked(enum.Enum):
    # a sentinel as an enum member: mypy narrows ``found is _UNASKED`` by it
    UNASKED = 0


_UNASKED: Final = _Unasked.UNASKED  # a key not yet worked out (None is a key's value)


def boundary_segments(model: Model) -> BoundarySegments:
    return model.stash.get(BOUNDARY_SEGMENTS, lambda: BoundarySegments(model))


class BoundarySegments:
    """The segments of every boundary of one Model, each derived when first asked for."""

    def __init__(self, model: Model):
        self._model = model
        self._layout = layout(model)
        self._plans = level_plans(model)
        self._key_of: dict[int, int | None] = {}  # boundary index → its key number
        self._numbers: dict[tuple, int] = {}  # key → its number (from 1)
        self._keys: list[tuple] = [()]  # number → its key
        self._edges: dict[int, tuple[EdgeTuple, ...]] = {}
        self._empty: dict[int, bool] = {NOTHING_DERIVES: True}
        self._by_number: dict[int, tuple[Segment, ...]] = {}
        self._drawn: dict[int, tuple[Segment, ...]] = {}

    def _boundary(self, i: int) -> Boundary:
        declared = self._model.boundaries
        return declared[i] if i < len(declared) else boundary_table(self._model).boundaries[i]

    def key(self, i: int) -> int | None:
        """None for a drawn line, an exterior wall, a missing space or a vertical kind
        (segments of their own, or none); NOTHING_DERIVES; else the number of (plan number,
        place of a, place of b, ``edge``) for shared edges or (plan number, place,
        ``edge``) for the one region's outline."""
        found = self._key_of.get(i, _UNASKED)
        if found is _UNASKED:
            found = self._key_of[i] = self._number(self._boundary(i))
        return found

    def _number(self, b: Boundary) -> int | None:
        """The key number of one boundary (see ``key``)."""
        where = self._plans.where  # every space: (level, plan number, place), None for no region
        wa = where.get(b.a)
        wb = where.get(b.b)
        if wa is None or wb is None or b.drawn is not None or b.kind in VERTICAL_KINDS:
            return None
        if wa[1] is not None:
            if wb[1] is not None:
                if wa[0] != wb[0]:
                    return NOTHING_DERIVES
                key: tuple = (wa[1], wa[2], wb[2], b.edge)
            else:
                key = (wa[1], wa[2], b.edge)
        elif wb[1] is not None:
            key = (wb[1], wb[2], b.edge)
        else:
            return NOTHING_DERIVES
        number = self._numbers.get(key)
        if number is None:
            number = self._numbers[key] = len(self._keys)
            self._keys.append(key)
        return number

    def _found(self, number: int) -> tuple[EdgeTuple, ...]:
        """The unmerged edges a key number derives, narrowed by its ``edge:``."""
        found = self._edges.get(number)
        if found is None:
            key = self._keys[number]
            plan = self._plans.distinct[key[0]]
            found = plan.shared(key[1], key[2]) if len(key) == 4 else plan.outline(key[1])
            edge = key[-1]
            if edge is not None:
                found = tuple(e for e in found if e[0] == edge)
            self._edges[number] = found
        return found

    def none_derive(self, i: int) -> bool:
        """Whether a boundary that is no drawn line, names two spaces and is horizontal
        derives no segment (False for the others)."""
        number = self.key(i)
        if number is None:
            return False
        empty = self._empty.get(number)
        if empty is None:
            empty = self._empty[number] = not self._found(number)
        return empty

    def of(self, i: int) -> tuple[Segment, ...]:
        number = self.key(i)
        if number is None:
            return self._of_unkeyed(i)
        if number == NOTHING_DERIVES:
            return ()
        found = self._by_number.get(number)
        if found is None:
            found = self._by_number[number] = tuple(edge_segment(*e) for e in merge_edges(self._found(number)))
        return found

    def _of_unkeyed(self, i: int) -> tuple[Segment, ...]:
        """A drawn line's stretches, an exterior wall's runs, or none."""
        found = self._drawn.get(i)
        if found is None:
            if i >= len(self._model.boundaries):
                table = boundary_table(self._model)
                if table.is_exterior_wall(i):
                    return exterior_walls(self._model).segments[i - table.exterior]
            b = self._boundary(i)
            spaces = self._model.spaces
            found = ()
            if b.drawn is not None and b.a in spaces and b.b in spaces and b.kind not in VERTICAL_KINDS:
                pieces = self._layout.pieces
                found = tuple(drawn_line_segments(pieces.get(b.a), pieces.get(b.b), b.drawn.a, b.drawn.b))
            self._drawn[i] = found
        return found
