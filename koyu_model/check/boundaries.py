"""Section 13 — per declared boundary, in model order (COMPAT.md §7; spec:
reference/diagnostics/vrt.md, bnd.md, opn.md, seg.md).

A boundary naming a missing space is skipped (REF01 has spoken). Then:

* vertical (stair/shaft/void): VRT01 and stop; VRT02, else VRT03; VRT04 (void); VRT05 per
  opening; VRT06 per seg.
* horizontal (wall/open): BND03 and stop; BND04/BND06 when no segment derives (not with a
  drawn line); OPN03 for each opening on an ``open``; per opening a placement error
  (OPN04–08) or OPN01; OPN02 over the placed ones; per seg SEG03 or a placement error.

Segments and placements are derived once per Model (``koyu_model.derived``).
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import cast

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.derived import boundary_segments, layout, placements
from koyu_model.derived.placements import Placements
from koyu_model.geometry import (
    AMBIGUOUS,
    NO_SEGMENT,
    TOO_WIDE,
    WRONG_AXIS,
    BandFailure,
    PlacedBand,
    band_code,
    overlapping_neighbours,
    rect_overlap,
    segments_for,
)
from koyu_model.jsjson import js_string
from koyu_model.model import VERTICAL_KINDS, Boundary, Model

__all__ = ["section_boundaries", "placement_message"]

_HINGE = attrgetter("hinge")


def _pair(b: Boundary) -> str:
    return f"{b.a} | {b.b}"


def placement_message(f: BandFailure, label: str, w, at_ref: str | None, b: Boundary) -> str:
    """The body of OPN04–08 / SEG04–08 (api/derive.md placeBand; opn.md, seg.md)."""
    if f.kind == NO_SEGMENT:
        return f"No boundary segment can hold the {label} ({_pair(b)})"
    if f.kind == AMBIGUOUS:
        return f"There is more than one boundary segment; pick an edge with edge:N/E/S/W ({_pair(b)})"
    if f.kind == TOO_WIDE:
        length = cast(float, f.length)  # TOO_WIDE always says the length
        return f"The {label} width {js_string(w)} exceeds the boundary segment length {js_string(length)}"
    if f.kind == WRONG_AXIS:
        if f.diagonal:
            return f"The {label} position {at_ref} cannot be used on a diagonal segment (write it as a ratio, at:0..1)"
        if f.expected_axis == "X":
            return f"The {label} position {at_ref} is on the wrong axis: a horizontal segment takes an X grid line"
        return f"The {label} position {at_ref} is on the wrong axis: a vertical segment takes a Y grid line"
    # RUNS_OFF: the four numbers are always there
    seg_lo, seg_hi = cast(float, f.seg_lo), cast(float, f.seg_hi)
    allowed_lo, allowed_hi = cast(float, f.allowed_lo), cast(float, f.allowed_hi)
    return (
        f"At {at_ref} the {label} (width {js_string(w)}) runs off the boundary segment "
        f"(segment {js_string(seg_lo)}-{js_string(seg_hi)}mm, center allowed "
        f"{js_string(allowed_lo)}-{js_string(allowed_hi)}mm)"
    )


def _any_overlap(ra, rb) -> bool:
    return any(rect_overlap(x, y) for x in ra for y in rb)


def _vertical(model: Model, b: Boundary, rank: dict[str, int]) -> Iterator[Diagnostic]:
    spaces = model.spaces
    sa, sb = spaces[b.a], spaces[b.b]
    path = (b.a, b.b)
    if not (sa.rects and sb.rects and sa.level is not None and sb.level is not None):
        yield diag(
            "VRT01",
            f"A {b.kind} boundary is written between spaces that have both a region and a level",
            b.line,
            b.file,
            path,
        )
        return
    ia, ib = rank.get(sa.level), rank.get(sb.level)
    rects = layout(model).rects
    if ia is None or ib is None or abs(ia - ib) != 1:
        yield diag("VRT02", f"A {b.kind} boundary is written between adjacent levels: {_pair(b)}", b.line, b.file, path)
    elif not _any_overlap(rects[b.a], rects[b.b]):
        yield diag(
            "VRT03", f"The spaces of a {b.kind} boundary do not overlap in plan: {_pair(b)}", b.line, b.file, path
        )
    if b.kind == "void":
        za = model.levels[sa.level].z
        zb = model.levels[sb.level].z
        upper = sa if za > zb else sb
        if not upper.void:
            yield diag(
                "VRT04",
                f"The space above a void boundary is expected to {model.release.void_above_expected}: {upper.path}",
                b.line,
                b.file,
                path,
            )
    for o in b.openings:
        yield diag("VRT05", f"A {o.kind} on a vertical boundary is not interpreted", o.line, b.file, path)
    for s in b.segs:
        yield diag("VRT06", "A seg on a vertical boundary is not interpreted", s.line, b.file, path)


def _faces(segs) -> str:
    seen: list[str] = []
    for s in segs:
        if s.edge_of_a is not None and s.edge_of_a not in seen:
            seen.append(s.edge_of_a)
    return "/".join(seen)


def _no_segment(model: Model, b: Boundary) -> Iterator[Diagnostic]:
    """BND04 (both sides have a region) / BND06 (one side has) when nothing derives."""
    pieces = layout(model).pieces
    pa = pieces.get(b.a)
    pb = pieces.get(b.b)
    path = (b.a, b.b)
    if pa is not None and pb is not None:
        if b.edge is not None:
            unrestricted = segments_for(pa, pb, same_level=True)
            if unrestricted:
                yield diag(
                    "BND04",
                    f"No shared edge on edge:{b.edge}: {_pair(b)} (they actually touch on {_faces(unrestricted)})",
                    b.line,
                    b.file,
                    path,
                )
                return
        yield diag("BND04", f"The spaces do not touch, so no boundary can be derived: {_pair(b)}", b.line, b.file, path)
    elif pa is not None or pb is not None:
        if b.edge is not None:
            msg = (
                f"No edge remains on the perimeter for edge:{b.edge}, so the boundary segment "
                f"is of zero length: {_pair(b)}"
            )
        else:
            msg = f"No edge remains on the perimeter, so the boundary segment is of zero length: {_pair(b)}"
        yield diag("BND06", msg, b.line, b.file, path)


def _hinge(o, placed) -> str | None:
    """OPN01's body, or None (door.md "hinge"; a diagonal segment takes no hinge word)."""
    if o.hinge is None:
        return None
    s = placed.segment
    if s.diagonal or (s.x1 != s.x2 and s.y1 != s.y2):
        return None
    if s.horizontal:
        return None if o.hinge in ("W", "E") else f"hinge:{o.hinge}: a horizontal segment takes W/E"
    return None if o.hinge in ("N", "S") else f"hinge:{o.hinge}: a vertical segment takes N/S"


def _members(out: list[Diagnostic], placed: Placements, i: int, b: Boundary) -> None:
    """OPN03, the openings' placement (OPN04–08 / OPN01, then OPN02), the segs' (SEG03–08)."""
    path = (b.a, b.b)
    is_open = b.kind == "open"
    openings = b.openings
    if openings:
        if is_open:
            for o in openings:
                out.append(
                    diag(
                        "OPN03",
                        f"A {o.kind} on an open boundary has no effect on passage (it is always passable)",
                        o.line,
                        b.file,
                        path,
                    )
                )
        done: list[tuple[int, PlacedBand, float]] = []  # (position in openings, its band, its width)
        k = 0
        for o, place in zip(openings, placed.openings(i)):
            if type(place) is BandFailure:
                out.append(
                    diag(
                        band_code(place.kind, o.kind),
                        placement_message(place, o.kind, o.w, o.at_ref, b),
                        o.line,
                        b.file,
                        path,
                    )
                )
            else:
                if o.hinge is not None:
                    msg = _hinge(o, place)
                    if msg is not None:
                        out.append(diag("OPN01", msg, o.line, b.file, path))
                done.append((k, cast(PlacedBand, place), o.w))
            k += 1
        if len(done) > 1:
            for ov in overlapping_neighbours(done):
                # the keys are the positions in openings handed in with done
                first, second = openings[cast(int, ov.first)], openings[cast(int, ov.second)]
                out.append(
                    diag(
                        "OPN02",
                        f"Openings overlap ({first.kind} and {second.kind} — center to "
                        f"center {js_string(ov.distance)}mm < the required "
                        f"{js_string(ov.required)}mm)",
                        second.line,
                        b.file,
                        path,
                        [related(first.line, b.file)],
                    )
                )
    if b.segs:
        for s, place in zip(b.segs, placed.segs(i)):
            if is_open:
                out.append(
                    diag(
                        "SEG03", "A seg on an open boundary (there is no wall) is not interpreted", s.line, b.file, path
                    )
                )
            elif type(place) is BandFailure:
                out.append(
                    diag(
                        band_code(place.kind, "seg"),
                        placement_message(place, "seg", s.w, s.at_ref, b),
                        s.line,
                        b.file,
                        path,
                    )
                )


def section_boundaries(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    spaces = model.spaces
    segments = boundary_segments(model)
    placed = placements(model)
    rank = {name: k for k, name in enumerate(model.levels_by_z)}  # adjacent levels: one apart
    for i, b in enumerate(model.boundaries):
        key = segments.key(i)
        if key:
            # (nearly every boundary) both spaces, a horizontal kind, no drawn line, not
            # across levels: no BND03, the tests below alone
            if segments.none_derive(i):
                out.extend(_no_segment(model, b))
            if b.openings or b.segs:
                _members(out, placed, i, b)
            continue
        sa = spaces.get(b.a)
        sb = spaces.get(b.b)
        if sa is None or sb is None:
            continue
        if b.kind in VERTICAL_KINDS:
            out.extend(_vertical(model, b, rank))
            continue
        # horizontal (wall / open)
        if sa.level != sb.level and sa.rects and sb.rects:
            out.append(
                diag(
                    "BND03",
                    f"A wall boundary cannot be written to a space on a different "
                    f"level (vertical takes type:stair/shaft/void): {_pair(b)}",
                    b.line,
                    b.file,
                    (b.a, b.b),
                )
            )
            continue
        if key is not None:  # nothing can derive (None here is a drawn line: never "bare")
            out.extend(_no_segment(model, b))
        if b.openings or b.segs:
            _members(out, placed, i, b)
    return out
