"""light — daylight inputs (reference/mcp/tools-ask.md#light).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Daylight inputs: floor area and effective window area for every space written with "
    "daylight:1 (a 0.7 factor applies through a covered semi-outdoor space). **It "
    "delivers no verdict** — the 1/7 judgement comes from the validate tool"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input, release: Release = DEFAULT):
    """The daylight inputs of every space written daylight:1, in model order."""
    from koyu_model.asking.light import daylight_inputs
    from koyu_model.queries import display_name

    model = load_entry(args.file, release)
    return [
        {
            "path": d.space.path,
            "name": display_name(d.space),
            "windowM2": d.window,
            "floorM2": d.floor,
            "missingH": d.missing_h,
        }
        for d in daylight_inputs(model)
    ]


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
