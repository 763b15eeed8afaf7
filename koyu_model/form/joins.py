"""Where two walls meet: each wall panel's footprint with the junctions settled
(reference/form/bodies.md "Where two walls meet", ADR-0063; 0.27 only, ``Release.walls_join``).

A node is a point where a wall's centre line ends. At each node the walls there — those
ending at it and those running through it — elect a winner by a total order:

1. a wall running through the node beats one ending at it;
2. the thicker wall wins;
3. the centre line first in ascending coordinate order wins.

Every wall ending at the node is cut back to the winner's face (a half-plane trim): a wall
crossing the winner's line to the winner's side face, a wall on the winner's own line to
the winner's end. A winner that ends at the node runs on past it just far enough that its
end carries the whole cut edge of every wall stopping against it. Walls that only run
along each other are no junction: nothing moves.

Two cuts give way, because the alternative is a hole: a cut reaches only as high as the
winner (an interval whose z range the winner does not span keeps its body), and a cut
that would leave nothing leaves the body as it was. The centre lines are untouched.

The junctions are settled on the centre lines alone (``Junctions``, once per Form, before
any panel is made); each panel then gets its footprint as it is made
(``Junctions.footprints``), once per shape: storeys laid out alike make the same
panels again, and share their footprints.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from koyu_model.geometry import EPS, SPAN_EPS

from .records import Pt, Segment

__all__ = ["Junctions", "WallLine", "wall_line"]

#: a wall segment's name: (its boundary's form index, its place among that boundary's segments)
Key = tuple[int, int]
#: an end line: a point on it and its direction (qx, qy, ux, uy)
EndLine = tuple[float, float, float, float]
#: a panel of a wall: x1, y1, x2, y2, z0, z1
Panel = tuple[float, float, float, float, float, float]


@attrs.frozen
class WallLine:
    """One wall segment with matter, as the junction sees it: its centre line, thickness
    and z range."""

    key: Key
    level: str | None
    x1: float
    y1: float
    x2: float
    y2: float
    t: float
    z0: float
    z1: float
    ux: float  # unit direction start → end
    uy: float


def wall_line(key: Key, level: str | None, seg: Segment, t: float, z0: float, z1: float) -> WallLine | None:
    """The segment as a wall line; None for a segment too short to have a direction."""
    dx, dy = seg.x2 - seg.x1, seg.y2 - seg.y1
    length = math.hypot(dx, dy)
    if length <= EPS:
        return None
    return WallLine(key, level, seg.x1, seg.y1, seg.x2, seg.y2, t, z0, z1, dx / length, dy / length)


class Junctions:
    """Every wall end a junction moves, settled once over all the walls of a Form: for
    (wall key, end 1|2) the line the end is cut to and the wall that cut it (None for a
    winner's own extension). Walls meet only walls of their own level."""

    def __init__(self, walls: Iterable[WallLine]) -> None:
        self._cuts: dict[tuple[Key, int], tuple[EndLine, WallLine | None]] = {}
        self._lines: dict[Key, WallLine] = {}
        #: footprints by what makes them: the wall's line and thickness, the panel, its end lines
        self._made: dict[tuple, tuple[Pt, ...]] = {}
        by_level: dict[str | None, list[WallLine]] = {}
        for w in walls:
            self._lines[w.key] = w
            by_level.setdefault(w.level, []).append(w)
        # storeys laid out alike (the same centre lines and thicknesses, in the same order)
        # settle alike: each layout is settled once, and its cuts are carried over to the
        # walls in the same places on the others (z plays no part in the election)
        settled: dict[tuple, tuple[list[WallLine], dict]] = {}
        for on_level in by_level.values():
            layout = tuple((w.x1, w.y1, w.x2, w.y2, w.t) for w in on_level)
            known = settled.get(layout)
            if known is None:
                cuts: dict[tuple[Key, int], tuple[EndLine, WallLine | None]] = {}
                _settle_level(on_level, cuts)
                settled[layout] = (on_level, cuts)
                self._cuts.update(cuts)
                continue
            first, cuts = known
            place = {w.key: k for k, w in enumerate(first)}
            for (key, end), (line, by) in cuts.items():
                self._cuts[(on_level[place[key]].key, end)] = (line, None if by is None else on_level[place[by.key]])

    def footprints(self, key: Key, panels: Iterable[Panel]) -> list[tuple[Pt, ...]] | None:
        """The footprint of each panel (x1, y1, x2, y2, z0, z1) of the wall handed in under
        ``key``: its faces from its start line to its end line, in the order start+n,
        end+n, end−n, start−n. A panel end that is not the wall's own end, or that its cut
        does not reach (z), stays square. None when no such wall was handed in."""
        w = self._lines.get(key)
        if w is None:
            return None
        start_cut, end_cut = self._cuts.get((key, 1)), self._cuts.get((key, 2))
        axis = _square_axis(w, start_cut, end_cut)
        made = self._made
        out = []
        for x1, y1, x2, y2, z0, z1 in panels:
            start = _reaching(start_cut, z0, z1) if x1 == w.x1 and y1 == w.y1 else None
            end = _reaching(end_cut, z0, z1) if x2 == w.x2 and y2 == w.y2 else None
            # storeys laid out alike make the same panel again: its footprint is made once
            known = (w.x1, w.y1, w.x2, w.y2, w.t, x1, y1, x2, y2, start, end)
            found = made.get(known)
            if found is None:
                if axis is None:
                    found = _footprint(w, x1, y1, x2, y2, start, end)
                else:
                    found = _square_footprint(w, axis, x1, y1, x2, y2, start, end)
                made[known] = found
            out.append(found)
        return out


def _square_footprint(
    w: WallLine, axis: int, x1: float, y1: float, x2: float, y2: float, start: EndLine | None, end: EndLine | None
) -> tuple[Pt, ...]:
    """``_footprint`` for a wall on an axis (0: along x, 1: along y) whose end lines run
    square across it (the common case): the faces are two fixed lines, exactly ±t/2 off
    the centre line, and only the ends move along the axis."""
    c, u, n = (w.y1, w.ux, w.ux) if axis == 0 else (w.x1, w.uy, -w.uy)
    half = n * w.t / 2
    left, right = (c + half) or 0.0, (c - half) or 0.0  # -0.0 is written 0, as the original's
    a1, a2 = (x1, x2) if axis == 0 else (y1, y2)
    s = a1 if start is None else start[axis]
    e = a2 if end is None else end[axis]
    if (e - s) * u <= EPS:
        s, e = a1, a2  # swallowed whole by the wall it runs into: it keeps its body
    s, e = s or 0.0, e or 0.0
    if axis == 0:
        return (Pt(s, left), Pt(e, left), Pt(e, right), Pt(s, right))
    return (Pt(left, s), Pt(left, e), Pt(right, e), Pt(right, s))


def _reaching(cut: tuple[EndLine, WallLine | None] | None, z0: float, z1: float) -> EndLine | None:
    """The line of ``cut`` if it reaches the whole height z0..z1 of a panel: a winner that
    is not as high as the panel gives way."""
    if cut is None:
        return None
    line, by = cut
    if by is None or (by.z0 <= z0 + SPAN_EPS and by.z1 >= z1 - SPAN_EPS):
        return line
    return None


def _square_axis(w: WallLine, *cuts: tuple[EndLine, WallLine | None] | None) -> int | None:
    """0 for a wall along x, 1 along y, when every cut line at its ends runs square across
    it; None otherwise (the general crossings are needed)."""
    if w.uy == 0 and all(cut is None or cut[0][2] == 0 for cut in cuts):
        return 0
    if w.ux == 0 and all(cut is None or cut[0][3] == 0 for cut in cuts):
        return 1
    return None


def _settle_level(walls: Sequence[WallLine], cuts: dict) -> None:
    """Settle every node of one level's walls into ``cuts``."""
    nodes: dict[tuple[float, float], list[tuple[WallLine, int]]] = {}
    for w in walls:
        nodes.setdefault((w.x1, w.y1), []).append((w, 1))
        nodes.setdefault((w.x2, w.y2), []).append((w, 2))
    through = _through_index(walls)
    for (px, py), ends in nodes.items():
        _settle_node(px, py, ends, through(px, py), cuts)


def _rank(w: WallLine) -> tuple:
    """The election's order among walls alike in running through or ending: the thicker,
    then the centre line first in ascending coordinate order."""
    return (-w.t, w.x1, w.y1, w.x2, w.y2, w.key)


def _parallel(a: WallLine, b: WallLine) -> bool:
    return abs(a.ux * b.uy - a.uy * b.ux) <= 1e-9


def _runs_through(w: WallLine, px: float, py: float) -> bool:
    """Whether the node lies on w's centre line, strictly inside it."""
    dx, dy = px - w.x1, py - w.y1
    if abs(dx * w.uy - dy * w.ux) > EPS:
        return False
    along = dx * w.ux + dy * w.uy
    length = (w.x2 - w.x1) * w.ux + (w.y2 - w.y1) * w.uy
    return EPS < along < length - EPS


def _through_index(walls: Sequence[WallLine]):
    """A finder of the walls a node lies inside: axis walls by their fixed coordinate
    (with their span along it), the rest asked one by one (they are few)."""
    by_y: dict[float, list[tuple[float, float, WallLine]]] = {}
    by_x: dict[float, list[tuple[float, float, WallLine]]] = {}
    others: list[WallLine] = []
    for w in walls:
        if w.y1 == w.y2:
            by_y.setdefault(w.y1, []).append((min(w.x1, w.x2) + EPS, max(w.x1, w.x2) - EPS, w))
        elif w.x1 == w.x2:
            by_x.setdefault(w.x1, []).append((min(w.y1, w.y2) + EPS, max(w.y1, w.y2) - EPS, w))
        else:
            others.append(w)

    def through(px: float, py: float) -> list[WallLine]:
        found = [w for lo, hi, w in by_y.get(py, ()) if lo < px < hi]
        found.extend(w for lo, hi, w in by_x.get(px, ()) if lo < py < hi)
        found.extend(w for w in others if _runs_through(w, px, py))
        return found

    return through


def _side_points(w: WallLine, face: EndLine) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where w's two faces (its centre line offset by ±t/2) cross the line ``face``."""
    nx, ny = -w.uy * w.t / 2, w.ux * w.t / 2
    return (
        _cross_point(w.x1 + nx, w.y1 + ny, w.ux, w.uy, face),
        _cross_point(w.x1 - nx, w.y1 - ny, w.ux, w.uy, face),
    )


def _cross_point(ax: float, ay: float, dx: float, dy: float, line: EndLine) -> tuple[float, float]:
    """The point where the line through (ax, ay) along (dx, dy) meets ``line``; on the
    axes the coordinate is taken as it is (no rounding is introduced)."""
    qx, qy, ux, uy = line
    if dy == 0 and ux == 0:
        return qx, ay
    if dx == 0 and uy == 0:
        return ax, qy
    s = ((qx - ax) * uy - (qy - ay) * ux) / (dx * uy - dy * ux)
    return ax + s * dx, ay + s * dy


def _settle_node(px: float, py: float, ends: list[tuple[WallLine, int]], through: list[WallLine], cuts: dict) -> None:
    """Elect the winner at the node (px, py) and record the end line of every wall end
    the junction moves: ``cuts[(wall key, end)] = (end line, winner or None)``; the
    winner's own extension is recorded with None (it is not cut by anyone)."""
    if len(ends) + len(through) < 2:
        return
    # a wall running through the node beats every wall ending at it (a wall cannot do both)
    if through:
        winner, winner_end = min(through, key=_rank), None
    else:
        winner, winner_end = min(ends, key=lambda we: _rank(we[0]))
    if all(_parallel(winner, w) for w in through) and all(_parallel(winner, w) for w, _ in ends):
        return  # walls running along each other only butt
    # the winner's way out of the node, when it ends here
    ox, oy = (0.0, 0.0)
    if winner_end is not None:
        ox, oy = (winner.ux, winner.uy) if winner_end == 2 else (-winner.ux, -winner.uy)
    reach = 0.0
    for w, end in ends:
        if w is winner or _parallel(winner, w):
            continue
        # away from the node along the loser, and which side of the winner that is
        ax, ay = (w.ux, w.uy) if end == 1 else (-w.ux, -w.uy)
        side = 1.0 if winner.ux * ay - winner.uy * ax > 0 else -1.0
        half = side * winner.t / 2
        face = (px - winner.uy * half, py + winner.ux * half, winner.ux, winner.uy)
        cuts[(w.key, end)] = (face, winner)
        if winner_end is not None:
            for qx, qy in _side_points(w, face):
                reach = max(reach, (qx - px) * ox + (qy - py) * oy)
    if winner_end is None:
        return
    cap = (px + ox * reach, py + oy * reach, -oy, ox)
    cuts[(winner.key, winner_end)] = (cap, None)
    for w, end in ends:
        if w is winner or not _parallel(winner, w):
            continue
        ax, ay = (w.ux, w.uy) if end == 1 else (-w.ux, -w.uy)
        if ax * ox + ay * oy > 0:  # on the winner's line, beyond its end
            cuts[(w.key, end)] = (cap, winner)


def _footprint(
    w: WallLine, x1: float, y1: float, x2: float, y2: float, start: EndLine | None, end: EndLine | None
) -> tuple[Pt, ...]:
    """The panel's faces from the start line to the end line (each None: the panel's own
    end, square to it), in the order start+n, end+n, end−n, start−n."""
    nx, ny = -w.uy * w.t / 2, w.ux * w.t / 2
    if w.ux == 0 or w.uy == 0:  # on an axis: exactly ±t/2
        nx, ny = (0.0 if w.uy == 0 else -w.uy * w.t / 2), (0.0 if w.ux == 0 else w.ux * w.t / 2)
    left = (x1 + nx, y1 + ny)
    right = (x1 - nx, y1 - ny)
    s_left, s_right = left, right
    e_left, e_right = (x2 + nx, y2 + ny), (x2 - nx, y2 - ny)
    if start is not None:
        s_left = _cross_point(*left, w.ux, w.uy, start)
        s_right = _cross_point(*right, w.ux, w.uy, start)
    if end is not None:
        e_left = _cross_point(*left, w.ux, w.uy, end)
        e_right = _cross_point(*right, w.ux, w.uy, end)

    def along(q: tuple[float, float]) -> float:
        return (q[0] - x1) * w.ux + (q[1] - y1) * w.uy

    if along(e_left) - along(s_left) <= EPS or along(e_right) - along(s_right) <= EPS:
        # swallowed whole by the wall it runs into: it keeps the body it had
        s_left, s_right, e_left, e_right = left, right, (x2 + nx, y2 + ny), (x2 - nx, y2 - ny)
    # ``or 0.0``: -0.0 is written 0 like the original's numbers
    return tuple(Pt(x=x or 0.0, y=y or 0.0) for x, y in (s_left, e_left, e_right, s_right))
