"""Daylight — ``daylight.ratio`` / ``daylight.unknown`` (reference/validate/daylight.md).

The numbers are ``koyu_model.asking.light.daylight_inputs`` (the same ones ``koyu light``
prints); this module only applies the threshold: the effective window area below one
seventh of the (rounded) floor area is a violation; a counted-side window without ``h:``
a caution. Per space in model order: the ratio, then the unknown.
"""

from __future__ import annotations

from koyu_model.asking.light import daylight_inputs
from koyu_model.jsjson import js_to_fixed
from koyu_model.model import Model

from .finding import Finding, finding

__all__ = ["DAYLIGHT_DIVISOR", "check_daylight"]

DAYLIGHT_DIVISOR = 7


def check_daylight(model: Model) -> list[Finding]:
    out: list[Finding] = []
    for d in daylight_inputs(model):
        s = d.space
        required = d.floor / DAYLIGHT_DIVISOR
        if d.window < required:
            out.append(
                finding(
                    "daylight.ratio",
                    f"Insufficient daylight: {s.path} — effective window {js_to_fixed(d.window, 2)} m2 "
                    f"< required {js_to_fixed(required, 2)} m2 (1/{DAYLIGHT_DIVISOR} of the "
                    f"{js_to_fixed(d.floor, 2)} m2 floor)",
                    s.line,
                    s.file,
                    (s.path,),
                )
            )
        if d.missing_h:
            out.append(
                finding(
                    "daylight.unknown",
                    f"Window area is not fully counted: {s.path} has a window without h: (write h: on it)",
                    s.line,
                    s.file,
                    (s.path,),
                )
            )
    return out
