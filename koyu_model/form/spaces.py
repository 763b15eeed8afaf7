"""Spaces as the Form holds them: derived pieces, area, volume, indoor / semi-outdoor /
covered (reference/form/regions.md; api/derive.md FormSpace).

The outline is always the derived pieces (``ground.pieces``, after every drawn-line cut in
canonical boundary order), never the written allocation. Spaces without a region are not
in the Form. Order: path collation (code point) order — never declaration order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Set, Tuple

from koyu_model.geometry import EPS, pieces_area_m2, round2
from koyu_model.ground import Ground
from koyu_model.model import Model

from .records import FormSpace, Pt
from .storeys import Storeys

__all__ = ["region_paths", "derive_spaces", "piece_pts", "covered_among"]


@lru_cache(maxsize=1 << 16)
def piece_pts(piece) -> Tuple[Pt, ...]:
    """A piece as Form points; remembered, so a space's outline, its slabs and its plan
    entities share one immutable tuple."""
    return tuple(Pt(x=x, y=y) for x, y in piece)


def region_paths(model: Model, ground: Ground) -> Tuple[str, ...]:
    """Paths of the spaces with a region, in path collation order."""
    pieces = ground.pieces
    return tuple(sorted(p for p in model.spaces if p in pieces))


def derive_spaces(model: Model, ground: Ground, storeys: Storeys,
                  levels: Optional[frozenset] = None) -> Tuple[FormSpace, ...]:
    """One FormSpace per space with a region (on ``levels`` when given)."""
    semi = ground.semi_outdoor
    if levels is None:
        paths = region_paths(model, ground)
        covered = ground.covered
    else:  # only the wanted levels' paths, sorted alike
        by_level = ground.spaces_by_level
        paths = sorted(p for name in levels for p in by_level.get(name, ()) if p in ground.pieces)
        covered = covered_among(model, ground, paths)
    out = []
    for path in paths:
        s = model.spaces[path]
        pieces = ground.pieces[path]
        lv = storeys.level(s.level)
        h = storeys.ceiling_height(s)
        z0 = z1 = None
        if lv is not None and h is not None:
            z0 = lv.z
            z1 = lv.z + h
        semi_outdoor = path in semi
        out.append(FormSpace(
            path=path, type=s.type, level=s.level,
            outline=tuple(piece_pts(pc) for pc in pieces),
            area_m2=round2(pieces_area_m2(pieces)), z0=z0, z1=z1,
            indoor=s.type not in ("exterior", "void") and not semi_outdoor,
            semi_outdoor=semi_outdoor, covered=path in covered))
    return tuple(out)


def covered_among(model: Model, ground: Ground, paths: Sequence[str]) -> Set[str]:
    """``ground.covered`` asked for ``paths`` only (a partial Form's spaces): a space with
    a region on a declared level is covered when a written rectangle of a space on a level
    of greater z overlaps one of its own by more than EPS on both axes (api/queries.md
    isCoveredAbove). Only the rectangles above are looked at, each distinct one once."""
    import numpy as np  # local: only a partial Form pays for the arrays

    spaces = model.spaces
    levels = model.levels
    mine: Dict[float, List[str]] = {}
    for p in paths:
        s = spaces[p]
        lv = levels.get(s.level) if s.level is not None else None
        if lv is not None and s.rects and lv.z == lv.z:  # a NaN z is never covered
            mine.setdefault(lv.z, []).append(p)
    if not mine:
        return set()
    low = min(mine)
    above: Dict[tuple, float] = {}  # a distinct rectangle → the highest z it stands at
    for name, paths_on in ground.spaces_by_level.items():
        lv = levels.get(name) if name is not None else None
        if lv is None or not lv.z > low:
            continue
        z = lv.z
        for p in paths_on:
            for r in spaces[p].rects:
                box = (r.x1, r.y1, r.x2, r.y2)
                if above.get(box, z) <= z:
                    above[box] = z
    if not above:
        return set()
    boxes = np.array(list(above), dtype=float)
    tops = np.array(list(above.values()), dtype=float)
    out: Set[str] = set()
    for z, members in mine.items():
        owners = [p for p in members for _ in spaces[p].rects]
        own = np.array([(r.x1, r.y1, r.x2, r.y2) for p in members for r in spaces[p].rects],
                       dtype=float)
        a = own[:, None, :]
        overlap = ((np.minimum(a[..., 2], boxes[:, 2]) - np.maximum(a[..., 0], boxes[:, 0]) > EPS)
                   & (np.minimum(a[..., 3], boxes[:, 3]) - np.maximum(a[..., 1], boxes[:, 1]) > EPS)
                   & (tops > z))
        for k in np.flatnonzero(overlap.any(axis=1)).tolist():
            out.add(owners[k])
    return out
