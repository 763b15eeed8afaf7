"""check — structural consistency, the gatekeeper (reference/mcp/tools-verify.md#check).

Registered by koyu_verify/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import os
from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, argument
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "The gatekeeper of the build: composes the layers and checks structural consistency. "
    "Errors and warnings carry layer:line. Call it after every edit. **This says nothing "
    "about architectural soundness** — that is the validate tool"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def read(file: str, release: Release = DEFAULT):
    """The composed building, or ToolError with the core's sentence (validate and the other
    verifying tools read it this way too)."""
    from koyu_model import KoyuError, load

    try:
        # the server resolves the entry first, so even "Cannot read file" names it absolutely
        return load(os.path.abspath(file), release=release)
    except KoyuError as e:
        raise ToolError(str(e)) from None


def handle(args: Input, release: Release = DEFAULT):
    """``{ok, spaces, boundaries, errors, warnings, diagnostics}`` (koyu_model.listings). A
    read or composition error is no result at all: ``isError`` with the bare message."""
    from koyu_model.listings import check_answer

    return check_answer(read(args.file, release))


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here; its 0.27 answers count the
#: exterior walls and carry BND08 (the 0.27 ledger's other new codes come with it)
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
