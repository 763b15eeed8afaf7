"""Reading a building: text → statements per layer → one fold over the layers → the Model.

Phase one knows one layer at a time; phase two folds every layer's statements into one
``state.Composition`` in walk order and freezes it. The modules, each importing only those
above it in this list:

* ``files``        a layer's text, from the disk or an overlay, within the limits
* ``lexing``       text → lines of tokens (NFC, LF/CRLF, JavaScript whitespace, quotes, numbers)
* ``positions``    grid references, ranges, regions, points, the band's floor rule
* ``versionline``  what the version line may say, as the release reads it
* ``statements``   phase one: a layer's lines → its statements (a declaration and the
                   indented lines under it), an unclosed quote kept where it stands
* ``state``        the one record of a composition's state (``Composition``), the blocks
                   and span records a line leaves in it, and the boundaries by path
* ``words``        what a line's words mean against the composition so far: attribute
                   numbers, level ranges and spans, a space line's path and words
* ``members``      indented lines: openings, segs, drawn lines, areas, band members
* ``declarations`` one function per unindented keyword (spans, stack, band) → the records
* ``edits``        ``over``, ``drop`` and ``+ - =``, with strength per attribute
* ``compose``      phase two: the fold over the layers (an import is read where it
                   stands), the keyword table, and the Model made at the end
* ``remembered``   the one cache of composed Models, re-validated against every layer's text
"""

from __future__ import annotations

import os

from koyu_model.errors import CannotReadFile
from koyu_model.model import Model
from koyu_model.reading import remembered
from koyu_model.reading.compose import MAX_IMPORT_DEPTH, cannot_read, compose, freeze
from koyu_model.reading.files import MAX_LAYER_BYTES, LayerTooLarge, Overlay, layer_text, too_large
from koyu_model.reading.remembered import clear_cache
from koyu_model.release import DEFAULT, Release

__all__ = ["load", "clear_cache", "MAX_LAYER_BYTES", "MAX_IMPORT_DEPTH"]


def load(path: str, overlay: Overlay = None, release: Release = DEFAULT) -> Model:
    """Read the entry at ``path`` (relative to the working directory) and compose it as
    ``release`` reads it (``koyu_model.release``; 0.16 unless the caller says otherwise).

    ``overlay(real path) -> str | None`` may supply a layer's text instead of the disk.
    Without one, the Model remembered for the entry is handed out again while every
    layer is unchanged (``remembered``). An unreadable entry is ``line 0: Cannot read
    file: <path as passed>``.
    """
    try:
        real = os.path.realpath(os.path.abspath(path))
    except ValueError:  # an embedded NUL names no file
        raise cannot_read(path, 0, None) from None
    remembering = overlay is None and remembered.ENABLED
    if remembering:
        known = remembered.recall(real, release)
        if known is not None:
            return known
    try:
        text = layer_text(real, overlay)
    except LayerTooLarge as big:
        raise CannotReadFile(too_large(path, big.size), 0, None) from None
    if text is None:
        raise cannot_read(path, 0, None)
    composition = compose(real, text, overlay, release)
    model = freeze(composition, real)
    if remembering:
        remembered.remember(real, release, model, composition.resolutions)
    return model
