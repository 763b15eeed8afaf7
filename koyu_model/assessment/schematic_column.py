"""``column.blocksdoor`` of the built-in profile (reference/validate/column.md): every
placed door with a known level is a subject (koyu_model.validate.column.door_collisions,
the same overlap test as 0.16's chapter); it fails where a derived column crosses it.
The outcome's id is the Form's ref of the door (``<a>|<b>@<boundary>/<opening>``); its
subjects the two spaces of the boundary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.validate.column import door_collisions

from .protocol import applicable, not_applicable, outcome

__all__ = ["blocks_door"]


def blocks_door(model, artifacts: Mapping[str, Any]):
    doors = door_collisions(model)
    if not doors:
        return not_applicable("No placeable door has a resolvable level")
    out = []
    for door, column in doors:
        ref = door.ref
        subjects = [{"kind": "space", "ref": door.boundary.a}, {"kind": "space", "ref": door.boundary.b}]
        if column is None:
            out.append(outcome(ref, "pass", subjects, f"{ref} does not intersect a derived column"))
        else:
            out.append(outcome(ref, "fail", subjects, f"{ref} intersects the derived column at {column.grid}"))
    return applicable(sorted(out, key=lambda o: o["id"]))
