"""Which spaces touch — the population of derived default walls (reference/muro/boundary.md,
"Touching spaces default to a wall"; api/derive.md `deriveDefaultBoundaries`).

Two region-bearing spaces on the same level touch when one of their pieces' edges faces
the other's (opposite faces, fixed coordinates within EPS) over an overlap longer than EPS —
the same test as shared edges, so a pair touching only at a corner never gets a wall.

The original compares all pairs of spaces (COMPAT.md §10). Here every axis-parallel edge of
a level goes into a line keyed by (face, fixed coordinate); each S line is swept against the
N lines within EPS of it (and E against W), both sorted by interval start, so a level costs
O(edges · log edges + contacts).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Dict, Hashable, Iterable, List, Sequence, Set, Tuple

from .polygon import Piece
from .segments import piece_edges
from .tolerances import EPS

__all__ = ["touching_pairs"]


def _lines(spaces: Sequence[Tuple[int, Sequence[Piece]]]) -> Dict[Tuple[str, float], List[Tuple[float, float, int]]]:
    lines: Dict[Tuple[str, float], List[Tuple[float, float, int]]] = {}
    for index, pieces in spaces:
        for piece in pieces:
            for e in piece_edges(piece):
                lines.setdefault((e.face, e.fixed), []).append((e.lo, e.hi, index))
    for entries in lines.values():
        entries.sort(key=lambda e: e[0])
    return lines


def _sweep(xs: List[Tuple[float, float, int]], ys: List[Tuple[float, float, int]],
           found: Set[Tuple[int, int]]) -> None:
    """Pairs of intervals (one from each list, both sorted by start) overlapping by more
    than EPS, recorded as (smaller index, larger index) when the owners differ."""
    events = [(e[0], 0, e) for e in xs] + [(e[0], 1, e) for e in ys]
    events.sort(key=lambda ev: ev[0])
    active: Tuple[List, List] = ([], [])
    for lo, side, entry in events:
        other = [e for e in active[1 - side] if e[1] > lo + EPS]
        active[1 - side][:] = other
        if entry[1] > lo + EPS:
            for e in other:
                if e[2] != entry[2]:
                    i, j = (e[2], entry[2]) if e[2] < entry[2] else (entry[2], e[2])
                    found.add((i, j))
            active[side].append(entry)


def touching_pairs(spaces: Iterable[Tuple[int, Hashable, Sequence[Piece]]]) -> List[Tuple[int, int]]:
    """Every pair of spaces on the same level sharing an edge longer than EPS.

    ``spaces``: (model index, level key, current pieces) for each region-bearing space; the
    level key may be None (spaces with no level touch each other too, COMPAT.md §8).
    Returns (i, j) with i < j, sorted — the order derived walls are appended in
    (COMPAT.md §7: pairs i<j over region-bearing spaces in model order).
    """
    by_level: Dict[Hashable, List[Tuple[int, Sequence[Piece]]]] = {}
    for index, level, pieces in spaces:
        by_level.setdefault(level, []).append((index, pieces))
    found: Set[Tuple[int, int]] = set()
    for members in by_level.values():
        lines = _lines(members)
        fixed_by_face: Dict[str, List[float]] = {"N": [], "S": [], "E": [], "W": []}
        for face, fixed in lines:
            fixed_by_face[face].append(fixed)
        for face in fixed_by_face:
            fixed_by_face[face].sort()
        for face, facing in (("S", "N"), ("E", "W")):
            coords = fixed_by_face[facing]
            for fixed in fixed_by_face[face]:
                i = bisect_left(coords, fixed - EPS)
                j = bisect_right(coords, fixed + EPS)
                for c in coords[i:j]:
                    _sweep(lines[(face, fixed)], lines[(facing, c)], found)
    return sorted(found)
