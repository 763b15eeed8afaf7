"""``koyu.analysis.door-column-collisions@1`` and ``column.blocksdoor``
(reference/validate/column.md).

The analysis states every placed door with a known level
(koyu_model.validate.column.door_collisions, the same overlap test as 0.16's chapter):
its place (segment, centre, width), its boundary as the Form numbers it
(``<a>|<b>@<boundary>``), and the first derived column it runs through, if any. The rule
fails the doors that meet one. The door's ref (``<a>|<b>@<boundary>/<opening>``) is the
outcome's id; its subjects are the boundary's two spaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.validate.column import door_collisions

from .evidence import by_id, fact, model_source, ref
from .protocol import applicable, not_applicable, outcome

__all__ = ["ANALYSIS", "analyse", "blocks_door"]

ANALYSIS = "koyu.analysis.door-column-collisions"
COLUMN = "koyu.column"  # the subject kind of a derived column (an extension kind: ADR-0054 §5)

JSON = Any


def _column(c) -> JSON:
    return {
        "centerMm": {"x": c.x, "y": c.y},
        "depthMm": c.d,
        "grid": c.grid,
        "level": c.level,
        "ref": c.ref,
        "widthMm": c.w,
    }


def _door(door, column) -> JSON:
    s = door.segment
    b = door.boundary
    return {
        "boundary": {"a": b.a, "b": b.b},
        "boundaryRef": door.ref.rsplit("/", 1)[0],
        "centerMm": {"x": door.cx, "y": door.cy},
        "firstColumnIntersection": _column(column) if column is not None else None,
        "level": door.level,
        "ref": door.ref,
        "segment": {"horizontal": s.horizontal, "x1": s.x1, "x2": s.x2, "y1": s.y1, "y2": s.y2},
        "widthMm": door.w,
    }


def analyse(model) -> tuple[JSON, list[JSON]]:
    """The collisions artifact: one entry (and one fact) per placed door, by ref."""
    doors = sorted((_door(door, column) for door, column in door_collisions(model)), key=lambda d: d["ref"])
    return {"doors": doors}, by_id(_door_fact(model, d) for d in doors)


def _door_fact(model, door: JSON) -> JSON:
    """The door's geometry, sourced at its boundary's line (and the column's, if it meets one)."""
    boundary = model.boundaries[_declared(model, door)]
    subjects = [ref("opening", door["ref"])]
    sources = [model_source(boundary.file, boundary.line, ref("boundary", door["boundaryRef"]))]
    column = door["firstColumnIntersection"]
    if column is not None:
        declared = _column_declaration(model, column)
        subjects.append(ref(COLUMN, column["ref"]))
        sources.append(model_source(declared.file, declared.line, ref(COLUMN, column["ref"])))
    return fact(f"door-column:{door['ref']}", "doorColumnGeometry", ANALYSIS, subjects, sources, door)


def _declared(model, door: JSON) -> int:
    """The declared boundary a door's ``@<boundary>`` (the Form's number) stands for."""
    from koyu_model.derived import form_order

    return form_order(model).order[int(door["boundaryRef"].rsplit("@", 1)[1])]


def _column_declaration(model, column: JSON):
    """The column declaration that raised the derived column ``column``."""
    from koyu_model.form.columns import derive_columns

    for c in derive_columns(model):
        if c.ref == column["ref"]:
            return model.columns[c.decl]
    raise LookupError(f"no derived column {column['ref']}")


def blocks_door(model, artifacts: Mapping[str, Any]):
    doors = artifacts[ANALYSIS]["doors"]
    if not doors:
        return not_applicable("No placeable door has a resolvable level")
    out = []
    for door in doors:
        path, column = door["ref"], door["firstColumnIntersection"]
        subjects = [ref("space", door["boundary"]["a"]), ref("space", door["boundary"]["b"])]
        evidence = [_door_fact(model, door)]
        if column is None:
            out.append(outcome(path, "pass", subjects, f"{path} does not intersect a derived column", evidence))
        else:
            message = f"{path} intersects the derived column at {column['grid']}"
            out.append(outcome(path, "fail", subjects, message, evidence))
    return applicable(sorted(out, key=lambda o: o["id"]))
