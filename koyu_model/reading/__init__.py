"""Reading a building: text → lines → declarations → composed Model.

* ``files``        a layer's text, from the disk or an overlay, within the limits
* ``lexing``       text → lines of tokens (NFC, LF/CRLF, JavaScript whitespace, quotes, numbers)
* ``positions``    grid references, ranges, regions, points, the band's floor rule
* ``declarations`` one handler per unindented keyword (spans, stack, band) → the records
* ``members``      indented lines: openings, segs, drawn lines, areas, band members
* ``edits``        ``over``, ``drop`` and ``+ - =``, with strength per attribute
* ``compose``      the walk over the layers (an import is read where it stands) → the Model
* ``remembered``   the one cache of composed Models, re-validated against every layer's text
"""

from __future__ import annotations

import os

from koyu_model.errors import CannotReadFile
from koyu_model.model import Model
from koyu_model.reading import remembered
from koyu_model.reading.compose import MAX_IMPORT_DEPTH, Composer
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
        raise CannotReadFile(f"Cannot read file: {path}", 0, None) from None
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
        raise CannotReadFile(f"Cannot read file: {path}", 0, None)
    composer = Composer(overlay, release)
    composer.read_layer(real, text)
    model = composer.freeze(real)
    if remembering:
        remembered.remember(real, release, model, composer.resolutions)
    return model
