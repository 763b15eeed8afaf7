"""Which spaces are semi-outdoor, indoor, covered above (reference/api/queries.md
isSemiOutdoor, isIndoor, isCoveredAbove; COMPAT §9).

    semi_outdoor(model)          spaces with a region meeting an exterior across open or air:1
    indoor(model)                counted in the floor area
    covered(model)               a space on a higher level stands over it
    covered_among(model, paths)  ``covered(model) & paths``, asking only those
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import numpy as np

from koyu_model.geometry import BoxIndex
from koyu_model.geometry.polygon import Box
from koyu_model.model import Model, StashKey

from .layout import layout

__all__ = ["semi_outdoor", "indoor", "covered", "covered_among"]

SEMI_OUTDOOR: StashKey[frozenset[str]] = StashKey("derived.semi_outdoor")
INDOOR: StashKey[frozenset[str]] = StashKey("derived.indoor")
COVERED: StashKey[frozenset[str]] = StashKey("derived.covered")
TOPS: StashKey[_Tops] = StashKey("derived.rectangle_tops")


def semi_outdoor(model: Model) -> frozenset[str]:
    """Spaces with a region that a declared ``open`` or ``air:1`` boundary joins to an
    existing ``exterior`` space (an exterior with a region counts too, COMPAT §9; default
    walls are walls, so only declared boundaries count)."""
    return model.stash.get(SEMI_OUTDOOR, lambda: _semi_outdoor(model))


def _semi_outdoor(model: Model) -> frozenset[str]:
    spaces = model.spaces
    out = set()
    for b in model.boundaries:
        if not (b.kind == "open" or b.air):
            continue
        sa = spaces.get(b.a)
        sb = spaces.get(b.b)
        if sa is None or sb is None:
            continue
        if sb.outside and sa.rects:
            out.add(b.a)
        if sa.outside and sb.rects:
            out.add(b.b)
    return frozenset(out)


def indoor(model: Model) -> frozenset[str]:
    """Spaces counted in the floor area: a region, neither ``exterior`` nor ``void``, not
    semi-outdoor."""
    return model.stash.get(INDOOR, lambda: _indoor(model))


def _indoor(model: Model) -> frozenset[str]:
    semi = semi_outdoor(model)
    return frozenset(p for p, s in model.spaces.items() if s.rects and not (s.outside or s.void) and p not in semi)


def covered(model: Model) -> frozenset[str]:
    """The region spaces on a declared level that a written rectangle of a space on a
    level of greater z overlaps by more than EPS on both axes."""
    return model.stash.get(COVERED, lambda: covered_among(model, layout(model).rects))


@attrs.frozen
class _Tops:
    """Every distinct written rectangle on a declared level (``number`` gives its
    position), the highest z it stands at, and the index over them. A stack of identical
    storeys is one rectangle standing high, not n² candidate pairs."""

    number: dict[Box, int]
    highest: np.ndarray
    index: BoxIndex


def _tops(model: Model) -> _Tops:
    # asked with a space's level, which may be None
    z_of: dict[str | None, int | float] = {name: lv.z for name, lv in model.levels.items()}
    number: dict[Box, int] = {}
    highest: list[int | float] = []
    spaces = model.spaces
    for path, boxes in layout(model).rects.items():
        z = z_of.get(spaces[path].level)
        if z is None:
            continue
        for box in boxes:
            k = number.setdefault(box, len(number))
            if k == len(highest):
                highest.append(z)
            elif z > highest[k]:
                highest[k] = z
    return _Tops(number=number, highest=np.array(highest, dtype=float), index=BoxIndex(list(number)))


def covered_among(model: Model, paths: Iterable[str]) -> frozenset[str]:
    """``covered(model) & set(paths)``, looking up only the asked spaces' rectangles (light
    asks of a few balconies, a partial Form of one level's spaces)."""
    tops = model.stash.get(TOPS, lambda: _tops(model))
    spaces = model.spaces
    rects = layout(model).rects
    z_of = model.levels
    asked: list = []  # (path, z, rectangle number)
    for p in paths:
        own = rects.get(p)
        if own is None:
            continue
        name = spaces[p].level
        level = z_of.get(name) if name is not None else None
        if level is None:
            continue
        asked.extend((p, level.z, tops.number[box]) for box in own)
    if not asked:
        return frozenset()
    wanted = sorted({k for _, _, k in asked})
    boxes = tops.index.boxes
    left, right = tops.index.pairs(boxes[wanted])
    above = np.full(len(tops.highest), -np.inf)
    np.maximum.at(above, np.asarray(wanted, dtype=np.intp)[left], tops.highest[right])
    # covered: some overlapping rectangle stands strictly higher (a box overlaps itself)
    return frozenset(p for p, z, k in asked if above[k] > z)
