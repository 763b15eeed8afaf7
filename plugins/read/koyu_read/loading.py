"""Reading the entry for a Reading tool: a composition that stops is the tool's error,
its sentence bare (reference/mcp/protocol.md: failures come back as ``isError``)."""

from __future__ import annotations

from koyu_host import ToolError
from koyu_model.release import DEFAULT, Release


def load_or_fail(path: str, release: Release = DEFAULT):
    """The composed Model of the entry ``path``, resolved to an absolute path first, as the
    original's server does (so a missing entry reads ``Cannot read file: <absolute>``)."""
    import os

    from koyu_model import KoyuError, load

    entry = os.path.abspath(path)
    try:
        return load(entry, release=release)
    except KoyuError as err:
        raise ToolError(str(err)) from None
    except ValueError:  # an embedded NUL: no file has that name
        raise ToolError(f"line 0: Cannot read file: {entry}") from None
