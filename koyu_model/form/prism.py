"""``runPrism``: a vertical-circulation solid raised into a prism (reference/api/solids.md
"runPrism"). The formula lives here, beside the other body constructors (``thicken``,
``column_rect``), so every consumer raises the same body from the same solid.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import attrs

from .records import Number, Pt, RunSolid

__all__ = ["FormPrism", "run_prism"]

# which corners of (x1,y1) (x2,y1) (x2,y2) (x1,y2) lie on the ``up`` edge of an incline
_HIGH_CORNERS = {
    "N": (False, False, True, True),
    "E": (False, True, True, False),
    "S": (True, True, False, False),
    "W": (True, False, False, True),
}


def _tuple(items: Iterable[object]) -> tuple:
    # FormPrism's converter: mypy cannot type converter=tuple (tuple is generic)
    return tuple(items)


@attrs.frozen
class FormPrism:
    """An outline with a lower and an upper z per vertex — enough for a box and for an
    inclined slab alike (api/solids.md ``FormPrism``)."""

    poly: tuple[Pt, ...] = attrs.field(converter=_tuple)
    bottom: tuple[Number, ...] = attrs.field(converter=_tuple)
    top: tuple[Number, ...] = attrs.field(converter=_tuple)


def run_prism(solid: RunSolid) -> FormPrism:
    """The prism of a run solid. The outline is the rectangle (x1,y1) → (x2,y1) → (x2,y2)
    → (x1,y2). A box is level at z0..z1; an incline's upper face runs linearly from z0 on
    the low edge to z1 on its ``up`` edge, and its underside follows ``t`` below."""
    r = solid.rect
    poly = (Pt(x=r.x1, y=r.y1), Pt(x=r.x2, y=r.y1), Pt(x=r.x2, y=r.y2), Pt(x=r.x1, y=r.y2))
    if solid.kind != "incline":
        return FormPrism(poly=poly, bottom=(solid.z0,) * 4, top=(solid.z1,) * 4)
    up = cast(str, solid.up)  # an incline rises to its up edge
    top = tuple(solid.z1 if high else solid.z0 for high in _HIGH_CORNERS[up])
    t = solid.t or 0
    return FormPrism(poly=poly, bottom=tuple(z - t for z in top), top=top)
