"""Spaces as the Form holds them: derived pieces, area, volume, indoor / semi-outdoor /
covered (reference/form/regions.md; api/derive.md FormSpace).

The outline is always the derived pieces (after every drawn-line cut in canonical
boundary order), never the written allocation. Spaces without a region are not in the
Form. Order: path collation (code point) order — never declaration order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from koyu_model.derived import covered, covered_among, indoor, layout, semi_outdoor
from koyu_model.geometry import pieces_area_m2, round2
from koyu_model.geometry.polygon import Piece
from koyu_model.model import Model, StashKey

from .records import FormSpace, Pt
from .storeys import storeys_of

__all__ = ["region_paths", "derive_spaces", "piece_points"]

PIECE_POINTS: StashKey[dict[Piece, tuple[Pt, ...]]] = StashKey("form.piece_points")


def piece_points(model: Model) -> Callable[[Piece], tuple[Pt, ...]]:
    """A piece as Form points, made once per Model for equal pieces: a space's outline,
    its slabs and its plan entities share one tuple, and so do the storeys repeating it."""
    made: dict[Piece, tuple[Pt, ...]] = model.stash.get(PIECE_POINTS, dict)

    def points(piece: Piece) -> tuple[Pt, ...]:
        found = made.get(piece)
        if found is None:
            found = made[piece] = tuple(Pt(x=x, y=y) for x, y in piece)
        return found

    return points


def region_paths(model: Model) -> tuple[str, ...]:
    """Paths of the spaces with a region, in path collation order."""
    return tuple(sorted(layout(model).pieces))


def derive_spaces(model: Model, levels: frozenset | None = None) -> tuple[FormSpace, ...]:
    """One FormSpace per space with a region (on ``levels`` when given)."""
    storeys = storeys_of(model)
    pieces_of = layout(model).pieces
    semi = semi_outdoor(model)
    counted = indoor(model)
    paths: Sequence[str]
    if levels is None:
        paths = region_paths(model)
        roofed = covered(model)
    else:  # only the wanted levels' paths, sorted alike
        by_level = layout(model).by_level
        paths = sorted(p for name in levels for p in by_level.get(name, ()) if p in pieces_of)
        roofed = covered_among(model, paths)
    points = piece_points(model)
    out = []
    for path in paths:
        s = model.spaces[path]
        pieces = pieces_of[path]
        lv = storeys.level(s.level)
        h = storeys.ceiling_height(s)
        z0 = z1 = None
        if lv is not None and h is not None:
            z0 = lv.z
            z1 = lv.z + h
        out.append(
            FormSpace(
                path=path,
                type=s.type,
                level=s.level,
                outline=tuple(points(pc) for pc in pieces),
                area_m2=round2(pieces_area_m2(pieces)),
                z0=z0,
                z1=z1,
                indoor=path in counted,
                semi_outdoor=path in semi,
                outside=s.outside,
                void=s.void,
                covered=path in roofed,
            )
        )
    return tuple(out)
