"""The derived exterior walls: the rest of each space's perimeter is a wall to the outside
(reference/form/boundaries.md "The rest of the perimeter"; muro/defaults.md "boundary";
ADR-0065), where the release says so (``Release.outside_derives_walls``).

    exterior_walls(model).walls[k]      the k-th derived wall ``<path> | outside``, model order
    exterior_walls(model).segments[k]   its segments, one per uncovered run

The counterpart is the outside itself, spelled ``OUTSIDE`` — no space: every space path
begins with ``/``. A space's runs are its outline (what no other space on its level faces,
piece edge by piece edge, unmerged) minus what its declared boundaries to region-less spaces realise: a
boundary with no ``edge:`` takes the whole outline, one with ``edge:`` that face, a drawn
line its stretches. Suppression is by run, not by pair.

The population: every space with a region on a declared level, except one that is outside
itself (``outside``), semi-outdoor, or under a ``site:1`` zone. A void is in it. Every wall
derived here is a plain ``wall``, so deriving them never changes who is semi-outdoor.

Reads the layout only (pieces, level plans) and the semi-outdoor set: the boundary table
(walls.py) appends these after the default walls between pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import attrs

from koyu_model.geometry import Segment, drawn_line_segments, edge_segment, uncovered_stretches
from koyu_model.model import VERTICAL_KINDS, Boundary, Model, StashKey, derived_wall

from .cover import semi_outdoor
from .layout import layout, level_plans

__all__ = ["OUTSIDE", "ExteriorWalls", "exterior_walls"]

#: The reserved name of the outside, a derived exterior wall's ``b`` (ADR-0065 §1).
OUTSIDE = "outside"

EXTERIOR_WALLS: StashKey[ExteriorWalls] = StashKey("derived.exterior_walls")


@attrs.frozen
class ExteriorWalls:
    """``walls``: one ``wall`` boundary ``a=<path>``, ``b=OUTSIDE`` (line 0, file "",
    nothing else written) per space of the population with a run left uncovered, in model
    order; ``segments``: each wall's runs, in outline order."""

    walls: tuple[Boundary, ...]
    segments: tuple[tuple[Segment, ...], ...]


def exterior_walls(model: Model) -> ExteriorWalls:
    return model.stash.get(EXTERIOR_WALLS, lambda: _exterior_walls(model))


_NONE = ExteriorWalls(walls=(), segments=())


def _exterior_walls(model: Model) -> ExteriorWalls:
    if not model.release.outside_derives_walls:
        return _NONE
    spaces = model.spaces
    pieces = layout(model).pieces
    plans = level_plans(model)
    covering = _covering(model, pieces)
    semi = semi_outdoor(model)
    sites = _site_prefixes(model)
    walls: list[Boundary] = []
    segments: list[tuple[Segment, ...]] = []
    known: dict[tuple, tuple[Segment, ...]] = {}  # storeys laid out alike, covered alike: once
    for path, space in spaces.items():
        if path not in pieces or space.outside or path in semi or model.level_of(space) is None:
            continue
        if sites and any(path.startswith(p) for p in sites):
            continue
        level, number, place = plans.where[path]
        faces, lines = covering.get(path, (frozenset(), ()))
        if faces is None:
            continue  # a boundary to the outside with no edge: takes the whole outline
        key = (number, place, faces, tuple((line.a, line.b) for line in lines))
        runs = known.get(key)
        if runs is None:
            outline = plans.of_level[level].outline(cast(int, place))
            drawn = [s for line in lines for s in drawn_line_segments(pieces[path], None, line.a, line.b)]
            runs = known[key] = _runs([e for e in outline if e[0] not in faces], drawn)
        if runs:
            walls.append(derived_wall(path, OUTSIDE))
            segments.append(runs)
    return ExteriorWalls(walls=tuple(walls), segments=tuple(segments))


def _covering(model: Model, pieces) -> dict[str, tuple[frozenset[str] | None, tuple]]:
    """path → (the faces its declared horizontal boundaries to region-less spaces take —
    None for all of them — and the drawn lines among those boundaries)."""
    spaces = model.spaces
    faces: dict[str, set[str] | None] = {}
    lines: dict[str, list] = {}
    for b in model.boundaries:
        if b.kind in VERTICAL_KINDS or b.a not in spaces or b.b not in spaces:
            continue  # a vertical boundary realises no wall; a missing space nothing
        if b.a in pieces:
            if b.b in pieces:
                continue  # two regions: shared edges, no outline (they are not the outside)
            side = b.a
        elif b.b in pieces:
            side = b.b
        else:
            continue
        if b.drawn is not None:
            lines.setdefault(side, []).append(b.drawn)
            faces.setdefault(side, set())
            continue
        taken = faces.setdefault(side, set())
        if taken is None:
            continue
        if b.edge is None:
            faces[side] = None
        else:
            taken.add(b.edge)
    return {
        path: (None if taken is None else frozenset(taken), tuple(lines.get(path, ()))) for path, taken in faces.items()
    }


def _runs(edges, drawn: Sequence[Segment]) -> tuple[Segment, ...]:
    """The uncovered outline edges, each less what a drawn line covers. Not merged: a run
    is a piece's edge, so an L of two rectangles keeps two runs on its long side."""
    runs = [edge_segment(*e) for e in edges]
    if not drawn:
        return tuple(runs)
    out = []
    for s in runs:
        fixed = s.y1 if s.horizontal else s.x1
        out += [edge_segment(cast(str, s.edge_of_a), fixed, g0, g1) for g0, g1 in uncovered_stretches(s, drawn)]
    return tuple(out)


def _site_prefixes(model: Model) -> list[str]:
    """``<zone>/`` for every zone carrying ``site:1``: paving under it is not a room."""
    out = []
    for zone in model.zones.values():
        v = zone.attrs.get("site")
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v == 1:
            out.append(zone.path + "/")
    return out
