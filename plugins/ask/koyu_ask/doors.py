"""doors — the fewest-doors route (reference/mcp/tools-ask.md#doors).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument, check_late

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
    # Late: the original composes the building (and reports a broken one) before it
    # reads from and to — the corpus shows it. handle calls check_late(args) after loading.
    from_: str = argument('Path of the space to start from (e.g. /L9/A/ldk)', late=True)
    to: str = argument('Path of the space to reach (e.g. /out/road-s)', late=True)


def handle(args: Input):
    # Once doors lands: model = load(args.file) first, then check_late.
    args = check_late(args)
    raise ToolError("doors is not available yet")
