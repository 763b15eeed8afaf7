"""light — daylight inputs (reference/mcp/tools-ask.md#light).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "light"
GROUP = "Asking"
PLACE = 8  # its place in tools/list
DESCRIPTION = (
    "Daylight inputs: floor area and effective window area for every space written with "
    "daylight:1 (a 0.7 factor applies through a covered semi-outdoor space). **It "
    "delivers no verdict** — the 1/7 judgement comes from the validate tool"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input):
    raise ToolError("light is not available yet")
