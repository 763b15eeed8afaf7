"""Boundary segments — where a wall stands (reference/form/boundaries.md; COMPAT.md §8).

A wall's position emerges from the pieces of two spaces: the shared edges when both have a
region, the outline against every other space on the level when one has, the stretches of
a drawn line whose two sides are exactly a and b when the boundary carries one. Segments are
:class:`Segment` records (the Form carries them as they are), endpoints in ascending
coordinate order.

Order (COMPAT.md §8): pieces in order, each piece's edges in vertex order (a rectangle gives
S, E, N, W); collinear merging then emits its groups in first-appearance order.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import cast

import attrs

from .jsmath import js_hypot
from .pieces import canonical_endpoints
from .polygon import Piece, Point, point_in_polygon
from .tolerances import EPS, PARALLEL_EPS, PROBE, SPAN_EPS

__all__ = [
    "OPPOSITE",
    "Segment",
    "edge_orientation",
    "edge_tuples",
    "edge_segment",
    "shared_edge_tuples",
    "shared_edges",
    "LevelEdges",
    "outline",
    "outline_edges",
    "merge_edges",
    "subtract_intervals",
    "merge_collinear",
    "filter_edge",
    "drawn_line_segments",
    "segments_for",
    "envelope_gaps",
    "uncovered_stretches",
]

# A line (face, fixed coordinate) with more edges than this is checked for a few long ones.
_SPLIT_AT = 12

# An edge as plain numbers: (face, fixed coordinate, lo, hi) — see edge_tuples.
EdgeTuple = tuple[str, float, float, float]

# A face and the face that looks back at it (N = +Y, S = −Y, E = +X, W = −X).
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


@attrs.frozen
class Segment:
    """A boundary segment — the centre line where a wall stands
    (reference/form/boundaries.md; api/derive.md `Segment`).

    ``horizontal``: y1 == y2. ``diagonal``: not axis-parallel (a drawn line).
    ``edge_of_a``: the face N/E/S/W as seen from the boundary's ``a``; absent on a
    drawn line. Endpoints run in ascending coordinate order. The metadata gives the
    spec's name where it differs from the field's (the Form's JSON writes it).
    """

    x1: int | float
    y1: int | float
    x2: int | float
    y2: int | float
    horizontal: bool
    diagonal: bool | None = None
    edge_of_a: str | None = attrs.field(default=None, metadata={"key": "edgeOfA"})


def edge_orientation(p: Point, q: Point) -> str | None:
    """The face of a counter-clockwise edge p→q: travelling +x is S, −x is N, +y is E,
    −y is W. Axis-parallel within EPS; a diagonal (or vanishing) edge has no face."""
    dx = q[0] - p[0]
    dy = q[1] - p[1]
    if abs(dy) <= EPS and abs(dx) > EPS:
        return "S" if dx > 0 else "N"
    if abs(dx) <= EPS and abs(dy) > EPS:
        return "E" if dy > 0 else "W"
    return None


def edge_tuples(piece: Sequence[Point]) -> list[tuple[str, float, float, float]]:
    """The axis-parallel edges of a piece as plain (face, fixed, lo, hi) tuples, in vertex
    order: the face (:func:`edge_orientation`), the fixed coordinate (y for S/N, x for
    E/W) and the interval lo < hi along the other axis.

    A rectangle (four vertices x0,y0 → x1,y0 → x1,y2 → x0,y2 exactly, both sides longer
    than EPS, every corner finite) gives S, E, N, W straight from its corners; any other
    piece goes through :func:`edge_orientation`'s test edge by edge. The two give the same
    tuples (the same numbers, not merely equal ones) for such a rectangle. A side at
    Infinity (a grid coordinate too long for a double) is no edge: its coordinates differ
    by Infinity - Infinity, NaN, as in the original."""
    if len(piece) == 4:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = piece
        if (
            y0 == y1
            and x1 == x2
            and y2 == y3
            and x3 == x0
            and x1 - x0 > EPS
            and y2 - y1 > EPS
            and math.isfinite(x0 + x1 + y0 + y2)
        ):
            return [("S", y0, x0, x1), ("E", x1, y1, y2), ("N", y2, x3, x2), ("W", x3, y0, y3)]
    out = []
    n = len(piece)
    for i in range(n):
        px, py = piece[i]
        qx, qy = piece[(i + 1) % n]
        dx = qx - px
        dy = qy - py
        if abs(dy) <= EPS and abs(dx) > EPS:
            out.append(("S" if dx > 0 else "N", py, px if px < qx else qx, qx if px < qx else px))
        elif abs(dx) <= EPS and abs(dy) > EPS:
            out.append(("E" if dy > 0 else "W", px, py if py < qy else qy, qy if py < qy else py))
    return out


def edge_segment(face: str, fixed: float, lo: float, hi: float) -> Segment:
    """A derived segment on a face, ascending (x1 ≤ x2 or y1 ≤ y2), carrying edgeOfA."""
    if face == "S" or face == "N":
        return Segment(lo, fixed, hi, fixed, True, None, face)
    return Segment(fixed, lo, fixed, hi, False, None, face)


def shared_edge_tuples(
    edges_a: Sequence[Sequence[EdgeTuple]], edges_b: Sequence[Sequence[EdgeTuple]]
) -> list[EdgeTuple]:
    """The edges a's pieces share with b's (unmerged), over edges already read (per piece,
    :func:`edge_tuples`): a's edges facing b's edges (opposite faces, fixed coordinates
    within EPS) over an overlap longer than EPS — touching at a point is not touching.
    Seen from a: a's face, a's fixed coordinate, and a's number where an end of the
    overlap is a tie (the two ends are equal values; a's is the one written from a's
    side, boundaries.md). Order: a's pieces, a's edges in vertex order, then b's pieces
    and edges."""
    out: list[EdgeTuple] = []
    for own in edges_a:
        for face, fixed, alo, ahi in own:
            want = OPPOSITE[face]
            for other in edges_b:
                for bface, bfixed, blo, bhi in other:
                    if bface != want or abs(fixed - bfixed) > EPS:
                        continue
                    lo = blo if blo > alo else alo
                    hi = bhi if bhi < ahi else ahi
                    if hi - lo > EPS:
                        out.append((face, fixed, lo, hi))
    return out


def shared_edges(pieces_a: Sequence[Piece], pieces_b: Sequence[Piece]) -> list[Segment]:
    """:func:`shared_edge_tuples` of two sides' pieces, as segments."""
    found = shared_edge_tuples([edge_tuples(pc) for pc in pieces_a], [edge_tuples(pc) for pc in pieces_b])
    return [edge_segment(*e) for e in found]


class LevelEdges:
    """Every axis-parallel piece edge on one level, indexed by face and fixed coordinate, so
    that "which edges face this one" costs a bisect rather than a scan of the level.

    Built once per level from owner → pieces (owners are any hashable key, e.g. a space's
    path or its place on the level), after all drawn-line cuts, or from ``edges``: owner →
    per piece its edges already read (:func:`edge_tuples`).
    """

    def __init__(
        self,
        pieces_by_owner: Mapping[Hashable, Sequence[Piece]] | None = None,
        *,
        edges: Mapping[Hashable, Sequence[Sequence[EdgeTuple]]] | None = None,
    ):
        if edges is None:
            edges = {owner: [edge_tuples(pc) for pc in pieces] for owner, pieces in (pieces_by_owner or {}).items()}
        lines: dict[tuple[str, float], list[tuple[float, float, Hashable, int]]] = defaultdict(list)
        for owner, per_piece in edges.items():
            for index, own in enumerate(per_piece):
                for face, fixed, lo, hi in own:
                    lines[(face, fixed)].append((lo, hi, owner, index))
        self._lines: dict[tuple[str, float], tuple[list[float], list, float]] = {}
        self._split = {}
        self._facing_lines: dict[tuple[str, float], list[tuple[str, float]]] = {}
        fixed_by_face: dict[str, list[float]] = {"N": [], "S": [], "E": [], "W": []}
        first = _first
        for (face, fixed), entries in lines.items():
            if len(entries) > 1:
                entries.sort(key=first)
                longest = max([e[1] - e[0] for e in entries])
                starts = [e[0] for e in entries]
            else:
                e = entries[0]
                longest = e[1] - e[0]
                starts = [e[0]]
            self._lines[(face, fixed)] = (starts, entries, longest)
            fixed_by_face[face].append(fixed)
            if len(entries) > _SPLIT_AT:
                self._split_long(face, fixed, entries)
        for coords in fixed_by_face.values():
            coords.sort()
        self._fixed = fixed_by_face

    # A line of many short edges and one long one (rooms along a corridor) would make
    # every bisect by "start > lo − longest" reach back to the line's first edge: such a
    # line also keeps its short edges apart (bisected by their own longest) and its few
    # long ones in a list read whole; ``_split`` maps its key to
    # (short starts, short entries, their longest, their positions, [(position, long entry)]).
    _split: dict[tuple[str, float], tuple]

    def _split_long(self, face: str, fixed: float, entries: list) -> None:
        lengths = sorted([e[1] - e[0] for e in entries])
        cut = 2 * lengths[(3 * len(lengths)) // 4]
        if not lengths[-1] > cut:
            return
        pos = [k for k, e in enumerate(entries) if not e[1] - e[0] > cut]
        longs = [(k, e) for k, e in enumerate(entries) if e[1] - e[0] > cut]
        short = [entries[k] for k in pos]
        self._split[(face, fixed)] = ([e[0] for e in short], short, max([e[1] - e[0] for e in short]), pos, longs)

    def _near(self, key, lo: float, hi: float) -> list:
        """The entries of line ``key`` that may overlap lo..hi — a superset (margin EPS) in
        line order — for a line kept split."""
        starts, entries, longest, pos, longs = self._split[key]
        found = [(pos[k], entries[k]) for k in range(bisect_right(starts, lo - longest - EPS), bisect_left(starts, hi))]
        extra = [(k, e) for k, e in longs if e[0] < hi]
        if extra:
            found.extend(extra)
            found.sort(key=_first)
        return [e for _, e in found]

    def facing(self, face: str, fixed: float, lo: float, hi: float):
        """Edges facing an edge (face, fixed, lo..hi): the opposite face, fixed coordinate
        within EPS, overlapping the interval with positive length. Yields
        (lo, hi, owner, piece_index)."""
        want = OPPOSITE[face]
        coords = self._fixed.get(want, [])
        i = bisect_left(coords, fixed - EPS)
        j = bisect_right(coords, fixed + EPS)
        for c in coords[i:j]:
            starts, entries, longest = self._lines[(want, c)]
            k0 = bisect_right(starts, lo - longest)
            k1 = bisect_left(starts, hi)
            for entry in entries[k0:k1]:
                if entry[1] > lo and entry[0] < hi:
                    yield entry

    def covers(self, face: str, fixed: float, lo: float, hi: float, owner: Hashable) -> list[tuple[float, float]]:
        """The (lo, hi) of every edge :meth:`facing` yields whose owner is not ``owner``,
        as a list (the outline's covering intervals)."""
        found = self._facing_lines.get((face, fixed))
        if found is None:
            # the lines within EPS of this one, looked up once per line
            want = OPPOSITE[face]
            coords = self._fixed[want]
            found = [
                (want, coords[k]) for k in range(bisect_left(coords, fixed - EPS), bisect_right(coords, fixed + EPS))
            ]
            self._facing_lines[(face, fixed)] = found
        out = []
        lines = self._lines
        split = self._split
        for key in found:
            if key in split:
                for c0, c1, who, _ in self._near(key, lo, hi):
                    if c1 > lo and c0 < hi and who != owner:
                        out.append((c0, c1))
                continue
            starts, entries, longest = lines[key]
            for k2 in range(bisect_right(starts, lo - longest), bisect_left(starts, hi)):
                c0, c1, who, _ = entries[k2]
                if c1 > lo and c0 < hi and who != owner:
                    out.append((c0, c1))
        return out

    def touching(self) -> set:
        """Pairs of distinct owners (each pair once, in either order) with facing edges
        (S against N, E against W, fixed coordinates within EPS) whose overlap is more than
        EPS — with L the later start, both ends beyond L + EPS (the test of
        :mod:`koyu_model.geometry.contacts`)."""
        found = set()
        lines = self._lines
        split = self._split
        fixed_by_face = self._fixed
        for face, want in (("S", "N"), ("E", "W")):
            coords = fixed_by_face[want]
            for fixed in fixed_by_face[face]:
                i = bisect_left(coords, fixed - EPS)
                j = bisect_right(coords, fixed + EPS)
                if i >= j:
                    continue
                xs = lines[(face, fixed)][1]
                for k in range(i, j):
                    key = (want, coords[k])
                    if key in split:
                        near = self._near
                        for xlo, xhi, xo, _ in xs:
                            for ylo, yhi, yo, _ in near(key, xlo, xhi):
                                if yo != xo:
                                    bound = (xlo if xlo > ylo else ylo) + EPS
                                    if xhi > bound and yhi > bound:
                                        found.add((xo, yo))
                        continue
                    starts, ys, longest = lines[key]
                    # a superset by the start (margin EPS), then the exact test
                    reach = longest + EPS
                    for xlo, xhi, xo, _ in xs:
                        for k2 in range(bisect_right(starts, xlo - reach), bisect_left(starts, xhi)):
                            ylo, yhi, yo, _ = ys[k2]
                            if yo == xo:
                                continue
                            start = xlo if xlo > ylo else ylo
                            bound = start + EPS
                            if xhi > bound and yhi > bound:
                                found.add((xo, yo))
        return found


_first = itemgetter(0)  # sort key: an entry's start (a stable sort by start alone)


def subtract_intervals(lo: float, hi: float, covers: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """[lo, hi] minus the union of the covering intervals, ascending. The result does not
    depend on the order of subtraction."""
    # (max(lo, c0), min(hi, c1)) written out: the same number object wins a tie
    parts = sorted([(c0 if c0 > lo else lo, c1 if c1 < hi else hi) for c0, c1 in covers if c1 > lo and c0 < hi])
    out: list[tuple[float, float]] = []
    cursor = lo
    for c0, c1 in parts:
        if c0 > cursor:
            out.append((cursor, c0))
        if c1 > cursor:
            cursor = c1
    if cursor < hi:
        out.append((cursor, hi))
    return out


def outline(pieces: Sequence[Piece], level: LevelEdges, owner: Hashable) -> list[Segment]:
    """The outline of the one side with a region (unmerged): each edge of each piece minus
    the intervals covered by facing edges of every other space on the level and of the
    side's own other pieces (so an L of two rectangles grows no wall on its seam). Stretches
    of EPS or less are dropped. ``owner`` is the side's key in ``level``: its entries there
    are ignored and ``pieces`` stand for it, so the index may or may not hold it. The face
    is the side's own (read from the side that has a region)."""
    return [edge_segment(*e) for e in outline_edges([edge_tuples(pc) for pc in pieces], level, owner)]


def outline_edges(
    own: Sequence[Sequence[tuple[str, float, float, float]]], level: LevelEdges, owner: Hashable
) -> list[tuple[str, float, float, float]]:
    """:func:`outline` over the side's edges already read (per piece, :func:`edge_tuples`),
    as (face, fixed, lo, hi) tuples."""
    out: list[tuple[str, float, float, float]] = []
    covers_of = level.covers
    several = len(own) > 1
    for index, edges in enumerate(own):
        for face, fixed, lo, hi in edges:
            covers = covers_of(face, fixed, lo, hi, owner)
            if several:
                want = OPPOSITE[face]
                for other, other_edges in enumerate(own):
                    if other == index:
                        continue
                    for f_face, f_fixed, f_lo, f_hi in other_edges:
                        if f_face == want and abs(f_fixed - fixed) <= EPS and f_hi > lo and f_lo < hi:
                            covers.append((f_lo, f_hi))
            if not covers:
                if hi - lo > EPS:
                    out.append((face, fixed, lo, hi))
            elif len(covers) == 1:
                # subtract_intervals with one cover (which overlaps the edge by
                # construction), written out: the same comparisons, the same numbers
                c0, c1 = covers[0]
                if c0 > lo:
                    if c0 - lo > EPS:
                        out.append((face, fixed, lo, c0))
                    cursor = c1 if c1 < hi else hi
                else:
                    cursor = c1 if c1 < hi else hi
                    if not cursor > lo:
                        cursor = lo
                if cursor < hi and hi - cursor > EPS:
                    out.append((face, fixed, cursor, hi))
            else:
                for g0, g1 in subtract_intervals(lo, hi, covers):
                    if g1 - g0 > EPS:
                        out.append((face, fixed, g0, g1))
    return out


def merge_edges(edges: Sequence[EdgeTuple]) -> list[EdgeTuple]:
    """:func:`merge_collinear` over (face, fixed, lo, hi) tuples: the same groups (a face
    fixes the axis), the same order, the same numbers."""
    if len(edges) < 2:
        return list(edges)
    groups: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for face, fixed, lo, hi in edges:
        key = (face, fixed)
        found = groups.get(key)
        if found is None:
            groups[key] = [(lo, hi)]
        else:
            found.append((lo, hi))
    if len(groups) == len(edges):
        return [(face, fixed, spans[0][0], spans[0][1]) for (face, fixed), spans in groups.items()]
    out: list[tuple[str, float, float, float]] = []
    for (face, fixed), spans in groups.items():
        if len(spans) == 1:
            out.append((face, fixed, spans[0][0], spans[0][1]))
        else:
            out += [(face, fixed, lo, hi) for lo, hi in _joined(spans)]
    return out


def _joined(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Spans on one line sorted by start, runs whose gap is at most EPS joined into one."""
    spans.sort(key=_first)
    out = []
    run_lo, run_hi = spans[0]
    for lo, hi in spans[1:]:
        if lo - run_hi <= EPS:
            if hi > run_hi:
                run_hi = hi
        else:
            out.append((run_lo, run_hi))
            run_lo, run_hi = lo, hi
    out.append((run_lo, run_hi))
    return out


def _along(s: Segment) -> tuple[float, float]:
    return (s.x1, s.x2) if s.horizontal else (s.y1, s.y2)


def merge_collinear(segments: Iterable[Segment]) -> list[Segment]:
    """Collinear merging: group by (horizontal, fixed coordinate exactly, face seen from a)
    in first-appearance order; within a group sort ascending and join runs whose gap is at
    most EPS. Back-to-back faces (N and S on one line) never merge."""
    groups: dict[tuple[bool, float, str | None], list[Segment]] = {}
    for s in segments:
        key = (s.horizontal, s.y1 if s.horizontal else s.x1, s.edge_of_a)
        groups.setdefault(key, []).append(s)
    out: list[Segment] = []
    for (_horizontal, fixed, face), members in groups.items():
        face = cast(str, face)  # the segments merged are edges, each on a face
        out += [edge_segment(face, fixed, lo, hi) for lo, hi in _joined([_along(s) for s in members])]
    return out


def filter_edge(segments: Iterable[Segment], edge: str | None) -> list[Segment]:
    """``edge:`` narrows segments to those whose face seen from a is that word; no word
    keeps them all."""
    if edge is None:
        return list(segments)
    return [s for s in segments if s.edge_of_a == edge]


def _crossings(p: Point, d: tuple[float, float], pieces: Sequence[Piece], ts: list[float]) -> None:
    """Parameters t in (0, 1) where the line p + t·d meets an edge of the pieces."""
    for piece in pieces:
        n = len(piece)
        for i in range(n):
            u = piece[i]
            v = piece[(i + 1) % n]
            f = (v[0] - u[0], v[1] - u[1])
            denom = d[0] * f[1] - d[1] * f[0]
            if abs(denom) < PARALLEL_EPS:
                continue
            w = (u[0] - p[0], u[1] - p[1])
            s = (w[0] * d[1] - w[1] * d[0]) / denom
            if s < -PARALLEL_EPS or s > 1 + PARALLEL_EPS:
                continue
            t = (w[0] * f[1] - w[1] * f[0]) / denom
            if 0 < t < 1:
                ts.append(t)


def _owners(point: Point, pieces_a: Sequence[Piece] | None, pieces_b: Sequence[Piece] | None) -> tuple[bool, bool]:
    in_a = pieces_a is not None and any(point_in_polygon(point, pc) for pc in pieces_a)
    in_b = pieces_b is not None and any(point_in_polygon(point, pc) for pc in pieces_b)
    return in_a, in_b


def drawn_line_segments(
    pieces_a: Sequence[Piece] | None, pieces_b: Sequence[Piece] | None, p: Point, q: Point
) -> list[Segment]:
    """The stretches a drawn line realises for its boundary (boundaries.md, "The interval a
    drawn line realises").

    The line (endpoints in canonical order) is cut where it meets the edges of both sides'
    pieces; from each interval's midpoint two probes are taken PROBE away along the unit
    normal, and the interval is kept only when one probe lies in a alone and the other in b
    alone (with one region-less side: one probe in the region side, the other in neither).
    Adjacent kept intervals join. Segments run from the canonical start, carry no face, and
    are marked diagonal when not axis-parallel.
    """
    p, q = canonical_endpoints(p, q)
    d = (q[0] - p[0], q[1] - p[1])
    length = js_hypot(d[0], d[1])
    if length == 0 or (pieces_a is None and pieces_b is None):
        return []
    ts: list[float] = []
    if pieces_a is not None:
        _crossings(p, d, pieces_a, ts)
    if pieces_b is not None:
        _crossings(p, d, pieces_b, ts)
    cuts = [0.0]
    for t in sorted(ts):
        if (t - cuts[-1]) * length > EPS:
            cuts.append(t)
    if (1.0 - cuts[-1]) * length > EPS:
        cuts.append(1.0)
    else:
        cuts[-1] = 1.0
    nx = -d[1] / length * PROBE
    ny = d[0] / length * PROBE
    runs: list[tuple[float, float]] = []
    for t0, t1 in zip(cuts, cuts[1:]):
        mid = (t0 + t1) / 2
        mx = p[0] + d[0] * mid
        my = p[1] + d[1] * mid
        left = _owners((mx + nx, my + ny), pieces_a, pieces_b)
        right = _owners((mx - nx, my - ny), pieces_a, pieces_b)
        if pieces_a is not None and pieces_b is not None:
            keep = {left, right} == {(True, False), (False, True)}
        else:
            keep = {left, right} == {(pieces_a is not None, pieces_b is not None), (False, False)}
        if not keep:
            continue
        if runs and runs[-1][1] == t0:
            runs[-1] = (runs[-1][0], t1)
        else:
            runs.append((t0, t1))
    out: list[Segment] = []
    for t0, t1 in runs:
        x1, y1 = p if t0 == 0.0 else (p[0] + d[0] * t0, p[1] + d[1] * t0)
        x2, y2 = q if t1 == 1.0 else (p[0] + d[0] * t1, p[1] + d[1] * t1)
        diagonal = True if (x1 != x2 and y1 != y2) else None
        out.append(Segment(x1=x1, y1=y1, x2=x2, y2=y2, horizontal=y1 == y2, diagonal=diagonal))
    return out


def segments_for(
    pieces_a: Sequence[Piece] | None,
    pieces_b: Sequence[Piece] | None,
    *,
    vertical: bool = False,
    same_level: bool = True,
    line: tuple[Point, Point] | None = None,
    edge: str | None = None,
    level: LevelEdges | None = None,
    a_key: Hashable = None,
    b_key: Hashable = None,
) -> list[Segment]:
    """``segmentsFor`` over plain pieces: the first branch that applies settles it
    (boundaries.md, "Deriving the segments — the order matters").

    ``pieces_a`` / ``pieces_b``: the current pieces of each side, None for no region (the
    caller handles a missing space: no segment). ``vertical``: stair/shaft/void → none.
    ``line``: the drawn line's endpoints → :func:`drawn_line_segments`, no merging, no
    ``edge``. Both regions: shared edges, none across levels. One region: its outline
    against ``level`` (the LevelEdges of its level; ``a_key``/``b_key`` are the sides'
    owner keys there). Then collinear merging, then ``edge`` (the boundary's ``edge:``).
    """
    if vertical:
        return []
    if line is not None:
        return drawn_line_segments(pieces_a, pieces_b, line[0], line[1])
    if pieces_a is not None and pieces_b is not None:
        if not same_level:
            return []
        found = shared_edges(pieces_a, pieces_b)
    elif pieces_a is not None or pieces_b is not None:
        if level is None:
            level = LevelEdges({})
        if pieces_a is not None:
            found = outline(pieces_a, level, a_key)
        else:
            found = outline(cast("Sequence[Piece]", pieces_b), level, b_key)  # one side has a region
    else:
        return []
    return filter_edge(merge_collinear(found), edge)


def envelope_gaps(
    pieces: Sequence[Piece], level: LevelEdges, owner: Hashable, covering: Iterable[Segment]
) -> list[Segment]:
    """``envelopeGaps``: the stretches of a space's outline that face neither another space
    on the level nor a declared boundary to a region-less space (api/geometry.md).

    ``covering``: the segments of the space's declared boundaries to region-less spaces,
    drawn lines included. Each merged outline segment loses the intervals of covering
    segments on the same line (fixed coordinate within EPS) and the same face — a drawn
    line's axis-parallel stretch has no face and covers either; stretches shorter than
    SPAN_EPS are dropped.
    """
    cover_list = list(covering)
    out: list[Segment] = []
    for s in merge_collinear(outline(pieces, level, owner)):
        fixed = s.y1 if s.horizontal else s.x1
        for g0, g1 in uncovered_stretches(s, cover_list):
            out.append(edge_segment(cast(str, s.edge_of_a), fixed, g0, g1))  # an outline segment has a face
    return out


def uncovered_stretches(s: Segment, covering: Sequence[Segment]) -> list[tuple[float, float]]:
    """The intervals (lo, hi) along outline segment ``s`` that no covering segment covers:
    a cover lies on the same line (fixed coordinate within EPS) with the same face, or is a
    drawn line's faceless axis-parallel stretch; leftovers shorter than SPAN_EPS are dropped
    (api/geometry.md envelopeGaps)."""
    fixed = s.y1 if s.horizontal else s.x1
    covers = []
    for c in covering:
        if c.horizontal != s.horizontal or (c.edge_of_a is not None and c.edge_of_a != s.edge_of_a):
            continue
        if c.edge_of_a is None and c.x1 != c.x2 and c.y1 != c.y2:
            continue  # a diagonal drawn stretch covers no axis-parallel edge
        if abs((c.y1 if c.horizontal else c.x1) - fixed) > EPS:
            continue
        covers.append(_along(c))
    lo, hi = _along(s)
    return [(g0, g1) for g0, g1 in subtract_intervals(lo, hi, covers) if g1 - g0 >= SPAN_EPS]
