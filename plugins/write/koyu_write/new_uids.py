"""new_uids — fresh identity tokens (reference/mcp/tools-write.md#new_uids).

Declared as a tool in koyu_write/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

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
        "How many tokens to mint (default 1)",
        default=1,
        validator=[attrs.validators.ge(1), attrs.validators.le(1000)],
        invalid="count is an integer between 1 and 1000",
    )
    # The original checks count before file (the corpus shows it).
    check_order: ClassVar[tuple[str, ...]] = ("count", "file")


NOTE = (
    "Write these as uid: on a space or zone. No other element accepts uid (the ledger rejects"
    " it). A uid is carried across renames by hand — that act is the record of the design "
    "decision that it is still the same space"
)


def handle(args: Input, release: Release = DEFAULT):
    """Compose the building (a broken one is the answer), then mint ``count`` tokens that
    collide with no uid composed into it nor with each other."""
    from koyu_write.tokens import composed_uids, mint

    model = load_entry(args.file, release)
    return {"uids": mint(args.count, composed_uids(model)), "note": NOTE}


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
