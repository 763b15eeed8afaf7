"""``koyu spaces FILE [-l LEVEL] [--json]``: the spaces, one line each.

No page of reference/cli/ documents this command (the original has none); it prints what
the MCP ``spaces`` tool answers, for a person: model order, tab-separated
``path  name  type  level  area  [semi-outdoor]`` (``—`` where a space has no level, no
region, or — under 0.27 — no written type), and the declaring layer's index when the building has more than one layer.
``--json`` prints the tool's own JSON. An undeclared level exits 2, a read error exits 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, refuse, write
from koyu_model.model import Model


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("-l", "--level", default=None)
    parser.add_argument("--json", action="store_true")


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.jsjson import js_to_fixed, tool_text
    from koyu_model.listings import space_list

    if args.level is not None and args.level not in model.levels:
        return refuse(f"Undeclared level: {args.level} (declared: {' '.join(model.levels)})")
    entries = space_list(model, args.level)
    if args.json:
        write(tool_text(entries) + "\n")
        return 0
    layer_index = {layer.path: layer.index for layer in model.layers}
    lines = []
    for entry in entries:
        area = f"{js_to_fixed(entry['areaM2'], 2)} m2" if "areaM2" in entry else "—"
        cells = [entry["path"], entry["name"], entry.get("type", "—"), entry.get("level", "—"), area]
        if entry["semiOutdoor"]:
            cells.append("semi-outdoor")
        if len(model.layers) > 1:
            cells.append(f"layer {layer_index.get(entry['layer'], '?')}")
        lines.append("\t".join(cells) + "\n")
    write("".join(lines))
    return 0
