"""Spaces as the Form holds them: derived pieces, area, volume, indoor / semi-outdoor /
covered (reference/form/regions.md; api/derive.md FormSpace).

The outline is always the derived pieces (``ground.pieces``, after every drawn-line cut in
canonical boundary order), never the written allocation. Spaces without a region are not
in the Form. Order: path collation (code point) order — never declaration order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Tuple

from koyu_model.geometry import pieces_area_m2, round2
from koyu_model.ground import Ground
from koyu_model.model import Model

from .records import FormSpace, Pt
from .storeys import Storeys

__all__ = ["region_paths", "derive_spaces", "piece_pts"]


@lru_cache(maxsize=1 << 16)
def piece_pts(piece) -> Tuple[Pt, ...]:
    """A piece as Form points; remembered, so a space's outline, its slabs and its plan
    entities share one immutable tuple."""
    return tuple(Pt(x=x, y=y) for x, y in piece)


def region_paths(model: Model, ground: Ground) -> Tuple[str, ...]:
    """Paths of the spaces with a region, in path collation order."""
    pieces = ground.pieces
    return tuple(sorted(p for p in model.spaces if p in pieces))


def derive_spaces(
    model: Model, ground: Ground, storeys: Storeys, levels: Optional[frozenset] = None
) -> Tuple[FormSpace, ...]:
    """One FormSpace per space with a region (on ``levels`` when given)."""
    semi = ground.semi_outdoor
    if levels is None:
        paths = region_paths(model, ground)
        covered = ground.covered
    else:  # only the wanted levels' paths, sorted alike
        by_level = ground.spaces_by_level
        paths = sorted(p for name in levels for p in by_level.get(name, ()) if p in ground.pieces)
        covered = ground.covered_among(paths)
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
        out.append(
            FormSpace(
                path=path,
                type=s.type,
                level=s.level,
                outline=tuple(piece_pts(pc) for pc in pieces),
                area_m2=round2(pieces_area_m2(pieces)),
                z0=z0,
                z1=z1,
                indoor=s.type not in ("exterior", "void") and not semi_outdoor,
                semi_outdoor=semi_outdoor,
                covered=path in covered,
            )
        )
    return tuple(out)
