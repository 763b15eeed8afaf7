"""Columns — ``column.blocksdoor`` (reference/validate/column.md; form/bodies.md "Columns").

Neither a column nor a door writes its position; both are derived. The standing columns are
the Form's (``koyu_model.form.columns.derive_columns``), the doors' places
``koyu_model.derived.placements``'; a door that could not be placed is check's business
and is skipped.

The test is a plain rectangle overlap: the door is a stretch of width ``w`` along its
segment with no thickness; the column a ``w × d`` rectangle centred on its intersection. A
collision is that stretch passing through the column's interior over a positive length.
Boundaries in model order, doors in written order, columns of the door's level in Form order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

import attrs

from koyu_model.derived import band_key, boundary_segments, boundary_table, form_order, layout, placements
from koyu_model.form.columns import derive_columns
from koyu_model.geometry import js_hypot
from koyu_model.geometry.placement import PlacedBand
from koyu_model.jsjson import js_string
from koyu_model.model import Boundary, Model

from .finding import Finding, finding

__all__ = ["PlacedDoor", "check_columns", "crosses_interior", "door_collisions", "placed_doors"]

_TINY = 1e-9


def crosses_interior(p: tuple[float, float], q: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether the segment p→q runs through the open rectangle ``box`` over a positive
    length (Liang–Barsky with strict sides: touching a face is no collision)."""
    t0, t1 = 0.0, 1.0
    for start, delta, lo, hi in ((p[0], q[0] - p[0], box[0], box[2]), (p[1], q[1] - p[1], box[1], box[3])):
        if delta == 0:
            if not lo + _TINY < start < hi - _TINY:
                return False
            continue
        a = (lo - start) / delta
        b = (hi - start) / delta
        if a > b:
            a, b = b, a
        t0 = max(t0, a)
        t1 = min(t1, b)
        if t1 - t0 <= _TINY:
            return False
    return t1 - t0 > _TINY


class _LevelColumns:
    """One level's columns sorted by x, for a range query per door."""

    def __init__(self, columns):
        self.columns = sorted(columns, key=lambda c: c[0])  # stable: Form order within an x
        self.xs = [c[0] for c in self.columns]
        self.reach = max((c[2] for c in self.columns), default=0)

    def near(self, x1: float, x2: float):
        lo = bisect_left(self.xs, x1 - self.reach)
        hi = bisect_right(self.xs, x2 + self.reach)
        found = self.columns[lo:hi]
        found.sort(key=lambda c: c[3])  # back to Form order
        return found


def _door_level(model: Model, a: str, b: str) -> str | None:
    for path in (a, b):
        s = model.spaces.get(path)
        if s is not None and s.rects and s.level is not None:
            return s.level
    return None


def check_columns(model: Model) -> list[Finding]:
    if not model.columns:
        return []
    columns = derive_columns(model)
    if not columns:
        return []
    by_level: dict[str, list] = {}
    for k, c in enumerate(columns):
        by_level.setdefault(c.level, []).append((c.x, c.y, max(c.w, c.d) / 2, k, c))
    # Levels standing the same columns (a span's storeys) share one index, and doors are
    # tested once per (columns, segments' key, doors as placed): a span's storeys alike.
    # level → (a number per distinct standing, its index); asked with a door's level, which may be None
    index: dict[str | None, tuple[int, _LevelColumns]] = {}
    by_columns: dict[tuple, tuple[int, _LevelColumns]] = {}
    for level, cs in by_level.items():
        sites = tuple((c.x, c.y, c.w, c.d, c.grid) for _, _, _, _, c in cs)
        got = by_columns.get(sites)
        if got is None:
            got = by_columns[sites] = (len(by_columns), _LevelColumns(cs))
        index[level] = got
    segments = boundary_segments(model)
    placed = placements(model)
    known: dict[tuple, list] = {}
    out: list[Finding] = []
    for i, b in enumerate(model.boundaries):
        if b.vertical or not any(o.kind == "door" for o in b.openings):
            continue
        standing_here = index.get(_door_level(model, b.a, b.b))
        if standing_here is None:
            continue
        standing, cols = standing_here
        number = segments.key(i)
        key = None if number is None else (standing, number, band_key(b.openings), tuple(o.kind for o in b.openings))
        hits = known.get(key) if key is not None else None
        if hits is None:
            hits = _blocked(cols, b.openings, placed.openings(i))
            if key is not None:
                known[key] = hits
        for o, c in hits:
            out.append(
                finding(
                    "column.blocksdoor",
                    f"A column blocks a door: the door ({js_string(o.w)}mm wide) on "
                    f"{b.a} | {b.b} overlaps the column at {c.grid}",
                    b.line,
                    b.file,
                    (b.a, b.b),
                )
            )
    return out


def _blocked(cols: _LevelColumns, openings, places) -> list:
    """(door, column) for each column a placed door of ``openings`` runs through, doors in
    written order, columns in Form order."""
    hits: list = []
    for o, place in zip(openings, places):
        if o.kind != "door" or not isinstance(place, PlacedBand):
            continue
        hits.extend((o, c) for c in _columns_crossed(cols, o, place))
    return hits


def _columns_crossed(cols: _LevelColumns, o, place) -> list:
    """The columns (Form order) the placed door ``o`` runs through."""
    seg = place.segment
    length = js_hypot(seg.x2 - seg.x1, seg.y2 - seg.y1)
    if length == 0:
        return []
    ux = (seg.x2 - seg.x1) / length * o.w / 2
    uy = (seg.y2 - seg.y1) / length * o.w / 2
    p = (place.cx - ux, place.cy - uy)
    q = (place.cx + ux, place.cy + uy)
    crossed = []
    for _, _, _, _, c in cols.near(min(p[0], q[0]), max(p[0], q[0])):
        box = (c.x - c.w / 2, c.y - c.d / 2, c.x + c.w / 2, c.y + c.d / 2)
        if crosses_interior(p, q, box):
            crossed.append(c)
    return crossed


@attrs.frozen
class PlacedDoor:
    """A door as the Form numbers it: ``ref`` ``<a>|<b>@<form boundary>/<opening>``, its
    boundary, its level, its placement (segment, centre) and its width."""

    ref: str
    boundary: Boundary
    level: str
    segment: object
    cx: float
    cy: float
    w: float


def placed_doors(model: Model) -> list[PlacedDoor]:
    """Every placed door whose boundary stands on a level, numbered as the Form numbers
    them (koyu_model.derived.form_order; openings in canonical member order), in the
    Form's boundary order, without deriving the rest of the Form."""
    from koyu_model.canonical import opening_key
    from koyu_model.form.openings import canonical_members

    table = boundary_table(model)
    order = form_order(model)
    pieces = layout(model).pieces
    placed = placements(model)
    spaces = model.spaces
    out = []
    for index, i in enumerate(order.order):
        if i >= len(model.boundaries):
            continue  # a derived wall has no door
        b = table.boundaries[i]
        if not any(o.kind == "door" for o in b.openings) or b.a not in spaces or b.b not in spaces:
            continue
        side = b.a if b.a in pieces else b.b
        level = spaces[side].level if side in pieces else None
        if level is None:
            continue
        places = placed.openings(i)
        for k, d in enumerate(canonical_members(b.openings, opening_key)):
            o, place = b.openings[d], places[d]
            if o.kind != "door" or not isinstance(place, PlacedBand):
                continue
            ref = f"{b.a}|{b.b}@{index}/{k}"
            out.append(PlacedDoor(ref, b, level, place.segment, place.cx, place.cy, o.w))
    return out


def door_collisions(model: Model) -> list:
    """(door, first column crossed or None) for every placed door with a level
    (``placed_doors``): the population koyu 0.27's ``column.blocksdoor`` judges (with no
    column, every door passes). The same overlap test as ``check_columns``."""
    by_level: dict[str, list] = {}
    for k, c in enumerate(derive_columns(model) if model.columns else ()):
        by_level.setdefault(c.level, []).append((c.x, c.y, max(c.w, c.d) / 2, k, c))
    index = {level: _LevelColumns(cs) for level, cs in by_level.items()}
    out = []
    for door in placed_doors(model):
        cols = index.get(door.level)
        crossed = _columns_crossed(cols, door, door) if cols is not None else []
        out.append((door, crossed[0] if crossed else None))
    return out
