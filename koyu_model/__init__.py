"""koyu's language core: read ``.muro``, compose layers, write canonical JSON.

Never imports pluggy, never speaks JSON-RPC. The one entry point::

    from koyu_model import load, KoyuError
    model = load("examples/house/main.muro")   # koyu_model.model.Model

``load(path, overlay=None)`` resolves ``path`` against the working directory, reads it
and every layer it imports, and composes them. ``overlay(abs_path) -> str | None`` may
supply a layer's text instead of the disk (a pre-write gatekeeper, like the original's
``parseFileWith``). Failure raises a ``KoyuError`` subclass whose ``str()`` is the
documented sentence ``<file>:line <n>: <message>``; an unreadable entry is
``line 0: Cannot read file: <path as passed>``.

Without an overlay, ``load`` hands out the *same* immutable Model again while every
layer's text is unchanged, so derived results can be remembered per Model object with
``koyu_model.memo.remember(model, key, make)``.

The reading half, one concern per module:

* ``lexing``       lines and tokens (NFC, LF/CRLF, JavaScript whitespace, quotes, numbers)
* ``positions``    grid references, ranges, regions, points, the band's floor rule
* ``declarations`` one handler per unindented keyword (spans, stack, band expansion)
* ``members``      indented lines: openings, segs, drawn lines, areas, band members
* ``edits``        ``over``, ``drop``, ``+ - =`` with per-attribute strength
* ``compose``      the walk over layers (imports inline), the remembered-Model cache
* ``building``     builds the records: stand-ins composition edits, retyped to their record at the end
* ``model``        the frozen records every consumer reads
* ``canonical``    Model → canonical document, the canonical boundary order
* ``canonical_write`` the ``koyu json`` text and the MCP tool text, written straight from the Model
* ``queries``      display name, inherited use, semi-outdoor and indoor spaces
* ``memo``, ``speed``  per-Model memoisation, pausing the garbage collector for bulk work
"""

from __future__ import annotations

from typing import Callable, Optional

from koyu_model.errors import CannotReadFile, CompositionError, KoyuError, NotationError
from koyu_model.model import Model

__all__ = ["load", "Model", "KoyuError", "CannotReadFile", "CompositionError", "NotationError"]


def load(path: str, overlay: Optional[Callable[[str], Optional[str]]] = None) -> Model:
    """Read and compose the building whose entry is ``path`` (see the module docstring)."""
    from koyu_model.reading import load as read  # local: keeps `import koyu_model` light

    return read(path, overlay)
