"""Floors, ceilings and roofs (reference/form/bodies.md "Floors, ceilings and roofs";
api/solids.md slabs; COMPAT.md §8).

Levels in ascending z, spaces in path collation order within a level, floor → ceiling →
roof within a space, one slab per derived piece. No default is invented: no ``slab:``, no
floor; no ceiling height, no ceiling.

A roof covers the part of a piece with no space stacked above it on *any* higher level
(voids and semi-outdoor spaces cover; exteriors do not). Coverers are found through the
kernel's index over every piece's bounding box (overlapping by more than EPS), and
subtracted with the same half-plane clipping that cuts regions: a tile minus a convex
coverer is the parts beyond each of the coverer's edges, walked in vertex order. A piece
not yet cut that meets a coverer of its very outline (storeys laid out alike) is left
with nothing, which is what that subtraction gives, without asking the index.
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.derived import layout, semi_outdoor
from koyu_model.geometry import BoxIndex, clip_half_plane, is_sliver, poly_bounds, rect_overlap
from koyu_model.model import Model, Space

from .constants import CEILING_T, ROOF_T
from .records import Slab
from .runs import RUN_KEYS
from .spaces import piece_points
from .storeys import Storeys, storeys_of

__all__ = ["is_vertical_circulation", "subtract_convex", "derive_slabs"]


def is_vertical_circulation(space: Space) -> bool:
    """A space that declares a vertical-circulation device (muro/vertical-circulation.md)."""
    return any(k in space.attrs for k in RUN_KEYS)


def subtract_convex(tile, cover) -> list[tuple]:
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
    by level in z order, paths in collation order, each level with its index over their
    bounding boxes (gathered when first asked)."""

    def __init__(self, model: Model, storeys: Storeys):
        self.model = model
        self.order = storeys.order
        self._levels: dict[int, tuple[float, list[tuple[tuple, tuple, bool]], BoxIndex, frozenset]] = {}

    def level(self, j: int) -> tuple[float, list[tuple[tuple, tuple, bool]], BoxIndex, frozenset]:
        """(z, coverers as (piece, box, is a rectangle), their index, the coverers' pieces
        as a set) of level index j."""
        got = self._levels.get(j)
        if got is None:
            name = self.order[j]
            lay = layout(self.model)
            items = []
            for path in sorted(lay.by_level.get(name, ())):
                pieces = lay.pieces.get(path)
                if not pieces or self.model.spaces[path].outside:
                    continue
                for pc in pieces:
                    box = poly_bounds(pc)
                    items.append((pc, box, _is_rect(pc, box)))
            got = (
                self.model.levels[name].z,
                items,
                BoxIndex([box for _, box, _ in items]),
                frozenset(pc for pc, _, _ in items),
            )
            self._levels[j] = got
        return got

    def tiles(self, pieces: Sequence[tuple], i: int, z: float) -> list[list[tuple]]:
        """For each piece on level index ``i`` (at ``z``), what is left once every coverer
        on a higher level is taken away: levels upwards, coverers in scan order; a piece
        drops out of the search once nothing of it is left."""
        result: list[list[tuple]] = [[pc] for pc in pieces]
        pending = list(range(len(pieces)))
        for j in range(i + 1, len(self.order)):
            if not pending:
                break
            zj, items, index, same = self.level(j)
            if zj <= z or not items:
                continue
            # a piece with its very outline among the coverers (storeys laid out alike) is
            # covered whole: nothing of it is left, and its search ends here
            still = []
            for k in pending:
                if pieces[k] in same and result[k] == [pieces[k]]:
                    result[k] = []
                else:
                    still.append(k)
            pending = still
            if not pending:
                break
            hits: dict[int, list[int]] = {}
            for q, h in zip(*(a.tolist() for a in index.pairs([poly_bounds(pieces[k]) for k in pending]))):
                hits.setdefault(q, []).append(h)
            still = []
            for q, k in enumerate(pending):
                tiles = result[k]
                for h in hits.get(q, ()):
                    cover, cb, rect = items[h]
                    nxt = []
                    for tile in tiles:
                        tb = poly_bounds(tile)
                        if not rect_overlap(tb, cb):
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


def derive_slabs(model: Model, levels: frozenset | None = None) -> tuple[Slab, ...]:
    """Every floor, ceiling and roof, in Form order (module docstring)."""
    storeys = storeys_of(model)
    lay = layout(model)
    semi = semi_outdoor(model)
    points = piece_points(model)
    coverers = _Coverers(model, storeys)
    out: list[Slab] = []
    for i, name in enumerate(storeys.order):
        if levels is not None and name not in levels:
            continue
        lv = model.levels[name]
        fl = lv.z
        up = storeys.above(name)
        paths = sorted(lay.by_level.get(name, ()))
        roofed = [
            pc
            for path in paths
            if not model.spaces[path].outside and path not in semi
            for pc in lay.pieces.get(path, ())
        ]
        left = iter(coverers.tiles(roofed, i, fl))  # roofed's tiles, in the order the roofs are met below
        for path in paths:
            pieces = lay.pieces.get(path)
            if not pieces:
                continue
            s = model.spaces[path]
            h = storeys.ceiling_height(s)
            pts = [points(pc) for pc in pieces]
            if not (s.void or s.outside) and lv.slab is not None:
                for pc in pts:
                    out.append(Slab(kind="floor", space=path, level=name, outline=pc, z0=fl - lv.slab, z1=fl))
            if (
                h is not None
                and s.attrs.get("ceiling") != 0
                and not (s.void or s.outside)
                and path not in semi
                and not is_vertical_circulation(s)
            ):
                for pc in pts:
                    out.append(
                        Slab(kind="ceiling", space=path, level=name, outline=pc, z0=fl + h - CEILING_T, z1=fl + h)
                    )
            if s.outside or path in semi:
                continue
            if up is not None:
                apex = up.z
                t = up.slab if up.slab is not None else ROOF_T
            else:
                apex = fl + (h if h is not None else 0) + ROOF_T
                t = ROOF_T
            for _ in pieces:
                for tile in next(left):
                    out.append(
                        Slab(
                            kind="roof",
                            space=path,
                            level=name,
                            outline=points(tile),
                            z0=apex - t,
                            z1=apex,
                        )
                    )
    return tuple(out)
