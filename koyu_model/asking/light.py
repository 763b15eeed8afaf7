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

Semi-outdoor comes from ``koyu_model.derived`` (once per Model); whether a space is
covered is asked only of the semi-outdoor spaces a counted window looks onto, and the
boundaries are read in one pass, so a building of thousands of spaces costs one pass over
its boundaries.
"""

from __future__ import annotations

import attrs

from koyu_model.derived import covered_among, semi_outdoor
from koyu_model.measures import areas_of
from koyu_model.model import Model, Space

__all__ = ["DaylightInput", "daylight_inputs", "daylight_rows", "in_daylight_scope"]

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


def daylight_inputs(model: Model) -> list[DaylightInput]:
    """Every space in daylight scope with its numbers, in model order."""
    return [DaylightInput(space, floor, window, missing_h) for space, floor, window, missing_h in daylight_rows(model)]


def daylight_rows(model: Model) -> list[tuple[Space, float, float, bool]]:
    """``daylight_inputs`` as plain (space, floor, window, missing_h) tuples: what the
    light tool writes straight to its text, with no record made per space."""
    spaces = model.spaces
    scope: dict[str, list] = {}  # path → [window, missing_h], in model order
    for path, space in spaces.items():
        if not (space.rects and in_daylight_scope(space)):
            continue
        scope[path] = [0, False]
    if not scope:
        return []
    # One pass over the declared boundaries (model order, so each space meets its own in
    # its own order): those with an opening, seen from each side in scope.
    seen: list[tuple[list, str, tuple]] = []
    for b in model.boundaries:
        openings = b.openings
        if not openings:
            continue  # nothing to count whatever lies beyond
        a = b.a
        other = b.b
        here = scope.get(a)
        if here is not None:
            seen.append((here, other, openings))
        if other != a:
            here = scope.get(other)
            if here is not None:
                seen.append((here, a, openings))
    factors = _factors(model, {other for _, other, _ in seen})
    for here, other, openings in seen:
        factor = factors[other]
        if factor == 0:
            continue
        window = here[0]
        for o in openings:
            if o.kind != "window":
                continue
            if o.h is None:
                here[1] = True
                continue
            window += float(o.w) * float(o.h) * factor / 1e6
        here[0] = window
    areas = areas_of(model, [(p, spaces[p]) for p in scope])
    return [(spaces[p], areas[p], w, m) for p, (w, m) in scope.items()]


def _factors(model: Model, others) -> dict[str, float]:
    """What a window passes towards each of ``others`` (the spaces beyond it): 1 to an
    exterior or an uncovered semi-outdoor space, COVERED_FACTOR to a covered one, 0 to
    anything else. Whether a semi-outdoor one is covered is asked of those few only
    (``covered_among``), not of the whole building."""
    spaces = model.spaces
    semi = semi_outdoor(model)
    out: dict[str, float] = {}
    ask = set()
    for other in others:
        space = spaces.get(other)
        if space is None:
            out[other] = 0
        elif space.outside:
            out[other] = 1
        elif other in semi:
            ask.add(other)
        else:
            out[other] = 0
    if ask:
        covered = covered_among(model, ask)
        for other in ask:
            out[other] = COVERED_FACTOR if other in covered else 1
    return out
