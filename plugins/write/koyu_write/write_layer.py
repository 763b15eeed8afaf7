"""write_layer — replace one layer, checked first (reference/mcp/tools-write.md#write_layer).

Registered by koyu_write/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "write_layer"
GROUP = "Writing"
PLACE = 4  # its place in tools/list
DESCRIPTION = (
    "Checks a layer (.muro file) before replacing it. Content that would make the "
    "composition unparsable is never written (the original stays intact). Check errors "
    "are returned but the write still happens, so that an edit spanning several layers "
    "can be made in steps — fix it and write again. History is left to git"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    layer: str = argument('Path of the .muro file to write (relative to the entry, or absolute)')
    content: str = argument('The full text of the layer (a whole-file replacement)')
    # The original checks content before layer (the corpus shows it); file, like
    # new_uids' file, after the tool's own arguments.
    check_order: ClassVar[tuple[str, ...]] = ('content', 'layer', 'file')


def handle(args: Input):
    raise ToolError("write_layer is not available yet")
