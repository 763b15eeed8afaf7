"""Mutable working copies of the elements while layers are composed, and their freezing.

Composition edits elements in place (``over``, set edits, ``drop``), so it works on these
small slot classes and freezes them into ``koyu_model.model`` records once, at the end.
``opinions`` maps an attribute key to the strength (layer index) of the layer holding the
current opinion about it (spec: muro/composition.md rule 2; COMPAT §5).
"""

from __future__ import annotations

from typing import Dict, List, Optional

from koyu_model.model import (
    Area,
    Asset,
    Boundary,
    Column,
    DrawnLine,
    Level,
    Opening,
    Rect,
    Seg,
    Source,
    Space,
    Zone,
)

__all__ = ["WSpace", "WBoundary", "WZone", "WAsset", "WLevel", "WColumn", "WArea", "WOpening", "WSeg"]


class WArea:
    __slots__ = ("rect", "attrs", "attr_src", "line", "src_file")

    def __init__(self, rect: Rect, attrs: dict, attr_src: dict, line: int, src_file: str) -> None:
        self.rect, self.attrs, self.attr_src, self.line, self.src_file = rect, attrs, attr_src, line, src_file

    def copy(self) -> "WArea":
        return WArea(self.rect, dict(self.attrs), dict(self.attr_src), self.line, self.src_file)

    def freeze(self) -> Area:
        return Area(self.rect, self.attrs, self.attr_src, self.line, self.src_file)


class WOpening:
    __slots__ = (
        "kind", "ref", "w", "h", "at", "at_ref", "at_abs", "at_axis", "edge", "hinge",
        "swing", "attrs", "attr_src", "line", "src_file", "name_claimed",
    )

    def copy(self) -> "WOpening":
        o = WOpening.__new__(WOpening)
        o.kind, o.ref, o.w, o.h, o.at, o.at_ref = self.kind, self.ref, self.w, self.h, self.at, self.at_ref
        o.at_abs, o.at_axis, o.edge, o.hinge, o.swing = self.at_abs, self.at_axis, self.edge, self.hinge, self.swing
        o.attrs, o.attr_src = dict(self.attrs), dict(self.attr_src)
        o.line, o.src_file, o.name_claimed = self.line, self.src_file, self.name_claimed
        return o

    def freeze(self) -> Opening:
        return Opening(
            self.kind, self.ref, self.w, self.h, self.at, self.at_ref, self.at_abs,
            self.at_axis, self.edge, self.hinge, self.swing, self.attrs, self.attr_src,
            self.line, self.src_file, self.name_claimed,
        )


class WSeg:
    __slots__ = ("w", "at", "at_ref", "at_abs", "at_axis", "edge", "attrs", "attr_src", "line", "src_file")

    def copy(self) -> "WSeg":
        o = WSeg.__new__(WSeg)
        o.w, o.at, o.at_ref, o.at_abs, o.at_axis, o.edge = self.w, self.at, self.at_ref, self.at_abs, self.at_axis, self.edge
        o.attrs, o.attr_src = dict(self.attrs), dict(self.attr_src)
        o.line, o.src_file = self.line, self.src_file
        return o

    def freeze(self) -> Seg:
        return Seg(
            self.w, self.at, self.at_ref, self.at_abs, self.at_axis, self.edge,
            self.attrs, self.attr_src, self.line, self.src_file,
        )


class WSpace:
    __slots__ = (
        "path", "type", "level", "level_written", "rects", "areas", "attrs", "attr_src",
        "line", "file", "band", "layer", "opinions",
    )

    def __init__(self, path, type_, level, level_written, rects, attrs, attr_src, line, file, band, layer):
        self.path, self.type, self.level, self.level_written = path, type_, level, level_written
        self.rects = rects
        self.areas: List[WArea] = []
        self.attrs, self.attr_src = attrs, attr_src
        self.line, self.file, self.band, self.layer = line, file, band, layer
        self.opinions: Dict[str, int] = {k: layer for k in attrs}

    def freeze(self) -> Space:
        return Space(
            self.path, self.type, self.level, tuple(self.rects),
            tuple(a.freeze() for a in self.areas), self.attrs, self.attr_src,
            self.line, self.file, self.level_written, self.band,
        )


class WBoundary:
    __slots__ = (
        "a", "b", "kind", "t", "air", "edge", "drawn", "attrs", "attr_src", "openings",
        "segs", "line", "file", "stack", "layer", "opinions",
    )

    def __init__(self, a, b, kind, t, air, edge, attrs, attr_src, line, file, stack, layer):
        self.a, self.b, self.kind, self.t, self.air, self.edge = a, b, kind, t, air, edge
        self.drawn: Optional[DrawnLine] = None
        self.attrs, self.attr_src = attrs, attr_src
        self.openings: List[WOpening] = []
        self.segs: List[WSeg] = []
        self.line, self.file, self.stack, self.layer = line, file, stack, layer
        self.opinions: Dict[str, int] = {}

    def freeze(self) -> Boundary:
        return Boundary(
            self.a, self.b, self.kind, self.t, self.air, self.edge, self.drawn,
            self.attrs, self.attr_src, tuple(o.freeze() for o in self.openings),
            tuple(s.freeze() for s in self.segs), self.line, self.file, self.stack,
        )


class WZone:
    __slots__ = ("path", "attrs", "attr_src", "line", "file", "layer", "opinions")

    def __init__(self, path, attrs, attr_src, line, file, layer):
        self.path, self.attrs, self.attr_src, self.line, self.file, self.layer = path, attrs, attr_src, line, file, layer
        self.opinions: Dict[str, int] = {k: layer for k in attrs}

    def freeze(self) -> Zone:
        return Zone(self.path, self.attrs, self.attr_src, self.line, self.file)


class WAsset:
    __slots__ = ("name", "kind", "attrs", "attr_src", "line", "file", "layer", "opinions")

    def __init__(self, name, kind, attrs, attr_src, line, file, layer):
        self.name, self.kind, self.attrs, self.attr_src = name, kind, attrs, attr_src
        self.line, self.file, self.layer = line, file, layer
        self.opinions: Dict[str, int] = {k: layer for k in attrs}

    def freeze(self) -> Asset:
        return Asset(self.name, self.kind, self.attrs, self.attr_src, self.line, self.file)


class WLevel:
    __slots__ = ("name", "z", "h", "slab", "underground", "pitch", "range", "line", "file", "layer", "opinions")

    def __init__(self, name, z, h, slab, underground, pitch, range_, line, file, layer):
        self.name, self.z, self.h, self.slab, self.underground = name, z, h, slab, underground
        self.pitch, self.range, self.line, self.file, self.layer = pitch, range_, line, file, layer
        self.opinions: Dict[str, int] = {}

    def freeze(self) -> Level:
        return Level(
            self.name, self.z, self.h, self.slab, self.underground, self.pitch, self.range,
            self.line, self.file,
        )


class WColumn:
    __slots__ = ("size", "d", "levels", "levels_written", "x", "y", "attrs", "attr_src", "line", "file")

    def __init__(self, size, d, levels, levels_written, x, y, attrs, attr_src, line, file):
        self.size, self.d, self.levels, self.levels_written = size, d, levels, levels_written
        self.x, self.y, self.attrs, self.attr_src, self.line, self.file = x, y, attrs, attr_src, line, file

    def freeze(self) -> Column:
        return Column(
            self.size, self.d, tuple(self.levels), self.levels_written, self.x, self.y,
            self.attrs, self.attr_src, self.line, self.file,
        )


def source(file: str, line: int) -> Source:
    return Source(file, line)
