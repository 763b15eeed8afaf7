"""Which spaces touch — the population of derived default walls (reference/muro/boundary.md,
"Touching spaces default to a wall"; api/derive.md `deriveDefaultBoundaries`).

Two region-bearing spaces on the same level touch when one of their pieces' edges faces
the other's (opposite faces, fixed coordinates within EPS) over an overlap longer than EPS —
the same test as shared edges, so a pair touching only at a corner never gets a wall.

The original compares all pairs of spaces (COMPAT.md §10). Here every axis-parallel edge of
a level goes into a line keyed by (face, fixed coordinate) (segments.LevelEdges); each S
line is matched against the N lines within EPS of it (and E against W), candidates found by
bisecting the sorted starts, so a level costs O(edges · log edges + contacts).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from .polygon import Piece
from .segments import EdgeTuple, LevelEdges, edge_tuples

__all__ = ["touching_pairs", "touching_pairs_of_edges"]


def touching_pairs(spaces: Iterable[tuple[int, Hashable, Sequence[Piece]]]) -> list[tuple[int, int]]:
    """Every pair of spaces on the same level sharing an edge longer than EPS.

    ``spaces``: (model index, level key, current pieces) for each region-bearing space; the
    level key may be None (spaces with no level touch each other too, COMPAT.md §8).
    Returns (i, j) with i < j, sorted — the order derived walls are appended in
    (COMPAT.md §7: pairs i<j over region-bearing spaces in model order).
    """
    return touching_pairs_of_edges(
        (index, level, [edge_tuples(pc) for pc in pieces]) for index, level, pieces in spaces
    )


def touching_pairs_of_edges(
    spaces: Iterable[tuple[int, Hashable, Sequence[Sequence[EdgeTuple]]]],
) -> list[tuple[int, int]]:
    """:func:`touching_pairs` over edges already read: (model index, level key, per piece
    its segments.edge_tuples)."""
    by_level: dict[Hashable, dict[Hashable, Sequence[Sequence[EdgeTuple]]]] = {}  # level → model index → edges
    for index, level, edges in spaces:
        by_level.setdefault(level, {})[index] = edges
    found: set[tuple[int, int]] = set()
    for members in by_level.values():
        for x, y in LevelEdges(edges=members).touching():
            found.add((x, y) if x < y else (y, x))
    return sorted(found)
