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
* ``without_segments()`` — the declared boundaries (no drawn line, both spaces, a
  horizontal kind) for which ``segments(i)`` is empty, found without making segments;
  ``derives_nothing(i)`` — the same test for one boundary.
* ``shapes`` — per declared boundary, a number naming what its segments depend on (the two
  sides' edge readings, or the one region side's place on its level): equal numbers
  derive equal segments and place equal members alike, so segments, placements and the
  no-segment test are made once per number — the same boundary on each typical storey
  once. Spaces written over a span share one pieces tuple (``initial_pieces``; equal
  cuts are one tuple too), and levels laid out alike share one edge index for outlines
  and contacts (``_twins``).
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

from collections import OrderedDict, defaultdict
from functools import cached_property
from typing import Dict, List, Optional, Tuple, Union

from koyu_model.canonical import boundary_key, boundary_order, boundary_sorted, sorted_rects
from koyu_model.geometry import Segment
from koyu_model.geometry import (
    EPS,
    OPPOSITE,
    LevelEdges,
    apply_cuts,
    edge_segment,
    rect_to_piece,
    segments_for,
)
from koyu_model.geometry.placement import BandFailure, PlacedBand, place
from koyu_model.geometry.polygon import Box, Piece
from koyu_model.geometry.segments import edge_tuples, merge_edges, outline_edges, shared_edge_tuples
from koyu_model.model import VERTICAL_KINDS, Boundary, Model

__all__ = ["Ground", "ground_of", "edge_tuples"]

Placement = Union[PlacedBand, BandFailure]


def _box(r) -> Box:
    return (r.x1, r.y1, r.x2, r.y2)


class Ground:
    """Derivations of one Model; see the module docstring for each member's contract."""

    def __init__(self, model: Model):
        self.model = model
        self._segments: Dict[int, Tuple[Segment, ...]] = {}
        self._openings: Optional[Dict[int, Tuple[Placement, ...]]] = None
        self._segs: Optional[Dict[int, Tuple[Placement, ...]]] = None
        self._level_edges: Dict[Optional[str], LevelEdges] = {}
        # shape (see shapes) → segments; (shape, id(openings or segs)) → placements;
        # shape → no segment derives
        self._by_shape: Dict[int, Tuple[Segment, ...]] = {}
        self._placed_by_shape: Dict[tuple, Tuple[Placement, ...]] = {}
        self._bare_by_shape: Dict[int, bool] = {}

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
        out = {}
        # one tuple per written tuple of Rects (a span's storeys share theirs)
        made: Dict[int, Tuple[Box, ...]] = {}
        for p, s in self.model.spaces.items():
            rs = s.rects
            if rs:
                boxes = made.get(id(rs))
                if boxes is None:
                    boxes = tuple([(r.x1, r.y1, r.x2, r.y2) for r in rs])
                    if type(rs) is tuple:
                        made[id(rs)] = boxes
                out[p] = boxes
        return out

    @cached_property
    def canonical_rects(self) -> Dict[str, Tuple[Box, ...]]:
        written = self.rects
        out = {}
        made: Dict[int, Tuple[Box, ...]] = {}  # per written tuple of Rects, as in ``rects``
        for p, s in self.model.spaces.items():
            rs = s.rects
            if rs:
                # one rectangle is its own canonical order (the same tuple serves both)
                if len(rs) == 1:
                    out[p] = written[p]
                    continue
                boxes = made.get(id(rs))
                if boxes is None:
                    boxes = tuple([_box(r) for r in sorted_rects(s)])
                    if type(rs) is tuple:
                        made[id(rs)] = boxes
                out[p] = boxes
        return out

    @cached_property
    def initial_pieces(self) -> Dict[str, Tuple[Piece, ...]]:
        # Spaces written once over a span of levels share their rectangles (one tuple): they
        # share one pieces tuple too, so everything derived from pieces below (edges,
        # outlines, segments, placements) is made once for the span, keyed by identity.
        canonical = self.canonical_rects
        made: Dict[int, Tuple[Piece, ...]] = {}
        out = {}
        for p, s in self.model.spaces.items():
            rs = s.rects
            if not rs:
                continue
            pcs = made.get(id(rs))
            if pcs is None:
                boxes = canonical[p]
                if len(boxes) == 1:
                    x1, y1, x2, y2 = boxes[0]  # rect_to_piece, spelled out for the common case
                    pcs = (((x1, y1), (x2, y1), (x2, y2), (x1, y2)),)
                else:
                    pcs = tuple([rect_to_piece(b) for b in boxes])
                if type(rs) is tuple:  # (only an immutable tuple is known by its identity)
                    made[id(rs)] = pcs
            out[p] = pcs
        return out

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
        return frozenset(
            p
            for p, s in self.model.spaces.items()
            if s.rects and s.type not in ("exterior", "void") and p not in self.semi_outdoor
        )

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
        initial = self.initial_pieces
        if not lines:
            return initial, {}
        # Only the spaces a line names take part; every other space keeps its pieces (and
        # its place in the dict).
        named = {}
        for a, b, _, _ in lines:
            for key in (a, b):
                if key in initial:
                    named[key] = initial[key]
        cut, effects = apply_cuts(named, lines)
        pieces = dict(initial)
        # A line written over a span of levels cuts each level's copy alike: equal results
        # (by repr — the same numbers of the same types) become one tuple, shared as
        # initial_pieces shares uncut ones.
        alike: Dict[str, Tuple[Piece, ...]] = {}
        for p, pcs in cut.items():
            pieces[p] = alike.setdefault(repr(pcs), pcs)
        return pieces, dict(zip(owners, effects))

    @property
    def pieces(self) -> Dict[str, Tuple[Piece, ...]]:
        return self._cuts[0]

    @property
    def line_effect(self) -> Dict[int, str]:
        return self._cuts[1]

    @cached_property
    def derived(self) -> Tuple[Boundary, ...]:
        # geometry.touching_pairs over each level's edge index (the one outlines read):
        # pairs (i, j), i < j over model order, sorted.
        model = self.model
        # declared relations are most contacts: they are dropped before anything else
        related = {(b.a, b.b) if b.a <= b.b else (b.b, b.a) for b in model.boundaries}  # between
        index = self.space_index
        found = set()
        level_of, _, regions = self._twins
        # per first level alike (see _twins), its contacts as places in its region tuple:
        # they stand, place for place, on every level laid out like it
        touching: Dict[Optional[str], List[Tuple[int, int]]] = {}
        for level, region in regions.items():
            if not region:
                continue
            first = level_of[level]
            pairs = touching.get(first)
            if pairs is None:
                place = {p: k for k, p in enumerate(regions[first])}
                pairs = touching[first] = [(place[x], place[y]) for x, y in self.level_edges(first).touching()]
            for k, l in pairs:
                x = region[k]
                y = region[l]
                if ((x, y) if x <= y else (y, x)) in related:
                    continue
                i = index[x]
                j = index[y]
                found.add((i, j) if i < j else (j, i))
        paths = list(model.spaces)
        out = []
        for i, j in sorted(found):
            a, b = paths[i], paths[j]
            pair = (a, b) if a <= b else (b, a)
            out.append(
                Boundary(
                    a=pair[0],
                    b=pair[1],
                    kind="wall",
                    t=None,
                    air=False,
                    edge=None,
                    drawn=None,
                    attrs={},
                    attr_src={},
                    openings=(),
                    segs=(),
                    line=0,
                    file="",
                )
            )
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
        out: Dict[str, List[int]] = defaultdict(list)
        for i, b in enumerate(self.model.boundaries):
            a = b.a
            out[a].append(i)
            if b.b != a:
                out[b.b].append(i)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def all_boundaries_of(self) -> Dict[str, Tuple[int, ...]]:
        # the declared index (keys in the same first-appearance order), then derived walls
        out = dict(self.boundaries_of)
        for i, b in enumerate(self.derived, len(self.model.boundaries)):
            out[b.a] = out.get(b.a, ()) + (i,)
            if b.b != b.a:
                out[b.b] = out.get(b.b, ()) + (i,)
        return out

    @cached_property
    def form_order(self) -> Tuple[int, ...]:
        return tuple(boundary_sorted(self.boundaries))

    # --- segments and placement ------------------------------------------------------
    @cached_property
    def _geo(self) -> Dict[str, Tuple[Optional[str], Optional[list], Optional[tuple]]]:
        """path → (level, edges, facing) for every space, read once: ``edges`` per piece
        its axis-parallel edges (geometry.edge_tuples; None for no region) — shared edges,
        outlines, contacts and level indexes all read these; ``facing`` for a space that
        is one piece with faces S, E, N, W exactly (nearly all), the edges that would face
        them (its N, W, S, E): its shared edges with another such space are four
        comparisons (else None)."""
        pieces = self.pieces
        out = {}
        # one reading per pieces tuple: spaces sharing pieces share (per_piece, facing) too
        read: Dict[int, tuple] = {}
        for p, s in self.model.spaces.items():
            pcs = pieces.get(p)
            if pcs is None:
                out[p] = (s.level, None, None)
                continue
            known = read.get(id(pcs))
            if known is not None:
                out[p] = (s.level, known[0], known[1])
                continue
            per_piece = [edge_tuples(pc) for pc in pcs]
            read[id(pcs)] = (per_piece, None)
            out[p] = (s.level, per_piece, None)
        return out

    @cached_property
    def _twins(self) -> Tuple[Dict[Optional[str], Optional[str]], Dict[str, str], Dict[Optional[str], Tuple[str, ...]]]:
        """(level → the first level laid out alike, region path → the path at its place on
        that level, level → its region-bearing paths in order). Two levels are alike when their region-bearing spaces, in order, read
        the very same edges (shared pieces, see ``initial_pieces``): their edge indexes
        then hold the same numbers in the same order, so outlines and contacts found on
        the first stand, place for place, for the other — a stack of typical storeys is
        indexed once."""
        geo = self._geo
        first: Dict[tuple, Tuple[Optional[str], Tuple[str, ...]]] = {}
        level_of: Dict[Optional[str], Optional[str]] = {}
        twin: Dict[str, str] = {}
        regions: Dict[Optional[str], Tuple[str, ...]] = {}
        for level, paths in self.spaces_by_level.items():
            region = regions[level] = tuple([p for p in paths if geo[p][1] is not None])
            key = tuple([id(geo[p][1]) for p in region])
            found = first.get(key)
            if found is None:
                first[key] = (level, region)
                level_of[level] = level
                for p in region:
                    twin[p] = p
            else:
                level_of[level] = found[0]
                for p, q in zip(region, found[1]):
                    twin[p] = q
        return level_of, twin, regions

    def twin(self, path: str) -> str:
        """The region space at ``path``'s place on the first level laid out like its own
        (``_twins``; itself on a level unlike any before): its outline and contacts are
        ``path``'s, place for place."""
        return self._twins[1][path]

    def outline_of(self, path: str) -> List[Tuple[str, float, float, float]]:
        """The outline edges, unmerged, of a region space against its level
        (LevelEdges.outline_of), read on its twin: the same tuples, the level indexed
        once."""
        q = self._twins[1][path]
        geo = self._geo[q]
        return outline_edges(geo[1], self.level_edges(geo[0]), q)

    def level_edges(self, level: Optional[str]) -> LevelEdges:
        edges = self._level_edges.get(level)
        if edges is None:
            geo = self._geo
            edges = LevelEdges(
                edges={p: geo[p][1] for p in self.spaces_by_level.get(level, ()) if geo[p][1] is not None}
            )
            self._level_edges[level] = edges
        return edges

    def _boundary(self, i: int) -> Boundary:
        """``boundaries[i]``; a declared one is read without deriving the default walls
        (the asking tools place a few declared boundaries and need no derived wall)."""
        declared = self.model.boundaries
        return declared[i] if 0 <= i < len(declared) else self.boundaries[i]

    @cached_property
    def shapes(self) -> Tuple[Optional[int], ...]:
        """Per declared boundary, what its segments depend on, as a number: None for a
        drawn line, a missing space or a vertical kind; 0 when nothing can derive (both
        sides with a region on different levels, or neither with one); else one number per
        distinct key — the two sides' edge readings (by identity) and ``edge:``, or the one
        region side's twin (``_twins``) and ``edge:``. Boundaries with equal numbers derive
        equal segments, and place equal members alike — the same boundary on each typical
        storey is derived once. (Numbers, not the keys: they are hashed per boundary.)"""
        geo = self._geo
        get = geo.get
        twin = self._twins[1]
        vertical = VERTICAL_KINDS
        codes: Dict[tuple, int] = {}
        number = codes.setdefault
        out: List[Optional[int]] = []
        add = out.append
        for b in self.model.boundaries:
            ga = get(b.a)
            gb = get(b.b)
            if b.drawn is not None or ga is None or gb is None or b.kind in vertical:
                add(None)
                continue
            ea = ga[1]
            eb = gb[1]
            if ea is not None:
                if eb is not None:
                    if ga[0] == gb[0]:
                        add(number((id(ea), id(eb), b.edge), len(codes) + 1))
                    else:
                        add(0)
                else:
                    add(number((twin[b.a], b.edge), len(codes) + 1))
            elif eb is not None:
                add(number((twin[b.b], b.edge), len(codes) + 1))
            else:
                add(0)
        return tuple(out)

    def segments(self, i: int) -> Tuple[Segment, ...]:
        found = self._segments.get(i)
        if found is None:
            declared = self.model.boundaries  # (_boundary, inline: this runs per boundary)
            if 0 <= i < len(declared):
                b = declared[i]
                key = self.shapes[i]
                if key is None:  # a drawn line, or nothing derives (missing, vertical)
                    found = () if b.drawn is None else self._derive_segments(b)
                elif not key:
                    found = ()
                else:
                    found = self._by_shape.get(key)
                    if found is None:
                        found = self._by_shape[key] = self._derive_segments(b)
            else:
                found = self._derive_segments(self.boundaries[i])
            self._segments[i] = found
        return found

    def _derive_segments(self, b: Boundary) -> Tuple[Segment, ...]:
        if b.drawn is None:
            found = self._found(b)
            if not found:
                return ()
            if len(found) == 1:
                return (edge_segment(*found[0]),)
            return tuple([edge_segment(*e) for e in merge_edges(found)])
        geo = self._geo
        ga = geo.get(b.a)
        gb = geo.get(b.b)
        if ga is None or gb is None or b.kind in VERTICAL_KINDS:
            return ()  # a missing space, or a vertical kind
        return tuple(
            segments_for(
                self.pieces.get(b.a),
                self.pieces.get(b.b),
                vertical=False,
                same_level=ga[0] == gb[0],
                line=(b.drawn.a, b.drawn.b),
                edge=b.edge,
            )
        )

    def _found(self, b: Boundary) -> List[Tuple[str, float, float, float]]:
        """The (face, fixed, lo, hi) edges a boundary without a drawn line derives, before
        merging (merging keeps a non-empty list non-empty): segments_for's branches 3 and 4
        (shared edges; the one region's outline) on each space's edges read once, then
        ``edge:`` — it goes first, as merging never joins different faces. Empty for a
        missing space or a vertical kind."""
        geo = self._geo
        ga = geo.get(b.a)
        gb = geo.get(b.b)
        if ga is None or gb is None or b.kind in VERTICAL_KINDS:
            return []
        level_a, ea, _ = ga
        level_b, eb, _ = gb
        if ea is not None and eb is not None:
            if level_a != level_b:
                return []
            found = shared_edge_tuples(ea, eb)
        elif ea is not None:
            found = self.outline_of(b.a)
        elif eb is not None:
            found = self.outline_of(b.b)
        else:
            return []
        edge = b.edge
        if edge is not None:
            found = [e for e in found if e[0] == edge]
        return found

    def without_segments(self) -> frozenset:
        """Indices of the declared boundaries without a drawn line, both spaces present and
        a horizontal kind, from which no segment derives: exactly those ``i`` for which
        ``not segments(i)`` (check's BND04/BND06 ask this of every boundary). Answered
        once per ``shapes`` number, without making Segment records."""
        return frozenset(i for i in range(len(self.shapes)) if self.derives_nothing(i))

    def derives_nothing(self, i: int) -> bool:
        """``i in without_segments()`` for one declared boundary, answered once per
        ``shapes`` number."""
        key = self.shapes[i]
        if key is None:
            return False
        if not key:
            return True
        empty = self._bare_by_shape.get(key)
        if empty is None:
            done = self._by_shape.get(key)
            if done is None:
                empty = not self._found(self.model.boundaries[i])
            else:
                empty = not done
            self._bare_by_shape[key] = empty
        return empty

    def opening_places(self, i: int) -> Tuple[Placement, ...]:
        cache = self._openings
        if cache is None:
            # a declared boundary with nothing to place answers () from the start
            cache = self._openings = {k: () for k, b in enumerate(self.model.boundaries) if not b.openings}
        found = cache.get(i)
        if found is None:
            found = cache[i] = self._places(i, self._boundary(i).openings)
        return found

    def seg_places(self, i: int) -> Tuple[Placement, ...]:
        cache = self._segs
        if cache is None:
            cache = self._segs = {k: () for k, b in enumerate(self.model.boundaries) if not b.segs}
        found = cache.get(i)
        if found is None:
            found = cache[i] = self._places(i, self._boundary(i).segs)
        return found

    def _places(self, i: int, members) -> Tuple[Placement, ...]:
        """Each opening's or seg's placement on boundary ``i`` (they place alike): once per
        (``shapes`` number, members tuple) — a placement reads nothing but the segments and
        the members."""
        if not members:
            return ()
        shape = self.shapes[i] if 0 <= i < len(self.model.boundaries) else None
        key = None
        if shape is not None:
            key = (shape, id(members))
            found = self._placed_by_shape.get(key)
            if found is not None:
                return found
        segs = self.segments(i)
        found = tuple([place(segs, m.w, m.at, m.at_abs, m.at_axis, m.edge) for m in members])
        if key is not None:
            self._placed_by_shape[key] = found
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
        """The region spaces on a declared level that a written rectangle of a space on a
        level of greater z overlaps by more than EPS on both axes (api/queries.md
        isCoveredAbove)."""
        return self.covered_among(self.rects)

    def covered_among(self, paths) -> frozenset:
        """``covered & set(paths)``, looking up only the asked spaces' rectangles (light
        asks of a few balconies, a partial Form of one level's spaces)."""
        tops = self._rect_tops
        if tops is None:
            return frozenset()
        number, boxes, shrunk, highest, tree = tops
        import numpy as np

        spaces = self.model.spaces
        z_of = self._level_zs
        rects = self.rects
        asked = []  # (path, z, rectangle number)
        for p in paths:
            own = rects.get(p)
            if own is None:
                continue
            z = z_of.get(spaces[p].level)
            if z is None:
                continue
            for bx in own:
                asked.append((p, z, number[bx]))
        if not asked:
            return frozenset()
        wanted = sorted({k for _, _, k in asked})
        left, right = tree.query(shrunk[wanted], predicate="intersects")
        left = np.asarray(wanted, dtype=np.intp)[left]
        lo, hi = boxes[left], boxes[right]
        # rect_overlap, vectorised: more than EPS on both axes (a box overlaps itself)
        keep = (np.minimum(lo[:, 2], hi[:, 2]) - np.maximum(lo[:, 0], hi[:, 0]) > EPS) & (
            np.minimum(lo[:, 3], hi[:, 3]) - np.maximum(lo[:, 1], hi[:, 1]) > EPS
        )
        above = np.full(len(highest), -np.inf)
        np.maximum.at(above, left[keep], highest[right[keep]])
        # covered: some overlapping rectangle stands strictly higher
        return frozenset(p for p, z, k in asked if above[k] > z)

    @cached_property
    def _level_zs(self) -> Dict[Optional[str], float]:
        return {name: lv.z for name, lv in self.model.levels.items()}

    @cached_property
    def _rect_tops(self):
        """(distinct written rectangle → its number, the rectangles as an array, shrunk to
        shapely boxes, the highest z each stands at, an STRtree of the shrunk boxes), or
        None without any rectangle on a declared level. One entry per distinct rectangle:
        a stack of identical storeys (a 3,000-level tower) is one box, not n² candidate
        pairs."""
        import numpy as np
        import shapely  # local: only the queries that ask pay for the tree

        spaces = self.model.spaces
        z_of = self._level_zs
        # A span's storeys share one tuple of boxes (``rects``): its highest z first.
        highest_of: Dict[int, list] = {}
        for p, own in self.rects.items():
            z = z_of.get(spaces[p].level)
            if z is None:
                continue
            got = highest_of.get(id(own))
            if got is None:
                highest_of[id(own)] = [own, z]
            elif z > got[1]:
                got[1] = z
        if not highest_of:
            return None
        number: Dict[tuple, int] = {}
        top: List[float] = []
        for own, z in highest_of.values():
            for bx in own:
                k = number.setdefault(bx, len(number))
                if k == len(top):
                    top.append(z)
                elif z > top[k]:
                    top[k] = z
        boxes = np.array(list(number), dtype=float)
        # Boxes shrunk by EPS/2 on every side intersect only where the rectangles overlap
        # by at least EPS on both axes, so mere neighbours never become candidates; the
        # exact test (more than EPS) follows on the candidates.
        h = EPS / 2
        shrunk = shapely.box(boxes[:, 0] + h, boxes[:, 1] + h, boxes[:, 2] - h, boxes[:, 3] - h)
        return number, boxes, shrunk, np.array(top, dtype=float), shapely.STRtree(shrunk)


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
