"""spaces — the list of spaces (reference/mcp/tools-read.md#spaces).

Registered by koyu_read/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, Serving, argument

DESCRIPTION = (
    "List of spaces: path, type, level, area, semi-outdoor flag, and originating layer. Optionally filtered by level"
)


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here; its 0.27 answers are not built yet
SERVES = (Serving("0.16"), Serving("0.27", built=False))


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    level: str = argument("Filter by level name (optional)", default="")  # "" does not filter


def handle(args: Input):
    """Every space in model order (or those on ``level``), nothing else filtered out."""
    from koyu_model.listings import space_list
    from koyu_read.loading import load_or_fail

    return space_list(load_or_fail(args.file), args.level or None)
