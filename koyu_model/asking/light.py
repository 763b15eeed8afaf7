"""Daylight inputs: floor area and effective window area of every space in daylight scope
(reference/api/queries.md daylightInputs; mcp/tools-ask.md#light; validate/daylight.md;
muro/window.md; COMPAT.md §9).

* The population is declared, never inferred: spaces with a region whose ``daylight``
  is exactly the number 1, in model order.
* ``floor``: the space's area over its derived pieces (drawn lines cut it), rounded to
  two decimals as ``areaM2`` is.
* ``window``: for every declared boundary naming the space (model order), the factor of
  what lies on the other side — 1 for an ``exterior``, 0.7 for a semi-outdoor space with
  something above it, 1 for a semi-outdoor space open to the sky, 0 otherwise (not
  counted) — then for each ``window`` on it ``w × h × factor / 1e6`` added in that order,
  unrounded. A window without ``h`` adds nothing and sets ``missing_h``; on a boundary
  whose factor is 0 it is never looked at (validate/daylight.md: "it was never going to
  be counted").

Semi-outdoor and covered come from the ground (built once per Model), so a building of
thousands of spaces costs one pass over each space's own boundaries.
"""

from __future__ import annotations

from typing import Dict, List

import attrs

from koyu_model.ground import Ground, ground_of
from koyu_model.measures import space_areas
from koyu_model.model import Model, Space

__all__ = ["DaylightInput", "daylight_inputs", "in_daylight_scope", "window_factor"]

#: validate/daylight.md: a semi-outdoor space with a floor above it passes 0.7 of the light.
COVERED_FACTOR = 0.7


@attrs.frozen
class DaylightInput:
    """One space in daylight scope: ``floor`` m² (rounded), ``window`` m² (effective,
    unrounded), ``missing_h`` when a counted-side window had no ``h``."""

    space: Space
    floor: float
    window: float
    missing_h: bool


def in_daylight_scope(space: Space) -> bool:
    """``daylight:1`` written (the number; ``daylight:yes`` is ATT material, not scope)."""
    value = space.attrs.get("daylight")
    return not isinstance(value, (str, bool)) and value == 1


def window_factor(ground: Ground, other: str) -> float:
    """What a window passes towards the space ``other`` (0 when nothing is counted)."""
    space = ground.model.spaces.get(other)
    if space is None:
        return 0
    if space.type == "exterior":
        return 1
    if other in ground.semi_outdoor:
        return COVERED_FACTOR if other in ground.covered else 1
    return 0


def daylight_inputs(model: Model) -> List[DaylightInput]:
    """Every space in daylight scope with its numbers, in model order."""
    ground = ground_of(model)
    areas = space_areas(model)
    out: List[DaylightInput] = []
    boundaries = model.boundaries
    boundaries_of = ground.boundaries_of
    factors: Dict[str, float] = {}  # other side → window_factor, asked once per space
    for path, space in model.spaces.items():
        if not space.rects:
            continue
        value = space.attrs.get("daylight")
        if value != 1 or isinstance(value, (str, bool)):  # in_daylight_scope, inlined
            continue
        window = 0
        missing_h = False
        for i in boundaries_of.get(path, ()):
            b = boundaries[i]
            openings = b.openings
            if not openings:
                continue  # nothing to count whatever lies beyond
            other = b.b if b.a == path else b.a
            factor = factors.get(other)
            if factor is None:
                factor = factors[other] = window_factor(ground, other)
            if factor == 0:
                continue
            for o in openings:
                if o.kind != "window":
                    continue
                if o.h is None:
                    missing_h = True
                    continue
                window += float(o.w) * float(o.h) * factor / 1e6
        out.append(DaylightInput(space=space, floor=areas[path], window=window,
                                 missing_h=missing_h))
    return out
