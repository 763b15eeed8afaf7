"""export_ifc — the building written as an IFC4 file (koyu 0.27.0's ``koyu-ifc-mcp`` tool).

``file`` the entry; ``out`` where to write (default: beside the entry, ``.ifc`` for
``.muro``). Answers the written path, the schema and the counts by class. Served by
``koyu-mcp --as 0.27`` only; it writes a file, so it is not read-only, and reaches nothing
beyond the building's folder and the file it writes.
"""

from __future__ import annotations

import os

import attrs

from koyu_host import ENTRY_FILE, Annotations, Serving, Tool, ToolError, argument

DESCRIPTION = (
    "Write the building as an IFC4 file (the exchange format BIM tools read): project, site, building, "
    "storeys, spaces, walls with their openings, doors and windows, slabs, and which walls bound which "
    "spaces, with GlobalIds derived from the model (the same on every run). Answers the written path, "
    "the schema and the counts by class"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    out: str = argument("Where to write the IFC file (default: beside the entry, .ifc for .muro)", default="")


def handle(args: Input):
    from koyu_ifc.export import export
    from koyu_model import KoyuError

    if "\0" in args.file:  # no file has that name
        raise ToolError(f"line 0: Cannot read file: {args.file}")
    if "\0" in args.out:
        raise ToolError(f"Cannot write {args.out}: no file has that name")
    entry = os.path.abspath(args.file)
    try:
        done = export(entry, os.path.abspath(args.out) if args.out else None)
    except KoyuError as err:
        raise ToolError(str(err)) from None
    except OSError as err:
        raise ToolError(f"Cannot write {args.out or entry}: {err.strerror}") from None
    return {"path": done.path, "schema": done.schema, "counts": done.counts}


TOOL = Tool(
    "export_ifc",
    DESCRIPTION,
    Input,
    handle,
    group="Asking",
    place=40,
    serves=(Serving("0.27"),),
    annotations=Annotations("Export IFC", read_only=False),
)
