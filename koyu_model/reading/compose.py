"""Phase two of reading: one fold over the layers' statements → the composed Model
(spec: reference/muro/composition.md, import.md).

The entry's statements are read in order; an ``import`` reads its layer right there (depth
first), so a layer's declarations land in model order where the ``import`` stands, and
the layer list is the import tree flattened in pre-order, a layer read twice keeping its
first position. Layers are identified by real path. Strength is the layer index, never
scan order. Each statement goes to the function its keyword names (``HANDLERS``:
``declarations``, ``edits``); the lines under it to ``members`` (``edits`` under ``over``);
all of them change the one ``state.Composition``, which ``freeze`` makes the Model.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from koyu_model.errors import CannotReadFile, NotationError
from koyu_model.jsjson import js_object_order
from koyu_model.model import Grid, Layer, Model
from koyu_model.reading import declarations as d
from koyu_model.reading.edits import drop_line, over_line, under_over
from koyu_model.reading.files import LayerTooLarge, Overlay, layer_text, too_large
from koyu_model.reading.lexing import unclosed_quote
from koyu_model.reading.members import member
from koyu_model.reading.state import Block, Composition, names_by_z
from koyu_model.reading.statements import Statement, layer_lines
from koyu_model.release import DEFAULT, Release

__all__ = ["compose", "freeze", "HANDLERS", "FRAME_HANDLERS", "MAX_IMPORT_DEPTH", "cannot_read"]

# The deepest import chain, in layers below the entry (README, "Limits").
MAX_IMPORT_DEPTH = 1000

Handler = Callable[[Composition, list[str], int], Block | None]

# One function per unindented keyword but import, which is the fold's, and the version
# line, whose words are the release's (spec: reference/muro/*.md); each returns the block
# the indented lines below it attach to, or None.
HANDLERS: dict[str, Handler] = {
    "name": d.name_line,
    "unit": d.unit_line,
    "grid": d.grid_line,
    "level": d.level_line,
    "space": d.space_line,
    "band": d.band_line,
    "boundary": d.boundary_line,
    "stack": d.stack_line,
    "zone": d.zone_line,
    "asset": d.asset_line,
    "polygon": d.polygon_line,
    "column": d.column_line,
    "over": over_line,
    "drop": drop_line,
}

# The frame's keywords, read by a release whose ``frame_lines`` says so (0.27: muro/origin.md,
# azimuth.md); in another they are unknown keywords.
FRAME_HANDLERS: dict[str, Handler] = {
    "origin": d.origin_line,
    "azimuth": d.azimuth_line,
}


def cannot_read(ref: str, line: int, file: str | None) -> CannotReadFile:
    """A layer (the entry, ``line`` 0, or an import's) that cannot be read."""
    return CannotReadFile(f"Cannot read file: {ref}", line, file)


def compose(real: str, text: str, overlay: Overlay = None, release: Release = DEFAULT) -> Composition:
    """The composition of the entry at ``real`` (its ``text``) and every layer it imports,
    as ``release`` reads them: the layers being read are a stack; a layer's fold stops at
    an import of a layer not read yet, which is read next, and goes on after it."""
    c = Composition(overlay, release)
    # the keywords this release reads: the version line's words are the release's
    handlers = HANDLERS | dict.fromkeys(release.version_words, d.version_line)
    if release.frame_lines:
        handlers |= FRAME_HANDLERS
    reading = [_open(c, real, text)]
    while reading:
        c.file, c.layer, statements = reading[-1]
        c.depth = len(reading) - 1
        imported = _fold(c, handlers, statements)
        if imported is None:
            reading.pop()
        else:
            reading.append(_open(c, *imported))
    return c


def _open(c: Composition, real: str, text: str) -> tuple[str, int, Iterator[Statement]]:
    """A layer joins the composition: its strength is its place in the list; its
    statements (phase one), to be folded."""
    index = len(c.layers)
    c.layers.append(Layer(index, real, text))
    c.layer_index[real] = index
    return real, index, iter(layer_lines(real, text))


def _fold(c: Composition, handlers: dict[str, Handler], statements: Iterator[Statement]) -> tuple[str, str] | None:
    """Apply the current layer's statements to its end (None), or up to an import of a
    layer not read yet: (its real path, its text)."""
    for line, tokens, members, uncut in statements:
        block = None  # the declaration the indented lines attach to
        if tokens is not None:
            word = tokens[0]
            if word == "import":
                imported = _imported(c, tokens, line)
                if imported is not None:
                    return imported
                continue  # an import has no members; a line after it is a statement of its own
            handler = handlers.get(word)
            if handler is None:
                raise NotationError(f"Unknown keyword: {word}", line, c.file)
            block = handler(c, tokens, line)
        if members:
            if block is not None and block.kind == "over":
                for number, words in members:
                    under_over(c, block, words, number)
            else:
                for number, words in members:
                    member(c, block, words, number)
        if uncut is not None:
            raise unclosed_quote(uncut, c.file)
        if block is not None:
            d.close(c, block)
    return None


def _imported(c: Composition, tokens: list[str], line: int) -> tuple[str, str] | None:
    """The layer an import line names (spec: muro/import.md): (real path, text), or None
    when it is composed already (double imports and cycles fold away)."""
    if len(tokens) < 2:
        raise NotationError("import takes a path: import ./layer.muro", line, c.file)
    ref = tokens[1]
    joined = os.path.join(os.path.dirname(c.file), ref)
    try:
        target = os.path.realpath(joined)
    except ValueError:  # an embedded NUL names no file
        raise cannot_read(ref, line, c.file) from None
    c.resolutions.append((joined, target))
    if target in c.layer_index:
        return None
    if c.depth >= MAX_IMPORT_DEPTH:
        raise CannotReadFile(
            f"Imports nest too deep: {ref} (an import chain is at most {MAX_IMPORT_DEPTH} layers)", line, c.file
        )
    try:
        text = layer_text(target, c.overlay)
    except LayerTooLarge as big:
        raise CannotReadFile(too_large(ref, big.size), line, c.file) from None
    if text is None:
        raise cannot_read(ref, line, c.file)
    return target, text


def freeze(c: Composition, entry: str) -> Model:
    """The composed Model: what is left of every element, in model order."""
    return Model(
        version=c.version,
        version_declared=c.version_declared,
        name=c.name,
        unit="mm",
        grid=Grid(c.grid_axes.get("X"), c.grid_axes.get("Y")),
        levels=c.levels,
        level_order=tuple(js_object_order(c.levels)),
        levels_by_z=names_by_z(c),
        spaces=c.spaces,
        zones=c.zones,
        assets=c.assets,
        boundaries=tuple([b for b in c.boundaries if b is not None]),
        polygons=c.polygons,
        columns=tuple([col for col in c.columns if col is not None]),
        layers=tuple(c.layers),
        attr_layers=c.attr_layers,
        edits=tuple(c.edits),
        entry=entry,
        release=c.release,
        origin=c.origin,
        azimuth=c.azimuth,
    )
