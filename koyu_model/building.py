"""How composition builds the frozen records, and the few mutable working copies.

Spaces, boundaries, zones, assets and their members (openings, segs, areas) are built as
their final ``koyu_model.model`` records the moment their line is read: one object per
element, nothing to copy at the end. The levels of a span share what their line wrote —
one attribute bag, one ``attr_src``, one rectangle tuple, one member tuple — because
nothing after composition mutates a Model.

Composition edits (``over``, set edits, members gathered under a declaration) are rare
next to declarations, so they change a record in place with ``setfield`` while the Model
is still being built, and they never mutate a bag another record may share: ``with_attr``
gives the record a new bag (copy on write). A member edited by ``=`` is replaced by an
edited copy, so the other levels' member is left as written.

Levels and columns (a handful per building) stay mutable working copies, frozen at the
end. ``opinions`` — which layer holds the current opinion about a key (spec:
muro/composition.md rule 2; COMPAT §5) — are kept by ``edits.Edits`` beside the records.
"""

from __future__ import annotations

from typing import Any, Dict

from koyu_model.model import Column, Level, Source

__all__ = ["setfield", "with_attr", "WLevel", "WColumn"]

#: Set a field of a record that is still being composed (attrs records are frozen for
#: everyone else; ``object.__setattr__`` is how attrs itself writes them).
setfield = object.__setattr__


def with_attr(record: Any, key: str, value: Any, src: Source) -> None:
    """Set one attribute on a record being composed, copying its bags first (they may be
    shared with the other levels of its span). A changed key keeps its place; a new one
    goes last (model.py, "Attribute bags")."""
    attrs: Dict[str, Any] = dict(record.attrs)
    attrs[key] = value
    attr_src = dict(record.attr_src)
    attr_src[key] = src
    setfield(record, "attrs", attrs)
    setfield(record, "attr_src", attr_src)


class WLevel:
    __slots__ = ("name", "z", "h", "slab", "underground", "pitch", "range", "line", "file", "layer")

    def __init__(self, name, z, h, slab, underground, pitch, range_, line, file, layer):
        self.name, self.z, self.h, self.slab, self.underground = name, z, h, slab, underground
        self.pitch, self.range, self.line, self.file, self.layer = pitch, range_, line, file, layer

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
