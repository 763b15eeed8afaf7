"""plan_svg — the plan SVG of one level (reference/mcp/tools-ask.md#plan_svg).

Declared as a tool in koyu_form/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py). The drawing is the
core's (koyu_model.drawing.plan); this module reads, derives one level and draws.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Generates and returns the plan SVG for a level (form is generated, not written — the"
    " lowest level doubles as the site plan)"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    level: str = argument("Level name (e.g. L5)")
    # The tool's own arguments before file, as new_uids and write_layer do.
    check_order: ClassVar[tuple[str, ...]] = ("level", "file")


def handle(args: Input, release: Release = DEFAULT):
    """Read the building, derive the level's Form, draw it; a failure is the bare sentence."""
    from koyu_model.drawing.plan import PlanError, draw_plan
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive

    model = load_entry(args.file, release)
    form = derive(model, levels=[args.level])  # one level's plan needs no other level's shape
    try:
        return draw_plan(form, args.level, sheet_from_model(model))
    except PlanError as err:
        raise ToolError(str(err)) from None


#: koyu 0.16.0's tool, and listed by koyu 0.27.0 as it is here. Under 0.27 it draws the 0.27
#: Form (joined walls, derived exterior walls) on our sheet
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
