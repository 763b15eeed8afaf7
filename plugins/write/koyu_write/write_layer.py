"""write_layer — replace one layer, checked first (reference/mcp/tools-write.md#write_layer).

Declared as a tool in koyu_write/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Checks a layer (.muro file) before replacing it. Content that would make the "
    "composition unparsable is never written (the original stays intact). Check errors "
    "are returned but the write still happens, so that an edit spanning several layers "
    "can be made in steps — fix it and write again. History is left to git"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    layer: str = argument("Path of the .muro file to write (relative to the entry, or absolute)")
    content: str = argument("The full text of the layer (a whole-file replacement)")
    # The original checks content before layer (the corpus shows it); file, like
    # new_uids' file, after the tool's own arguments.
    check_order: ClassVar[tuple[str, ...]] = ("content", "layer", "file")


def handle(args: Input, release: Release = DEFAULT):
    """The steps of tools-write.md in order: resolve, refuse, compose with ``content`` in
    place (never writing what would not parse), check, create the folder, re-check the real
    path, write atomically, answer with the check of the composition after the write."""
    import os

    from koyu_write.atomic import node_utf8, write_atomically
    from koyu_write.target import TargetRefused, real_target, resolve_target

    entry = os.path.abspath(args.file)
    try:
        target = resolve_target(entry, args.layer)
        in_place = os.path.realpath(target)
    except TargetRefused as refused:
        raise ToolError(str(refused)) from None
    except ValueError as err:  # an embedded NUL
        raise ToolError(f"Cannot write {args.layer}: {err}") from None

    # Composition identifies layers by real path: the content stands in for that file.
    try:
        model = load_entry(entry, release, overlay=lambda path: args.content if path == in_place else None)
    except ToolError as err:
        return {"written": False, "target": target, "ok": False, "parseError": str(err)}
    errors, warnings = _check_strings(model)

    try:
        real_target(entry, target)  # refuse a symlinked escape before creating anything
        os.makedirs(os.path.dirname(target), exist_ok=True)
        real = real_target(entry, target)
        write_atomically(real, node_utf8(args.content))
    except TargetRefused as refused:
        raise ToolError(str(refused)) from None
    except OSError as err:
        raise ToolError(_write_failure(target, err)) from None
    except ValueError as err:  # a path no filesystem call accepts (an embedded NUL)
        raise ToolError(f"Cannot write {target}: {err}") from None
    return {"written": target, "ok": not errors, "spaces": len(model.spaces), "errors": errors, "warnings": warnings}


def _check_strings(model):
    """``check``'s errors and warnings as ``layer:line`` strings (what ``check`` answers).
    The model holds the content not yet written, so no other call ever asks it again."""
    from koyu_model.check import check, human

    errors, warnings = [], []
    for d in check(model):
        (errors if d.is_error else warnings).append(human(d))
    return errors, warnings


def _write_failure(target: str, err: OSError) -> str:
    reason = err.strerror or str(err)
    return f"Cannot write {target}: {reason}"


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
