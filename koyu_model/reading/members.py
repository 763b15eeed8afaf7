"""Indented lines: openings, segs, drawn lines, areas and band members.

Spec: reference/muro/lines.md (indentation), door.md, window.md, seg.md, line.md,
area.md, band.md. An indented line attaches to every element its declaration expanded
to (a span or a stack): the member is read once, gathered on the declaration's block, and
the same record is given to each (``declarations.close``). The lines under ``over`` are
the edits' (``edits.under_over``); the fold sends every other indented line here.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from koyu_model.errors import NotationError
from koyu_model.jsjson import js_number, js_string
from koyu_model.model import Area, DrawnLine, Opening, Rect, Seg, Source, Space
from koyu_model.reading.lexing import read_attrs, read_number, read_value
from koyu_model.reading.positions import read_point, read_region, resolve_ref, spell_floor
from koyu_model.reading.state import Block, Composition, attributes, read_once
from koyu_model.reading.words import (
    check_new_space,
    not_a_number,
    not_positive,
    space_path,
    space_places,
    space_words,
)

__all__ = ["BandMember", "member", "make_opening", "make_seg", "make_area", "finish_band"]

_MEMBER_WORDS = ("door", "window", "seg", "line", "area", "space")
_OPENING_KEYS = ("w", "h", "at", "edge", "hinge", "swing")
_WIDTH_RE = re.compile(r"[0-9]+\Z")


class BandMember(NamedTuple):
    """A ``space`` line under ``band`` as read, before the band lays it out."""

    path: str
    type: str | None
    attrs: dict
    w: str  # a positive integer as written, or "rest"
    line: int

    @property
    def mm(self) -> int | float:
        """The width written, as a JavaScript number: exact below 2**53, rounded above,
        Infinity past the largest double (``w`` matched ``_WIDTH_RE``)."""
        n = read_number(self.w)
        assert n is not None
        return n


def member(c: Composition, parent: Block | None, tokens: list[str], line: int) -> None:
    """An indented line under ``parent`` (None: under no declaration, or under an import)."""
    kw = tokens[0]
    if (
        (kw == "door" or kw == "window")
        and parent is not None
        and (parent.kind == "boundary" or parent.kind == "stack")
    ):
        parent.gather("openings", make_opening(c, kw, tokens[1:], line))  # the common line
        return
    if kw in ("+", "-", "="):
        raise NotationError(f"{kw} is written indented directly under over", line, c.file)
    if kw not in _MEMBER_WORDS:
        raise NotationError(
            f"Only door / window / seg / line / area / space (a band member) may sit on an indented line: {kw}",
            line,
            c.file,
        )
    pk = parent.kind if parent is not None else None
    if kw in ("door", "window", "seg", "line"):
        if parent is None or (pk != "boundary" and pk != "stack"):
            raise NotationError(f"{kw} is written indented directly under boundary", line, c.file)
        if kw == "line":
            drawn = make_drawn(c, tokens[1:], line)
            ends_a, ends_b = parent.made[0], parent.made[1]
            if ends_a:
                if parent.members and "drawn" in parent.members:
                    raise NotationError(f"One boundary carries one line: {ends_a[0]} | {ends_b[0]}", line, c.file)
                parent.gather("drawn", drawn)
        elif kw == "seg":
            parent.gather("segs", make_seg(c, tokens[1:], line))
        else:
            parent.gather("openings", make_opening(c, kw, tokens[1:], line))
        return
    if kw == "area":
        if pk == "band":
            raise NotationError(
                "area may not be written on a band member (its region is derived"
                " — write a room that needs area by position)",
                line,
                c.file,
            )
        if parent is None or pk != "space":
            raise NotationError("area is written indented directly under space", line, c.file)
        parent.gather("areas", make_area(c, tokens[1:], line))
        return
    # kw == "space": a band member
    if parent is None or pk != "band":
        raise NotationError("an indented space is written directly under band", line, c.file)
    band_member(c, parent, tokens, line)


# -- members -------------------------------------------------------------------------


def make_opening(c: Composition, kind: str, toks: list[str], line: int) -> Opening:
    """Read an opening line (after its keyword). Lines spelled alike (``door SD1
    name:洋室1戸`` in every unit) share what they read as while their asset is the same
    record (``over asset`` makes a new one); each has its own line and sources."""
    key = ("opening", kind, *toks)
    known = c.forms.get(key)
    if known is None or (known[1].ref is not None and c.assets.get(known[1].ref) is not known[0]):
        known = c.forms[key] = _opening_words(c, kind, toks, line)
        return known[1]
    _, o, own = known
    attr_src = o.attr_src
    if own:  # the keys the line itself gave point at it
        attr_src = {**attr_src, **dict.fromkeys(own, Source(c.file, line))}
    return Opening(
        kind, o.ref, o.w, o.h, o.at, o.at_ref, o.at_abs, o.at_axis, o.edge, o.hinge, o.swing, o.attrs, attr_src,
        line, c.file, o.name_claimed,
    )  # fmt: skip


def _opening_words(c: Composition, kind: str, toks: list[str], line: int) -> tuple:
    """(the asset record it merged or None, the Opening, the keys its own line gave).
    An asset is named by the first token, when that is no ``key:value``; every other
    token is an attribute: the asset's attributes, overridden by the line's own, with
    the structure keys lifted out."""
    ref = toks[0] if toks and ":" not in toks[0] else None
    written = read_attrs(toks[1:] if ref is not None else toks, line, c.file)
    merged: dict = {}
    src = Source(c.file, line)
    msrc: dict = {}
    asset = asset_name = None
    if ref is not None:
        asset = c.assets.get(ref)
        if asset is None:
            raise NotationError(f"Undefined opening asset: {ref}", line, c.file)
        if asset.kind != kind:
            raise NotationError(f"The asset {ref} is a {asset.kind} (it cannot be used as a {kind})", line, c.file)
        merged.update(asset.attrs)
        msrc.update(asset.attr_src)
        asset_name = asset.attrs.get("name")
    own = {k: read_value(v) for k, v in written.items()}
    merged.update(own)
    for k in own:
        msrc[k] = src
    w, at, at_ref, at_abs, at_axis, edge = _lift_position(
        c, merged, line, require_w=f"{kind} requires a width w:(mm) (the asset may supply it)"
    )
    h = merged.pop("h", None)
    if h is not None:  # the line's or its asset's: checked where the opening uses it
        if not isinstance(h, (int, float)):
            raise not_a_number(c, "h", h, line)
        if h <= 0:
            raise not_positive(c, "h", js_string(h), line)
    hinge = _str_or_none(merged.pop("hinge", None))
    swing = _str_or_none(merged.pop("swing", None))
    for k in _OPENING_KEYS:
        msrc.pop(k, None)
    claimed = "name" in own and (asset_name is None or own["name"] != asset_name)
    opening = Opening(
        kind, ref, w, h, at, at_ref, at_abs, at_axis, edge, hinge, swing, merged, msrc, line, c.file, claimed
    )
    return asset, opening, tuple(k for k in msrc if k in own)


def _lift_position(c: Composition, merged: dict, line: int, require_w: str) -> tuple:
    """Lift w, at and edge out of a member's attributes: (w, at, at_ref, at_abs, at_axis, edge)."""
    w = merged.pop("w", None)
    # Unwritten, zero or negative all read as no width; a spelling that is no number
    # says so (koyu 0.16.0 answers w:0 and an asset's w:-800 with require_w).
    if w is None or (isinstance(w, (int, float)) and w <= 0):
        raise NotationError(require_w, line, c.file)
    if not isinstance(w, (int, float)):
        raise not_a_number(c, "w", w, line)
    at = merged.pop("at", None)
    at_ratio, at_ref, at_abs, at_axis = 0.5, None, None, None
    if at is not None:
        if isinstance(at, (int, float)):
            at_ratio = at
        else:
            at_axis, at_abs = resolve_ref(c.grid, at, line, c.file)
            at_ref = at
    edge = _str_or_none(merged.pop("edge", None))
    return w, at_ratio, at_ref, at_abs, at_axis, edge


def make_seg(c: Composition, toks: list[str], line: int) -> Seg:
    written = read_attrs(toks, line, c.file)
    merged = {k: read_value(v) for k, v in written.items()}
    w, at, at_ref, at_abs, at_axis, edge = _lift_position(c, merged, line, require_w="seg requires a width w:(mm)")
    src = Source(c.file, line)
    return Seg(w, at, at_ref, at_abs, at_axis, edge, merged, {k: src for k in merged}, line, c.file)


def make_drawn(c: Composition, toks: list[str], line: int) -> DrawnLine:
    if len(toks) < 2:
        raise NotationError("line takes two points: line X1,Y1 X2,Y2", line, c.file)
    pa = read_point(c.grid, toks[0], line, c.file)
    pb = read_point(c.grid, toks[1], line, c.file)
    if pa == pb:
        raise NotationError(f"Both ends of the line are the same point: {toks[0]} {toks[1]}", line, c.file)
    ra, rb = toks[0], toks[1]
    if pb < pa:  # a segment has no direction: ascending x, then y
        pa, pb, ra, rb = pb, pa, rb, ra
    return DrawnLine(ra, rb, pa, pb, line)


def make_area(c: Composition, toks: list[str], line: int) -> Area:
    regions, attr_toks = [], []
    for t in toks:
        if t == "+":
            raise NotationError("An area is one rectangle (write several area lines)", line, c.file)
        if ".." in t:
            regions.append(t)
        else:
            attr_toks.append(t)
    written = read_attrs(attr_toks, line, c.file)
    rect = read_region(c.grid, regions, line, c.file)
    attrs = {k: read_value(v) for k, v in written.items()}
    src = Source(c.file, line)
    return Area(rect, attrs, {k: src for k in attrs}, line, c.file)


# -- band ----------------------------------------------------------------------------


def band_member(c: Composition, parent: Block, toks: list[str], line: int) -> None:
    """An indented ``space`` under ``band``: its type, attributes and width ``w:``."""
    path = space_path(c, toks, line)
    type_, attrs, w = read_once(c, ("member", *toks[2:]), lambda: _member_words(c, toks, line))
    members = parent.made
    if w == "rest":
        rests = [m for m in members if m.w == "rest"]
        if rests:
            names = ", ".join([m.path for m in rests] + [path])
            raise NotationError(f"Only one member per band absorbs the remainder (w:rest): {names}", line, c.file)
    members.append(BandMember(path, type_, attrs, w, line))


def _member_words(c: Composition, toks: list[str], line: int) -> tuple:
    """What follows a band member's path: (type, attributes, w as written)."""
    type_, groups, written = space_words(c, toks, line)
    if len(groups) > 1 or groups[0]:
        raise NotationError("A band member carries w: instead of a region", line, c.file)
    if "level" in written:
        raise NotationError(
            f"level: may not be written on a band member (a band is a run on one level): level:{written['level']}",
            line,
            c.file,
        )
    w = written.pop("w", None)
    if w is None:
        raise NotationError(f"A band member carries w: (a positive integer in mm, or rest): {toks[1]}", line, c.file)
    if w != "rest" and (not _WIDTH_RE.match(w) or int(w) <= 0):
        raise NotationError(f"w on a band member is a positive integer in mm, or rest: w:{w}", line, c.file)
    return type_, attributes(c, written), w


def finish_band(c: Composition, parent: Block) -> None:
    members: list[BandMember] = parent.made
    band_line = parent.line
    if not members:
        raise NotationError("band takes one or more indented space lines below it", band_line, c.file)
    # a band is a run on one level: every member's path names the same first segment
    heads = [m.path[1:].split("/", 1)[0] for m in members]
    if len(set(heads)) > 1:
        pairs = ", ".join(f"{m.path} → {head}" for m, head in zip(members, heads))
        raise NotationError(f"Band members expand onto the same level: {pairs}", band_line, c.file)
    axis, along, across = parent.extra
    _, a_sp, b_sp, lo, hi = along
    width = hi - lo
    fixed = sum(m.mm for m in members if m.w != "rest")
    rest = next((m for m in members if m.w == "rest"), None)
    if rest is None or width - fixed <= 0:
        listing = "\n".join(f"  {m.path} w:{m.w}" for m in members)
    if rest is None and fixed < width:
        raise NotationError(
            f"The dimensions sum to {js_string(fixed)}mm against a band width of {js_string(width)}mm,"
            f" {js_string(width - fixed)}mm short (fix a dimension, or make one of them w:rest)\n{listing}",
            band_line,
            c.file,
        )
    if rest is not None and width - fixed == 0:
        raise NotationError(
            f"The other dimensions use up the band width of {js_string(width)}mm,"
            f" leaving zero for {rest.path} (w:rest)",
            rest.line,
            c.file,
        )
    if fixed > width:  # with a w:rest member or without
        raise NotationError(
            f"The dimensions sum to {js_string(fixed)}mm against a band width of {js_string(width)}mm,"
            f" {js_string(fixed - width)}mm over\n{listing}",
            band_line,
            c.file,
        )
    names = c.grid.x_names if axis == "X" else c.grid.y_names
    coords = c.grid.x_coords if axis == "X" else c.grid.y_coords
    _, c_a, c_b, c_lo, c_hi = across
    pos = lo
    last = len(members) - 1
    made = []  # per member, its spaces level by level
    for i, m in enumerate(members):
        size = (width - fixed) if m.w == "rest" else m.mm
        start, end = pos, pos + size
        pos = end
        s_sp = a_sp if i == 0 else _spell_cut(c, names, coords, start, m.line)
        e_sp = b_sp if i == last else _spell_cut(c, names, coords, end, m.line)
        if axis == "X":
            rects = (Rect(s_sp, e_sp, c_a, c_b, start, end, c_lo, c_hi),)
        else:
            rects = (Rect(c_a, c_b, s_sp, e_sp, c_lo, c_hi, start, end),)
        attr_src = dict.fromkeys(m.attrs, Source(c.file, m.line)) if m.attrs else {}
        paths, levels = space_places(c, m.path, None, m.line)
        facts = c.release.outside_and_void(m.type, m.attrs)
        made.append(
            [
                Space(path, m.type, level, rects, (), m.attrs, attr_src, m.line, c.file, None, True, *facts)
                for path, level in zip(paths, levels)
            ]
        )
    # Over a span the band is laid out level by level: every member on the first
    # level, then every member on the next (model order, as the original composes it).
    for storey in zip(*made):
        for space in storey:
            check_new_space(c, space.path, space.line)
            c.spaces[space.path] = space


def _spell_cut(c: Composition, names, coords, value, line) -> str:
    if isinstance(value, float) and not value.is_integer():
        raise NotationError(f"A derived cut is not a whole number of millimetres: {js_string(value)}", line, c.file)
    return spell_floor(names, coords, value)


def _str_or_none(v) -> str | None:
    if v is None:
        return None
    return v if isinstance(v, str) else js_number(v)
