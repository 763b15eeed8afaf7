"""layers — every composed layer with its source (reference/mcp/tools-read.md#layers).

Registered by koyu_read/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Returns every layer (.muro file) taking part in the composition, in strength order "
    "(later layers are stronger), with its source — this is how you read the original"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input, release: Release = DEFAULT):
    """Every composed layer as ``{file, source}`` in strength order (index 0 = the entry)."""

    model = load_entry(args.file, release)
    return [{"file": layer.path, "source": layer.source} for layer in model.layers]


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
