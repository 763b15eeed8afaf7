"""model_summary — a summary of the whole building (reference/mcp/tools-read.md#model_summary).

Registered by koyu_read/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, argument

NAME = "model_summary"
GROUP = "Reading"
PLACE = 1  # its place in tools/list
DESCRIPTION = (
    "Summary of the building: name, levels, layer composition, zones, door/window assets,"
    " areas, and check counts. Call this first"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input):
    """Compose, measure and count; the field order is the original's (tools-read.md)."""
    from koyu_model.listings import model_summary
    from koyu_read.loading import load_or_fail

    return model_summary(load_or_fail(args.file))
