"""Sections 6 and 7 (COMPAT §7): the daylight scope and the attribute ledger.

* DAY01 — ``daylight`` written with a value other than the numbers 0 or 1
  (spec: diagnostics/day.md). Spaces in model order.
* ATT01/02/03 — one pass over the written declarations (spec: diagnostics/att.md "The
  population and the order"; muro/attributes.md, the ledger element by element): each
  space then its areas, zones, each boundary then its openings then its segs, assets,
  columns. Keys in written order as JavaScript iterates it (integer-like keys first, COMPAT
  §1). Per key at most one diagnostic: ATT03 for a key not in the element's ledger and not
  namespaced, else ATT01 (positive number) or ATT02 (vocabulary). Assets and columns carry
  no path.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.jsjson import js_object_order, js_string
from koyu_model.model import Attrs, AttrValue, Model

__all__ = ["section_daylight", "section_attributes", "spell", "is_positive", "LEDGER"]

#: A carried key's namespace: lowercase start, at least one dot (muro/attributes.md).
NAMESPACE = re.compile(r"[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+")

_POSITIVE = "positive"
# Each element's ledger (muro/attributes.md "The ledger, element by element"). Structure
# keys are listed too: parsing lifts them, but where one stays among the attributes (a ``stack`` keeps
# ``t``/``air``/``edge``, an asset keeps ``w``/``h``/``at``…, COMPAT §4) it is no ATT03.
_SPACE = {
    "level": None,
    "w": None,
    "h": _POSITIVE,
    "use": None,
    "road": _POSITIVE,
    "daylight": None,
    "ceiling": ("0 / 1", (0, 1)),
    "uid": None,
    "name": None,
    "stair": None,
    "ramp": None,
    "escalator": None,
    "lift": None,
    "form": None,
    "turn": ("R / L", ("R", "L")),
    "entry": _POSITIVE,
    "landing": _POSITIVE,
    "riser": _POSITIVE,
    "tread": _POSITIVE,
    "lane": _POSITIVE,
    "slope": _POSITIVE,
    "floor": None,
    "spec": None,
}
# A release reading outside and void as keys (not the type words, ``Release.structural_type``
# False) interprets them on a space as 0 / 1 (0.27: muro/attributes.md).
_SPACE_OUTSIDE_KEYS = _SPACE | {"outside": ("0 / 1", (0, 1)), "void": ("0 / 1", (0, 1))}
_ZONE = {"name": None, "use": None, "site": ("0 / 1", (0, 1)), "area": _POSITIVE, "uid": None}
_BOUNDARY = {
    "type": None,
    "t": None,
    "air": None,
    "edge": None,
    "h": _POSITIVE,
    "name": None,
    "spec": None,
    "fire": None,
    "sound": None,
}
_STYLE = ("hinged / sliding / auto", ("hinged", "sliding", "auto"))
# An asset is read against the opening's ledger, structure keys not value-checked until an
# opening uses the asset (COMPAT §4).
_OPENING = {
    "w": None,
    "h": None,
    "at": None,
    "edge": None,
    "hinge": None,
    "swing": None,
    "style": _STYLE,
    "name": None,
    "sill": None,
    "spec": None,
    "fire": None,
}
_ASSET = _OPENING
_AREA = {"name": None, "floor": None, "spec": None}
_SEG = {"w": None, "at": None, "edge": None, "name": None, "spec": None, "fire": None, "sound": None}
_COLUMN = {"d": None, "x": None, "y": None, "name": None, "spec": None}

#: element kind → key → None (free) | "positive" | (vocabulary text, allowed values)
LEDGER = {
    "space": _SPACE,
    "zone": _ZONE,
    "boundary": _BOUNDARY,
    "opening": _OPENING,
    "asset": _ASSET,
    "area": _AREA,
    "seg": _SEG,
    "column": _COLUMN,
}


def spell(v: AttrValue) -> str:
    """A value as the messages quote it: numbers as JavaScript's ``String`` prints them (a
    spelling too long for a double is ``Infinity`` there, not JSON's ``null``)."""
    return v if isinstance(v, str) else js_string(v)


def is_positive(v: AttrValue) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0


def section_daylight(model: Model) -> Iterator[Diagnostic]:
    for s in model.spaces.values():
        if "daylight" not in s.attrs:
            continue
        v = s.attrs["daylight"]
        if isinstance(v, str) or v not in (0, 1):
            yield diag(
                "DAY01",
                "daylight is either 1 (in scope for the daylight check) or 0 (out of scope): "
                f"{s.path} carries daylight:{spell(v)}",
                s.line,
                s.file,
                (s.path,),
            )


def _attribute_diagnostics(
    ledger: dict, attrs: Attrs, owner: str, ns_owner: str, line: int, file: str, path: Sequence[str] | None
) -> Iterator[Diagnostic]:
    """ATT diagnostics of one element's attributes. ``owner`` names it for ATT01/02 ("/L1/a", "zone /x",
    "boundary /a | /b"), ``ns_owner`` for ATT03 ("/L1/a", "area (/L1/a)", "column 600mm")."""
    for key, v in js_object_order(attrs).items():
        if key not in ledger:
            if not NAMESPACE.fullmatch(key):
                yield diag(
                    "ATT03",
                    f"{ns_owner} carries {key}:, which is not in the ledger (check the spelling, "
                    "or add a namespace if the value is only carried — "
                    f"e.g. acme.{key}:{spell(v)})",
                    line,
                    file,
                    path,
                )
            continue
        rule = ledger[key]
        if rule is None:
            continue
        if rule == _POSITIVE:
            if not is_positive(v):
                yield diag(
                    "ATT01", f"{key} on {owner} is written as a positive number: {key}:{spell(v)}", line, file, path
                )
        else:
            text, allowed = rule
            if not _in_vocabulary(v, allowed):
                yield diag("ATT02", f"{key} on {owner} is one of {text}: {key}:{spell(v)}", line, file, path)


def _in_vocabulary(v: AttrValue, allowed) -> bool:
    # a number matches only numbers (0 / 1), a word only words (R / L, hinged …)
    return any(isinstance(v, str) == isinstance(a, str) and v == a for a in allowed)


def _pair(a: str, b: str) -> str:
    return f"{a} | {b}"


# The keys a ledger carries freely: attributes whose keys all lie there says nothing (a set
# test); of the rest only the keys outside are weighed (_speaks), and attributes are read in
# JavaScript's key order (_attribute_diagnostics) only when it has something to say.
def _free(ledger: dict) -> frozenset:
    return frozenset(k for k, rule in ledger.items() if rule is None)


def _speaks(ledger: dict, attrs: Attrs, free: frozenset) -> bool:
    """Whether attributes may say anything: a key outside the ledger (ATT03 unless namespaced),
    or a value its rule refuses. Order-free, so no key ordering is needed to answer it."""
    for key in attrs.keys() - free:
        rule = ledger.get(key)
        if rule is None:
            return True
        if rule == _POSITIVE:
            if not is_positive(attrs[key]):
                return True
        elif not _in_vocabulary(attrs[key], rule[1]):
            return True
    return False


def section_attributes(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    add = out.extend
    space_ledger = _SPACE if model.release.structural_type else _SPACE_OUTSIDE_KEYS
    free_space, free_area, free_zone = _free(space_ledger), _free(_AREA), _free(_ZONE)
    free_boundary, free_opening, free_seg = _free(_BOUNDARY), _free(_OPENING), _free(_SEG)
    free_asset, free_column = _free(_ASSET), _free(_COLUMN)
    # The owner's words are written only for attributes that may speak.
    for s in model.spaces.values():
        a = s.attrs
        if a and not a.keys() <= free_space and _speaks(space_ledger, a, free_space):
            add(_attribute_diagnostics(space_ledger, a, s.path, s.path, s.line, s.file, (s.path,)))
        for area in s.areas:
            a = area.attrs
            if a and not a.keys() <= free_area and _speaks(_AREA, a, free_area):
                who = f"area ({s.path})"
                add(_attribute_diagnostics(_AREA, a, who, who, area.line, s.file, (s.path,)))
    for z in model.zones.values():
        a = z.attrs
        if a and not a.keys() <= free_zone and _speaks(_ZONE, a, free_zone):
            who = f"zone {z.path}"
            add(_attribute_diagnostics(_ZONE, a, who, who, z.line, z.file, (z.path,)))
    # Typical storeys repeat their openings' attributes: each distinct set is weighed once.
    opening_speaks: dict[tuple, bool] = {}
    for b in model.boundaries:
        a = b.attrs
        if a and not a.keys() <= free_boundary and _speaks(_BOUNDARY, a, free_boundary):
            who = f"boundary {_pair(b.a, b.b)}"
            add(_attribute_diagnostics(_BOUNDARY, a, who, who, b.line, b.file, (b.a, b.b)))
        for o in b.openings:
            a = o.attrs
            if not a or a.keys() <= free_opening:
                continue
            written = tuple(a.items())
            speaks = opening_speaks.get(written)
            if speaks is None:
                speaks = opening_speaks[written] = _speaks(_OPENING, a, free_opening)
            if speaks:
                who = f"{o.kind} ({_pair(b.a, b.b)})"
                add(_attribute_diagnostics(_OPENING, a, who, who, o.line, b.file, (b.a, b.b)))
        for sg in b.segs:
            a = sg.attrs
            if a and not a.keys() <= free_seg and _speaks(_SEG, a, free_seg):
                who = f"seg ({_pair(b.a, b.b)})"
                add(_attribute_diagnostics(_SEG, a, who, who, sg.line, b.file, (b.a, b.b)))
    for x in model.assets.values():
        a = x.attrs
        if a and not a.keys() <= free_asset and _speaks(_ASSET, a, free_asset):
            who = f"asset {x.name}"
            add(_attribute_diagnostics(_ASSET, a, who, who, x.line, x.file, None))
    for c in model.columns:
        a = c.attrs
        if a and not a.keys() <= free_column and _speaks(_COLUMN, a, free_column):
            who = f"column {js_string(c.size)}mm"
            add(_attribute_diagnostics(_COLUMN, a, who, who, c.line, c.file, None))
    return out
