"""section_svg — koyu 0.27.0's section at a grid reference (0.27's tools-ask.md#section_svg).

Declared as a tool in koyu_form/__init__.py, on koyu 0.27.0's surface only. The plane is
named by a grid reference (``koyu_model.form.section.named_plane``), the Form's bodies are
classified against it (``section_form``) and the sheet paints them
(``koyu_model.drawing.section``).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, argument, check_late, load_entry
from koyu_model.release import KOYU_0_27, Release

DESCRIPTION = (
    "Generates and returns the section SVG cut at a grid reference (form is generated, not written). The"
    " reference names the plane: X3 cuts across the X axis, Y2-600 across the Y axis"
)

NOTHING = "There is nothing to draw"


@attrs.frozen
class Input:
    """``at`` and ``look`` are read once the building is composed: the plane needs its grid."""

    file: str = argument(ENTRY_FILE)
    at: str = argument(
        "Grid reference for the cut — X3, X3+450, Y2-600. A plane on a grid line usually runs along a wall;"
        " offset it to cut through the rooms",
        late=True,
    )
    look: str = argument(
        "Direction of view. Must cross the plane: E or W for an X reference, N or S for a Y reference."
        " Defaults to W and N",
        default="",
        choices=("N", "E", "S", "W"),
        late=True,
        blank_is_absent=False,  # look: "" is refused, not taken as the default
    )


def handle(args: Input, release: Release = KOYU_0_27):
    """Compose the building (a broken one is the answer), read at and look, name the plane,
    classify, draw. A plane with nothing behind it is refused rather than drawn empty."""
    from koyu_model.drawing.section import draw_section
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive
    from koyu_model.form.section import LookAlongPlane, UndefinedGridReference, named_plane, section_form

    model = load_entry(args.file, release)
    args = check_late(args)
    try:
        plane = named_plane(model.grid, args.at, args.look or None)
    except UndefinedGridReference as err:
        raise ToolError(str(err)) from None
    except LookAlongPlane as err:
        raise ToolError(f"look {err}") from None
    section = section_form(derive(model, plans=False), plane)
    if not section.entities:
        raise ToolError(NOTHING)
    return draw_section(section, sheet_from_model(model), f"section at {args.at} looking {plane.facing}")


#: a koyu 0.27.0 tool
SERVES = (Serving("0.27", handler=partial(handle, release=KOYU_0_27)),)
