"""site — site area, frontage and ratios (reference/mcp/tools-ask.md#site).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Site query: site area (declared against derived), road frontage, footprint, and the coverage and floor-area ratios"
)

# koyu 0.27.0 (tools-ask.md#site): areaMatch is a verdict, now validate's.
DESCRIPTION_0_27 = (
    DESCRIPTION + ". **Numbers only** — whether the declared and derived areas agree closely enough is a verdict,"
    " and comes from the validate tool"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input, release: Release = DEFAULT):
    """The site report as the MCP tool shapes it (koyu_model.listings.site)."""
    from koyu_model.listings.site import site_answer

    return site_answer(load_entry(args.file, release))


#: koyu 0.16.0's tool; koyu 0.27.0 describes it as numbers only
SERVES = (
    Serving("0.16"),
    Serving("0.27", handler=partial(handle, release=KOYU_0_27), description=DESCRIPTION_0_27),
)
