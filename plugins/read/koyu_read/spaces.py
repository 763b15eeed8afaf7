"""spaces — the list of spaces (reference/mcp/tools-read.md#spaces).

Registered by koyu_read/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "List of spaces: path, type, level, area, semi-outdoor flag, and originating layer. Optionally filtered by level"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    level: str = argument("Filter by level name (optional)", default="")  # "" does not filter


def handle(args: Input, release: Release = DEFAULT):
    """Every space in model order (or those on ``level``), nothing else filtered out."""
    from koyu_model.listings import space_list

    return space_list(load_entry(args.file, release), args.level or None)


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
