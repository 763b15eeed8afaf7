"""Model → canonical JSON (spec: reference/json/index.md, schema.md; COMPAT §1, §6).

``canonical_document(model)`` is the canonical document as a value for the one JSON writer
(koyu_model.jsjson), keys in the schema's order and the source's keys in code-point order.
``canonical_json(model)`` is its canonical text (``koyu json``); ``tool_text`` of it is the
``canonical_json`` tool's answer, the text re-parsed and printed with a one-space indent
(integer-like keys first, COMPAT §1). The small sections are plain dicts. The spaces and
the boundaries, thousands of entries in a big building, write themselves entry by entry
through the writer's spellings, spelling what repeats (an attribute set, a door, a wall's
kind and thickness) once per content: building them as dicts first would cost more than
writing them.

Sort order (COMPAT §6): boundaries, openings, segs, areas and a multi-rectangle ``at`` sort
by the compact JSON text of the entry with every ``attrs`` written as ``{}``, by code point,
stably (ties keep declaration order). ``boundary_order(model)`` is that order of
``model.boundaries``, which derivation follows too (drawn lines cut in it).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from operator import eq
from typing import Any

import attrs

from koyu_model.jsjson import CANONICAL, JsonWriter, compact_text, js_number, json_string
from koyu_model.model import Boundary, Column, Model, Opening, Seg, Space, StashKey, Zone

__all__ = [
    "canonical_document",
    "canonical_json",
    "boundary_key",
    "boundary_order",
    "boundary_sorted",
    "opening_key",
    "seg_key",
    "sorted_rects",
]

CANONICAL_JSON: StashKey[str] = StashKey("canonical json")
BOUNDARY_ORDER: StashKey[tuple[int, ...]] = StashKey("canonical boundary order")

_q = json_string


def _n(x) -> str:
    return str(x) if type(x) is int else js_number(x)


# -- sort keys: the blank-attrs compact text of an entry, spelled without building it -------


def opening_key(o: Opening) -> str:
    """The compact text of an opening's entry with its ``attrs`` written ``{}``."""
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


def seg_key(s: Seg) -> str:
    """The compact text of a seg's entry with its ``attrs`` written ``{}``."""
    parts = ['{"w":', _n(s.w), ',"at":', _q(s.at_ref) if s.at_ref is not None else _n(s.at)]
    if s.edge is not None:
        parts += [',"edge":', _q(s.edge)]
    if s.attrs:
        parts.append(',"attrs":{}')
    parts.append("}")
    return "".join(parts)


def boundary_key(b: Boundary) -> str:
    """The compact text of a boundary's entry with every ``attrs`` written ``{}``."""
    lo, hi = b.between
    parts = ['{"between":[', _q(lo), ",", _q(hi), '],"a":', _q(b.a), ',"kind":', _q(b.kind)]
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
        parts += [',"openings":[', ",".join(sorted(opening_key(o) for o in b.openings)), "]"]
    if b.segs:
        parts += [',"segs":[', ",".join(sorted(seg_key(s) for s in b.segs)), "]"]
    parts.append("}")
    return "".join(parts)


def boundary_sorted(boundaries: Sequence[Boundary]) -> list[int]:
    """Indices of ``boundaries`` stably sorted by ``boundary_key``, without spelling most keys.

    Every key starts ``{"between":[`` and the two quoted paths of the pair. A quoted JSON
    string ends at its only unescaped quote, so none is a proper prefix of another: where
    two pairs differ, the first end spelled differently decides. So each end is ranked
    once among the spelled ends, a pair is two ranks in one number, and only the boundaries
    that share their pair need their whole keys.
    """
    ends = {b.a for b in boundaries}
    ends.update([b.b for b in boundaries])
    rank = {p: r for r, p in enumerate(sorted(ends, key=_q))}
    width = len(rank)
    # a pair is its two ends in code-point order (Boundary.between)
    pairs = [rank[b.a] * width + rank[b.b] if b.a <= b.b else rank[b.b] * width + rank[b.a] for b in boundaries]
    order = sorted(range(len(pairs)), key=pairs.__getitem__)
    ranked = list(map(pairs.__getitem__, order))
    for pair in set(compress(ranked, map(eq, ranked, ranked[1:]))):  # pairs written more than once
        # the boundaries sharing a pair stand together: ordered by their whole keys
        start, end = bisect_left(ranked, pair), bisect_right(ranked, pair)
        order[start:end] = sorted(order[start:end], key=lambda i: boundary_key(boundaries[i]))
    return order


def boundary_order(model: Model) -> list[int]:
    """Indices of ``model.boundaries`` in canonical order."""

    def build() -> tuple[int, ...]:
        return tuple(boundary_sorted(model.boundaries))

    order: tuple[int, ...] = model.stash.get(BOUNDARY_ORDER, build)
    return list(order)


def sorted_rects(space: Space) -> list:
    """A space's written rectangles in canonical order (by the compact text of the quadruple)."""
    return _sorted_rects(space.rects)


def _sorted_rects(rects: Sequence) -> list:
    return _members_sorted(rects, lambda r: compact_text(list(r.spelled)))


def _members_sorted(members: Sequence, key) -> list:
    return list(members) if len(members) < 2 else sorted(members, key=key)


# -- the document ------------------------------------------------------------------------


def canonical_json(model: Model) -> str:
    """``koyu json``'s text: two-space indent, final newline."""

    def write() -> str:
        writer = JsonWriter(CANONICAL)
        writer.write(canonical_document(model))
        return writer.text()

    return model.stash.get(CANONICAL_JSON, write)


def canonical_document(model: Model) -> dict[str, Any]:
    """The canonical document, keys in the schema's order (a plain dict keeps it); its
    zones, spaces and boundaries are values the writer asks to write themselves."""
    release = model.release
    doc: dict[str, Any] = {"format": release.canonical_format}
    if model.version_declared:
        doc[release.canonical_version_key] = model.version
    if model.name is not None:
        doc["name"] = model.name
    doc["unit"] = model.unit
    # the frame, before the grid whose coordinates it places (json/schema.md)
    if model.origin is not None:
        doc["origin"] = model.origin.to_json()
    if model.azimuth is not None:
        doc["azimuth"] = model.azimuth.degrees
    gx, gy = model.grid.X, model.grid.Y
    doc["grid"] = {"X": list(gx.coords) if gx else [], "Y": list(gy.coords) if gy else []}
    levels: dict[str, Any] = {}
    for name in sorted(model.levels):
        lv = model.levels[name]
        e: dict[str, Any] = {"z": lv.z}
        if lv.h is not None:
            e["h"] = lv.h
        if lv.slab is not None:
            e["slab"] = lv.slab
        if lv.underground:
            e["underground"] = 1
        levels[name] = e
    doc["levels"] = levels
    if model.assets:
        assets = model.assets
        doc["assets"] = {name: _with_attrs({"kind": assets[name].kind}, assets[name].attrs) for name in sorted(assets)}
    if model.polygons:
        doc["polygons"] = {p: [list(pt) for pt in model.polygons[p].points] for p in sorted(model.polygons)}
    if model.columns:
        doc["columns"] = [_column_entry(c) for c in model.columns]
    if model.zones:
        doc["zones"] = _ByPath(model.zones, _zone_content, _zone_entry)
    doc["spaces"] = _ByPath(model.spaces, _space_content, _space_entry)
    doc["boundaries"] = _Boundaries(model)
    return doc


def _sorted_attrs(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: attrs[k] for k in sorted(attrs)}


def _with_attrs(entry: dict[str, Any], attrs: dict[str, Any]) -> dict[str, Any]:
    if attrs:
        entry["attrs"] = _sorted_attrs(attrs)
    return entry


def _column_entry(c: Column) -> dict:
    e: dict[str, Any] = {"size": c.size}
    if c.d is not None and c.d != c.size:
        e["d"] = c.d
    e["levels"] = list(c.levels)
    if c.x is not None:
        e["x"] = list(c.x)
    if c.y is not None:
        e["y"] = list(c.y)
    return _with_attrs(e, c.attrs)


def _space_entry(type_: str | None, level: str | None, rects: tuple, attrs: dict, areas: tuple) -> dict:
    e: dict[str, Any] = {}
    if type_ is not None:  # only when written (a release reading it as optional)
        e["type"] = type_
    if level is not None:
        e["level"] = level
    if len(rects) == 1:
        e["at"] = list(rects[0].spelled)
    elif rects:
        e["at"] = [list(r.spelled) for r in _sorted_rects(rects)]
    _with_attrs(e, attrs)
    if areas:
        e["areas"] = _members_sorted([_with_attrs({"at": list(a.rect.spelled)}, a.attrs) for a in areas], _blank_key)
    return e


def _zone_entry(attrs: dict) -> dict:
    return _with_attrs({}, attrs)


def _blank_key(entry: dict[str, Any]) -> str:
    """Compact JSON of an entry with every ``attrs`` written as ``{}`` (COMPAT §6)."""
    return compact_text({k: ({} if k == "attrs" else v) for k, v in entry.items()})


def _boundary_rest(b: Boundary) -> dict:
    """A boundary's entry after ``between`` and ``a``."""
    e: dict[str, Any] = {"kind": b.kind}
    if b.t is not None:
        e["t"] = b.t
    if b.air:
        e["air"] = True
    if b.edge is not None:
        e["edge"] = b.edge
    if b.drawn is not None:
        e["line"] = [b.drawn.a_ref, b.drawn.b_ref]
    _with_attrs(e, b.attrs)
    if b.openings:
        e["openings"] = [_opening_entry(o) for o in _members_sorted(b.openings, opening_key)]
    if b.segs:
        e["segs"] = [_seg_entry(s) for s in _members_sorted(b.segs, seg_key)]
    return e


def _opening_entry(o: Opening) -> dict:
    e: dict[str, Any] = {"kind": o.kind}
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
    return _with_attrs(e, o.attrs)


def _seg_entry(s: Seg) -> dict:
    e: dict[str, Any] = {"w": s.w, "at": s.at_ref if s.at_ref is not None else s.at}
    if s.edge is not None:
        e["edge"] = s.edge
    return _with_attrs(e, s.attrs)


@attrs.frozen
class _ByPath:
    """A map of records keyed by path in code-point order (the profile's order): the spaces,
    the zones. ``content(record)`` is everything the record's entry says, ``entry(content)``
    the entry. A span writes one line on every storey, so each entry's text is kept per
    source line and used again where the content is equal (the parts a span shares compare
    at once: they are the same objects)."""

    records: Mapping[str, Any]
    content: Callable[[Any], tuple]
    entry: Callable[..., dict]

    def write_json(self, w: JsonWriter, depth: int) -> None:
        if not self.records:
            w.out.append("{}")
            return
        paths = w.order(sorted(self.records))
        w.spell_strings(paths)
        Q, colon, put, content_of = w.strings, w.colon, w.out.extend, self.content
        lead, sep = "{" + w.line(depth + 1), "," + w.line(depth + 1)
        seen: dict[tuple, tuple] = {}  # (file, line) → (content, text)
        for path in paths:
            record = self.records[path]
            content = content_of(record)
            got = seen.get((record.file, record.line))
            if got is None or got[0] != content:
                got = seen[record.file, record.line] = (content, w.piece(self.entry(*content), depth + 1))
            put((lead, Q[path], colon, got[1]))
            lead = sep
        w.out.append(w.line(depth) + "}")


def _space_content(s: Space) -> tuple:
    level = s.level
    if level is not None and (s.path.startswith(f"/{level}/") or level == s.first_segment):
        level = None  # a path whose first segment is its level says it: not written
    return (s.type, level, s.rects, s.attrs, s.areas)


def _zone_content(z: Zone) -> tuple:
    return (z.attrs,)


@attrs.frozen
class _Boundaries:
    """The boundaries list in canonical order; openings and segs in theirs."""

    model: Model

    def write_json(self, w: JsonWriter, depth: int) -> None:
        boundaries = self.model.boundaries
        if not boundaries:
            w.out.append("[]")
            return
        Q, K = w.strings, w.keys
        member, end = w.line(depth + 2), w.line(depth + 3)
        head, mid, tail = "{" + member + K["between"] + "[" + end, "," + end, member + "]," + member + K["a"]

        # Walls repeat across a building (the same kind, thickness and door in every flat):
        # the text of the members after "a" is spelled once per content. The writer spells
        # them as an object, whose opening bracket stands where the comma after "a" goes.
        rests: dict[tuple, str] = {}

        def rest(b: Boundary) -> str:
            key = _rest_content(b)
            text = rests.get(key)
            if text is None:
                text = rests[key] = "," + w.piece(_boundary_rest(b), depth + 1)[1:]
            return text

        put = w.out.extend
        lead, sep = "[" + w.line(depth + 1), "," + w.line(depth + 1)
        seen: dict[tuple, tuple] = {}  # (file, line) → (content, text)
        for i in boundary_order(self.model):
            b = boundaries[i]
            a, other = b.a, b.b
            content = (b.kind, b.t, b.air, b.edge, b.drawn, b.attrs, b.openings, b.segs)
            got = seen.get((b.file, b.line))
            if got is None or got[0] != content:
                got = seen[b.file, b.line] = (content, rest(b))
            if a <= other:
                put((lead, head, Q[a], mid, Q[other], tail, Q[a], got[1]))
            else:
                put((lead, head, Q[other], mid, Q[a], tail, Q[a], got[1]))
            lead = sep
        w.out.append(w.line(depth) + "]")


def _rest_content(b: Boundary) -> tuple:
    """Everything a boundary's entry says after ``a``, as one hashable value."""
    openings = tuple(
        (o.kind, o.ref, o.w, o.h, o.at, o.at_ref, o.edge, o.hinge, o.swing, tuple(o.attrs.items())) for o in b.openings
    )
    segs = tuple((s.w, s.at, s.at_ref, s.edge, tuple(s.attrs.items())) for s in b.segs)
    return (b.kind, b.t, b.air, b.edge, b.drawn, tuple(b.attrs.items()), openings, segs)
