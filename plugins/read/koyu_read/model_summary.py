"""model_summary — a summary of the whole building (reference/mcp/tools-read.md#model_summary).

Registered by koyu_read/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Summary of the building: name, levels, layer composition, zones, door/window assets,"
    " areas, and check counts. Call this first"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


# koyu 0.27.0 (tools-read.md#model_summary): floor area grouped by attribute keys.
DESCRIPTION_0_27 = DESCRIPTION + '. Pass by:["lease.category"] to also get floor area grouped by those attribute keys'


@attrs.frozen
class GroupingInput:
    """koyu 0.27.0's arguments: the entry, and the attribute keys to group floor area by."""

    file: str = argument(ENTRY_FILE)
    by: tuple[str, ...] = argument(
        'Attribute keys to group indoor floor area by, e.g. ["lease.category"]. A space\'s own declaration'
        " wins, otherwise the deepest zone above it supplies the value; a space with no value falls into"
        ' "(unspecified)". Omit for no grouping — there is no default key',
        default=(),
        invalid="by (an array of attribute keys) must hold non-empty strings",
    )


def handle(args: Input | GroupingInput, release: Release = DEFAULT):
    """Compose, measure and count; the field order is the original's (tools-read.md)."""
    from koyu_model.listings import model_summary

    return model_summary(load_entry(args.file, release), args.by if isinstance(args, GroupingInput) else ())


#: koyu 0.16.0's tool; koyu 0.27.0's takes `by`
SERVES = (
    Serving("0.16"),
    Serving(
        "0.27",
        handler=partial(handle, release=KOYU_0_27),
        description=DESCRIPTION_0_27,
        input=GroupingInput,
    ),
)
