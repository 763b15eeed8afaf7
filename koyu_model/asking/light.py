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

Semi-outdoor comes from the ground (built once per Model); whether a space is covered is
asked only of the semi-outdoor spaces a counted window looks onto, and the boundaries are
read in one pass, so a building of thousands of spaces costs one pass over its boundaries.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

import attrs

from koyu_model.ground import Ground, ground_of
from koyu_model.geometry import EPS
from koyu_model.measures import areas_of
from koyu_model.model import Model, Space

__all__ = ["DaylightInput", "daylight_inputs", "daylight_rows", "in_daylight_scope", "window_factor",
           "covered_among"]

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
    return [DaylightInput(space, floor, window, missing_h)
            for space, floor, window, missing_h in daylight_rows(model)]


def daylight_rows(model: Model) -> List[Tuple[Space, float, float, bool]]:
    """``daylight_inputs`` as plain (space, floor, window, missing_h) tuples: what the
    light tool writes straight to its text, with no record made per space."""
    spaces = model.spaces
    scope: Dict[str, List] = {}  # path → [window, missing_h], in model order
    for path, space in spaces.items():
        value = space.attrs.get("daylight")
        if value != 1 or isinstance(value, (str, bool)) or not space.rects:
            continue  # in_daylight_scope and a region, inlined
        scope[path] = [0, False]
    if not scope:
        return []
    # One pass over the declared boundaries (model order, so each space meets its own in
    # its own order): those with an opening, seen from each side in scope.
    seen: List[Tuple[List, str, tuple]] = []
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
    ground = ground_of(model)
    factors = _factors(model, ground, {other for _, other, _ in seen})
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


def _factors(model: Model, ground: Ground, others) -> Dict[str, float]:
    """``window_factor`` of each of ``others``; whether a semi-outdoor one is covered is
    asked of those few only (``covered_among``), not of the whole building."""
    spaces = model.spaces
    semi = ground.semi_outdoor
    out: Dict[str, float] = {}
    ask = set()
    for other in others:
        space = spaces.get(other)
        if space is None:
            out[other] = 0
        elif space.type == "exterior":
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


def covered_among(model: Model, paths) -> frozenset:
    """``Ground.covered`` & ``paths``: those of ``paths`` that a region space on a level of
    greater z overlaps (written rectangles, more than EPS on both axes). The same test
    in the same arithmetic as the ground's; only the asked spaces' rectangles are looked
    up, in a tree of every distinct rectangle with the highest z it stands at."""
    import numpy as np
    import shapely

    z_of = {name: lv.z for name, lv in model.levels.items()}  # (no level: no z)
    # A span's storeys share their tuple of Rects: its highest z found once per tuple.
    highest_of: Dict[int, list] = {}
    for s in model.spaces.values():
        rects = s.rects
        z = z_of.get(s.level)
        if z is None or not rects:
            continue
        got = highest_of.get(id(rects))
        if got is None:
            highest_of[id(rects)] = [rects, z]
        elif z > got[1]:
            got[1] = z
    index: Dict[tuple, int] = {}
    top: List = []
    for rects, z in highest_of.values():
        for r in rects:
            box = (r.x1, r.y1, r.x2, r.y2)
            k = index.setdefault(box, len(index))
            if k == len(top):
                top.append(z)
            elif z > top[k]:
                top[k] = z
    asked = []  # (path, z, box number)
    for p in paths:
        s = model.spaces[p]
        z = z_of.get(s.level)
        if z is None or not s.rects:
            continue
        for r in s.rects:
            asked.append((p, z, index[(r.x1, r.y1, r.x2, r.y2)]))
    if not asked:
        return frozenset()
    arr = np.array(list(index), dtype=float)
    highest = np.array(top, dtype=float)
    wanted = sorted({k for _, _, k in asked})
    h = EPS / 2
    shrunk = shapely.box(arr[:, 0] + h, arr[:, 1] + h, arr[:, 2] - h, arr[:, 3] - h)
    tree = shapely.STRtree(shrunk)
    left, right = tree.query(shrunk[wanted], predicate="intersects")
    left = np.asarray(wanted)[left]
    lo, hi = arr[left], arr[right]
    keep = ((np.minimum(lo[:, 2], hi[:, 2]) - np.maximum(lo[:, 0], hi[:, 0]) > EPS)
            & (np.minimum(lo[:, 3], hi[:, 3]) - np.maximum(lo[:, 1], hi[:, 1]) > EPS))
    above = np.full(len(top), -np.inf)
    np.maximum.at(above, left[keep], highest[right[keep]])
    return frozenset(p for p, z, k in asked if above[k] > z)
