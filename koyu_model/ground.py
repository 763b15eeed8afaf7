"""The ground: derivations built ONCE per Model and shared by check, derive and the queries.

The original recomputes a boundary's segments for every opening, compares all pairs of
spaces for default walls and scans every boundary for each semi-outdoor test (COMPAT.md
§10). Here each of those is computed once per Model, on first use, and indexed:

    from koyu_model.ground import ground_of
    g = ground_of(model)          # the same object for the same Model (the last 8 kept)
    g.pieces["/L1/a"]             # convex pieces after every drawn-line cut
    g.segments(i)                 # the derived segments of g.boundaries[i]

Members (each computed lazily, then kept):

* ``model`` — the Model this ground stands on.
* ``space_index`` — path → model index (position in ``model.spaces``).
* ``spaces_by_level`` — level name (``None`` for no level) → paths in model order.
* ``declared`` — ``model.boundaries`` (model order); ``derived`` — the default walls
  (COMPAT §7/§8; api/derive.md deriveDefaultBoundaries): one ``Boundary`` of kind
  ``wall`` (line 0, file "", nothing else written) per pair of region-bearing spaces on the
  same level (``None`` counts as a level) whose *pieces* share an edge and that no declared
  boundary relates, in pair order (i < j over model order); ``a``/``b`` in path collation
  (code point) order; ``derived_walls`` is the same tuple. ``boundaries`` — declared
  then derived: every index below is into this tuple; ``is_derived(i)`` says which part
  it is in.
* ``boundaries_of`` — path → indices of the *declared* boundaries naming it (model
  order); ``all_boundaries_of`` — the same over ``boundaries`` (derived walls after).
* ``canonical_order`` — indices of the declared boundaries in canonical order
  (koyu_model.canonical.boundary_order; COMPAT §6): drawn lines cut in this order.
  ``form_order`` — indices of ``boundaries`` (declared and derived) sorted by the same
  canonical key, stably (api/derive.md: derived walls "are ordered by the same rule").
* ``rects`` — path → written rectangles (x1, y1, x2, y2) in written order (HGT, VRT03,
  GEO: the written allocation, COMPAT §7); ``canonical_rects`` — in canonical order.
* ``initial_pieces`` — path → pieces before any line: canonical rectangles as CCW quads.
* ``pieces`` — path → pieces after every drawn line in canonical order
  (regions.md; geometry.apply_cuts). Only region-bearing spaces have an entry.
* ``line_effect`` — declared boundary index → "cut" / "nothing" / "undetermined" for
  each boundary with a drawn line whose two spaces both exist (a missing reference gives
  no entry: REF01 already speaks for it).
* ``level_edges(level)`` — geometry.LevelEdges over the pieces of the level's
  region-bearing spaces (keyed by path), built once per level.
* ``segments(i)`` — the derived segments of ``boundaries[i]`` (boundaries.md, "Deriving
  the segments"; geometry.segments_for), a tuple, computed once: none for a missing space
  or a vertical kind; a drawn line's stretches; shared edges (none across levels); the
  outline of the one region side against its level; then merging and ``edge:``.
* ``opening_places(i)`` / ``seg_places(i)`` — for each opening / seg of ``boundaries[i]``
  in declaration order, geometry.place_band's PlacedBand or BandFailure on
  ``segments(i)``.
* ``semi_outdoor`` — frozenset of paths: spaces with a region that have an ``open`` or
  ``air:1`` declared boundary to an existing ``exterior`` space (api/queries.md
  isSemiOutdoor; exterior spaces with a region count too, COMPAT §9).
* ``covered`` — frozenset of paths: region spaces that a region space on a level of
  greater z overlaps (written rectangles, more than EPS on both axes; api/queries.md
  isCoveredAbove).
* ``level_rank`` — level name → its position in ``model.levels_by_z`` (z order, ties in
  JavaScript's key order): "adjacent levels" differ by one.
* ``indoor`` — frozenset of paths: a region, neither ``exterior`` nor ``void``, not
  semi-outdoor (api/queries.md isIndoor).
* ``heff(path)`` — the effective ceiling height: the space's own numeric ``h:``, else its
  level's ``h``, else None (api/queries.md heff).
* ``level_z(path)`` — the z of the space's level, or None when it has none declared.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cached_property
from typing import Dict, List, Optional, Tuple, Union

from koyu_model.canonical import boundary_key, boundary_order, sorted_rects
from koyu_model.form.records import Segment
from koyu_model.geometry import (
    EPS, OPPOSITE, LevelEdges, apply_cuts, edge_segment, filter_edge, merge_collinear,
    place_band, rect_to_piece, segments_for, touching_pairs,
)
from koyu_model.geometry.placement import BandFailure, PlacedBand
from koyu_model.geometry.polygon import Box, Piece
from koyu_model.model import Boundary, Model, Space

__all__ = ["Ground", "ground_of", "edge_tuples"]

Placement = Union[PlacedBand, BandFailure]


def _box(r) -> Box:
    return (r.x1, r.y1, r.x2, r.y2)


def edge_tuples(piece: Piece) -> List[Tuple[str, float, float, float]]:
    """geometry.piece_edges as plain (face, fixed, lo, hi) tuples — the same faces, in
    vertex order (segments.py edge_orientation: axis-parallel within EPS, longer than
    EPS) — because shared edges read them for every boundary and records cost."""
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


class Ground:
    """Derivations of one Model; see the module docstring for each member's contract."""

    def __init__(self, model: Model):
        self.model = model
        self._segments: Dict[int, Tuple[Segment, ...]] = {}
        self._openings: Dict[int, Tuple[Placement, ...]] = {}
        self._segs: Dict[int, Tuple[Placement, ...]] = {}
        self._level_edges: Dict[Optional[str], LevelEdges] = {}
        self._piece_edges: Dict[str, List[List[Tuple[str, float, float, float]]]] = {}

    # --- spaces -------------------------------------------------------------------
    @cached_property
    def space_index(self) -> Dict[str, int]:
        return {p: i for i, p in enumerate(self.model.spaces)}

    @cached_property
    def spaces_by_level(self) -> Dict[Optional[str], Tuple[str, ...]]:
        out: Dict[Optional[str], List[str]] = {}
        for p, s in self.model.spaces.items():
            out.setdefault(s.level, []).append(p)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def rects(self) -> Dict[str, Tuple[Box, ...]]:
        return {p: tuple(_box(r) for r in s.rects) for p, s in self.model.spaces.items() if s.rects}

    @cached_property
    def canonical_rects(self) -> Dict[str, Tuple[Box, ...]]:
        return {p: tuple(_box(r) for r in sorted_rects(s))
                for p, s in self.model.spaces.items() if s.rects}

    @cached_property
    def initial_pieces(self) -> Dict[str, Tuple[Piece, ...]]:
        return {p: tuple(rect_to_piece(b) for b in boxes) for p, boxes in self.canonical_rects.items()}

    @cached_property
    def level_rank(self) -> Dict[str, int]:
        return {name: k for k, name in enumerate(self.model.levels_by_z)}

    def heff(self, path: str):
        """The effective ceiling height: the space's own numeric ``h:``, else its level's
        ``h``, else None (api/queries.md heff)."""
        s = self.model.spaces.get(path)
        if s is None:
            return None
        h = s.attrs.get("h")
        if isinstance(h, (int, float)) and not isinstance(h, bool):
            return h
        lv = self.model.levels.get(s.level) if s.level is not None else None
        return None if lv is None else lv.h

    @cached_property
    def indoor(self) -> frozenset:
        return frozenset(p for p, s in self.model.spaces.items()
                         if s.rects and s.type not in ("exterior", "void") and p not in self.semi_outdoor)

    def level_z(self, path: str):
        s = self.model.spaces.get(path)
        if s is None or s.level is None:
            return None
        lv = self.model.levels.get(s.level)
        return None if lv is None else lv.z

    # --- boundaries -----------------------------------------------------------------
    @property
    def declared(self) -> Tuple[Boundary, ...]:
        return self.model.boundaries

    @cached_property
    def canonical_order(self) -> Tuple[int, ...]:
        return tuple(boundary_order(self.model))

    @cached_property
    def _cuts(self) -> Tuple[Dict[str, Tuple[Piece, ...]], Dict[int, str]]:
        spaces = self.model.spaces
        declared = self.model.boundaries
        lines = []
        owners = []
        # Only boundaries with a drawn line cut, in canonical order: sorting just those by
        # their canonical key (stable, like boundary_order) keeps the order without
        # spelling every boundary's key.
        drawn = [i for i, b in enumerate(declared) if b.drawn is not None]
        drawn.sort(key=lambda i: boundary_key(declared[i]))
        for i in drawn:
            b = declared[i]
            if b.a not in spaces or b.b not in spaces:
                continue
            lines.append((b.a, b.b, b.drawn.a, b.drawn.b))
            owners.append(i)
        if not lines:
            return self.initial_pieces, {}
        pieces, effects = apply_cuts(self.initial_pieces, lines)
        return pieces, dict(zip(owners, effects))

    @property
    def pieces(self) -> Dict[str, Tuple[Piece, ...]]:
        return self._cuts[0]

    @property
    def line_effect(self) -> Dict[int, str]:
        return self._cuts[1]

    @cached_property
    def derived(self) -> Tuple[Boundary, ...]:
        model = self.model
        pieces = self.pieces
        paths = list(model.spaces)
        entries = []
        for i, (p, s) in enumerate(model.spaces.items()):
            if p in pieces:
                entries.append((i, s.level, pieces[p]))
        related = {b.between for b in model.boundaries}
        out = []
        for i, j in touching_pairs(entries):
            a, b = paths[i], paths[j]
            pair = (a, b) if a <= b else (b, a)
            if pair in related:
                continue
            out.append(Boundary(a=pair[0], b=pair[1], kind="wall", t=None, air=False, edge=None,
                                drawn=None, attrs={}, attr_src={}, openings=(), segs=(),
                                line=0, file=""))
        return tuple(out)

    @property
    def derived_walls(self) -> Tuple[Boundary, ...]:
        """The same as ``derived`` (the name check's runner asks for)."""
        return self.derived

    @cached_property
    def boundaries(self) -> Tuple[Boundary, ...]:
        return tuple(self.model.boundaries) + self.derived

    def is_derived(self, i: int) -> bool:
        return i >= len(self.model.boundaries)

    @cached_property
    def boundaries_of(self) -> Dict[str, Tuple[int, ...]]:
        return self._index(len(self.model.boundaries))

    @cached_property
    def all_boundaries_of(self) -> Dict[str, Tuple[int, ...]]:
        return self._index(len(self.boundaries))

    def _index(self, n: int) -> Dict[str, Tuple[int, ...]]:
        out: Dict[str, List[int]] = {}
        bs = self.boundaries if n > len(self.model.boundaries) else self.model.boundaries
        for i in range(n):
            b = bs[i]
            out.setdefault(b.a, []).append(i)
            if b.b != b.a:
                out.setdefault(b.b, []).append(i)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def form_order(self) -> Tuple[int, ...]:
        keyed = [(boundary_key(b), i) for i, b in enumerate(self.boundaries)]
        keyed.sort(key=lambda t: t[0])
        return tuple(i for _, i in keyed)

    # --- segments and placement ------------------------------------------------------
    def level_edges(self, level: Optional[str]) -> LevelEdges:
        edges = self._level_edges.get(level)
        if edges is None:
            pieces = self.pieces
            edges = LevelEdges({p: pieces[p] for p in self.spaces_by_level.get(level, ()) if p in pieces})
            self._level_edges[level] = edges
        return edges

    def segments(self, i: int) -> Tuple[Segment, ...]:
        found = self._segments.get(i)
        if found is None:
            found = self._derive_segments(self.boundaries[i])
            self._segments[i] = found
        return found

    def _derive_segments(self, b: Boundary) -> Tuple[Segment, ...]:
        spaces = self.model.spaces
        sa: Optional[Space] = spaces.get(b.a)
        sb: Optional[Space] = spaces.get(b.b)
        if sa is None or sb is None or b.vertical:
            return ()
        pa = self.pieces.get(b.a)
        pb = self.pieces.get(b.b)
        line = (b.drawn.a, b.drawn.b) if b.drawn is not None else None
        if line is None and pa is not None and pb is not None:
            # The shared-edges branch, on each space's edges read once (segments_for's
            # branch 4, then merging and edge:, in the same order).
            if sa.level != sb.level:
                return ()
            return tuple(filter_edge(merge_collinear(self._shared(b.a, b.b)), b.edge))
        level = None
        if line is None and (pa is None) != (pb is None):
            level = self.level_edges(sa.level if pa is not None else sb.level)
        return tuple(segments_for(pa, pb, vertical=False, same_level=sa.level == sb.level,
                                  line=line, edge=b.edge, level=level, a_key=b.a, b_key=b.b))

    def _edges(self, path: str) -> List[List[Tuple[str, float, float, float]]]:
        found = self._piece_edges.get(path)
        if found is None:
            found = [edge_tuples(pc) for pc in self.pieces[path]]
            self._piece_edges[path] = found
        return found

    def _shared(self, a: str, b: str) -> List[Segment]:
        """geometry.shared_edges over cached edges: a's edges facing b's (opposite faces,
        fixed coordinates within EPS) over an overlap longer than EPS, seen from a; the
        same order (a's pieces and edges, then b's)."""
        edges_b = self._edges(b)
        out: List[Segment] = []
        for ea_list in self._edges(a):
            for face, fixed, alo, ahi in ea_list:
                want = OPPOSITE[face]
                for eb_list in edges_b:
                    for bface, bfixed, blo, bhi in eb_list:
                        if bface != want or abs(fixed - bfixed) > EPS:
                            continue
                        lo = alo if alo > blo else blo
                        hi = ahi if ahi < bhi else bhi
                        if hi - lo > EPS:
                            out.append(edge_segment(face, fixed, lo, hi))
        return out

    def opening_places(self, i: int) -> Tuple[Placement, ...]:
        return self._places(i, self._openings, self.boundaries[i].openings)

    def seg_places(self, i: int) -> Tuple[Placement, ...]:
        return self._places(i, self._segs, self.boundaries[i].segs)

    def _places(self, i: int, cache: Dict, members) -> Tuple[Placement, ...]:
        """Each opening's or seg's placement on boundary ``i`` (they place alike), once."""
        found = cache.get(i)
        if found is None:
            segs = self.segments(i)
            found = tuple(place_band(segs, m.w, at=m.at, at_abs=m.at_abs, at_axis=m.at_axis,
                                     edge=m.edge) for m in members)
            cache[i] = found
        return found

    # --- indoor / semi-outdoor / covered ----------------------------------------------
    @cached_property
    def semi_outdoor(self) -> frozenset:
        spaces = self.model.spaces
        out = set()
        for b in self.model.boundaries:
            if not (b.kind == "open" or b.air):
                continue
            sa = spaces.get(b.a)
            sb = spaces.get(b.b)
            if sa is None or sb is None:
                continue
            if sb.type == "exterior" and sa.rects:
                out.add(b.a)
            if sa.type == "exterior" and sb.rects:
                out.add(b.b)
        return frozenset(out)

    @cached_property
    def covered(self) -> frozenset:
        import numpy as np
        import shapely  # local: only the queries that ask pay for the tree

        # One entry per distinct rectangle, with the highest z it stands at: a stack of
        # identical storeys (a 3,000-level tower) is then one box, not n² candidate pairs.
        index: Dict[tuple, int] = {}
        top: List[float] = []
        members: List[Tuple[str, float, int]] = []
        for p, rects in self.rects.items():
            z = self.level_z(p)
            if z is None:
                continue
            for bx in rects:
                k = index.setdefault(tuple(bx), len(index))
                if k == len(top):
                    top.append(z)
                elif z > top[k]:
                    top[k] = z
                members.append((p, z, k))
        if len(members) < 2:
            return frozenset()
        arr = np.array(list(index), dtype=float)
        highest = np.array(top, dtype=float)
        # Boxes shrunk by EPS/2 on every side intersect only where the rectangles overlap
        # by at least EPS on both axes, so mere neighbours never become candidates; the
        # exact test (more than EPS) follows on the candidates.
        h = EPS / 2
        shrunk = shapely.box(arr[:, 0] + h, arr[:, 1] + h, arr[:, 2] - h, arr[:, 3] - h)
        tree = shapely.STRtree(shrunk)
        left, right = tree.query(shrunk, predicate="intersects")
        lo, hi = arr[left], arr[right]
        # rect_overlap, vectorised: more than EPS on both axes (a box overlaps itself)
        keep = ((np.minimum(lo[:, 2], hi[:, 2]) - np.maximum(lo[:, 0], hi[:, 0]) > EPS)
                & (np.minimum(lo[:, 3], hi[:, 3]) - np.maximum(lo[:, 1], hi[:, 1]) > EPS))
        above = np.full(len(top), -np.inf)
        np.maximum.at(above, left[keep], highest[right[keep]])
        # covered: some overlapping rectangle stands strictly higher
        return frozenset(p for p, z, k in members if above[k] > z)


# The last few Grounds, held strongly (a Ground holds its Model): bounded, so a long-lived
# server reading many buildings does not keep them all.
_GROUNDS: "OrderedDict[int, Ground]" = OrderedDict()
_KEEP = 8


def ground_of(model: Model) -> Ground:
    """The Ground of a Model: built on first call, the same object while it is among the
    last few asked for."""
    key = id(model)
    g = _GROUNDS.get(key)
    if g is not None and g.model is model:
        _GROUNDS.move_to_end(key)
        return g
    g = Ground(model)
    _GROUNDS[key] = g
    while len(_GROUNDS) > _KEEP:
        _GROUNDS.popitem(last=False)
    return g
