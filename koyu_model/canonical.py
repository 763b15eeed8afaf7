"""Model → canonical document (spec: reference/json/index.md, schema.md; COMPAT §6).

``canonical_document(model)`` builds the document as nested dicts in the schema's key
order (keys from the source in code-point order); ``canonical_json(model)`` gives the same
bytes as ``jsjson.canonical_text`` of it, written straight from the Model by
``koyu_model.canonical_write`` (faster for big buildings). ``boundary_order(model)`` is the canonical boundary order
(indices into ``model.boundaries``) that derivation also follows (drawn lines cut in it).

Sorting rules: boundaries, openings, segs, areas and a multi-rectangle ``at`` sort by the
compact JSON text of the entry with every ``attrs`` written as ``{}``, by code point,
stably (ties keep declaration order).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Sequence, Tuple

from koyu_model.jsjson import JsonString, _encode_string, js_number, wire
from koyu_model.memo import remember
from koyu_model.model import Area, Boundary, Column, Model, Opening, Seg, Space
from koyu_model.speed import gc_paused

__all__ = [
    "FORMAT",
    "canonical_document",
    "canonical_json",
    "canonical_tool_string",
    "boundary_entry",
    "boundary_order",
    "boundary_sorted",
    "space_entry",
    "sorted_rects",
]

FORMAT = "koyu-canonical/1.0"


def _blank_key(entry: Any) -> str:
    """Compact JSON of an entry with every ``attrs`` written as ``{}`` (COMPAT §6)."""
    return wire(_blank(entry))


def _blank(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: ({} if k == "attrs" else _blank(x)) for k, x in v.items()}
    if isinstance(v, list):
        return [_blank(x) for x in v]
    return v


_q = _encode_string


_FLOAT_SPELLING: Dict[float, str] = {}


def _n(x) -> str:
    if type(x) is int:
        return str(x)
    got = _FLOAT_SPELLING.get(x)
    if got is None:
        got = js_number(x)
        if len(_FLOAT_SPELLING) < 4096 and x == x:
            _FLOAT_SPELLING[x] = got
    return got


def _opening_key(o: Opening) -> str:
    """``_blank_key(_opening_entry(o))`` spelled directly (the hot path)."""
    parts = ['{"kind":', _q(o.kind)]
    if o.ref is not None:
        parts += [',"ref":', _q(o.ref)]
    parts += [',"w":', _n(o.w)]
    if o.h is not None:
        parts += [',"h":', _n(o.h)]
    parts += [',"at":', _q(o.at_ref) if o.at_ref is not None else _n(o.at)]
    if o.edge is not None:
        parts += [',"edge":', _q(o.edge)]
    if o.hinge is not None:
        parts += [',"hinge":', _q(o.hinge)]
    if o.swing is not None:
        parts += [',"swing":', _q(o.swing)]
    if o.attrs:
        parts.append(',"attrs":{}')
    parts.append("}")
    return "".join(parts)


def _seg_key(s: Seg) -> str:
    parts = ['{"w":', _n(s.w), ',"at":', _q(s.at_ref) if s.at_ref is not None else _n(s.at)]
    if s.edge is not None:
        parts += [',"edge":', _q(s.edge)]
    if s.attrs:
        parts.append(',"attrs":{}')
    parts.append("}")
    return "".join(parts)


_KEY_HEAD = '{"between":['


def boundary_key(b: Boundary) -> str:
    """The sort key of ``_boundary_keyed`` alone: the blank-key spelling of the entry,
    without building the entry (the canonical boundary order needs only this)."""
    lo, hi = b.between
    parts = [_KEY_HEAD, _q(lo), ",", _q(hi), '],"a":', _q(b.a), ',"kind":', _q(b.kind)]
    if b.t is not None:
        parts += [',"t":', _n(b.t)]
    if b.air:
        parts.append(',"air":true')
    if b.edge is not None:
        parts += [',"edge":', _q(b.edge)]
    if b.drawn is not None:
        parts += [',"line":[', _q(b.drawn.a_ref), ",", _q(b.drawn.b_ref), "]"]
    if b.attrs:
        parts.append(',"attrs":{}')
    if b.openings:
        parts += [',"openings":[', ",".join(sorted(_opening_key(o) for o in b.openings)), "]"]
    if b.segs:
        parts += [',"segs":[', ",".join(sorted(_seg_key(s) for s in b.segs)), "]"]
    parts.append("}")
    return "".join(parts)


def _boundary_keyed(b: Boundary) -> Tuple[str, dict]:
    """(sort key, entry) for one boundary; members sorted by their own keys."""
    e: Dict[str, Any] = {"between": list(b.between), "a": b.a, "kind": b.kind}
    lo, hi = e["between"]
    parts = ['{"between":[', _q(lo), ",", _q(hi), '],"a":', _q(b.a), ',"kind":', _q(b.kind)]
    if b.t is not None:
        e["t"] = b.t
        parts += [',"t":', _n(b.t)]
    if b.air:
        e["air"] = True
        parts.append(',"air":true')
    if b.edge is not None:
        e["edge"] = b.edge
        parts += [',"edge":', _q(b.edge)]
    if b.drawn is not None:
        e["line"] = [b.drawn.a_ref, b.drawn.b_ref]
        parts += [',"line":[', _q(b.drawn.a_ref), ",", _q(b.drawn.b_ref), "]"]
    if b.attrs:
        e["attrs"] = _attrs(b.attrs)
        parts.append(',"attrs":{}')
    if b.openings:
        keyed = sorted(((_opening_key(o), i) for i, o in enumerate(b.openings)))
        e["openings"] = [_opening_entry(b.openings[i]) for _, i in keyed]
        parts += [',"openings":[', ",".join(k for k, _ in keyed), "]"]
    if b.segs:
        keyed = sorted(((_seg_key(s), i) for i, s in enumerate(b.segs)))
        e["segs"] = [_seg_entry(b.segs[i]) for _, i in keyed]
        parts += [',"segs":[', ",".join(k for k, _ in keyed), "]"]
    parts.append("}")
    return "".join(parts), e


def _attrs(bag: Dict[str, Any]) -> Dict[str, Any]:
    return {k: bag[k] for k in sorted(bag)}


def _sorted_entries(entries: List[dict]) -> List[dict]:
    if len(entries) < 2:
        return entries
    return [e for _, e in sorted(((_blank_key(e), e) for e in entries), key=lambda t: t[0])]


def _opening_entry(o: Opening) -> dict:
    e: Dict[str, Any] = {"kind": o.kind}
    if o.ref is not None:
        e["ref"] = o.ref
    e["w"] = o.w
    if o.h is not None:
        e["h"] = o.h
    e["at"] = o.at_ref if o.at_ref is not None else o.at
    if o.edge is not None:
        e["edge"] = o.edge
    if o.hinge is not None:
        e["hinge"] = o.hinge
    if o.swing is not None:
        e["swing"] = o.swing
    if o.attrs:
        e["attrs"] = _attrs(o.attrs)
    return e


def _seg_entry(s: Seg) -> dict:
    e: Dict[str, Any] = {"w": s.w, "at": s.at_ref if s.at_ref is not None else s.at}
    if s.edge is not None:
        e["edge"] = s.edge
    if s.attrs:
        e["attrs"] = _attrs(s.attrs)
    return e


def boundary_entry(b: Boundary) -> dict:
    """One boundary as canonical JSON writes it (openings and segs already sorted)."""
    return _boundary_keyed(b)[1]


def boundary_order(model: Model) -> List[int]:
    """Indices of ``model.boundaries`` in canonical order (stable); once per Model."""
    return list(remember(model, ("canonical", "boundary_order"), lambda: _boundary_order(model)))


def _boundary_order(model: Model) -> Tuple[int, ...]:
    return tuple(boundary_sorted(model.boundaries))


def boundary_sorted(boundaries: Sequence[Boundary]) -> List[int]:
    """Indices of ``boundaries`` stably sorted by ``boundary_key``, without spelling most keys.

    Every key starts ``{"between":[`` + the two quoted paths. A quoted JSON string ends at
    its only unescaped quote, so one can never be a proper prefix of another: where two
    pairs differ, their keys differ at that same place, and the pair alone decides. Only
    boundaries sharing their pair need the whole key.
    """
    q = _q
    keys = []
    append = keys.append
    for b in boundaries:
        lo, hi = b.a, b.b
        append(q(lo) + "," + q(hi) if lo <= hi else q(hi) + "," + q(lo))
    counts = Counter(keys)
    if len(counts) < len(keys):
        skip = len(_KEY_HEAD)  # the same in every key
        for i, k in enumerate(keys):
            if counts[k] > 1:
                keys[i] = boundary_key(boundaries[i])[skip:]
    return sorted(range(len(keys)), key=keys.__getitem__)


def sorted_rects(space: Space) -> list:
    """A space's written rectangles in canonical order (by spelled quadruple as text)."""
    if len(space.rects) < 2:
        return list(space.rects)
    return [r for _, r in sorted(((wire(list(r.spelled)), r) for r in space.rects), key=lambda t: t[0])]


def _area_entry(a: Area) -> dict:
    e: Dict[str, Any] = {"at": list(a.rect.spelled)}
    if a.attrs:
        e["attrs"] = _attrs(a.attrs)
    return e


def space_entry(s: Space) -> dict:
    e: Dict[str, Any] = {"type": s.type}
    if s.level is not None and s.level != s.first_segment:
        e["level"] = s.level
    if s.rects:
        if len(s.rects) == 1:
            e["at"] = list(s.rects[0].spelled)
        else:
            e["at"] = [list(r.spelled) for r in sorted_rects(s)]
    if s.attrs:
        e["attrs"] = _attrs(s.attrs)
    if s.areas:
        e["areas"] = _sorted_entries([_area_entry(a) for a in s.areas])
    return e


def _column_entry(c: Column) -> dict:
    e: Dict[str, Any] = {"size": c.size}
    if c.d is not None and c.d != c.size:
        e["d"] = c.d
    e["levels"] = list(c.levels)
    if c.x is not None:
        e["x"] = list(c.x)
    if c.y is not None:
        e["y"] = list(c.y)
    if c.attrs:
        e["attrs"] = _attrs(c.attrs)
    return e


def canonical_document(model: Model) -> Dict[str, Any]:
    """The canonical document, keys in the schema's order (a plain dict keeps it)."""
    doc: Dict[str, Any] = {"format": FORMAT}
    if model.version_declared:
        doc["koyu"] = model.version
    if model.name is not None:
        doc["name"] = model.name
    doc["unit"] = model.unit
    gx, gy = model.grid.X, model.grid.Y
    doc["grid"] = {"X": list(gx.coords) if gx else [], "Y": list(gy.coords) if gy else []}
    levels: Dict[str, Any] = {}
    for name in sorted(model.levels):
        lv = model.levels[name]
        e: Dict[str, Any] = {"z": lv.z}
        if lv.h is not None:
            e["h"] = lv.h
        if lv.slab is not None:
            e["slab"] = lv.slab
        if lv.underground:
            e["underground"] = 1
        levels[name] = e
    doc["levels"] = levels
    if model.assets:
        assets: Dict[str, Any] = {}
        for name in sorted(model.assets):
            a = model.assets[name]
            e = {"kind": a.kind}
            if a.attrs:
                e["attrs"] = _attrs(a.attrs)
            assets[name] = e
        doc["assets"] = assets
    if model.polygons:
        doc["polygons"] = {p: [list(pt) for pt in model.polygons[p].points] for p in sorted(model.polygons)}
    if model.columns:
        doc["columns"] = [_column_entry(c) for c in model.columns]
    if model.zones:
        zones: Dict[str, Any] = {}
        for p in sorted(model.zones):
            z = model.zones[p]
            zones[p] = {"attrs": _attrs(z.attrs)} if z.attrs else {}
        doc["zones"] = zones
    doc["spaces"] = {p: space_entry(model.spaces[p]) for p in sorted(model.spaces)}
    entries = [_boundary_keyed(b) for b in model.boundaries]
    entries.sort(key=lambda t: t[0])
    doc["boundaries"] = [e for _, e in entries]
    return doc


def canonical_json(model: Model) -> str:
    """``koyu json``'s text: two-space indent, final newline."""
    from koyu_model.canonical_write import write_canonical  # it builds on this module

    return remember(model, "canonical_json", lambda: _paused(write_canonical, model))


def canonical_tool_string(model: Model) -> JsonString:
    """The ``canonical_json`` tool's text — the canonical document re-printed as
    ``JSON.stringify(JSON.parse(canonical), null, 1)`` does (integer-like keys first;
    ``canonical_write.write_tool``) — spelled as the JSON-RPC reply carries it (a JSON
    string literal), written so directly: the host need not escape a megabyte twice."""
    from koyu_model.canonical_write import write_tool_string

    return remember(model, "canonical_tool_string", lambda: JsonString(_paused(write_tool_string, model)))


def _paused(write, model: Model) -> str:
    with gc_paused():
        return write(model)
