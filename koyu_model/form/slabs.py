"""Floors, ceilings and roofs (reference/form/bodies.md "Floors, ceilings and roofs";
api/solids.md slabs; COMPAT.md §8).

Levels in ascending z, spaces in path collation order within a level, floor → ceiling →
roof within a space, one slab per derived piece. No default is invented: no ``slab:``, no
floor; no ceiling height, no ceiling.

A roof covers the part of a piece with no space stacked above it on *any* higher level
(voids and semi-outdoor spaces cover; exteriors do not). Coverers are found through an
STRtree over every piece's bounding box, and subtracted with the same half-plane clipping
that cuts regions: a tile minus a convex coverer is the parts beyond each of the coverer's
edges, walked in vertex order.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from koyu_model.geometry import clip_half_plane, is_sliver, poly_bounds
from koyu_model.geometry.tolerances import EPS
from koyu_model.ground import Ground
from koyu_model.model import Model, Space

from .constants import CEILING_T, ROOF_T
from .records import Slab
from .spaces import piece_pts
from .storeys import Storeys

__all__ = ["VERTICAL_DEVICES", "is_vertical_circulation", "subtract_convex", "derive_slabs"]

VERTICAL_DEVICES = ("stair", "ramp", "escalator", "lift")


def is_vertical_circulation(space: Space) -> bool:
    """A space that declares a vertical-circulation device (muro/vertical-circulation.md)."""
    return any(k in space.attrs for k in VERTICAL_DEVICES)


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > EPS and min(a[3], b[3]) - max(a[1], b[1]) > EPS


def subtract_convex(tile, cover) -> List[tuple]:
    """A convex tile minus a convex (CCW) coverer: the part beyond each coverer edge in
    vertex order, the rest walking on; slivers dropped. The part inside is gone."""
    out = []
    remaining = tuple(tile)
    n = len(cover)
    for k in range(n):
        a = cover[k]
        b = cover[(k + 1) % n]
        beyond = clip_half_plane(remaining, a, b, keep_left=False)
        if not is_sliver(beyond):
            out.append(beyond)
        remaining = clip_half_plane(remaining, a, b, keep_left=True)
        if is_sliver(remaining):
            break
    return out


class _Coverers:
    """Every piece that can cover a roof (region spaces with a level, not exterior), with
    its level z, in an STRtree over bounding boxes."""

    def __init__(self, model: Model, ground: Ground, storeys: Storeys):
        self.items: List[Tuple[float, str, tuple, tuple]] = []
        for name in storeys.order:
            lv = model.levels[name]
            for path in sorted(ground.spaces_by_level.get(name, ())):
                s = model.spaces[path]
                pieces = ground.pieces.get(path)
                if not pieces or s.type == "exterior":
                    continue
                for pc in pieces:
                    self.items.append((lv.z, path, pc, poly_bounds(pc)))
        self._tree = None

    def over(self, box, z) -> List[tuple]:
        """Coverer pieces above height z whose box overlaps ``box``, in scan order."""
        if not self.items:
            return []
        if self._tree is None:
            import shapely

            bx = [it[3] for it in self.items]
            self._tree = shapely.STRtree(shapely.box([b[0] for b in bx], [b[1] for b in bx],
                                                     [b[2] for b in bx], [b[3] for b in bx]))
        import shapely

        hits = sorted(self._tree.query(shapely.box(*box)).tolist())
        return [self.items[k][2] for k in hits
                if self.items[k][0] > z and _overlap(self.items[k][3], box)]


def _roof_tiles(piece, coverers: _Coverers, z) -> List[tuple]:
    tiles = [tuple(piece)]
    for cover in coverers.over(poly_bounds(piece), z):
        cb = poly_bounds(cover)
        nxt = []
        for tile in tiles:
            if _overlap(poly_bounds(tile), cb):
                nxt.extend(subtract_convex(tile, cover))
            else:
                nxt.append(tile)
        tiles = nxt
        if not tiles:
            break
    return tiles


def derive_slabs(model: Model, ground: Ground, storeys: Storeys,
                 levels: Optional[frozenset] = None) -> Tuple[Slab, ...]:
    """Every floor, ceiling and roof, in Form order (module docstring)."""
    semi = ground.semi_outdoor
    coverers: Optional[_Coverers] = None
    out: List[Slab] = []
    for name in storeys.order:
        if levels is not None and name not in levels:
            continue
        lv = model.levels[name]
        fl = lv.z
        up = storeys.above(name)
        for path in sorted(ground.spaces_by_level.get(name, ())):
            pieces = ground.pieces.get(path)
            if not pieces:
                continue
            s = model.spaces[path]
            kind = s.type
            h = storeys.ceiling_height(s)
            if kind not in ("void", "exterior") and lv.slab is not None:
                for pc in pieces:
                    out.append(Slab(kind="floor", space=path, level=name, outline=piece_pts(pc),
                                    z0=fl - lv.slab, z1=fl))
            if (h is not None and s.attrs.get("ceiling") != 0 and kind not in ("void", "exterior")
                    and path not in semi and not is_vertical_circulation(s)):
                for pc in pieces:
                    out.append(Slab(kind="ceiling", space=path, level=name, outline=piece_pts(pc),
                                    z0=fl + h - CEILING_T, z1=fl + h))
            if kind == "exterior" or path in semi:
                continue
            if up is not None:
                apex = up.z
                t = up.slab if up.slab is not None else ROOF_T
            else:
                apex = fl + (h if h is not None else 0) + ROOF_T
                t = ROOF_T
            if coverers is None:
                coverers = _Coverers(model, ground, storeys)
            for pc in pieces:
                for tile in _roof_tiles(pc, coverers, fl):
                    out.append(Slab(kind="roof", space=path, level=name, outline=piece_pts(tile),
                                    z0=apex - t, z1=apex))
    return tuple(out)
