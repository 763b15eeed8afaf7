"""From allocation to pieces, and the cut by a drawn line (reference/form/regions.md;
COMPAT.md §8).

Every operation here is Sutherland–Hodgman clipping of a convex piece by a half-plane, with
the sign of the cross product read through ``CROSS_EPS``: a vertex on the line is kept, and
a crossing is inserted only where the sign really changes. A result with fewer than three
vertices or an area at or below ``AREA_EPS`` never existed (a sliver would grow ghost walls).
Vertex start and sequence follow the original exactly: for each vertex in order, emit it if
it is kept, then emit the crossing of the edge to the next vertex if there is one.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

import attrs

from .jsmath import piece_area_mm2
from .polygon import Box, Piece, Point, pieces_bounds, poly_bounds, rect_to_piece
from .tolerances import AREA_EPS, CROSS_EPS, EPS

__all__ = [
    "CUT",
    "NOTHING",
    "UNDETERMINED",
    "clip_half_plane",
    "is_sliver",
    "split_by_rect",
    "line_window",
    "side_bias",
    "LineCut",
    "cut_by_line",
    "canonical_endpoints",
    "region_pieces",
    "apply_cuts",
]

# DrawnLine.effect (reference/form/regions.md, "What the cut actually did").
CUT = "cut"
NOTHING = "nothing"
UNDETERMINED = "undetermined"


def _side(a: Point, b: Point, p: Point) -> float:
    """Cross product (b − a) × (p − a): positive when p is left of a→b."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def clip_half_plane(piece: Sequence[Point], a: Point, b: Point, keep_left: bool = True) -> Piece:
    """The part of a convex piece on one side of the infinite line a→b (left by default).

    For each vertex in order: keep it when its signed side is ≥ −CROSS_EPS; then, when the
    edge to the next vertex crosses strictly from one side to the other (beyond ±CROSS_EPS),
    insert the crossing at cur + t·(next − cur), t = s_cur / (s_cur − s_next). The result may
    be a sliver; callers drop those with :func:`is_sliver`.
    """
    n = len(piece)
    if n == 0:
        return ()
    sides = [_side(a, b, p) for p in piece]
    if not keep_left:
        sides = [-s for s in sides]
    out: list[Point] = []
    for i in range(n):
        cur = piece[i]
        s_cur = sides[i]
        j = (i + 1) % n
        s_next = sides[j]
        if s_cur >= -CROSS_EPS:
            out.append(cur)
        if (s_cur > CROSS_EPS and s_next < -CROSS_EPS) or (s_cur < -CROSS_EPS and s_next > CROSS_EPS):
            nxt = piece[j]
            t = s_cur / (s_cur - s_next)
            out.append((cur[0] + (nxt[0] - cur[0]) * t, cur[1] + (nxt[1] - cur[1]) * t))
    return tuple(out)


def is_sliver(piece: Sequence[Point]) -> bool:
    """Fewer than three vertices, or an area at or below AREA_EPS: treated as never having
    existed (reference/form/regions.md, "The operation")."""
    return len(piece) < 3 or piece_area_mm2(piece) <= AREA_EPS


def split_by_rect(piece: Sequence[Point], box: Box) -> tuple[list[Piece], Piece | None]:
    """Split a convex piece by a rectangle window: (outside parts, inside part or None).

    The window's edges are walked bottom, right, top, left (its counter-clockwise vertex
    order); at each edge the part beyond it is an outside part and the rest walks on
    (COMPAT.md §8). Slivers are dropped on both sides.
    """
    corners = rect_to_piece(box)
    outside: list[Piece] = []
    remaining: Piece = tuple(piece)
    for k in range(4):
        a = corners[k]
        b = corners[(k + 1) % 4]
        beyond = clip_half_plane(remaining, a, b, keep_left=False)
        if not is_sliver(beyond):
            outside.append(beyond)
        remaining = clip_half_plane(remaining, a, b, keep_left=True)
        if is_sliver(remaining):
            return outside, None
    return outside, remaining


def canonical_endpoints(p: Point, q: Point) -> tuple[Point, Point]:
    """A line has no direction: its endpoints ordered ascending in (x, then y)."""
    return (p, q) if (p[0], p[1]) <= (q[0], q[1]) else (q, p)


def line_window(p: Point, q: Point, box_a: Box | None, box_b: Box | None) -> Box | None:
    """The window a drawn line reaches (reference/form/regions.md, "The window a line
    reaches"), or None when neither side has a bounding box.

    The line is vertical when |Δy| ≥ |Δx|: its along axis is y, its across axis x. Two sides
    with a region: along is the intersection of their boxes, across their union. One side:
    along is the segment's own interval, across the whole box of that side.
    """
    vertical = abs(q[1] - p[1]) >= abs(q[0] - p[0])
    boxes = [bx for bx in (box_a, box_b) if bx is not None]
    if not boxes:
        return None
    if len(boxes) == 2:
        ba, bb = boxes
        if vertical:
            return (min(ba[0], bb[0]), max(ba[1], bb[1]), max(ba[2], bb[2]), min(ba[3], bb[3]))
        return (max(ba[0], bb[0]), min(ba[1], bb[1]), min(ba[2], bb[2]), max(ba[3], bb[3]))
    (bx,) = boxes
    if vertical:
        return (bx[0], min(p[1], q[1]), bx[2], max(p[1], q[1]))
    return (min(p[0], q[0]), bx[1], max(p[0], q[0]), bx[3])


def _touches(piece: Sequence[Point], box: Box) -> bool:
    """Bounding-box overlap of positive extent on both axes."""
    x1, y1, x2, y2 = poly_bounds(piece)
    return x1 < box[2] and x2 > box[0] and y1 < box[3] and y2 > box[1]


def side_bias(pieces: Sequence[Sequence[Point]], p: Point, q: Point) -> int:
    """Which side of the line p→q the given whole pieces lean to: +1 left, −1 right, 0 when
    the left and right areas differ by less than AREA_EPS ("no bias")."""
    left = 0.0
    right = 0.0
    for piece in pieces:
        lpart = clip_half_plane(piece, p, q, keep_left=True)
        rpart = clip_half_plane(piece, p, q, keep_left=False)
        left += piece_area_mm2(lpart) if len(lpart) >= 3 else 0.0
        right += piece_area_mm2(rpart) if len(rpart) >= 3 else 0.0
    d = left - right
    if abs(d) < AREA_EPS:
        return 0
    return 1 if d > 0 else -1


@attrs.frozen
class LineCut:
    """What one drawn line did: its ``effect`` ("cut" / "nothing" / "undetermined") and the
    pieces of side a and side b afterwards (None for a side with no region)."""

    effect: str
    a: tuple[Piece, ...] | None
    b: tuple[Piece, ...] | None


def cut_by_line(pieces_a: Sequence[Piece] | None, pieces_b: Sequence[Piece] | None, p: Point, q: Point) -> LineCut:
    """Re-cut the pieces of a boundary's two spaces by its drawn line p–q (regions.md).

    ``pieces_a`` / ``pieces_b``: the current pieces of side a and b in canonical order, or
    None for a side with no region. Call once per drawn line, in canonical boundary order,
    feeding each result into the next (the cut is not idempotent).

    * No window (a side of it ≤ EPS) or no piece touching it: "nothing", pieces unchanged.
    * Side kept: the bias of the whole touched pieces (:func:`side_bias`). Envelope (one
      region): a bias of 0 is "undetermined". Two regions: a single 0 takes the opposite of
      the other; both 0 or both the same is "undetermined". Undetermined leaves pieces as
      they were.
    * Otherwise each touched piece splits into outside parts and an inside part; the inside
      parts of a then b form the pool; a space's pieces become its outside parts (untouched
      pieces in place among them) then the pool clipped to its kept side (for an envelope,
      only the region side's own pool). The effect is "cut" when the window parts lost by
      their own side (moved across, or dropped by an envelope cut) exceed AREA_EPS; else
      "nothing", and the pieces stay exactly as they were (not re-split by the window).
      Two symmetric triangles trading places is a cut though neither area changes.
    """
    p, q = canonical_endpoints(p, q)
    a = None if pieces_a is None else tuple(tuple(pc) for pc in pieces_a)
    b = None if pieces_b is None else tuple(tuple(pc) for pc in pieces_b)
    if a is None and b is None:
        return LineCut(UNDETERMINED, None, None)
    box_a = pieces_bounds(a) if a is not None else None
    box_b = pieces_bounds(b) if b is not None else None
    if (a is not None and box_a is None) or (b is not None and box_b is None):
        return LineCut(NOTHING, a, b)  # a region cut away to nothing by an earlier line
    window = line_window(p, q, box_a, box_b)
    if window is None or window[2] - window[0] <= EPS or window[3] - window[1] <= EPS:
        return LineCut(NOTHING, a, b)
    touched_a = [pc for pc in a if _touches(pc, window)] if a is not None else []
    touched_b = [pc for pc in b if _touches(pc, window)] if b is not None else []
    if not touched_a and not touched_b:
        return LineCut(NOTHING, a, b)

    if a is not None and b is not None:
        bias_a = side_bias(touched_a, p, q)
        bias_b = side_bias(touched_b, p, q)
        if bias_a == 0 and bias_b == 0:
            return LineCut(UNDETERMINED, a, b)
        if bias_a == 0:
            bias_a = -bias_b
        elif bias_b == 0:
            bias_b = -bias_a
        if bias_a == bias_b:
            return LineCut(UNDETERMINED, a, b)
    else:
        bias = side_bias(touched_a if a is not None else touched_b, p, q)
        if bias == 0:
            return LineCut(UNDETERMINED, a, b)
        bias_a = bias if a is not None else 0
        bias_b = bias if b is not None else 0

    def split(pieces: tuple[Piece, ...]) -> tuple[list[Piece], list[Piece]]:
        outside: list[Piece] = []
        inside: list[Piece] = []
        for pc in pieces:
            if not _touches(pc, window):
                outside.append(pc)
                continue
            outs, ins = split_by_rect(pc, window)
            outside.extend(outs)
            if ins is not None:
                inside.append(ins)
        return outside, inside

    out_a, in_a = split(a) if a is not None else ([], [])
    out_b, in_b = split(b) if b is not None else ([], [])
    pool = in_a + in_b

    def keep(outside: list[Piece], bias: int) -> tuple[Piece, ...]:
        result = list(outside)
        for pc in pool:
            part = clip_half_plane(pc, p, q, keep_left=bias > 0)
            if not is_sliver(part):
                result.append(part)
        return tuple(result)

    def lost(inside: list[Piece], bias: int) -> float:
        # Area of a side's own window part that did not stay with it.
        total = 0.0
        for pc in inside:
            part = clip_half_plane(pc, p, q, keep_left=bias > 0)
            total += piece_area_mm2(pc) - (0.0 if is_sliver(part) else piece_area_mm2(part))
        return total

    new_a = keep(out_a, bias_a) if a is not None else None
    new_b = keep(out_b, bias_b) if b is not None else None
    if lost(in_a, bias_a) + lost(in_b, bias_b) <= AREA_EPS:
        return LineCut(NOTHING, a, b)  # it cut nothing: the shape stays as it was
    return LineCut(CUT, new_a, new_b)


def region_pieces(rects: Sequence[Box]) -> tuple[Piece, ...]:
    """A space's pieces before any line: each written rectangle (already in the canonical
    order of its spelling) as a counter-clockwise quad."""
    return tuple(rect_to_piece(r) for r in rects)


def apply_cuts(
    pieces: Mapping[Hashable, Sequence[Piece] | None],
    lines: Iterable[tuple[Hashable, Hashable, Point, Point]],
) -> tuple[dict[Hashable, tuple[Piece, ...]], list[str]]:
    """Run every drawn line once, in the order given (canonical boundary order), each cut
    reading the pieces the previous ones left. ``pieces``: space key → pieces (a missing key
    or None is a space with no region); ``lines``: (a key, b key, p, q). Returns the new
    pieces by key (regions only) and each line's effect, in line order."""
    current: dict[Hashable, tuple[Piece, ...]] = {
        k: tuple(tuple(pc) for pc in v) for k, v in pieces.items() if v is not None
    }
    effects: list[str] = []
    for a_key, b_key, p, q in lines:
        result = cut_by_line(current.get(a_key), current.get(b_key), p, q)
        if result.a is not None:
            current[a_key] = result.a
        if result.b is not None:
            current[b_key] = result.b
        effects.append(result.effect)
    return current, effects
