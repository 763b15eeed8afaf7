"""Placing a band — an opening or a seg — on a boundary's segments
(reference/form/bodies.md "Placing a band"; muro/door.md, seg.md, positions.md;
diagnostics/opn.md OPN02, OPN04–OPN08 and seg.md SEG04–SEG08; api/derive.md placeBand).

The order matters; the first failing step names the failure:

1. take the boundary's segments (its own ``edge:`` already applied), narrow by the band's
   ``edge:`` (a drawn line's segments carry no face and are not narrowed);
2. none: ``NO_SEGMENT`` (OPN04 / SEG04);
3. two or more: ``AMBIGUOUS`` (OPN05 / SEG05);
4. wider than the segment: ``TOO_WIDE`` (OPN06 / SEG06) — equal is fine;
5. a grid reference on a diagonal segment, or on the wrong axis (horizontal takes X,
   vertical Y): ``WRONG_AXIS`` (OPN07 / SEG07); one whose centre runs off the segment by
   more than EPS: ``RUNS_OFF`` (OPN08 / SEG08) — never clamped;
6. a ratio (default 0.5) is clamped so the band fits; no failure.

The centre is start + t·(end − start) for axis-parallel and diagonal alike, with lengths by
V8's Math.hypot.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import attrs

from .jsmath import js_hypot
from .segments import Segment
from .tolerances import EPS

__all__ = [
    "NO_SEGMENT",
    "AMBIGUOUS",
    "TOO_WIDE",
    "WRONG_AXIS",
    "RUNS_OFF",
    "PlacedBand",
    "BandFailure",
    "place_band",
    "place",
    "band_code",
    "segment_length",
    "Overlap",
    "overlapping_neighbours",
]

NO_SEGMENT = "no-segment"  # OPN04 / SEG04
AMBIGUOUS = "ambiguous"  # OPN05 / SEG05
TOO_WIDE = "too-wide"  # OPN06 / SEG06
WRONG_AXIS = "wrong-axis"  # OPN07 / SEG07
RUNS_OFF = "runs-off"  # OPN08 / SEG08

_CODE_DIGIT = {NO_SEGMENT: "4", AMBIGUOUS: "5", TOO_WIDE: "6", WRONG_AXIS: "7", RUNS_OFF: "8"}


def band_code(kind: str, label: str) -> str:
    """The diagnostic code of a placement failure: ``label`` "seg" gives SEG0n, anything
    else ("door", "window") OPN0n (api/derive.md placeBand)."""
    return ("SEG0" if label == "seg" else "OPN0") + _CODE_DIGIT[kind]


@attrs.frozen
class PlacedBand:
    """A band that found its place: the segment it rides on and its centre, mm."""

    segment: Segment
    cx: float
    cy: float


@attrs.frozen
class BandFailure:
    """A band that cannot be placed, as a value (no message; the caller words it).

    ``kind``: one of NO_SEGMENT, AMBIGUOUS, TOO_WIDE, WRONG_AXIS, RUNS_OFF. ``segment``:
    the single segment for the last three. ``length``: that segment's length (TOO_WIDE
    quotes it). WRONG_AXIS: ``diagonal`` True for a grid reference on a diagonal segment,
    else ``expected_axis`` "X" (horizontal segment) or "Y" (vertical). RUNS_OFF: the
    segment's span ``seg_lo``..``seg_hi`` and the centre's allowed span
    ``allowed_lo``..``allowed_hi`` along the axis ("segment 0-4000mm, center allowed
    450-3550mm").
    """

    kind: str
    segment: Segment | None = None
    length: float | None = None
    expected_axis: str | None = None
    diagonal: bool = False
    seg_lo: float | None = None
    seg_hi: float | None = None
    allowed_lo: float | None = None
    allowed_hi: float | None = None


def segment_length(s: Segment) -> float:
    """A segment's length, V8's Math.hypot of its extent."""
    return js_hypot(s.x2 - s.x1, s.y2 - s.y1)


def _is_diagonal(s: Segment) -> bool:
    return bool(s.diagonal) or (s.x1 != s.x2 and s.y1 != s.y2)


def place_band(
    segments: Sequence[Segment],
    w: float,
    *,
    at: float = 0.5,
    at_abs: float | None = None,
    at_axis: str | None = None,
    edge: str | None = None,
) -> PlacedBand | BandFailure:
    """Place a band of width ``w`` on a boundary's segments (see the module docstring for
    the order). ``at``: the ratio 0..1 (clamped); ``at_abs`` with ``at_axis`` ("X"/"Y"):
    a resolved grid reference, which wins over ``at`` when given; ``edge``: the band's
    ``edge:``."""
    return place(segments, w, at, at_abs, at_axis, edge)


def place(
    segments: Sequence[Segment],
    w: float,
    at: float,
    at_abs: float | None,
    at_axis: str | None,
    edge: str | None,
) -> PlacedBand | BandFailure:
    """:func:`place_band` with every argument positional (derived.placements places thousands)."""
    if edge is not None:
        segments = [s for s in segments if s.edge_of_a is None or s.edge_of_a == edge]
    if not segments:
        return BandFailure(NO_SEGMENT)
    if len(segments) > 1:
        return BandFailure(AMBIGUOUS)
    (seg,) = segments
    dx = seg.x2 - seg.x1
    dy = seg.y2 - seg.y1
    # js_hypot's own shortcut for an axis-parallel segment, without the call
    if dy == 0:
        length = abs(float(dx))
    elif dx == 0:
        length = abs(float(dy))
    else:
        length = js_hypot(dx, dy)
    if w > length:
        return BandFailure(TOO_WIDE, segment=seg, length=length)
    if at_abs is not None:
        if _is_diagonal(seg):
            return BandFailure(WRONG_AXIS, segment=seg, length=length, diagonal=True)
        expected = "X" if seg.horizontal else "Y"
        if at_axis != expected:
            return BandFailure(WRONG_AXIS, segment=seg, length=length, expected_axis=expected)
        start = seg.x1 if seg.horizontal else seg.y1
        end = seg.x2 if seg.horizontal else seg.y2
        along = at_abs - start
        half = w / 2
        if along < half - EPS or along > length - half + EPS:
            return BandFailure(
                RUNS_OFF,
                segment=seg,
                length=length,
                seg_lo=start,
                seg_hi=end,
                allowed_lo=start + half,
                allowed_hi=end - half,
            )
        t = along / length if length else 0.0
    else:
        half = w / 2 / length if length else 0.0
        # t = min(1 - half, max(half, at)), written out (the same number object wins a tie)
        t = at if at > half else half
        top = 1 - half
        if not t < top:
            t = top
    return PlacedBand(seg, seg.x1 + dx * t, seg.y1 + dy * t)


@attrs.frozen
class Overlap:
    """Two neighbouring openings on one segment closer than (w₁ + w₂)/2 − EPS (OPN02).
    ``first``/``second``: the caller's keys in order along the segment; ``distance``: centre
    to centre (Math.hypot); ``required``: (w₁ + w₂)/2."""

    first: Hashable
    second: Hashable
    distance: float
    required: float


def overlapping_neighbours(placed: Sequence[tuple[Hashable, PlacedBand, float]]) -> list[Overlap]:
    """OPN02 over the openings of one boundary: ``placed`` is (key, PlacedBand, w) for every
    opening that was placed, in declaration order. Openings are grouped by the segment they
    ride on (never compared across segments), sorted by distance from the segment's start
    (stable), and only neighbours are compared (COMPAT.md §7). Groups come out in
    first-appearance order, pairs in order along the segment."""
    groups: dict[Segment, list[tuple[float, Hashable, PlacedBand, float]]] = {}
    for key, band, w in placed:
        s = band.segment
        d = js_hypot(band.cx - s.x1, band.cy - s.y1)
        groups.setdefault(s, []).append((d, key, band, w))
    out: list[Overlap] = []
    for members in groups.values():
        members.sort(key=lambda m: m[0])
        for (_, k1, b1, w1), (_, k2, b2, w2) in zip(members, members[1:]):
            distance = js_hypot(b2.cx - b1.cx, b2.cy - b1.cy)
            required = (w1 + w2) / 2
            if distance < required - EPS:
                out.append(Overlap(k1, k2, distance, required))
    return out
