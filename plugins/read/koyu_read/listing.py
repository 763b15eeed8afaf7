"""The spaces answer (spec: reference/mcp/tools-read.md#spaces).

One entry per space in model order: path, type, name (a string ``name:``, else the last
path segment), level (absent when none), areaM2 (absent without a region), semiOutdoor,
layer (the file that declared it).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from koyu_model.ground import ground_of
from koyu_model.measures import space_areas
from koyu_model.model import Model


def space_list(model: Model, level: Optional[str] = None) -> List[Dict[str, Any]]:
    areas = space_areas(model)
    semi = ground_of(model).semi_outdoor
    out = []
    append = out.append
    for path, s in model.spaces.items():
        lv = s.level
        if level is not None and lv != level:
            continue
        name = s.attrs.get("name")  # queries.display_name, inlined
        if not isinstance(name, str):
            name = path.rsplit("/", 1)[-1]
        entry: Dict[str, Any] = {"path": path, "type": s.type, "name": name}
        if lv is not None:
            entry["level"] = lv
        a = areas.get(path)
        if a is not None:
            entry["areaM2"] = a
        entry["semiOutdoor"] = path in semi
        entry["layer"] = s.file
        append(entry)
    return out
