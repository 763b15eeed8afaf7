"""Section 8 (COMPAT §7): vertical circulation — RUN01/02/03/05 and SUF04
(spec: diagnostics/run.md, suf.md#suf04; muro/vertical-circulation.md;
form/vertical-runs.md "When no shape is generated at all").

One pass over the spaces in model order; a space carrying any of ``stair``, ``ramp``,
``escalator``, ``lift`` is tested in this order and the first hit ends its scan:
RUN01 (more than one key) → RUN02 (the value) → RUN03 (no region / a union / no level) →
SUF04 (no level above; a lift is exempt) → RUN05 (``form`` value, ``form:return`` on an
escalator or lift, or the lengths leave no shape).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from koyu_model.check.attributes import spell
from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.form.runs import RUN_KEYS, divide
from koyu_model.form.storeys import Storeys, storeys_of
from koyu_model.model import Model, Space

__all__ = ["section_runs", "RUN_KEYS", "shape_undetermined"]

DIRECTIONS = ("N", "E", "S", "W")
_RUN_SET = frozenset(RUN_KEYS)


def shape_undetermined(space: Space, key: str, form: str, rise: float | None) -> bool:
    """Whether the written lengths leave no run (form/vertical-runs.md): the entry band
    eats the whole length, or a turning run leaves no run length. The arithmetic is the
    Form's own (koyu_model.form.runs.divide), so check and derive cannot disagree."""
    if key == "lift":
        return False
    r = space.rects[0]
    if space.attrs[key] in ("N", "S"):
        length, width = r.y2 - r.y1, r.x2 - r.x1
    else:
        length, width = r.x2 - r.x1, r.y2 - r.y1
    return divide(key, form, "R", length, width, space.attrs, rise or 0) is None


def _first_hit(model: Model, storeys: Storeys, s: Space) -> Diagnostic | None:
    keys = [k for k in RUN_KEYS if k in s.attrs]
    if not keys:
        return None
    path = (s.path,)

    def d(code: str, message: str) -> Diagnostic:
        return diag(code, message, s.line, s.file, path)

    if len(keys) > 1:
        written = " ".join(f"{k}:{spell(s.attrs[k])}" for k in keys)
        return d("RUN01", f"More than one vertical circulation declaration: {written} (one space carries one)")
    key = keys[0]
    value = s.attrs[key]
    if key == "lift":
        if isinstance(value, str) or value != 1:
            return d("RUN02", f"The value of lift is 1: lift:{spell(value)}")
    elif value not in DIRECTIONS:
        return d("RUN02", f"The value of {key} is the direction it rises, N/E/S/W: {key}:{spell(value)}")
    if not s.rects:
        return d("RUN03", f"Vertical circulation requires a region: {s.path}")
    if len(s.rects) > 1:
        return d(
            "RUN03",
            "The region of vertical circulation is a single rectangle "
            f"(a union leaves the step division undetermined): {s.path}",
        )
    level = model.levels.get(s.level) if s.level is not None else None
    if level is None:
        return d("RUN03", f"The level of the vertical circulation cannot be determined: {s.path}")
    above = storeys.above(level.name)
    if key != "lift" and above is None:
        return diag(
            "SUF04", f"No level sits above {level.name}, so no form is generated for {s.path}", s.line, s.file, path
        )
    form = s.attrs.get("form", "straight")
    if form not in ("straight", "return"):
        return d("RUN05", f"form is straight / return: form:{spell(form)} (write a spiral as a succession of turns)")
    form = cast(str, form)  # one of the two words just checked
    if form == "return" and key in ("escalator", "lift"):
        return d("RUN05", f"form:return may not be written on {key} (only a stair and a ramp turn back)")
    rise = above.z - level.z if above is not None else None
    if shape_undetermined(s, key, form, rise):
        return d(
            "RUN05",
            f"The form of the vertical circulation is undetermined: {s.path} "
            "(check that the landing does not exceed the full length)",
        )
    return None


def section_runs(model: Model) -> Iterator[Diagnostic]:
    for s in model.spaces.values():
        if _RUN_SET.isdisjoint(s.attrs):
            continue
        hit = _first_hit(model, storeys_of(model), s)
        if hit is not None:
            yield hit
