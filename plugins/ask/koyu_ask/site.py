"""site — site area, frontage and ratios (reference/mcp/tools-ask.md#site).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "site"
GROUP = "Asking"
PLACE = 10  # its place in tools/list
DESCRIPTION = (
    "Site query: site area (declared against derived), road frontage, footprint, and the "
    "coverage and floor-area ratios"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input):
    raise ToolError("site is not available yet")
