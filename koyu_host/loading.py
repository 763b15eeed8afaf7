"""The one loading step of every tool: the entry resolved, then read and composed.

The original's server resolves a tool's ``file`` against its working directory before it
reads anything (reference/mcp/index.md: "resolve the path, read the entry, follow the
imports, compose"), so even a missing entry is named absolutely:
``line 0: Cannot read file: <absolute path>``. Every tool loads through ``load_entry``;
the command line, which names the entry as it was passed, reads through the core.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from koyu_host.errors import ToolError
from koyu_model.release import DEFAULT, Release

if TYPE_CHECKING:
    from collections.abc import Callable

    from koyu_model.model import Model


def load_entry(file: str, release: Release = DEFAULT, overlay: Callable[[str], str | None] | None = None) -> Model:
    """The composed Model of the entry ``file`` (resolved against the working directory
    first) as ``release`` reads it; a read or composition that stops is ``ToolError`` with
    its bare sentence. ``overlay`` as ``koyu_model.load`` takes it (a layer's text not yet
    on disk)."""
    from koyu_model import KoyuError, load

    try:
        return load(os.path.abspath(file), overlay=overlay, release=release)
    except KoyuError as err:
        raise ToolError(str(err)) from None
