"""koyu's language core: read ``.muro``, compose layers, write canonical JSON.

Never imports pluggy, never speaks JSON-RPC. The one entry point::

    from koyu_model import load, KoyuError
    model = load("examples/house/main.muro")   # koyu_model.model.Model

``load(path, overlay=None, release=KOYU_0_16)`` resolves ``path`` against the working
directory, reads it and every layer it imports, and composes them, as ``release`` reads
them: by default koyu 0.16.0 (muro 0.1–1.0); ``release=KOYU_0_27`` reads as koyu 0.27.0
(muro 0.1–1.4, files beginning ``muro 1.4``)::

    from koyu_model.release import KOYU_0_27
    model = load("examples/house/main.muro", release=KOYU_0_27)

``overlay(abs_path) -> str | None`` may supply a layer's text instead of the disk (a
pre-write gatekeeper, like the original's ``parseFileWith``). Failure raises a ``KoyuError`` subclass whose ``str()`` is the
documented sentence ``<file>:line <n>: <message>``; an unreadable entry is
``line 0: Cannot read file: <path as passed>``.

Without an overlay, ``load`` hands out the *same* immutable Model again while every
layer's text is unchanged, so what is derived from a Model is kept on it
(``model.stash``, ``koyu_model.model.Stash``).

Data flows one way: ``koyu_model.reading`` (text → lines → declarations → composed Model)
→ the records of ``koyu_model.model`` → everything that answers from them. The part of the
core a plugin may rely on is listed in docs/plugins.md ("The model a plugin may rely on").
"""

from __future__ import annotations

from collections.abc import Callable

from koyu_model.errors import CannotReadFile, CompositionError, KoyuError, NotationError
from koyu_model.model import Model
from koyu_model.release import DEFAULT, Release

__all__ = ["load", "Model", "KoyuError", "CannotReadFile", "CompositionError", "NotationError"]


def load(path: str, overlay: Callable[[str], str | None] | None = None, release: Release = DEFAULT) -> Model:
    """Read and compose the building whose entry is ``path`` as ``release`` reads it (see
    the module docstring; ``koyu_model.release``)."""
    from koyu_model.reading import load as read  # local: keeps `import koyu_model` light

    return read(path, overlay, release)
