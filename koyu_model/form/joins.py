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
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from koyu_model.geometry import EPS, SPAN_EPS

from .records import FormBoundary, FormPanel, Pt

__all__ = ["join_walls"]

#: an end line: a point on it and its direction (qx, qy, ux, uy)
EndLine = tuple[float, float, float, float]


@attrs.frozen
class _Wall:
    """One wall segment with matter, as the junction sees it."""

    index: int  # its place in the boundaries handed in
    x1: float
    y1: float
    x2: float
    y2: float
    t: float
    z0: float
    z1: float
    ux: float  # unit direction start → end
    uy: float

    def order_key(self) -> tuple:
        return (self.x1, self.y1, self.x2, self.y2, self.index)


def _parallel(a: _Wall, b: _Wall) -> bool:
    return abs(a.ux * b.uy - a.uy * b.ux) <= 1e-9


def _walls(boundaries: Sequence[FormBoundary]) -> list[_Wall]:
    out = []
    for i, fb in enumerate(boundaries):
        m = fb.material
        if m is None or not m.panels:
            continue
        s = fb.segment
        dx, dy = s.x2 - s.x1, s.y2 - s.y1
        length = math.hypot(dx, dy)
        if length <= EPS:
            continue
        out.append(_Wall(i, s.x1, s.y1, s.x2, s.y2, m.t, m.z0, m.z1, dx / length, dy / length))
    return out


def _runs_through(w: _Wall, px: float, py: float) -> bool:
    """Whether the node lies on w's centre line, strictly inside it."""
    dx, dy = px - w.x1, py - w.y1
    if abs(dx * w.uy - dy * w.ux) > EPS:
        return False
    along = dx * w.ux + dy * w.uy
    length = (w.x2 - w.x1) * w.ux + (w.y2 - w.y1) * w.uy
    return EPS < along < length - EPS


def _through_index(walls: Sequence[_Wall]):
    """A finder of the walls a node lies inside: axis walls by their fixed coordinate
    (with their span along it), the rest asked one by one (they are few)."""
    by_y: dict[float, list[tuple[float, float, _Wall]]] = {}
    by_x: dict[float, list[tuple[float, float, _Wall]]] = {}
    others: list[_Wall] = []
    for w in walls:
        if w.y1 == w.y2:
            by_y.setdefault(w.y1, []).append((min(w.x1, w.x2) + EPS, max(w.x1, w.x2) - EPS, w))
        elif w.x1 == w.x2:
            by_x.setdefault(w.x1, []).append((min(w.y1, w.y2) + EPS, max(w.y1, w.y2) - EPS, w))
        else:
            others.append(w)

    def through(px: float, py: float) -> list[_Wall]:
        found = [w for lo, hi, w in by_y.get(py, ()) if lo < px < hi]
        found.extend(w for lo, hi, w in by_x.get(px, ()) if lo < py < hi)
        found.extend(w for w in others if _runs_through(w, px, py))
        return found

    return through


def _side_points(w: _Wall, face: EndLine) -> tuple[tuple[float, float], tuple[float, float]]:
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


def _settle_node(px: float, py: float, ends: list[tuple[_Wall, int]], through: list[_Wall], cuts: dict) -> None:
    """Elect the winner at the node (px, py) and record the end line of every wall end
    the junction moves: ``cuts[(wall index, end)] = (end line, winner or None)``; the
    winner's own extension is recorded with None (it is not cut by anyone)."""
    ending = {w.index for w, _ in ends}
    everyone = [w for w, _ in ends] + [w for w in through if w.index not in ending]
    if len(everyone) < 2:
        return
    winner = min(everyone, key=lambda w: (w.index in ending, -w.t, w.order_key()))
    if all(_parallel(winner, w) for w in everyone):
        return  # walls running along each other only butt
    winner_end = next((e for w, e in ends if w is winner), None)
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
        cuts[(w.index, end)] = (face, winner)
        if winner_end is not None:
            for qx, qy in _side_points(w, face):
                reach = max(reach, (qx - px) * ox + (qy - py) * oy)
    if winner_end is None:
        return
    cap = (px + ox * reach, py + oy * reach, -oy, ox)
    cuts[(winner.index, winner_end)] = (cap, None)
    for w, end in ends:
        if w is winner or not _parallel(winner, w):
            continue
        ax, ay = (w.ux, w.uy) if end == 1 else (-w.ux, -w.uy)
        if ax * ox + ay * oy > 0:  # on the winner's line, beyond its end
            cuts[(w.index, end)] = (cap, winner)


def _footprint(w: _Wall, p: FormPanel, start: EndLine | None, end: EndLine | None) -> tuple[Pt, ...]:
    """The panel's body: its faces from the start line to the end line (each None: the
    panel's own end, square to it), in the order start+n, end+n, end−n, start−n."""
    nx, ny = -w.uy * w.t / 2, w.ux * w.t / 2
    if w.ux == 0 or w.uy == 0:  # on an axis: exactly ±t/2
        nx, ny = (0.0 if w.uy == 0 else -w.uy * w.t / 2), (0.0 if w.ux == 0 else w.ux * w.t / 2)
    left = (p.x1 + nx, p.y1 + ny)
    right = (p.x1 - nx, p.y1 - ny)
    s_left, s_right = left, right
    e_left, e_right = (p.x2 + nx, p.y2 + ny), (p.x2 - nx, p.y2 - ny)
    if start is not None:
        s_left = _cross_point(*left, w.ux, w.uy, start)
        s_right = _cross_point(*right, w.ux, w.uy, start)
    if end is not None:
        e_left = _cross_point(*left, w.ux, w.uy, end)
        e_right = _cross_point(*right, w.ux, w.uy, end)

    def along(q: tuple[float, float]) -> float:
        return (q[0] - p.x1) * w.ux + (q[1] - p.y1) * w.uy

    if along(e_left) - along(s_left) <= EPS or along(e_right) - along(s_right) <= EPS:
        # swallowed whole by the wall it runs into: it keeps the body it had
        s_left, s_right, e_left, e_right = left, right, (p.x2 + nx, p.y2 + ny), (p.x2 - nx, p.y2 - ny)
    return tuple(Pt(x=_num(x), y=_num(y)) for x, y in (s_left, e_left, e_right, s_right))


def _num(v: float) -> float:
    """-0.0 is written 0 like the original's numbers."""
    return 0.0 if v == 0 else v


def _spans(winner: _Wall | None, p: FormPanel) -> bool:
    """Whether the cut made by ``winner`` reaches the panel's whole height."""
    return winner is None or (winner.z0 <= p.z0 + SPAN_EPS and winner.z1 >= p.z1 - SPAN_EPS)


def join_walls(boundaries: Sequence[FormBoundary]) -> tuple[FormBoundary, ...]:
    """The boundaries with every panel's ``footprint`` settled; walls meet only walls of
    their own level."""
    by_level: dict[str | None, list[_Wall]] = {}
    for w in _walls(boundaries):
        by_level.setdefault(boundaries[w.index].level, []).append(w)
    cuts: dict[tuple[int, int], tuple[EndLine, _Wall | None]] = {}
    for walls in by_level.values():
        nodes: dict[tuple[float, float], list[tuple[_Wall, int]]] = {}
        for w in walls:
            nodes.setdefault((w.x1, w.y1), []).append((w, 1))
            nodes.setdefault((w.x2, w.y2), []).append((w, 2))
        through = _through_index(walls)
        for (px, py), ends in nodes.items():
            _settle_node(px, py, ends, through(px, py), cuts)

    walls_at = {wall.index: wall for ws in by_level.values() for wall in ws}
    out = []
    for i, fb in enumerate(boundaries):
        wall = walls_at.get(i)
        if wall is None or fb.material is None:
            out.append(fb)
            continue
        panels = []
        for p in fb.material.panels:
            start = end = None
            if p.x1 == wall.x1 and p.y1 == wall.y1 and (i, 1) in cuts:
                line, by = cuts[(i, 1)]
                start = line if _spans(by, p) else None
            if p.x2 == wall.x2 and p.y2 == wall.y2 and (i, 2) in cuts:
                line, by = cuts[(i, 2)]
                end = line if _spans(by, p) else None
            fp = _footprint(wall, p, start, end)
            panels.append(FormPanel(x1=p.x1, y1=p.y1, x2=p.x2, y2=p.y2, z0=p.z0, z1=p.z1, footprint=fp))
        out.append(attrs.evolve(fb, material=attrs.evolve(fb.material, panels=tuple(panels))))
    return tuple(out)
