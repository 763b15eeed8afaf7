"""elevation_svg — koyu 0.27.0's elevation of one face (0.27's tools-ask.md#elevation_svg).

Declared as a tool in koyu_form/__init__.py, on koyu 0.27.0's surface only. Listed as
that release lists it; the drawing is not built yet (the drawings issue builds it).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, Serving, argument

DESCRIPTION = (
    "Generates and returns the elevation SVG of one face (form is generated, not written). An elevation is a"
    " section whose plane stands outside the mass, so it cuts nothing"
)

#: a koyu 0.27.0 tool, not built yet
SERVES = (Serving("0.27", built=False),)


@attrs.frozen
class Input:
    """``face`` is checked where the drawing reads it."""

    file: str = argument(ENTRY_FILE)
    face: str = argument(
        "The side the viewer stands on. S is the south elevation, seen from the south",
        choices=("N", "E", "S", "W"),
        late=True,
    )


def handle(args: Input):
    raise NotImplementedError("elevation_svg is served with built=False until the drawings issue builds it")
