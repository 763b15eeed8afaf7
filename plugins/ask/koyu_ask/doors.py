"""doors — the fewest-doors route (reference/mcp/tools-ask.md#doors).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, check_late, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = "Circulation query: how many doors lie between space A and space B (the path with the fewest doors)"


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    # Late: the original composes the building (and reports a broken one) before it
    # reads from and to — the corpus shows it. handle calls check_late(args) after loading.
    from_: str = argument("Path of the space to start from (e.g. /L9/A/ldk)", late=True)
    to: str = argument("Path of the space to reach (e.g. /out/road-s)", late=True)


def handle(args: Input, release: Release = DEFAULT):
    """Compose the building (a broken one is the answer), then read from/to, then search.
    An unknown path is not an error: it cannot be reached (tools-ask.md)."""
    from koyu_model.asking.route import doors_between

    model = load_entry(args.file, release)
    args = check_late(args)
    route = doors_between(model, args.from_, args.to)
    if route is None:
        return {"unreachable": True}
    return {"doors": route.doors, "path": list(route.path)}


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
