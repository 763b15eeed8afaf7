"""The canonical document spelled straight from the Model (spec: reference/json/index.md,
schema.md; COMPAT §1, §6).

``canonical.canonical_document`` builds nested dicts that a generic writer then walks value
by value; a big building has hundreds of thousands of values, and walking them costs more
than composing the text. Here each record kind (level, space, boundary, opening …) has its
own writer that knows its depth, so indentation is a precomputed string and most of an
entry is one f-string. Two profiles, one writer:

* ``write_canonical(model)`` — ``koyu json``: two-space indent, a final newline, keys as
  ``canonical_document`` orders them;
* ``write_tool(model)`` — the ``canonical_json`` tool: the canonical text re-parsed and
  printed by ``JSON.stringify(v, null, 1)``: one-space indent, and in every map keyed by
  source strings (levels, assets, polygons, zones, spaces, attrs) integer-like keys first
  (COMPAT §1). Every other object has fixed schema keys, none integer-like.

Both equal ``jsjson.canonical_text`` / ``jsjson.tool_text`` of ``canonical_document`` byte
for byte (tests/model/test_canonical_write.py compares them).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Callable, Dict, List

from koyu_model.canonical import FORMAT, _opening_key, _seg_key, boundary_order, sorted_rects
from koyu_model.jsjson import _encode_string, _is_array_index, indented_text, js_number
from koyu_model.model import Model

__all__ = ["write_canonical", "write_tool"]

_q = _encode_string
_SAFE = 2**53
_FLOATS: Dict[float, str] = {}  # spellings of floats met before (coordinates repeat)


def _num(x: Any) -> str:
    """A number as JavaScript spells it (``jsjson.js_number``), ints and repeats fast."""
    t = type(x)
    if t is int and -_SAFE < x < _SAFE:
        return str(x)
    if t is float:
        got = _FLOATS.get(x)
        if got is None:
            got = js_number(x)
            if len(_FLOATS) < 4096 and x == x:
                _FLOATS[x] = got
        return got
    return js_number(x)


def _js_first(keys: List[str]) -> List[str]:
    """Code-point-sorted keys as a JavaScript object iterates them: array indices first."""
    i = bisect_left(keys, "0")  # an index starts with a digit; sorted keys make that a range
    if i == len(keys) or keys[i] >= ":":
        return keys
    index = [k for k in keys if _is_array_index(k)]
    if not index:
        return keys
    index.sort(key=int)
    moved = set(index)
    return index + [k for k in keys if k not in moved]


class _Spelled(dict):
    """value → its JSON spelling, computed on first use."""

    def __init__(self, spell: Callable[[Any], str]):
        super().__init__()
        self.spell = spell

    def __missing__(self, value: Any) -> str:
        got = self[value] = self.spell(value)
        return got


def write_canonical(model: Model) -> str:
    """``koyu json``'s text (= ``canonical_text(canonical_document(model))``)."""
    return _write(model, "  ", False) + "\n"


def write_tool(model: Model) -> str:
    """The ``canonical_json`` tool's text (= ``tool_text(canonical_document(model))``)."""
    return _write(model, " ", True)


def _write(model: Model, unit: str, js_order: bool) -> str:
    P = ["\n" + unit * d for d in range(8)]
    P1, P2, P3, P4, P5, P6 = P[1:7]
    # Paths, kinds, grid spellings and numbers repeat: each is spelled once per document.
    Q = _Spelled(_q)
    N = _Spelled(_num)
    order: Callable[[List[str]], List[str]] = _js_first if js_order else (lambda keys: keys)

    def block(items: List[str], d: int, open_: str, close: str) -> str:
        # a non-empty array/object whose opening bracket stands at depth d
        inner = P[d + 1]
        return open_ + inner + ("," + inner).join(items) + P[d] + close

    def strings(items, d: int) -> str:
        return block([Q[x] for x in items], d, "[", "]") if items else "[]"

    def numbers(items, d: int) -> str:
        return block([N[x] for x in items], d, "[", "]") if items else "[]"

    def value(v: Any, d: int) -> str:
        t = type(v)
        if t is str:
            return Q[v]
        if t is int or t is float:
            return N[v]
        return indented_text(v, unit, js_order, d)  # never met in a Model; kept exact anyway

    # Bags repeat (every wall "spec: RC"): one spelling per content and depth. Values are
    # str/int/float (model.AttrValue), whose equal keys (1 == 1.0) spell alike.
    attrs_seen: Dict[Any, str] = {}

    def attrs(bag: Dict[str, Any], d: int) -> str:
        key = (d, *bag.items())
        got = attrs_seen.get(key)
        if got is None:
            inner = P[d + 1]
            items = []
            for k in order(sorted(bag)):
                v = bag[k]
                items.append(Q[k] + ": " + (Q[v] if type(v) is str else value(v, d + 1)))
            got = attrs_seen[key] = "{" + inner + ("," + inner).join(items) + P[d] + "}"
        return got

    def areas(found) -> str:
        # entries at depth 4, sorted by their compact text with attrs blank (COMPAT §6)
        keyed = []
        for i, a in enumerate(found):
            r = a.rect
            key = '{"at":[' + ",".join([Q[x] for x in r.spelled]) + "]" + (',"attrs":{}' if a.attrs else "") + "}"
            keyed.append((key, i))
        keyed.sort()
        texts = []
        for _, i in keyed:
            a = found[i]
            t = f'{{{P5}"at": {strings(a.rect.spelled, 5)}'
            if a.attrs:
                t += f',{P5}"attrs": {attrs(a.attrs, 5)}'
            texts.append(t + P4 + "}")
        return block(texts, 3, "[", "]")

    def opening(o) -> str:
        t = f'{{{P5}"kind": {Q[o.kind]}'
        if o.ref is not None:
            t += f',{P5}"ref": {Q[o.ref]}'
        t += f',{P5}"w": {N[o.w]}'
        if o.h is not None:
            t += f',{P5}"h": {N[o.h]}'
        t += f',{P5}"at": ' + (Q[o.at_ref] if o.at_ref is not None else N[o.at])
        if o.edge is not None:
            t += f',{P5}"edge": {Q[o.edge]}'
        if o.hinge is not None:
            t += f',{P5}"hinge": {Q[o.hinge]}'
        if o.swing is not None:
            t += f',{P5}"swing": {Q[o.swing]}'
        if o.attrs:
            t += f',{P5}"attrs": {attrs(o.attrs, 5)}'
        return t + P4 + "}"

    def seg(s) -> str:
        t = f'{{{P5}"w": {N[s.w]},{P5}"at": ' + (Q[s.at_ref] if s.at_ref is not None else N[s.at])
        if s.edge is not None:
            t += f',{P5}"edge": {Q[s.edge]}'
        if s.attrs:
            t += f',{P5}"attrs": {attrs(s.attrs, 5)}'
        return t + P4 + "}"

    one_open = "[" + P4
    one_close = P3 + "]"

    def members(found, key, write) -> str:
        # openings or segs, sorted stably by their blank-attrs text (COMPAT §6)
        if len(found) == 1:
            return one_open + write(found[0]) + one_close
        keyed = sorted([(key(m), i) for i, m in enumerate(found)])
        return block([write(found[i]) for _, i in keyed], 3, "[", "]")

    out: List[str] = ["{", P1, '"format": ', Q[FORMAT]]
    if model.version_declared:
        out += [",", P1, '"koyu": ', Q[model.version]]
    if model.name is not None:
        out += [",", P1, '"name": ', Q[model.name]]
    out += [",", P1, '"unit": ', Q[model.unit]]
    gx, gy = model.grid.X, model.grid.Y
    out += [",", P1, '"grid": {', P2, '"X": ', numbers(gx.coords if gx else (), 2)]
    out += [",", P2, '"Y": ', numbers(gy.coords if gy else (), 2), P1, "}"]

    items = []
    levels = model.levels
    for name in order(sorted(levels)):
        lv = levels[name]
        t = f'{Q[name]}: {{{P3}"z": {N[lv.z]}'
        if lv.h is not None:
            t += f',{P3}"h": {N[lv.h]}'
        if lv.slab is not None:
            t += f',{P3}"slab": {N[lv.slab]}'
        if lv.underground:
            t += f',{P3}"underground": 1'
        items.append(t + P2 + "}")
    out += [",", P1, '"levels": ', block(items, 1, "{", "}") if items else "{}"]

    if model.assets:
        items = []
        assets = model.assets
        for name in order(sorted(assets)):
            a = assets[name]
            t = f'{Q[name]}: {{{P3}"kind": {Q[a.kind]}'
            if a.attrs:
                t += f',{P3}"attrs": {attrs(a.attrs, 3)}'
            items.append(t + P2 + "}")
        out += [",", P1, '"assets": ', block(items, 1, "{", "}")]

    if model.polygons:
        polygons = model.polygons
        items = [
            Q[p] + ": " + (block([numbers(pt, 3) for pt in polygons[p].points], 2, "[", "]") if polygons[p].points else "[]")
            for p in order(sorted(polygons))
        ]
        out += [",", P1, '"polygons": ', block(items, 1, "{", "}")]

    if model.columns:
        items = []
        for c in model.columns:
            t = f'{{{P3}"size": {N[c.size]}'
            if c.d is not None and c.d != c.size:
                t += f',{P3}"d": {N[c.d]}'
            t += f',{P3}"levels": {strings(c.levels, 3)}'
            if c.x is not None:
                t += f',{P3}"x": {strings(c.x, 3)}'
            if c.y is not None:
                t += f',{P3}"y": {strings(c.y, 3)}'
            if c.attrs:
                t += f',{P3}"attrs": {attrs(c.attrs, 3)}'
            items.append(t + P2 + "}")
        out += [",", P1, '"columns": ', block(items, 1, "[", "]")]

    if model.zones:
        zones = model.zones
        items = []
        for p in order(sorted(zones)):
            bag = zones[p].attrs
            items.append(f'{Q[p]}: {{{P3}"attrs": {attrs(bag, 3)}{P2}}}' if bag else Q[p] + ": {}")
        out += [",", P1, '"zones": ', block(items, 1, "{", "}")]

    out += [",", P1, '"spaces": ']
    spaces = model.spaces
    if spaces:
        items = []
        append = items.append
        rect_open = "[" + P4
        rect_sep = "," + P4
        rect_close = P3 + "]"
        for path in order(sorted(spaces)):
            s = spaces[path]
            t = f'{Q[path]}: {{{P3}"type": {Q[s.type]}'
            level = s.level
            if level is not None and level != (path[1:] if path[:1] == "/" else path).split("/", 1)[0]:
                t += f',{P3}"level": {Q[level]}'  # written only where the path does not say it
            rects = s.rects
            if rects:
                if len(rects) == 1:
                    r = rects[0]
                    t += f',{P3}"at": {rect_open}{Q[r.xa]}{rect_sep}{Q[r.ya]}{rect_sep}{Q[r.xb]}{rect_sep}{Q[r.yb]}{rect_close}'
                else:
                    t += f',{P3}"at": ' + block([strings(r.spelled, 4) for r in sorted_rects(s)], 3, "[", "]")
            if s.attrs:
                t += f',{P3}"attrs": {attrs(s.attrs, 3)}'
            if s.areas:
                t += f',{P3}"areas": ' + areas(s.areas)
            append(t + P2 + "}")
        out.append(block(items, 1, "{", "}"))
    else:
        out.append("{}")

    out += [",", P1, '"boundaries": ']
    boundaries = model.boundaries
    if boundaries:
        items = []
        append = items.append
        head = "{" + P3 + '"between": [' + P4
        mid = "," + P4
        tail = P3 + "]," + P3 + '"a": '
        line_mid = "," + P4
        for i in boundary_order(model):
            b = boundaries[i]
            a = Q[b.a]
            other = Q[b.b]
            lo, hi = (a, other) if b.a <= b.b else (other, a)  # Boundary.between, spelled
            t = f'{head}{lo}{mid}{hi}{tail}{a},{P3}"kind": {Q[b.kind]}'
            if b.t is not None:
                t += f',{P3}"t": {N[b.t]}'
            if b.air:
                t += f',{P3}"air": true'
            if b.edge is not None:
                t += f',{P3}"edge": {Q[b.edge]}'
            if b.drawn is not None:
                t += f',{P3}"line": [{P4}{Q[b.drawn.a_ref]}{line_mid}{Q[b.drawn.b_ref]}{P3}]'
            if b.attrs:
                t += f',{P3}"attrs": {attrs(b.attrs, 3)}'
            if b.openings:
                t += f',{P3}"openings": ' + members(b.openings, _opening_key, opening)
            if b.segs:
                t += f',{P3}"segs": ' + members(b.segs, _seg_key, seg)
            append(t + P2 + "}")
        out.append(block(items, 1, "[", "]"))
    else:
        out.append("[]")
    out += ["\n", "}"]
    return "".join(out)
