"""Indented lines: openings, segs, drawn lines, areas and band members.

Spec: reference/muro/lines.md (indentation), door.md, window.md, seg.md, line.md,
area.md, band.md. A mixin of ``compose.Composer``. An indented line attaches to every
element its declaration expanded to (a span or a stack): the member is read once,
gathered on the declaration's block, and the same record is given to each
(``Declarations.close``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from koyu_model.errors import NotationError
from koyu_model.jsjson import js_number, js_string
from koyu_model.model import Area, Asset, DrawnLine, Opening, Rect, Seg, Source, Space
from koyu_model.reading.lexing import Line, read_attrs, read_number, read_value
from koyu_model.reading.positions import GridIndex, read_point, read_region, resolve_ref, spell_floor
from koyu_model.release import Release

if TYPE_CHECKING:
    from koyu_model.reading.declarations import Block

__all__ = ["Members"]

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


class Members:
    # What the members read from the composition (compose.Composer owns the state;
    # declarations.Declarations and edits.Edits the methods). Annotations only.
    release: Release
    file: str
    grid: GridIndex
    forms: dict[tuple, tuple]
    assets: dict[str, Asset]
    spaces: dict[str, Space]
    err: Callable[[str, int], NotationError]
    src: Callable[[int], Source]
    attributes: Callable[[dict[str, str]], dict]
    read_once: Callable[[tuple, Callable[[], tuple]], tuple]
    space_path: Callable[[list[str], int], str]
    space_words: Callable[[list[str], int], tuple]
    space_places: Callable[[str, str | None, int], tuple]
    check_new_space: Callable[[str, int], None]
    set_edit: Callable[[Block, Line], None]

    def indented(self, parent, ln) -> None:
        line, _, tokens = ln
        kw = tokens[0]
        if (
            (kw == "door" or kw == "window")
            and parent is not None
            and (parent.kind == "boundary" or parent.kind == "stack")
        ):
            parent.gather("openings", self.make_opening(kw, tokens[1:], line))  # the common line
            return
        if parent is not None and parent.kind == "over":
            if kw not in ("+", "-", "="):
                raise self.err(f"Only + (add) / - (remove) / = (replace) may sit directly under over: {kw}", line)
            self.set_edit(parent, ln)
            return
        if kw in ("+", "-", "="):
            raise self.err(f"{kw} is written indented directly under over", line)
        if kw not in _MEMBER_WORDS:
            raise self.err(
                f"Only door / window / seg / line / area / space (a band member) may sit on an indented line: {kw}",
                line,
            )
        pk = parent.kind if parent is not None else None
        if kw in ("door", "window", "seg", "line"):
            if pk not in ("boundary", "stack"):
                raise self.err(f"{kw} is written indented directly under boundary", line)
            if kw == "line":
                drawn = self.make_drawn(ln.tokens[1:], line)
                ends_a, ends_b = parent.made[0], parent.made[1]
                if ends_a:
                    if parent.members and "drawn" in parent.members:
                        raise self.err(f"One boundary carries one line: {ends_a[0]} | {ends_b[0]}", line)
                    parent.gather("drawn", drawn)
            elif kw == "seg":
                parent.gather("segs", self.make_seg(ln.tokens[1:], line))
            else:
                parent.gather("openings", self.make_opening(kw, ln.tokens[1:], line))
            return
        if kw == "area":
            if pk == "band":
                raise self.err(
                    "area may not be written on a band member (its region is derived"
                    " — write a room that needs area by position)",
                    line,
                )
            if pk != "space":
                raise self.err("area is written indented directly under space", line)
            parent.gather("areas", self.make_area(ln.tokens[1:], line))
            return
        # kw == "space": a band member
        if pk != "band":
            raise self.err("an indented space is written directly under band", line)
        self.band_member(parent, ln.tokens, line)

    # -- members -------------------------------------------------------------------------

    def make_opening(self, kind: str, toks: list[str], line: int) -> Opening:
        """Read an opening line (after its keyword). Lines spelled alike (``door SD1
        name:洋室1戸`` in every unit) share what they read as while their asset is the same
        record (``over asset`` makes a new one); each has its own line and sources."""
        key = ("opening", kind, *toks)
        known = self.forms.get(key)
        if known is None or (known[1].ref is not None and self.assets.get(known[1].ref) is not known[0]):
            known = self.forms[key] = self._opening_words(kind, toks, line)
            return known[1]
        _, o, own = known
        attr_src = o.attr_src
        if own:  # the keys the line itself gave point at it
            attr_src = {**attr_src, **dict.fromkeys(own, self.src(line))}
        return Opening(
            kind, o.ref, o.w, o.h, o.at, o.at_ref, o.at_abs, o.at_axis, o.edge, o.hinge, o.swing, o.attrs, attr_src,
            line, self.file, o.name_claimed,
        )  # fmt: skip

    def _opening_words(self, kind: str, toks: list[str], line: int) -> tuple:
        """(the asset record it merged or None, the Opening, the keys its own line gave).
        An asset is named by the first token, when that is no ``key:value``; every other
        token is an attribute: the asset's attributes, overridden by the line's own, with
        the structure keys lifted out."""
        ref = toks[0] if toks and ":" not in toks[0] else None
        written = read_attrs(toks[1:] if ref is not None else toks, line, self.file)
        merged: dict = {}
        src = self.src(line)
        msrc: dict = {}
        asset = asset_name = None
        if ref is not None:
            asset = self.assets.get(ref)
            if asset is None:
                raise self.err(f"Undefined opening asset: {ref}", line)
            if asset.kind != kind:
                raise self.err(f"The asset {ref} is a {asset.kind} (it cannot be used as a {kind})", line)
            merged.update(asset.attrs)
            msrc.update(asset.attr_src)
            asset_name = asset.attrs.get("name")
        own = {k: read_value(v) for k, v in written.items()}
        merged.update(own)
        for k in own:
            msrc[k] = src
        w, at, at_ref, at_abs, at_axis, edge = self._lift_position(
            merged, line, require_w=f"{kind} requires a width w:(mm) (the asset may supply it)"
        )
        h = merged.pop("h", None)
        if h is not None:  # the line's or its asset's: checked where the opening uses it
            if not isinstance(h, (int, float)):
                raise self.err(f"The attribute h is written as a number: {h}", line)
            if h <= 0:
                raise self.err(f"h is written as a positive number: h:{js_string(h)}", line)
        hinge = _str_or_none(merged.pop("hinge", None))
        swing = _str_or_none(merged.pop("swing", None))
        for k in _OPENING_KEYS:
            msrc.pop(k, None)
        claimed = "name" in own and (asset_name is None or own["name"] != asset_name)
        opening = Opening(
            kind, ref, w, h, at, at_ref, at_abs, at_axis, edge, hinge, swing, merged, msrc, line, self.file, claimed
        )
        return asset, opening, tuple(k for k in msrc if k in own)

    def _lift_position(self, merged: dict, line: int, require_w: str) -> tuple:
        """Lift w, at and edge out of a member's attributes: (w, at, at_ref, at_abs, at_axis, edge)."""
        w = merged.pop("w", None)
        # Unwritten, zero or negative all read as no width; a spelling that is no number
        # says so (koyu 0.16.0 answers w:0 and an asset's w:-800 with require_w).
        if w is None or (isinstance(w, (int, float)) and w <= 0):
            raise self.err(require_w, line)
        if not isinstance(w, (int, float)):
            raise self.err(f"The attribute w is written as a number: {w}", line)
        at = merged.pop("at", None)
        at_ratio, at_ref, at_abs, at_axis = 0.5, None, None, None
        if at is not None:
            if isinstance(at, (int, float)):
                at_ratio = at
            else:
                at_axis, at_abs = resolve_ref(self.grid, at, line, self.file)
                at_ref = at
        edge = _str_or_none(merged.pop("edge", None))
        return w, at_ratio, at_ref, at_abs, at_axis, edge

    def make_seg(self, toks: list[str], line: int) -> Seg:
        written = read_attrs(toks, line, self.file)
        merged = {k: read_value(v) for k, v in written.items()}
        w, at, at_ref, at_abs, at_axis, edge = self._lift_position(
            merged, line, require_w="seg requires a width w:(mm)"
        )
        src = self.src(line)
        return Seg(w, at, at_ref, at_abs, at_axis, edge, merged, {k: src for k in merged}, line, self.file)

    def make_drawn(self, toks: list[str], line: int) -> DrawnLine:
        if len(toks) < 2:
            raise self.err("line takes two points: line X1,Y1 X2,Y2", line)
        pa = read_point(self.grid, toks[0], line, self.file)
        pb = read_point(self.grid, toks[1], line, self.file)
        if pa == pb:
            raise self.err(f"Both ends of the line are the same point: {toks[0]} {toks[1]}", line)
        ra, rb = toks[0], toks[1]
        if pb < pa:  # a segment has no direction: ascending x, then y
            pa, pb, ra, rb = pb, pa, rb, ra
        return DrawnLine(ra, rb, pa, pb, line)

    def make_area(self, toks: list[str], line: int) -> Area:
        regions, attr_toks = [], []
        for t in toks:
            if t == "+":
                raise self.err("An area is one rectangle (write several area lines)", line)
            if ".." in t:
                regions.append(t)
            else:
                attr_toks.append(t)
        written = read_attrs(attr_toks, line, self.file)
        rect = read_region(self.grid, regions, line, self.file)
        attrs = {k: read_value(v) for k, v in written.items()}
        src = self.src(line)
        return Area(rect, attrs, {k: src for k in attrs}, line, self.file)

    # -- band ----------------------------------------------------------------------------

    def band_member(self, parent, toks: list[str], line: int) -> None:
        """An indented ``space`` under ``band``: its type, attributes and width ``w:``."""
        path = self.space_path(toks, line)
        type_, attrs, w = self.read_once(("member", *toks[2:]), lambda: self._member_words(toks, line))
        members = parent.made
        if w == "rest":
            rests = [m for m in members if m.w == "rest"]
            if rests:
                names = ", ".join([m.path for m in rests] + [path])
                raise self.err(f"Only one member per band absorbs the remainder (w:rest): {names}", line)
        members.append(BandMember(path, type_, attrs, w, line))

    def _member_words(self, toks: list[str], line: int) -> tuple:
        """What follows a band member's path: (type, attributes, w as written)."""
        type_, groups, written = self.space_words(toks, line)
        if len(groups) > 1 or groups[0]:
            raise self.err("A band member carries w: instead of a region", line)
        if "level" in written:
            raise self.err(
                f"level: may not be written on a band member (a band is a run on one level): level:{written['level']}",
                line,
            )
        w = written.pop("w", None)
        if w is None:
            raise self.err(f"A band member carries w: (a positive integer in mm, or rest): {toks[1]}", line)
        if w != "rest" and (not _WIDTH_RE.match(w) or int(w) <= 0):
            raise self.err(f"w on a band member is a positive integer in mm, or rest: w:{w}", line)
        return type_, self.attributes(written), w

    def finish_band(self, parent) -> None:
        members: list[BandMember] = parent.made
        band_line = parent.line
        if not members:
            raise NotationError("band takes one or more indented space lines below it", band_line, self.file)
        # a band is a run on one level: every member's path names the same first segment
        heads = [m.path[1:].split("/", 1)[0] for m in members]
        if len(set(heads)) > 1:
            pairs = ", ".join(f"{m.path} → {head}" for m, head in zip(members, heads))
            raise NotationError(f"Band members expand onto the same level: {pairs}", band_line, self.file)
        axis, along, across = parent.extra
        _, a_sp, b_sp, lo, hi = along
        width = hi - lo
        fixed = sum(m.mm for m in members if m.w != "rest")
        rest = next((m for m in members if m.w == "rest"), None)
        if rest is None or width - fixed <= 0:
            listing = "\n".join(f"  {m.path} w:{m.w}" for m in members)
        if rest is None:
            if fixed < width:
                raise NotationError(
                    f"The dimensions sum to {js_string(fixed)}mm against a band width of {js_string(width)}mm,"
                    f" {js_string(width - fixed)}mm short (fix a dimension, or make one of them w:rest)\n{listing}",
                    band_line,
                    self.file,
                )
            if fixed > width:
                raise NotationError(
                    f"The dimensions sum to {js_string(fixed)}mm against a band width of {js_string(width)}mm,"
                    f" {js_string(fixed - width)}mm over\n{listing}",
                    band_line,
                    self.file,
                )
        else:
            remainder = width - fixed
            if remainder == 0:
                raise NotationError(
                    f"The other dimensions use up the band width of {js_string(width)}mm,"
                    f" leaving zero for {rest.path} (w:rest)",
                    rest.line,
                    self.file,
                )
            if remainder < 0:
                raise NotationError(
                    f"The dimensions sum to {js_string(fixed)}mm against a band width of {js_string(width)}mm,"
                    f" {js_string(-remainder)}mm over\n{listing}",
                    band_line,
                    self.file,
                )
        names = self.grid.x_names if axis == "X" else self.grid.y_names
        coords = self.grid.x_coords if axis == "X" else self.grid.y_coords
        _, c_a, c_b, c_lo, c_hi = across
        pos = lo
        last = len(members) - 1
        made = []  # per member, its spaces level by level
        for i, m in enumerate(members):
            size = (width - fixed) if m.w == "rest" else m.mm
            start, end = pos, pos + size
            pos = end
            s_sp = a_sp if i == 0 else self._spell_cut(names, coords, start, m.line)
            e_sp = b_sp if i == last else self._spell_cut(names, coords, end, m.line)
            if axis == "X":
                rects = (Rect(s_sp, e_sp, c_a, c_b, start, end, c_lo, c_hi),)
            else:
                rects = (Rect(c_a, c_b, s_sp, e_sp, c_lo, c_hi, start, end),)
            attr_src = dict.fromkeys(m.attrs, Source(self.file, m.line)) if m.attrs else {}
            paths, levels = self.space_places(m.path, None, m.line)
            facts = self.release.outside_and_void(m.type, m.attrs)
            made.append(
                [
                    Space(path, m.type, level, rects, (), m.attrs, attr_src, m.line, self.file, None, True, *facts)
                    for path, level in zip(paths, levels)
                ]
            )
        # Over a span the band is laid out level by level: every member on the first
        # level, then every member on the next (model order, as the original composes it).
        for storey in zip(*made):
            for space in storey:
                self.check_new_space(space.path, space.line)
                self.spaces[space.path] = space

    def _spell_cut(self, names, coords, value, line) -> str:
        if isinstance(value, float) and not value.is_integer():
            raise self.err(f"A derived cut is not a whole number of millimetres: {js_string(value)}", line)
        return spell_floor(names, coords, value)


def _str_or_none(v) -> str | None:
    if v is None:
        return None
    return v if isinstance(v, str) else js_number(v)
