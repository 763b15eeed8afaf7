"""The spaces answer (spec: reference/mcp/tools-read.md#spaces).

One entry per space in model order: path, type, name (a string ``name:``, else the last
path segment), level (absent when none), areaM2 (absent without a region), semiOutdoor,
layer (the file that declared it).

``space_list`` gives the entries as dicts (``koyu spaces`` prints them); the MCP tool
sends ``space_list_text``, the same entries written straight to the text that
``JSON.stringify(entries, null, 1)`` gives — flat objects of fixed keys are a few
f-strings each, where building dicts and walking them again costs several times more.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

from koyu_model.ground import ground_of
from koyu_model.jsjson import js_number
from koyu_model.measures import areas_of, space_areas
from koyu_model.model import Model, Space

_encode = json.encoder.encode_basestring  # what tool_text spells strings with


def _selected(model: Model, level: Optional[str]) -> List[Tuple[str, Space]]:
    if level is None:
        return list(model.spaces.items())
    return [(p, s) for p, s in model.spaces.items() if s.level == level]


def _name(path: str, space: Space) -> str:
    name = space.attrs.get("name")  # queries.display_name, inlined
    return name if isinstance(name, str) else path.rsplit("/", 1)[-1]


def space_list(model: Model, level: Optional[str] = None) -> List[Dict[str, Any]]:
    chosen = _selected(model, level)
    # With a level, only that level's spaces are measured.
    areas = space_areas(model) if level is None else areas_of(model, chosen)
    semi = ground_of(model).semi_outdoor
    out = []
    append = out.append
    for path, s in chosen:
        entry: Dict[str, Any] = {"path": path, "type": s.type, "name": _name(path, s)}
        lv = s.level
        if lv is not None:
            entry["level"] = lv
        a = areas.get(path)
        if a is not None:
            entry["areaM2"] = a
        entry["semiOutdoor"] = path in semi
        entry["layer"] = s.file
        append(entry)
    return out


def space_list_text(model: Model, level: Optional[str] = None) -> str:
    """``tool_text(space_list(model, level))``, written in one pass (the keys are plain
    words, so JavaScript keeps them in the order written)."""
    chosen = _selected(model, level)
    if not chosen:
        return "[]"
    areas = space_areas(model) if level is None else areas_of(model, chosen)
    semi = ground_of(model).semi_outdoor
    enc = _encode
    # Types, names, levels, areas and layers repeat across a building: each spelled once.
    spelled: Dict[str, str] = {}
    levels: Dict[Optional[str], str] = {None: ""}
    numbers: Dict[Any, str] = {}
    tails: Tuple[Dict[str, str], Dict[str, str]] = ({}, {})  # [semi-outdoor][layer] → the last lines
    parts = []
    append = parts.append
    area_of = areas.get
    for path, s in chosen:
        t = s.type
        st = spelled.get(t)
        if st is None:
            st = spelled[t] = enc(t)
        name = s.attrs.get("name")
        if not isinstance(name, str):
            name = path.rsplit("/", 1)[-1]
        sn = spelled.get(name)
        if sn is None:
            sn = spelled[name] = enc(name)
        lv = s.level
        sl = levels.get(lv)
        if sl is None:
            sl = levels[lv] = ',\n  "level": ' + enc(lv)
        a = area_of(path)
        if a is None:
            sa = ""
        else:
            sa = numbers.get(a)
            if sa is None:
                sa = numbers[a] = ',\n  "areaM2": ' + js_number(a)
        so = path in semi
        tail = tails[so]
        f = s.file
        sf = tail.get(f)
        if sf is None:
            sf = tail[f] = (',\n  "semiOutdoor": ' + ("true" if so else "false")
                            + ',\n  "layer": ' + enc(f) + "\n }")
        append(f'{{\n  "path": {enc(path)},\n  "type": {st},\n  "name": {sn}{sl}{sa}{sf}')
    return "[\n " + ",\n ".join(parts) + "\n]"
