"""How composition builds the frozen records, and the mutable copies it edits.

Spaces, zones and boundaries — the elements a span multiplies, thousands of them — are
built as *twins*: mutable classes with exactly their record's slots, filled by plain
attribute writes (several times cheaper than a frozen record's ``__init__``; the twins
of one line are made in one loop, ``span_spaces``/``span_boundaries``). When composition
ends, ``Composer.freeze`` retypes each twin in place as its record (``__class__``
assignment: the layouts are equal): one object per element, never copied. Everything
else (assets, members, rectangles, drawn lines) is built as its record directly.

The levels of a span share what their line wrote — one attribute bag, one ``attr_src``,
one rectangle tuple, one member tuple, its path strings (with the boundaries naming
them) — and lines spelling the same attributes share one typed bag (declarations.py,
"read once"), because nothing after composition mutates a Model. Composition edits
(``over``, set edits, members gathered under a declaration) never mutate a bag another
element may share: ``with_attr`` gives the element a new bag (copy on write), and a
member edited by ``=`` is replaced by an edited copy. ``setfield`` writes a field of a
twin or of a record still being composed (an asset); attrs records are frozen for
everyone else.

Levels and columns (a handful per building) stay working copies frozen by a copy at the
end. ``opinions`` — which layer holds the current opinion about a key (spec:
muro/composition.md rule 2; COMPAT §5) — are kept by ``edits.Edits`` beside the elements.
"""

from __future__ import annotations

from typing import Any, Dict

import attrs

from koyu_model.model import Boundary, Column, Level, Source, Space, Zone

__all__ = [
    "setfield",
    "with_attr",
    "WSpace",
    "WZone",
    "WBoundary",
    "WLevel",
    "WColumn",
    "span_spaces",
    "span_boundaries",
]

#: Set a field of an element being composed (``object.__setattr__`` is how attrs itself
#: writes a frozen record).
setfield = object.__setattr__


def with_attr(record: Any, key: str, value: Any, src: Source) -> None:
    """Set one attribute on an element being composed, copying its bags first (they may
    be shared with the other levels of its span). A changed key keeps its place; a new
    one goes last (model.py, "Attribute bags")."""
    bag: Dict[str, Any] = dict(record.attrs)
    bag[key] = value
    attr_src = dict(record.attr_src)
    attr_src[key] = src
    setfield(record, "attrs", bag)
    setfield(record, "attr_src", attr_src)


def _slots(record_cls: type) -> tuple:
    return tuple(f.name for f in attrs.fields(record_cls))


class WSpace:
    """A ``model.Space`` being composed (fields in the record's order)."""

    __slots__ = _slots(Space)

    def __init__(self, path, type, level, rects, areas, attrs, attr_src, line, file, level_written, band):
        # one statement per slot: faster than tuple assignment on this hot path
        self.path = path
        self.type = type
        self.level = level
        self.rects = rects
        self.areas = areas
        self.attrs = attrs
        self.attr_src = attr_src
        self.line = line
        self.file = file
        self.level_written = level_written
        self.band = band


class WZone:
    """A ``model.Zone`` being composed."""

    __slots__ = _slots(Zone)

    def __init__(self, path, attrs, attr_src, line, file):
        self.path = path
        self.attrs = attrs
        self.attr_src = attr_src
        self.line = line
        self.file = file


class WBoundary:
    """A ``model.Boundary`` being composed."""

    __slots__ = _slots(Boundary)

    def __init__(self, a, b, kind, t, air, edge, drawn, attrs, attr_src, openings, segs, line, file, stack):
        self.a = a
        self.b = b
        self.kind = kind
        self.t = t
        self.air = air
        self.edge = edge
        self.drawn = drawn
        self.attrs = attrs
        self.attr_src = attr_src
        self.openings = openings
        self.segs = segs
        self.line = line
        self.file = file
        self.stack = stack


# The k twins of one line are built by the two functions below, slot by slot in one loop:
# no call per element (a span line makes as many twins as it has levels).
_new = object.__new__


def span_spaces(paths, levels, type_, rects, attrs, attr_src, line, file, level_written, band) -> list:
    """The spaces of one line, one per (path, level); every other field is the line's."""
    out = []
    append = out.append
    for path, level in zip(paths, levels):
        s = _new(WSpace)
        s.path = path
        s.type = type_
        s.level = level
        s.rects = rects
        s.areas = ()
        s.attrs = attrs
        s.attr_src = attr_src
        s.line = line
        s.file = file
        s.level_written = level_written
        s.band = band
        append(s)
    return out


def span_boundaries(pa, pb, kind, t, air, edge, attrs, attr_src, line, file, stack) -> list:
    """The boundaries of one line, one per pair of ends (``pa[j]``, ``pb[j]``)."""
    out = []
    append = out.append
    for a, b in zip(pa, pb):
        w = _new(WBoundary)
        w.a = a
        w.b = b
        w.kind = kind
        w.t = t
        w.air = air
        w.edge = edge
        w.drawn = None
        w.attrs = attrs
        w.attr_src = attr_src
        w.openings = ()
        w.segs = ()
        w.line = line
        w.file = file
        w.stack = stack
        append(w)
    return out


class WLevel:
    __slots__ = ("name", "z", "h", "slab", "underground", "pitch", "range", "line", "file", "layer")

    def __init__(self, name, z, h, slab, underground, pitch, range_, line, file, layer):
        self.name, self.z, self.h, self.slab, self.underground = name, z, h, slab, underground
        self.pitch, self.range, self.line, self.file, self.layer = pitch, range_, line, file, layer

    def freeze(self) -> Level:
        return Level(
            self.name,
            self.z,
            self.h,
            self.slab,
            self.underground,
            self.pitch,
            self.range,
            self.line,
            self.file,
        )


class WColumn:
    __slots__ = ("size", "d", "levels", "levels_written", "x", "y", "attrs", "attr_src", "line", "file")

    def __init__(self, size, d, levels, levels_written, x, y, attrs, attr_src, line, file):
        self.size, self.d, self.levels, self.levels_written = size, d, levels, levels_written
        self.x, self.y, self.attrs, self.attr_src, self.line, self.file = x, y, attrs, attr_src, line, file

    def freeze(self) -> Column:
        return Column(
            self.size,
            self.d,
            tuple(self.levels),
            self.levels_written,
            self.x,
            self.y,
            self.attrs,
            self.attr_src,
            self.line,
            self.file,
        )
