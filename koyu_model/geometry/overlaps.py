"""Rectangles and how they overlap: the 0.5 mm rule, the one spatial index, the union area
(COMPAT.md §7: GEO01, GEO02, HGT, VRT03 and "covered above" read written rectangles that
overlap by more than EPS on both axes; api/queries.md unionAreaM2, siteReport).

Every "which rectangles overlap these" goes through :class:`BoxIndex`; every area covered
by several shapes, overlaps once, through :func:`union_area_mm2` / :func:`pieces_union_mm2`.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import shapely

from .polygon import Box, Point
from .tolerances import EPS

__all__ = [
    "rect_overlap",
    "self_overlaps",
    "overlapping_pairs",
    "BoxIndex",
    "union_area_mm2",
    "pieces_union_mm2",
]


def rect_overlap(r1: Box, r2: Box, eps: float = EPS) -> bool:
    """Two rectangles overlap when they share more than ``eps`` on both axes; sharing an
    edge or a corner is not overlapping."""
    return min(r1[2], r2[2]) - max(r1[0], r2[0]) > eps and min(r1[3], r2[3]) - max(r1[1], r2[1]) > eps


def self_overlaps(rects: Sequence[Box]) -> list[tuple[int, int]]:
    """GEO01: every overlapping pair i < j among one space's rectangles, in (i, j) order."""
    return [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects)) if rect_overlap(rects[i], rects[j])]


class BoxIndex:
    """Rectangles (x1, y1, x2, y2) indexed for one question: which of them overlap a given
    rectangle by more than EPS on both axes (:func:`rect_overlap`).

    Candidates come from an STRtree over the boxes shrunk by EPS/4 on every side (two
    rectangles overlapping by more than EPS still meet once both are shrunk, and mere
    neighbours never do); the exact test decides, in the same float arithmetic. A handful
    of pairs is tested without a tree. shapely sees boxes and hands back indices, so
    nothing of its order reaches an answer."""

    _SHRINK = EPS / 4
    _FEW = 64  # pairs: below this every pair is tested, no tree is built

    def __init__(self, boxes: Sequence[Sequence[float]]):  # each (x1, y1, x2, y2)
        self.boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
        self._tree: shapely.STRtree | None = None

    def pairs(self, queries: Sequence[Sequence[float]] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(query position, box position) of every overlapping pair, by query then box."""
        asked = np.asarray(queries, dtype=float).reshape(-1, 4)
        if len(asked) * len(self.boxes) <= self._FEW:
            left, right = np.divmod(np.arange(len(asked) * len(self.boxes)), max(len(self.boxes), 1))
        else:
            left, right = self._candidates(asked)
        lo, hi = asked[left], self.boxes[right]
        keep = (np.minimum(lo[:, 2], hi[:, 2]) - np.maximum(lo[:, 0], hi[:, 0]) > EPS) & (
            np.minimum(lo[:, 3], hi[:, 3]) - np.maximum(lo[:, 1], hi[:, 1]) > EPS
        )
        left, right = left[keep], right[keep]
        order = np.lexsort((right, left))
        return left[order], right[order]

    def _candidates(self, asked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        import shapely  # local: only a question that needs a tree pays for shapely

        h = self._SHRINK
        if self._tree is None:
            b = self.boxes
            self._tree = shapely.STRtree(shapely.box(b[:, 0] + h, b[:, 1] + h, b[:, 2] - h, b[:, 3] - h))
        left, right = self._tree.query(shapely.box(asked[:, 0] + h, asked[:, 1] + h, asked[:, 2] - h, asked[:, 3] - h))
        return left, right


def overlapping_pairs(spaces: Iterable[tuple[int, Hashable, Sequence[Box]]]) -> list[tuple[int, int]]:
    """GEO02: every pair of spaces on the same level (None counts as a level) any of whose
    rectangles overlap. ``spaces``: (model index, level key, written rectangles). Returns
    (i, j) with i < j, sorted — the original's i<j scan order."""
    by_level: dict[Hashable, list[tuple[int, tuple[float, ...]]]] = {}  # level → (model index, rectangle)
    for index, level, rects in spaces:
        for r in rects:
            by_level.setdefault(level, []).append((index, tuple(r)))
    found: set[tuple[int, int]] = set()
    for members in by_level.values():
        if len(members) < 2:
            continue
        boxes = [r for _, r in members]
        for k, m in zip(*(a.tolist() for a in BoxIndex(boxes).pairs(boxes))):
            i, j = members[k][0], members[m][0]
            if i < j:
                found.add((i, j))
    return sorted(found)


def union_area_mm2(boxes: Iterable[Box], *, cells_by_midpoint: bool = False) -> float:
    """The area covered by axis-parallel rectangles, overlaps once (coordinate compression,
    swept along x: each x-slab adds its width times the covered length of y).

    ``cells_by_midpoint``: the original's derived site area asks, cell by cell, whether the
    cell's midpoint lies inside a rectangle; a cell reaching an infinite coordinate (a grid
    line past Number.MAX_VALUE) has an infinite midpoint that lies inside none, so it adds
    nothing (the transcripts: 14.4 m², not null, beside a room running to X = Infinity).
    Without it such a cell makes the area infinite, as the footprint's union does."""
    unique = {tuple(b) for b in boxes if b[0] < b[2] and b[1] < b[3]}
    if not unique:
        return 0
    ys = sorted({y for b in unique for y in (b[1], b[3])})
    events = []
    for x1, y1, x2, y2 in unique:
        lo = bisect_left(ys, y1)
        hi = bisect_left(ys, y2)
        events.append((x1, 1, lo, hi))
        events.append((x2, -1, lo, hi))
    events.sort(key=lambda e: e[0])
    cover = [0] * (len(ys) - 1)
    lengths = [ys[k + 1] - ys[k] for k in range(len(ys) - 1)]
    if cells_by_midpoint:
        lengths = [length if math.isfinite(length) else 0 for length in lengths]
    covered: float = 0
    total: float = 0
    last_x = events[0][0]
    for x, delta, lo, hi in events:
        if x != last_x:
            width = x - last_x
            if not cells_by_midpoint or math.isfinite(width):
                total += covered * width
            last_x = x
        for k in range(lo, hi):
            before = cover[k]
            cover[k] = before + delta
            if before == 0:
                covered += lengths[k]
            elif cover[k] == 0:
                covered -= lengths[k]
    return total


def _box_of(piece: Sequence[Point]):
    """The piece's (x1, y1, x2, y2) when it is an axis-parallel rectangle (four corners on
    two xs and two ys), else None."""
    if len(piece) != 4:
        return None
    xs = {p[0] for p in piece}
    ys = {p[1] for p in piece}
    if len(xs) != 2 or len(ys) != 2:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def pieces_union_mm2(pieces: Iterable[Sequence[Point]]) -> float:
    """The area covered by convex pieces, overlaps once: rectangles exactly by
    :func:`union_area_mm2`; any other shape (a cut by a slanted drawn line) adds, through
    shapely, only what it covers beyond the rectangles it meets — area(A ∪ R) = area(R) +
    area(A − R) — so a building of many rooms and one splayed corner does not send every
    room through an overlay. Each distinct piece is taken once."""
    boxes = []
    others = []
    for p in dict.fromkeys(pieces):
        box = _box_of(p)
        if box is None:
            others.append(p)
        else:
            boxes.append(box)
    total = union_area_mm2(boxes)
    if not others:
        return total
    import shapely  # local: only a model with a slanted cut pays for it

    extra = shapely.union_all([shapely.Polygon(p) for p in others if len(p) >= 3])
    if extra.is_empty:
        return total
    minx, miny, maxx, maxy = extra.bounds
    near = [shapely.box(*b) for b in boxes if b[0] < maxx and b[2] > minx and b[1] < maxy and b[3] > miny]
    if near:
        extra = extra.difference(shapely.union_all(near))
    return total + extra.area
