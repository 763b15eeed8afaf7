"""``koyu.analysis.daylight@1`` and its two rules (reference/validate/daylight.md,
ADR-0056): daylight.ratio and daylight.unknown.

The analysis states each space in daylight scope (koyu_model.asking.light.daylight_inputs,
the numbers ``koyu light`` prints): its floor area, its effective window area, and the
windows that dropped out of the sum for want of ``h:`` (``missingHeightOpenings``). The
artifact stays complete with them (ADR-0056): ratio compares what was counted against a
seventh of the floor, unknown fails where a window was not counted. Spaces come sorted by
path, as the original lists its subjects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.jsjson import js_to_fixed

from .evidence import comparison, fact, quantity, ref, space_source
from .protocol import applicable, not_applicable, outcome

__all__ = ["ANALYSIS", "DAYLIGHT_DIVISOR", "analyse", "ratio", "unknown"]

ANALYSIS = "koyu.analysis.daylight"
DAYLIGHT_DIVISOR = 7
NO_DAYLIGHT_SCOPE = "No space with a region declares daylight:1"

JSON = Any


def _uncounted_windows(model, path: str) -> list[JSON]:
    """The windows without ``h:`` on the boundaries of ``path`` whose other side passes
    light (an outside space or a semi-outdoor one: daylight.md's factor is not zero), named
    as the Form numbers them: ``<a>|<b>@<boundary>`` and ``/<opening>`` in canonical order,
    with the boundary's line."""
    from koyu_model.canonical import opening_key
    from koyu_model.derived import boundaries_naming, form_order, semi_outdoor
    from koyu_model.form.openings import canonical_members

    spaces, semi, order = model.spaces, semi_outdoor(model), form_order(model)
    out = []
    for i in sorted(boundaries_naming(model).get(path, ()), key=lambda i: order.index[i]):
        b = model.boundaries[i]
        other = spaces.get(b.b if b.a == path else b.a)
        if other is None or not (other.outside or other.path in semi):
            continue  # nothing beyond it to light the room: never counted
        boundary = f"{b.a}|{b.b}@{order.index[i]}"
        for k, d in enumerate(canonical_members(b.openings, opening_key)):
            o = b.openings[d]
            if o.kind == "window" and o.h is None:
                out.append(
                    {
                        "boundaryRef": boundary,
                        "location": {"file": b.file, "line": b.line},
                        "ref": f"{boundary}/{k}",
                        "widthMm": o.w,
                    }
                )
    return out


def analyse(model) -> tuple[JSON, list[JSON]]:
    """The daylight artifact: one entry (and one fact) per space in scope, by path."""
    from koyu_model.asking.light import daylight_inputs

    spaces = []
    for d in sorted(daylight_inputs(model), key=lambda d: d.space.path):
        missing = _uncounted_windows(model, d.space.path) if d.missing_h else []
        spaces.append(
            {
                "effectiveWindowAreaM2": d.window,
                "floorAreaM2": d.floor,
                "missingHeightOpenings": missing,
                "ref": d.space.path,
            }
        )
    return {"spaces": spaces}, [_inputs_fact(model, s) for s in spaces]


def _inputs_fact(model, entry: dict[str, JSON]) -> JSON:
    path = entry["ref"]
    value = {
        "effectiveWindow": quantity(entry["effectiveWindowAreaM2"], "m2"),
        "floor": quantity(entry["floorAreaM2"], "m2"),
        "missingHeightOpenings": entry["missingHeightOpenings"],
    }
    return fact(
        f"daylight:{path}", "daylightInputs", ANALYSIS, [ref("space", path)], [space_source(model.spaces[path])], value
    )


def ratio(model, artifacts: Mapping[str, Any]):
    spaces = artifacts[ANALYSIS]["spaces"]
    if not spaces:
        return not_applicable(NO_DAYLIGHT_SCOPE)
    out = []
    for s in spaces:
        path, window, floor = s["ref"], s["effectiveWindowAreaM2"], s["floorAreaM2"]
        required = floor / DAYLIGHT_DIVISOR
        subject = ref("space", path)
        evidence = [
            _inputs_fact(model, s),
            comparison(
                "required-window-area",
                "koyu.schematic.daylight.ratio",
                [subject],
                quantity(window, "m2"),
                ">=",
                quantity(required, "m2"),
            ),
        ]
        if window < required:
            message = (
                f"Insufficient daylight: {path} — effective window {js_to_fixed(window, 2)} m2 "
                f"< required {js_to_fixed(required, 2)} m2 (1/{DAYLIGHT_DIVISOR} of the "
                f"{js_to_fixed(floor, 2)} m2 floor)"
            )
            out.append(outcome(path, "fail", [subject], message, evidence))
        else:
            message = (
                f"{path} has effective window {js_to_fixed(window, 2)} m2 against required "
                f"{js_to_fixed(required, 2)} m2"
            )
            out.append(outcome(path, "pass", [subject], message, evidence))
    return applicable(out)


def unknown(model, artifacts: Mapping[str, Any]):
    spaces = artifacts[ANALYSIS]["spaces"]
    if not spaces:
        return not_applicable(NO_DAYLIGHT_SCOPE)
    out = []
    for s in spaces:
        path, uncounted = s["ref"], len(s["missingHeightOpenings"])
        subject = ref("space", path)
        evidence = [
            _inputs_fact(model, s),
            comparison(
                "uncounted-window-openings",
                "koyu.schematic.daylight.unknown",
                [subject],
                quantity(uncounted, "count"),
                "<=",
                quantity(0, "count"),
            ),
        ]
        if uncounted:
            message = f"Window area is not fully counted: {path} has a window without h: (write h: on it)"
            out.append(outcome(path, "fail", [subject], message, evidence))
        else:
            message = f"{path} counts the area of every window that faces daylight"
            out.append(outcome(path, "pass", [subject], message, evidence))
    return applicable(out)
