"""canonical_json — the canonical JSON (reference/mcp/tools-read.md#canonical_json).

Registered by koyu_read/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "The canonical JSON (machine format — one composed model, byte-stable). The ground "
    "for diffing and for external connections"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input, release: Release = DEFAULT):
    """The canonical document; the host writes it with a one-space indent, integer-like keys
    first, as JSON.parse then JSON.stringify(v, null, 1) leave the canonical text (COMPAT §1)."""
    from koyu_model.canonical import canonical_document

    return canonical_document(load_entry(args.file, release))


#: koyu 0.16.0's tool; koyu 0.27.0 lists it last, after its two new drawings, and answers
#: canonical 2.0 (the model's release decides the document, koyu_model.canonical)
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27), place=14))
