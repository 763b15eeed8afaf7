"""Openings and segs placed on a boundary's segments: centre, z range, leaf thickness and a
door's swing (reference/form/bodies.md "Placing a band", "The z range of an opening",
"Where a door opens, and its trace"; api/derive.md FormOpening, FormSeg).

Placement itself is derived once per Model (``koyu_model.derived.placements``, one
geometry.place_band per band, failures as values): a band that cannot be placed is not in
the Form, but keeps its index. Indices run in canonical member order (canonical JSON sorts
openings and segs by content), never declaration order.
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.canonical import opening_key, seg_key
from koyu_model.geometry import js_hypot, poly_bounds
from koyu_model.geometry.placement import PlacedBand
from koyu_model.model import Boundary, Opening

from .constants import OPENING_H, OPENING_HEAD, RAIL_T, RAIL_T_MAX, WALL_T
from .records import FormOpening, FormSeg, FormSwing, Pt, Seg2, Segment

__all__ = ["thickness", "canonical_members", "opening_z", "band_seg2", "swing_of", "place_openings", "place_segs"]


def _number(v) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v


def thickness(b: Boundary) -> float:
    """Wall thickness: ``t:`` or WALL_T; on a non-enclosing boundary (air:1) ``t:`` capped
    at RAIL_T_MAX, or RAIL_T (bodies.md "Wall thickness and z range")."""
    if b.air:
        return min(b.t, RAIL_T_MAX) if b.t is not None else RAIL_T
    return b.t if b.t is not None else WALL_T


def canonical_members(members: Sequence, key) -> list[int]:
    """Declaration indices of a boundary's openings (or segs) in canonical order (stable)."""
    if len(members) < 2:  # most boundaries have one opening or none: nothing to order
        return list(range(len(members)))
    return sorted(range(len(members)), key=lambda k: key(members[k]))


def opening_z(o: Opening, fl: float) -> tuple[float, float]:
    """A door rises from FL to FL + (h ?? OPENING_HEAD); anything else hangs from the head:
    FL + OPENING_HEAD − (h ?? OPENING_H) … FL + OPENING_HEAD."""
    if o.kind == "door":
        return fl, fl + (o.h if o.h is not None else OPENING_HEAD)
    return fl + OPENING_HEAD - (o.h if o.h is not None else OPENING_H), fl + OPENING_HEAD


def _unit(seg: Segment) -> tuple[float, float]:
    """The segment's unit direction, start to end (length by V8's Math.hypot)."""
    dx = seg.x2 - seg.x1
    dy = seg.y2 - seg.y1
    length = abs(dy) if dx == 0 else abs(dx) if dy == 0 else js_hypot(dx, dy)
    return (dx / length, dy / length) if length else (0.0, 0.0)


def band_seg2(seg: Segment, cx: float, cy: float, w: float) -> Seg2:
    """The leaf of a band as its own line: half the width either way from the centre along
    the segment's unit direction (the opening's plan band)."""
    ux, uy = _unit(seg)
    h = w / 2
    return Seg2(x1=cx - ux * h, y1=cy - uy * h, x2=cx + ux * h, y2=cy + uy * h)


def _nearest_piece_centre(pieces, cx: float, cy: float) -> tuple[float, float] | None:
    best = None
    best_d = None
    for pc in pieces or ():
        x1, y1, x2, y2 = poly_bounds(pc)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        d = js_hypot(mx - cx, my - cy)
        if best_d is None or d < best_d:
            best, best_d = (mx, my), d
    return best


def swing_of(b: Boundary, o: Opening, placed: PlacedBand, pieces_of, sliding: bool) -> FormSwing:
    """Where a door opens (bodies.md): into ``swing:a/b``, else a if a has a region, else b;
    the hinge at an end of the band (horizontal: E with hinge:E, else W; vertical: N with
    hinge:N, else S; diagonal: the start end); the jamb a width along the segment from the
    hinge; the leaf a width from the hinge towards the centre of the nearest derived piece
    of the side it opens into — or, when that side has no region (a door opening out to an
    exterior), away from the other side's; a sliding leaf retracts along the wall past the
    hinge."""
    if o.swing == "a":
        into = b.a
    elif o.swing == "b":
        into = b.b
    else:
        into = b.a if pieces_of(b.a) else b.b
    seg = placed.segment
    cx, cy, w = placed.cx, placed.cy, o.w
    line = band_seg2(seg, cx, cy, w)
    start = (line.x1, line.y1)
    end = (line.x2, line.y2)
    diagonal = bool(seg.diagonal) or (seg.x1 != seg.x2 and seg.y1 != seg.y2)
    if diagonal:
        from_end = False
    elif seg.horizontal:
        from_end = o.hinge == "E"
    else:
        from_end = o.hinge == "N"
    hinge = end if from_end else start
    # the unit along the segment, pointing from the hinge into the opening
    ux, uy = _unit(seg)
    if from_end:
        ux, uy = -ux, -uy
    jamb = (hinge[0] + ux * w, hinge[1] + uy * w)  # the width from the hinge, along it
    if sliding:
        leaf = (hinge[0] - ux * w, hinge[1] - uy * w)
    else:
        centre = _nearest_piece_centre(pieces_of(into), cx, cy)
        away = 1
        if centre is None:  # opening into a side with no region: away from the other side
            centre = _nearest_piece_centre(pieces_of(b.b if into == b.a else b.a), cx, cy)
            away = -1
        if diagonal:
            nx, ny = -uy, ux
            if centre is not None and ((centre[0] - cx) * nx + (centre[1] - cy) * ny) * away < 0:
                nx, ny = -nx, -ny
            leaf = (hinge[0] + nx * w, hinge[1] + ny * w)
        elif seg.horizontal:
            sign = 1 if centre is None or centre[1] >= cy else -1
            leaf = (hinge[0], hinge[1] + sign * away * w)
        else:
            sign = 1 if centre is None or centre[0] >= cx else -1
            leaf = (hinge[0] + sign * away * w, hinge[1])
    cross = (leaf[0] - hinge[0]) * (jamb[1] - hinge[1]) - (leaf[1] - hinge[1]) * (jamb[0] - hinge[0])
    return FormSwing(
        into=into,
        hinge=Pt(x=hinge[0], y=hinge[1]),
        leaf=Pt(x=leaf[0], y=leaf[1]),
        jamb=Pt(x=jamb[0], y=jamb[1]),
        ccw=cross > 0,
    )


def place_openings(
    b: Boundary, ref: str, index: int, level: str | None, fl: float, places, pieces_of, swings: bool = True
) -> list[tuple[FormOpening, PlacedBand]]:
    """The FormOpenings of one boundary in canonical member order, with their placements
    (``places``: their placements, in declaration order); ``swings=False``: a door's swing,
    a plan symbol, is not worked out."""
    if not b.openings:
        return []
    t = thickness(b)
    out = []
    for k, d in enumerate(canonical_members(b.openings, opening_key)):
        placed = places[d]
        if not isinstance(placed, PlacedBand):
            continue
        o = b.openings[d]
        z0, z1 = opening_z(o, fl)
        style = o.attrs.get("style")
        style = style if isinstance(style, str) else None
        sliding = style in ("sliding", "auto")
        name = o.attrs.get("name")
        swing = swing_of(b, o, placed, pieces_of, sliding) if swings and o.kind == "door" else None
        out.append(
            (
                FormOpening(
                    ref=f"{ref}/{k}",
                    boundary=index,
                    index=k,
                    a=b.a,
                    b=b.b,
                    kind=o.kind,
                    name=name if isinstance(name, str) else None,
                    level=level,
                    segment=placed.segment,
                    cx=placed.cx,
                    cy=placed.cy,
                    w=o.w,
                    z0=z0,
                    z1=z1,
                    t=t,
                    style=style,
                    swing=swing,
                    sliding=sliding,
                ),
                placed,
            )
        )
    return out


def place_segs(b: Boundary, ref: str, index: int, level: str | None, places) -> list[FormSeg]:
    """The FormSegs of one boundary in canonical member order."""
    if not b.segs:
        return []
    t = thickness(b)
    out = []
    for k, d in enumerate(canonical_members(b.segs, seg_key)):
        placed = places[d]
        if not isinstance(placed, PlacedBand):
            continue
        out.append(
            FormSeg(
                ref=f"{ref}~{k}",
                boundary=index,
                index=k,
                level=level,
                segment=placed.segment,
                cx=placed.cx,
                cy=placed.cy,
                w=b.segs[d].w,
                t=t,
            )
        )
    return out
