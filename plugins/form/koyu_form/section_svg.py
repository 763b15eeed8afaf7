"""section_svg — koyu 0.27.0's section at a grid reference (0.27's tools-ask.md#section_svg).

Declared as a tool in koyu_form/__init__.py, on koyu 0.27.0's surface only. Listed as
that release lists it; the drawing is not built yet (the drawings issue builds it).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, Serving, argument

DESCRIPTION = (
    "Generates and returns the section SVG cut at a grid reference (form is generated, not written). The"
    " reference names the plane: X3 cuts across the X axis, Y2-600 across the Y axis"
)

#: a koyu 0.27.0 tool, not built yet
SERVES = (Serving("0.27", built=False),)


@attrs.frozen
class Input:
    """``at`` and ``look`` are checked where the drawing reads them (the plane needs the grid)."""

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
    )


def handle(args: Input):
    raise NotImplementedError("section_svg is served with built=False until the drawings issue builds it")
