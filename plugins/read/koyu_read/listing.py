"""The spaces answer (spec: reference/mcp/tools-read.md#spaces).

One entry per space in model order: path, type, name (a string ``name:``, else the last
path segment), level (absent when none), areaM2 (absent without a region), semiOutdoor,
layer (the file that declared it).

``space_list`` gives the entries as dicts (``koyu spaces`` prints them);
``space_list_text`` writes the same entries straight to the text that
``JSON.stringify(entries, null, 1)`` gives — flat objects of fixed keys are a few
f-strings each, where building dicts and walking them again costs several times more —
and the MCP tool sends ``space_list_reply``: that text already spelled as the reply's
JSON string (koyu_model.jsjson.JsonString), so the host does not escape it again.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

from koyu_model.ground import ground_of
from koyu_model.jsjson import JsonString, in_json_string, js_number, well_formed
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
    return _written(model, level, False)


def space_list_reply(model: Model, level: Optional[str] = None) -> JsonString:
    """``space_list_text`` as the reply's JSON string carries it (escaped once more), so
    that the host does not escape a text of some hundred kilobytes again: the pieces
    repeated across the building are escaped once each, and a path whose JSON spelling
    holds no backslash stands in it as written."""
    return _written(model, level, True)


def _written(model: Model, level: Optional[str], literal: bool):
    chosen = _selected(model, level)
    enc = _encode
    if literal:

        def spell(value: str) -> str:
            e = enc(value)
            return in_json_string(e) if "\\" in e else f'\\"{value}\\"'

        q = in_json_string
    else:
        spell = enc
        q = str
    if not chosen:
        return JsonString('"[]"') if literal else "[]"
    areas = space_areas(model) if level is None else areas_of(model, chosen)
    semi = ground_of(model).semi_outdoor
    # The fixed text between the values, and (below) the types, names, levels, areas and
    # layers, which repeat across a building: each spelled once.
    k_path = q('{\n  "path": ')
    k_type = q(',\n  "type": ')
    k_name = q(',\n  "name": ')
    k_level = q(',\n  "level": ')
    k_area = q(',\n  "areaM2": ')
    k_semi = (q(',\n  "semiOutdoor": false,\n  "layer": '), q(',\n  "semiOutdoor": true,\n  "layer": '))
    k_end = q("\n }")
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
            st = spelled[t] = spell(t)
        name = s.attrs.get("name")
        if not isinstance(name, str):
            name = path.rsplit("/", 1)[-1]
        sn = spelled.get(name)
        if sn is None:
            sn = spelled[name] = spell(name)
        lv = s.level
        sl = levels.get(lv)
        if sl is None:
            sl = levels[lv] = k_level + spell(lv)
        a = area_of(path)
        if a is None:
            sa = ""
        else:
            sa = numbers.get(a)
            if sa is None:
                sa = numbers[a] = k_area + js_number(a)
        so = path in semi
        tail = tails[so]
        f = s.file
        sf = tail.get(f)
        if sf is None:
            sf = tail[f] = k_semi[so] + spell(f) + k_end
        sp = enc(path)
        if literal:
            sp = in_json_string(sp) if "\\" in sp else f'\\"{path}\\"'
        append(f"{k_path}{sp}{k_type}{st}{k_name}{sn}{sl}{sa}{sf}")
    if literal:
        return JsonString(well_formed('"[\\n ' + ",\\n ".join(parts) + '\\n]"'))
    return "[\n " + ",\n ".join(parts) + "\n]"
