"""doors — the fewest-doors route (reference/mcp/tools-ask.md#doors).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "doors"
GROUP = "Asking"
PLACE = 6  # its place in tools/list
DESCRIPTION = (
    "Circulation query: how many doors lie between space A and space B (the path with the"
    " fewest doors)"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    from_: str = argument('Path of the space to start from (e.g. /L9/A/ldk)')
    to: str = argument('Path of the space to reach (e.g. /out/road-s)')
    # The tool's own arguments before file, as new_uids and write_layer do.
    check_order: ClassVar[tuple[str, ...]] = ('from_', 'to', 'file')


def handle(args: Input):
    raise ToolError("doors is not available yet")
