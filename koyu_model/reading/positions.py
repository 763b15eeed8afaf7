"""Grid references, ranges, regions and points (spec: reference/muro/positions.md, grid.md).

A grid reference is an axis letter, a grid number and an optional signed integer offset
(``X2``, ``X2+600``, ``Y3-150``), resolved against the grid declared *so far*. A range is
``A..B`` on one axis; a region is one X range and one Y range; a point is ``X…,Y…``.
All failures raise ``NotationError`` with the spec's messages.
"""

from __future__ import annotations

import re

from koyu_model.errors import NotationError
from koyu_model.model import Rect

__all__ = [
    "GridIndex",
    "grid_reference",
    "resolve_ref",
    "read_range",
    "read_region",
    "read_point",
    "spell_floor",
    "undefined_grid_name",
    "not_two_ranges",
    "zero_width",
]

Num = int | float

_REF_RE = re.compile(r"([XY][0-9]+)(?:([+-])([0-9]+))?\Z")


class GridIndex:
    """Grid name → millimetres for the axes declared so far (one dict per axis)."""

    __slots__ = ("X", "Y", "x_names", "y_names", "x_coords", "y_coords")

    def __init__(self) -> None:
        self.X: dict[str, Num] = {}
        self.Y: dict[str, Num] = {}
        self.x_names: tuple[str, ...] = ()
        self.y_names: tuple[str, ...] = ()
        self.x_coords: tuple[Num, ...] = ()
        self.y_coords: tuple[Num, ...] = ()

    def declare(self, axis: str, coords: tuple[Num, ...]) -> tuple[str, ...]:
        names = tuple(f"{axis}{i}" for i in range(1, len(coords) + 1))
        table = dict(zip(names, coords))
        if axis == "X":
            self.X, self.x_names, self.x_coords = table, names, coords
        else:
            self.Y, self.y_names, self.y_coords = table, names, coords
        return names


def grid_reference(x: dict[str, Num], y: dict[str, Num], ref: str) -> tuple[str, Num] | None:
    """``X2+600`` → (axis, millimetres) against the grid lines ``x`` and ``y`` (name →
    mm), or None when it names no declared line. The one grammar of a grid reference: an
    opening's ``at:`` and a section's cut both resolve through it (ADR-0064)."""
    m = _REF_RE.match(ref)
    if m is None:
        return None
    base, sign, off = m.groups()
    coord = (x if base[0] == "X" else y).get(base)
    if coord is None:
        return None
    if sign is None:
        return base[0], coord
    offset = int(off)
    return base[0], coord + offset if sign == "+" else coord - offset


def resolve_ref(grid: GridIndex, ref: str, line: int, file: str | None) -> tuple[str, Num]:
    """Resolve ``X2+600`` to (axis, millimetres) or stop with ``Undefined grid line name``."""
    found = grid_reference(grid.X, grid.Y, ref)
    if found is None:
        raise undefined_grid_name(ref, line, file)
    return found


def undefined_grid_name(name: str, line: int, file: str | None) -> NotationError:
    """A grid line name that no ``grid`` line declared (so far)."""
    return NotationError(f"Undefined grid line name: {name}", line, file)


def not_two_ranges(line: int, file: str | None) -> NotationError:
    """A region that is not one X range and one Y range."""
    return NotationError("A region is given as two ranges, X?..X? and Y?..Y?", line, file)


def zero_width(line: int, file: str | None) -> NotationError:
    """A region whose two ends on an axis are the same coordinate."""
    return NotationError("The region has zero width", line, file)


def read_range(grid: GridIndex, token: str, line: int, file: str | None) -> tuple[str, str, str, Num, Num]:
    """Read ``A..B`` → (axis, spelled a, spelled b, a mm, b mm), in the written order.

    A token with several ``..`` keeps its first two parts (COMPAT §2).
    """
    parts = token.split("..")
    a, b = parts[0], parts[1]
    if not a or not b:  # koyu 0.27.0 answers `Y1..` so; 0.16.0's answer was not recorded
        raise NotationError(f"Cannot read the region: {token}", line, file)
    axis_a, va = resolve_ref(grid, a, line, file)
    axis_b, vb = resolve_ref(grid, b, line, file)
    if axis_a != axis_b:
        raise NotationError("Both ends of a range are grid lines on the same axis", line, file)
    return axis_a, a, b, va, vb


def read_region(grid: GridIndex, tokens, line: int, file: str | None) -> Rect:
    """Two range tokens (either order) → one ascending ``Rect``."""
    if len(tokens) != 2:
        raise not_two_ranges(line, file)
    r1 = read_range(grid, tokens[0], line, file)
    r2 = read_range(grid, tokens[1], line, file)
    if r1[0] == r2[0]:
        raise not_two_ranges(line, file)
    xr, yr = (r1, r2) if r1[0] == "X" else (r2, r1)
    _, xa, xb, x1, x2 = xr
    _, ya, yb, y1, y2 = yr
    if x1 == x2 or y1 == y2:
        raise zero_width(line, file)
    if x1 > x2:
        xa, xb, x1, x2 = xb, xa, x2, x1
    if y1 > y2:
        ya, yb, y1, y2 = yb, ya, y2, y1
    return Rect(xa, xb, ya, yb, x1, x2, y1, y2)


def read_point(grid: GridIndex, token: str, line: int, file: str | None) -> tuple[Num, Num]:
    """``X3+600,Y2-900`` → (x, y) millimetres; X first, then Y."""
    parts = token.split(",")
    if len(parts) != 2:
        raise _not_x_then_y(line, file)
    ax, x = resolve_ref(grid, parts[0], line, file)
    ay, y = resolve_ref(grid, parts[1], line, file)
    if ax != "X" or ay != "Y":
        raise _not_x_then_y(line, file)
    return x, y


def _not_x_then_y(line: int, file: str | None) -> NotationError:
    return NotationError("A point is written X grid line first, then Y", line, file)


def spell_floor(names: tuple[str, ...], coords: tuple[Num, ...], value: Num) -> str:
    """Spell a derived coordinate by the floor rule (spec: muro/band.md).

    The offset from the largest grid line at or below it; before the first line, a
    negative offset from the first.
    """
    best = 0
    for i, c in enumerate(coords):
        if c <= value:
            best = i
        else:
            break
    off = value - coords[best]
    if off == 0:
        return names[best]
    off_i = int(off)
    return f"{names[best]}+{off_i}" if off_i > 0 else f"{names[best]}{off_i}"
