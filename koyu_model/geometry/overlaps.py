"""Overlap of written rectangles, with the 0.5 mm rule (COMPAT.md §7: GEO01, GEO02, HGT,
VRT03 and the void coverage read written rectangles, overlapping by more than EPS on both
axes).

GEO02 asks for every overlapping pair of spaces on a level; the original compares all
pairs. Here the rectangles of a level go into a shapely STRtree once and only the
candidate pairs it returns are tested exactly — shapely sees boxes and hands back indices,
never vertices, so nothing of its own order reaches an output (pairs are sorted).
"""

from __future__ import annotations

from typing import Dict, Hashable, Iterable, List, Sequence, Set, Tuple

import shapely

from .polygon import Box
from .tolerances import EPS

__all__ = ["rect_overlap", "self_overlaps", "overlapping_pairs"]


def rect_overlap(r1: Box, r2: Box, eps: float = EPS) -> bool:
    """Two rectangles overlap when they share more than ``eps`` on both axes; sharing an
    edge or a corner is not overlapping."""
    return min(r1[2], r2[2]) - max(r1[0], r2[0]) > eps and min(r1[3], r2[3]) - max(r1[1], r2[1]) > eps


def self_overlaps(rects: Sequence[Box]) -> List[Tuple[int, int]]:
    """GEO01: every overlapping pair i < j among one space's rectangles, in (i, j) order."""
    return [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects)) if rect_overlap(rects[i], rects[j])]


def overlapping_pairs(spaces: Iterable[Tuple[int, Hashable, Sequence[Box]]]) -> List[Tuple[int, int]]:
    """GEO02: every pair of spaces on the same level (None counts as a level) any of whose
    rectangles overlap. ``spaces``: (model index, level key, written rectangles). Returns
    (i, j) with i < j, sorted — the original's i<j scan order."""
    by_level: Dict[Hashable, List[Tuple[int, Box]]] = {}
    for index, level, rects in spaces:
        for r in rects:
            by_level.setdefault(level, []).append((index, tuple(r)))
    found: Set[Tuple[int, int]] = set()
    for members in by_level.values():
        if len(members) < 2:
            continue
        boxes = shapely.box(
            [r[0] for _, r in members],
            [r[1] for _, r in members],
            [r[2] for _, r in members],
            [r[3] for _, r in members],
        )
        tree = shapely.STRtree(boxes)
        left, right = tree.query(boxes, predicate="intersects")
        for k, m in zip(left.tolist(), right.tolist()):
            if k >= m:
                continue
            (i, ri), (j, rj) = members[k], members[m]
            if i != j and rect_overlap(ri, rj):
                found.add((i, j) if i < j else (j, i))
    return sorted(found)
