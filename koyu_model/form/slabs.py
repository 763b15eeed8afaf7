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


def _is_rect(piece, box) -> bool:
    return len(piece) == 4 and all(x in (box[0], box[2]) and y in (box[1], box[3]) for x, y in piece)


class _Coverers:
    """The pieces that can cover a roof (region spaces with a level, not exterior), level
    by level in z order, paths in collation order, each level with its own STRtree over
    bounding boxes (built when first asked)."""

    def __init__(self, model: Model, ground: Ground, storeys: Storeys):
        self.model = model
        self.ground = ground
        self.order = storeys.order
        self._levels: Dict[int, Tuple[float, List[Tuple[tuple, tuple, bool]]]] = {}
        self._trees: Dict[int, object] = {}

    def level(self, j: int) -> Tuple[float, List[Tuple[tuple, tuple, bool]]]:
        """(z, coverer pieces) of level index j, gathered when first asked."""
        got = self._levels.get(j)
        if got is None:
            name = self.order[j]
            model, ground = self.model, self.ground
            items = []
            for path in sorted(ground.spaces_by_level.get(name, ())):
                pieces = ground.pieces.get(path)
                if not pieces or model.spaces[path].type == "exterior":
                    continue
                for pc in pieces:
                    box = poly_bounds(pc)
                    items.append((pc, box, _is_rect(pc, box)))
            got = (model.levels[name].z, items)
            self._levels[j] = got
        return got

    def _hits(self, j: int, boxes: Sequence[tuple]) -> Dict[int, List[int]]:
        """For each query box (by position), the coverers of level index j whose box
        overlaps it, in scan order — one bulk STRtree query per level."""
        items = self.level(j)[1]
        found: Dict[int, List[int]] = {}
        if len(items) < 8 or len(boxes) < 2:
            for q, box in enumerate(boxes):
                ks = [k for k, it in enumerate(items) if _overlap(it[1], box)]
                if ks:
                    found[q] = ks
            return found
        import shapely

        tree = self._trees.get(j)
        if tree is None:
            bx = [it[1] for it in items]
            tree = shapely.STRtree(
                shapely.box([b[0] for b in bx], [b[1] for b in bx], [b[2] for b in bx], [b[3] for b in bx])
            )
            self._trees[j] = tree
        left, right = tree.query(
            shapely.box([b[0] for b in boxes], [b[1] for b in boxes], [b[2] for b in boxes], [b[3] for b in boxes])
        )
        for q, k in zip(left.tolist(), right.tolist()):
            if _overlap(items[k][1], boxes[q]):
                found.setdefault(q, []).append(k)
        for ks in found.values():
            ks.sort()
        return found

    def tiles(self, pieces: Sequence[tuple], i: int, z: float) -> List[List[tuple]]:
        """For each piece on level index ``i`` (at ``z``), what is left once every coverer
        on a higher level is taken away: levels upwards, coverers in scan order; a piece
        drops out of the search once nothing of it is left."""
        result: List[List[tuple]] = [[pc] for pc in pieces]
        pending = list(range(len(pieces)))
        for j in range(i + 1, len(self.order)):
            if not pending:
                break
            zj, items = self.level(j)
            if zj <= z or not items:
                continue
            hits = self._hits(j, [poly_bounds(pieces[k]) for k in pending])
            still = []
            for q, k in enumerate(pending):
                tiles = result[k]
                for h in hits.get(q, ()):
                    cover, cb, rect = items[h]
                    nxt = []
                    for tile in tiles:
                        tb = poly_bounds(tile)
                        if not _overlap(tb, cb):
                            nxt.append(tile)
                        elif rect and cb[0] <= tb[0] and cb[1] <= tb[1] and tb[2] <= cb[2] and tb[3] <= cb[3]:
                            continue  # wholly under a rectangle: nothing of it is left
                        else:
                            nxt.extend(subtract_convex(tile, cover))
                    tiles = nxt
                    if not tiles:
                        break
                result[k] = tiles
                if tiles:
                    still.append(k)
            pending = still
        return result


def derive_slabs(
    model: Model, ground: Ground, storeys: Storeys, levels: Optional[frozenset] = None
) -> Tuple[Slab, ...]:
    """Every floor, ceiling and roof, in Form order (module docstring)."""
    semi = ground.semi_outdoor
    coverers = _Coverers(model, ground, storeys)
    out: List[Slab] = []
    for i, name in enumerate(storeys.order):
        if levels is not None and name not in levels:
            continue
        lv = model.levels[name]
        fl = lv.z
        up = storeys.above(name)
        paths = sorted(ground.spaces_by_level.get(name, ()))
        roofed = [
            pc
            for path in paths
            if model.spaces[path].type != "exterior" and path not in semi
            for pc in ground.pieces.get(path, ())
        ]
        left = dict(zip(map(id, roofed), coverers.tiles(roofed, i, fl)))
        for path in paths:
            pieces = ground.pieces.get(path)
            if not pieces:
                continue
            s = model.spaces[path]
            kind = s.type
            h = storeys.ceiling_height(s)
            pts = [piece_pts(pc) for pc in pieces]
            if kind not in ("void", "exterior") and lv.slab is not None:
                for pc in pts:
                    out.append(Slab(kind="floor", space=path, level=name, outline=pc, z0=fl - lv.slab, z1=fl))
            if (
                h is not None
                and s.attrs.get("ceiling") != 0
                and kind not in ("void", "exterior")
                and path not in semi
                and not is_vertical_circulation(s)
            ):
                for pc in pts:
                    out.append(
                        Slab(kind="ceiling", space=path, level=name, outline=pc, z0=fl + h - CEILING_T, z1=fl + h)
                    )
            if kind == "exterior" or path in semi:
                continue
            if up is not None:
                apex = up.z
                t = up.slab if up.slab is not None else ROOF_T
            else:
                apex = fl + (h if h is not None else 0) + ROOF_T
                t = ROOF_T
            for pc, ppc in zip(pieces, pts):
                for tile in left[id(pc)]:
                    out.append(
                        Slab(
                            kind="roof",
                            space=path,
                            level=name,
                            outline=ppc if tile is pc else piece_pts(tile),
                            z0=apex - t,
                            z1=apex,
                        )
                    )
    return tuple(out)
