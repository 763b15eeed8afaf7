"""light — daylight inputs (reference/mcp/tools-ask.md#light).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "light"
GROUP = "Asking"
PLACE = 8  # its place in tools/list
DESCRIPTION = (
    "Daylight inputs: floor area and effective window area for every space written with "
    "daylight:1 (a 0.7 factor applies through a covered semi-outdoor space). **It "
    "delivers no verdict** — the 1/7 judgement comes from the validate tool"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input):
    """The daylight inputs of every space written daylight:1, in model order, as the text
    ``JSON.stringify(entries, null, 1)`` gives — written straight from the records (fixed
    keys, plain words: JavaScript keeps them in this order)."""
    import json

    from koyu_model import KoyuError, load
    from koyu_model.asking.light import daylight_rows
    from koyu_model.jsjson import js_number

    try:
        model = load(args.file)
    except KoyuError as err:
        raise ToolError(str(err)) from None
    rows = daylight_rows(model)
    if not rows:
        return "[]"
    enc = json.encoder.encode_basestring  # as tool_text spells strings
    parts = []
    for space, floor, window, missing_h in rows:
        path = space.path
        name = space.attrs.get("name")  # queries.display_name, inlined
        if not isinstance(name, str):
            name = path.rsplit("/", 1)[-1]
        parts.append(
            f'{{\n  "path": {enc(path)},\n  "name": {enc(name)},\n'
            f'  "windowM2": {js_number(window)},\n  "floorM2": {js_number(floor)},\n'
            f'  "missingH": {"true" if missing_h else "false"}\n }}'
        )
    return "[\n " + ",\n ".join(parts) + "\n]"
