"""new_uids — fresh identity tokens (reference/mcp/tools-write.md#new_uids).

Registered by koyu_write/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "new_uids"
GROUP = "Writing"
PLACE = 5  # its place in tools/list
DESCRIPTION = (
    "Mints fresh identity tokens (uid) to write onto spaces or zones with write_layer. "
    "They collide with nothing already composed into this model, and 80 bits of "
    "randomness keeps them apart from layers that are not composed here. **Nothing "
    "assigns a uid on its own** — call this only when a space has to be pointed at across"
    " renames (sensors, registers, long-running operations), and run check afterwards, "
    "because UID03 is the only thing that proves uniqueness"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    count: int = argument(
        'How many tokens to mint (default 1)',
        default=1,
        validator=[attrs.validators.ge(1), attrs.validators.le(1000)],
        invalid="count is an integer between 1 and 1000",
    )
    # The original checks count before file (the corpus shows it).
    check_order: ClassVar[tuple[str, ...]] = ('count', 'file')


def handle(args: Input):
    raise ToolError("new_uids is not available yet")
