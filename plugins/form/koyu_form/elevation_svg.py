"""elevation_svg — koyu 0.27.0's elevation of one face (0.27's tools-ask.md#elevation_svg).

Declared as a tool in koyu_form/__init__.py, on koyu 0.27.0's surface only. An elevation
is a section whose plane stands at the near extreme of the mass
(``koyu_model.form.section.elevation_form``), painted by the section's sheet.
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, argument, check_late, load_entry
from koyu_model.release import KOYU_0_27, Release

DESCRIPTION = (
    "Generates and returns the elevation SVG of one face (form is generated, not written). An elevation is a"
    " section whose plane stands outside the mass, so it cuts nothing"
)

NOTHING = "There is nothing to draw"


@attrs.frozen
class Input:
    """``face`` is read once the building is composed, as the original does."""

    file: str = argument(ENTRY_FILE)
    face: str = argument(
        "The side the viewer stands on. S is the south elevation, seen from the south",
        choices=("N", "E", "S", "W"),
        late=True,
    )


def handle(args: Input, release: Release = KOYU_0_27):
    """Compose the building, read the face, place the plane outside the mass, draw."""
    from koyu_model.drawing.section import draw_section
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive
    from koyu_model.form.section import elevation_form

    model = load_entry(args.file, release)
    args = check_late(args)
    section = elevation_form(derive(model, plans=False), args.face)
    if section is None or not section.entities:
        raise ToolError(NOTHING)
    return draw_section(section, sheet_from_model(model), f"{args.face} elevation")


#: a koyu 0.27.0 tool
SERVES = (Serving("0.27", handler=partial(handle, release=KOYU_0_27)),)
