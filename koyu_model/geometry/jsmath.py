"""Arithmetic whose last bit shows in the output (COMPAT.md §1).

Python's ``math.hypot`` and ``sqrt(a*a + b*b)`` both differ from V8's ``Math.hypot`` in the
last bit for many ordinary inputs (3068, 8420 is one), and those bits reach the Form through
segment lengths, opening centres, panel cuts, wall thickening and drawn-line probes. So the
kernel never calls either: it calls :func:`js_hypot`, which follows V8's builtin step by step.
Areas are summed in the original's order for the same reason.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from koyu_model.jsjson import js_round

__all__ = [
    "js_hypot",
    "js_round",
    "shoelace2",
    "piece_area_mm2",
    "pieces_area_mm2",
    "pieces_area_m2",
    "polygon_area_m2",
    "round2",
]

Point = tuple[float, float]


def js_hypot(*values: float) -> float:
    """``Math.hypot(...values)`` exactly as V8 computes it.

    V8 (builtins/math.tq, MathHypot): take |v| of every argument and their maximum; an
    infinite argument gives +Infinity, otherwise a NaN gives NaN, and a maximum of 0 gives 0.
    Then every |v| is divided by the maximum, and the squares of those ratios are added with
    Kahan compensation (summand = r*r - compensation; next = sum + summand;
    compensation = (next - sum) - summand). The result is sqrt(sum) * maximum.
    """
    if len(values) == 2:
        # An axis-parallel extent: with one term 0 the sum is exactly 1 (or NaN/inf passes
        # through abs), so the result is the other magnitude — the same bits, cheaply.
        a, b = values
        if b == 0:
            return abs(float(a))
        if a == 0:
            return abs(float(b))
    elif not values:
        return 0.0
    magnitudes = []
    largest = 0.0
    saw_nan = False
    for v in values:
        v = float(v)
        if v != v:
            saw_nan = True
            magnitudes.append(0.0)
            continue
        m = abs(v)
        magnitudes.append(m)
        if m > largest:
            largest = m
    if largest == math.inf:
        return math.inf
    if saw_nan:
        return math.nan
    if largest == 0.0:
        return 0.0
    total = 0.0
    compensation = 0.0
    for m in magnitudes:
        r = m / largest
        summand = r * r - compensation
        preliminary = total + summand
        compensation = (preliminary - total) - summand
        total = preliminary
    return math.sqrt(total) * largest


def shoelace2(points: Sequence[Point]) -> float:
    """Twice the signed area: Σ (x_i·y_{i+1} − x_{i+1}·y_i), accumulated from i = 0 in
    vertex order as the original does. Positive for counter-clockwise."""
    s = 0.0
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        s += float(x1) * float(y2) - float(x2) * float(y1)
    return s


def piece_area_mm2(points: Sequence[Point]) -> float:
    """|shoelace / 2| of one piece, mm² (halved, then the absolute value)."""
    return abs(shoelace2(points) / 2)


def pieces_area_mm2(pieces: Iterable[Sequence[Point]]) -> float:
    """Piece areas (mm²) summed from the first piece (COMPAT.md §1, evaluation order)."""
    total = 0.0
    for piece in pieces:
        total += piece_area_mm2(piece)
    return total


def pieces_area_m2(pieces: Iterable[Sequence[Point]]) -> float:
    """A space's area in m², unrounded: :func:`pieces_area_mm2` divided by 1e6."""
    return pieces_area_mm2(pieces) / 1e6


def polygon_area_m2(points: Sequence[Point]) -> float:
    """``polygonAreaM2``: the shoelace area of one polygon in m²; winding does not matter
    (reference/api/geometry.md)."""
    return piece_area_mm2(points) / 1e6


def round2(x: float) -> float:
    """``Math.round(x * 100) / 100`` — how areas are rounded for display (COMPAT.md §1)."""
    return js_round(x * 100) / 100
