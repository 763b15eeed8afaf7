"""JavaScript's ``Number.prototype.toFixed`` for the human outputs (COMPAT.md §1: the exact
binary value is rounded, ties away from zero — 0.125 gives "0.13", where Python's format
gives "0.12")."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["to_fixed"]


def to_fixed(x: float, digits: int) -> str:
    if x != x:
        return "NaN"
    if x in (float("inf"), float("-inf")):
        return "Infinity" if x > 0 else "-Infinity"
    text = format(Decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP), "f")
    if text.startswith("-") and Decimal(text) == 0:
        text = text[1:]  # (-0.001).toFixed(2) is "-0.00" in JS, but -0 gives "0.00"
        if x < 0:
            text = "-" + text
    return text
