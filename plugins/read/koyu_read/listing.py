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
from koyu_model.queries import display_name


def space_list(model: Model, level: Optional[str] = None) -> List[Dict[str, Any]]:
    areas = space_areas(model)
    semi = ground_of(model).semi_outdoor
    out = []
    for path, s in model.spaces.items():
        if level is not None and s.level != level:
            continue
        entry: Dict[str, Any] = {"path": path, "type": s.type, "name": display_name(s)}
        if s.level is not None:
            entry["level"] = s.level
        a = areas.get(path)
        if a is not None:
            entry["areaM2"] = a
        entry["semiOutdoor"] = path in semi
        entry["layer"] = s.file
        out.append(entry)
    return out
