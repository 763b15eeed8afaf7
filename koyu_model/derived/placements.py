"""Where each opening and seg sits on its boundary's segments (reference/form/bodies.md
"Placing a band"; api/derive.md placeBand; geometry.place_band), failures as values.

    placements(model).openings(i)   per opening of boundary i, in declaration order,
    placements(model).segs(i)       a PlacedBand or a BandFailure

A placement reads nothing but the segments and the band's ``w``, ``at`` and ``edge:``:
boundaries with equal keys — equal segment keys (derived.segments), equal bands — place
alike, and are placed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from koyu_model.geometry.placement import BandFailure, PlacedBand, place
from koyu_model.model import Model, StashKey

from .segments import boundary_segments
from .walls import boundary_table

__all__ = ["Placement", "Placements", "placements", "band_key"]

PLACEMENTS: StashKey[Placements] = StashKey("derived.placements")

Placement = PlacedBand | BandFailure


def placements(model: Model) -> Placements:
    return model.stash.get(PLACEMENTS, lambda: Placements(model))


_READ = attrgetter("w", "at", "at_abs", "at_axis", "edge")


def band_key(members: Sequence) -> tuple:
    """What placing openings or segs reads of them, member by member."""
    return tuple(map(_READ, members))


Placed = tuple[tuple[Placement, ...], tuple[Placement, ...]]  # the openings', the segs'


class Placements:
    """The placements of every boundary's openings and segs, made when first asked for."""

    def __init__(self, model: Model):
        self._model = model
        self._segments = boundary_segments(model)
        self._by_index: dict[int, Placed] = {}
        # segment key number → [(openings, segs, their placements)]: equal members on
        # equal segments are placed once (compared with ==, which a span's storeys, sharing
        # their members, answer at once)
        self._alike: dict[int, list[tuple[tuple, tuple, Placed]]] = {}

    def openings(self, i: int) -> tuple[Placement, ...]:
        return self._placed(i)[0]

    def segs(self, i: int) -> tuple[Placement, ...]:
        return self._placed(i)[1]

    def _placed(self, i: int) -> Placed:
        found = self._by_index.get(i)
        if found is None:
            found = self._by_index[i] = self._place(i)
        return found

    def _place(self, i: int) -> Placed:
        declared = self._model.boundaries
        b = declared[i] if i < len(declared) else boundary_table(self._model).boundaries[i]
        if not b.openings and not b.segs:
            return ((), ())
        number = self._segments.key(i)
        alike = None if number is None else self._alike.setdefault(number, [])
        for openings, segs, placed in alike or ():
            if openings == b.openings and segs == b.segs:
                return placed
        segments = self._segments.of(i)
        placed = (_place(segments, b.openings), _place(segments, b.segs))
        if alike is not None:
            alike.append((b.openings, b.segs, placed))
        return placed


def _place(segments, members) -> tuple[Placement, ...]:
    return tuple(place(segments, *_READ(m)) for m in members)
