"""Boundary segments — where a wall stands (reference/form/boundaries.md; COMPAT.md §8).

A wall's position emerges from the pieces of two spaces: the shared edges when both have a
region, the outline against every other space on the level when one has, the stretches of
a drawn line whose two sides are exactly a and b when the boundary carries one. Segments are
:class:`koyu_model.form.records.Segment` records, endpoints in ascending coordinate order.

Order (COMPAT.md §8): pieces in order, each piece's edges in vertex order (a rectangle gives
S, E, N, W); collinear merging then emits its groups in first-appearance order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Dict, Hashable, Iterable, List, Mapping, Optional, Sequence, Tuple

import attrs

from koyu_model.form.records import Segment

from .jsmath import js_hypot
from .pieces import canonical_endpoints
from .polygon import Piece, Point, point_in_polygon
from .tolerances import EPS, PARALLEL_EPS, PROBE, SPAN_EPS

__all__ = [
    "OPPOSITE", "Edge", "edge_orientation", "piece_edges", "edge_segment",
    "shared_edges", "LevelEdges", "outline", "subtract_intervals", "merge_collinear",
    "filter_edge", "drawn_line_segments", "segments_for", "envelope_gaps",
    "uncovered_stretches",
]

# A face and the face that looks back at it (N = +Y, S = −Y, E = +X, W = −X).
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


@attrs.frozen
class Edge:
    """An axis-parallel edge of a piece: its face, its fixed coordinate (y for S/N, x for
    E/W), and its interval lo < hi along the other axis."""

    face: str
    fixed: float
    lo: float
    hi: float

    @property
    def horizontal(self) -> bool:
        return self.face in ("S", "N")


def edge_orientation(p: Point, q: Point) -> Optional[str]:
    """The face of a counter-clockwise edge p→q: travelling +x is S, −x is N, +y is E,
    −y is W. Axis-parallel within EPS; a diagonal (or vanishing) edge has no face."""
    dx = q[0] - p[0]
    dy = q[1] - p[1]
    if abs(dy) <= EPS and abs(dx) > EPS:
        return "S" if dx > 0 else "N"
    if abs(dx) <= EPS and abs(dy) > EPS:
        return "E" if dy > 0 else "W"
    return None


def piece_edges(piece: Sequence[Point]) -> List[Edge]:
    """The axis-parallel edges of a piece, in vertex order."""
    edges: List[Edge] = []
    n = len(piece)
    for i in range(n):
        p = piece[i]
        q = piece[(i + 1) % n]
        face = edge_orientation(p, q)
        if face is None:
            continue
        if face in ("S", "N"):
            edges.append(Edge(face, p[1], min(p[0], q[0]), max(p[0], q[0])))
        else:
            edges.append(Edge(face, p[0], min(p[1], q[1]), max(p[1], q[1])))
    return edges


def edge_segment(face: str, fixed: float, lo: float, hi: float) -> Segment:
    """A derived segment on a face, ascending (x1 ≤ x2 or y1 ≤ y2), carrying edgeOfA."""
    if face in ("S", "N"):
        return Segment(x1=lo, y1=fixed, x2=hi, y2=fixed, horizontal=True, edge_of_a=face)
    return Segment(x1=fixed, y1=lo, x2=fixed, y2=hi, horizontal=False, edge_of_a=face)


def shared_edges(pieces_a: Sequence[Piece], pieces_b: Sequence[Piece]) -> List[Segment]:
    """The edges a's pieces share with b's (unmerged): a's edges facing b's edges (opposite
    faces, fixed coordinates within EPS) over an overlap longer than EPS — touching at a
    point is not touching. Seen from a: a's face and a's fixed coordinate. Order: a's pieces,
    a's edges in vertex order, then b's pieces and edges."""
    edges_b = [piece_edges(pb) for pb in pieces_b]
    out: List[Segment] = []
    for pa in pieces_a:
        for ea in piece_edges(pa):
            want = OPPOSITE[ea.face]
            for eb_list in edges_b:
                for eb in eb_list:
                    if eb.face != want or abs(ea.fixed - eb.fixed) > EPS:
                        continue
                    lo = max(ea.lo, eb.lo)
                    hi = min(ea.hi, eb.hi)
                    if hi - lo > EPS:
                        out.append(edge_segment(ea.face, ea.fixed, lo, hi))
    return out


class LevelEdges:
    """Every axis-parallel piece edge on one level, indexed by face and fixed coordinate, so
    that "which edges face this one" costs a bisect rather than a scan of the level.

    Built once per level from owner → pieces (owners are any hashable key, e.g. a space's
    path or model index), after all drawn-line cuts.
    """

    def __init__(self, pieces_by_owner: Mapping[Hashable, Sequence[Piece]]):
        lines: Dict[Tuple[str, float], List[Tuple[float, float, Hashable, int]]] = {}
        for owner, pieces in pieces_by_owner.items():
            for index, piece in enumerate(pieces):
                for e in piece_edges(piece):
                    lines.setdefault((e.face, e.fixed), []).append((e.lo, e.hi, owner, index))
        self._lines: Dict[Tuple[str, float], Tuple[List[float], list, float]] = {}
        fixed_by_face: Dict[str, List[float]] = {"N": [], "S": [], "E": [], "W": []}
        for (face, fixed), entries in lines.items():
            entries.sort(key=lambda e: e[0])
            longest = max(e[1] - e[0] for e in entries)
            self._lines[(face, fixed)] = ([e[0] for e in entries], entries, longest)
            fixed_by_face[face].append(fixed)
        self._fixed = {face: sorted(v) for face, v in fixed_by_face.items()}

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


def subtract_intervals(lo: float, hi: float,
                       covers: Iterable[Tuple[float, float]]) -> List[Tuple[float, float]]:
    """[lo, hi] minus the union of the covering intervals, ascending. The result does not
    depend on the order of subtraction."""
    parts = sorted((max(lo, c0), min(hi, c1)) for c0, c1 in covers if c1 > lo and c0 < hi)
    out: List[Tuple[float, float]] = []
    cursor = lo
    for c0, c1 in parts:
        if c0 > cursor:
            out.append((cursor, c0))
        if c1 > cursor:
            cursor = c1
    if cursor < hi:
        out.append((cursor, hi))
    return out


def outline(pieces: Sequence[Piece], level: LevelEdges, owner: Hashable) -> List[Segment]:
    """The outline of the one side with a region (unmerged): each edge of each piece minus
    the intervals covered by facing edges of every other space on the level and of the
    side's own other pieces (so an L of two rectangles grows no wall on its seam). Stretches
    of EPS or less are dropped. ``owner`` is the side's key in ``level``: its entries there
    are ignored and ``pieces`` stand for it, so the index may or may not hold it. The face
    is the side's own (read from the side that has a region)."""
    own = [piece_edges(pc) for pc in pieces]
    out: List[Segment] = []
    for index, edges in enumerate(own):
        for e in edges:
            covers = [(c0, c1) for c0, c1, who, _ in level.facing(e.face, e.fixed, e.lo, e.hi)
                      if who != owner]
            want = OPPOSITE[e.face]
            for other, other_edges in enumerate(own):
                if other == index:
                    continue
                for f in other_edges:
                    if f.face == want and abs(f.fixed - e.fixed) <= EPS and f.hi > e.lo and f.lo < e.hi:
                        covers.append((f.lo, f.hi))
            for lo, hi in subtract_intervals(e.lo, e.hi, covers):
                if hi - lo > EPS:
                    out.append(edge_segment(e.face, e.fixed, lo, hi))
    return out


def _along(s: Segment) -> Tuple[float, float]:
    return (s.x1, s.x2) if s.horizontal else (s.y1, s.y2)


def merge_collinear(segments: Iterable[Segment]) -> List[Segment]:
    """Collinear merging: group by (horizontal, fixed coordinate exactly, face seen from a)
    in first-appearance order; within a group sort ascending and join runs whose gap is at
    most EPS. Back-to-back faces (N and S on one line) never merge."""
    groups: Dict[Tuple[bool, float, Optional[str]], List[Segment]] = {}
    for s in segments:
        key = (s.horizontal, s.y1 if s.horizontal else s.x1, s.edge_of_a)
        groups.setdefault(key, []).append(s)
    out: List[Segment] = []
    for (horizontal, fixed, face), members in groups.items():
        spans = sorted((_along(s) for s in members), key=lambda span: span[0])
        run_lo, run_hi = spans[0]
        for lo, hi in spans[1:]:
            if lo - run_hi <= EPS:
                if hi > run_hi:
                    run_hi = hi
            else:
                out.append(edge_segment(face, fixed, run_lo, run_hi))
                run_lo, run_hi = lo, hi
        out.append(edge_segment(face, fixed, run_lo, run_hi))
    return out


def filter_edge(segments: Iterable[Segment], edge: Optional[str]) -> List[Segment]:
    """``edge:`` narrows segments to those whose face seen from a is that word; no word
    keeps them all."""
    if edge is None:
        return list(segments)
    return [s for s in segments if s.edge_of_a == edge]


def _crossings(p: Point, d: Tuple[float, float], pieces: Sequence[Piece], ts: List[float]) -> None:
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


def _owners(point: Point, pieces_a: Optional[Sequence[Piece]],
            pieces_b: Optional[Sequence[Piece]]) -> Tuple[bool, bool]:
    in_a = pieces_a is not None and any(point_in_polygon(point, pc) for pc in pieces_a)
    in_b = pieces_b is not None and any(point_in_polygon(point, pc) for pc in pieces_b)
    return in_a, in_b


def drawn_line_segments(pieces_a: Optional[Sequence[Piece]], pieces_b: Optional[Sequence[Piece]],
                        p: Point, q: Point) -> List[Segment]:
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
    ts: List[float] = []
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
    runs: List[Tuple[float, float]] = []
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
    out: List[Segment] = []
    for t0, t1 in runs:
        x1, y1 = p if t0 == 0.0 else (p[0] + d[0] * t0, p[1] + d[1] * t0)
        x2, y2 = q if t1 == 1.0 else (p[0] + d[0] * t1, p[1] + d[1] * t1)
        diagonal = True if (x1 != x2 and y1 != y2) else None
        out.append(Segment(x1=x1, y1=y1, x2=x2, y2=y2, horizontal=y1 == y2, diagonal=diagonal))
    return out


def segments_for(pieces_a: Optional[Sequence[Piece]], pieces_b: Optional[Sequence[Piece]], *,
                 vertical: bool = False, same_level: bool = True,
                 line: Optional[Tuple[Point, Point]] = None, edge: Optional[str] = None,
                 level: Optional[LevelEdges] = None, a_key: Hashable = None,
                 b_key: Hashable = None) -> List[Segment]:
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
            found = outline(pieces_b, level, b_key)
    else:
        return []
    return filter_edge(merge_collinear(found), edge)


def envelope_gaps(pieces: Sequence[Piece], level: LevelEdges, owner: Hashable,
                  covering: Iterable[Segment]) -> List[Segment]:
    """``envelopeGaps``: the stretches of a space's outline that face neither another space
    on the level nor a declared boundary to a region-less space (api/geometry.md).

    ``covering``: the segments of the space's declared boundaries to region-less spaces,
    drawn lines included. Each merged outline segment loses the intervals of covering
    segments on the same line (fixed coordinate within EPS) and the same face — a drawn
    line's axis-parallel stretch has no face and covers either; stretches shorter than
    SPAN_EPS are dropped.
    """
    cover_list = list(covering)
    out: List[Segment] = []
    for s in merge_collinear(outline(pieces, level, owner)):
        fixed = s.y1 if s.horizontal else s.x1
        for g0, g1 in uncovered_stretches(s, cover_list):
            out.append(edge_segment(s.edge_of_a, fixed, g0, g1))
    return out


def uncovered_stretches(s: Segment, covering: Sequence[Segment]) -> List[Tuple[float, float]]:
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
