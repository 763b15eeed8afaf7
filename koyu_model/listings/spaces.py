"""The spaces answer (spec: reference/mcp/tools-read.md#spaces).

One entry per space in model order: path, type, name (a string ``name:``, else the last
path segment), level (absent when none), areaM2 (absent without a region), semiOutdoor,
layer (the file that declared it). In 0.27 (``Release.listed_space_facts``) ``type`` is
left out when none was written, and ``outside: true`` / ``void: true`` stand before
semiOutdoor when declared.
"""

from __future__ import annotations

from typing import Any

from koyu_model.derived import semi_outdoor
from koyu_model.measures import areas_of, space_areas
from koyu_model.model import Model
from koyu_model.queries import display_name


def space_list(model: Model, level: str | None = None) -> list[dict[str, Any]]:
    """Every space in model order, or those on ``level``."""
    if level is None:
        chosen = list(model.spaces.items())
        areas = space_areas(model)
    else:
        chosen = [(p, s) for p, s in model.spaces.items() if s.level == level]
        areas = areas_of(model, chosen)  # only that level's spaces are measured
    semi = semi_outdoor(model)
    facts = model.release.listed_space_facts
    out = []
    for path, s in chosen:
        entry: dict[str, Any] = {"path": path}
        if s.type is not None or not facts:
            entry["type"] = s.type
        entry["name"] = display_name(s)
        if s.level is not None:
            entry["level"] = s.level
        if path in areas:
            entry["areaM2"] = areas[path]
        if facts:
            if s.outside:
                entry["outside"] = True
            if s.void:
                entry["void"] = True
        entry["semiOutdoor"] = path in semi
        entry["layer"] = s.file
        out.append(entry)
    return out
