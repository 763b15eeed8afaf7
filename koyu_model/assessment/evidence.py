"""The shapes of the built-in profile's evidence (ADR-0054 §5): a subject reference, a
source pointing at the line that produced a fact, and the four kinds koyu 0.27.0 writes —
``fact`` (an analysis's observation), ``route`` (a path through the access graph),
``geometry`` and ``comparison`` (a rule's threshold against an observed quantity).

An analysis's evidence and a rule's outcome evidence are the same objects: a rule
rebuilds the analysis item it rests on from the artifact value with the same builder, so
the two never drift apart. Evidence comes sorted by id (code-point order), as the
original orders every evidence list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "REVISION",
    "by_id",
    "comparison",
    "fact",
    "model_source",
    "produced_by",
    "quantity",
    "ref",
    "space_source",
    "SpaceLines",
    "unlocated",
]

JSON = Any

#: every component of the built-in profile is at revision 1 (ADR-0055 §1)
REVISION = "1"


def produced_by(component: str) -> dict[str, str]:
    return {"id": component, "revision": REVISION}


def ref(kind: str, path: str) -> dict[str, str]:
    """A subject reference: ``{kind, ref}`` (space, site, run, opening, boundary, ...)."""
    return {"kind": kind, "ref": path}


def model_source(file: str, line: int, subject: dict[str, str]) -> dict[str, JSON]:
    """A source in the model: the line a declaration was written on, and what it declares."""
    return {"kind": "model", "location": {"file": file, "line": line}, "subject": subject}


def space_source(space, kind: str = "space") -> dict[str, JSON]:
    """The line a space (or the run it declares, ``kind="run"``) was written on."""
    return model_source(space.file, space.line, ref(kind, space.path))


class SpaceLines:
    """The sources of spaces, by path: each made once and shared by every evidence item
    of one analysis or rule that names the space (a route names every space it passes,
    so a tall building names its stair shaft thousands of times)."""

    def __init__(self, model) -> None:
        self._spaces = model.spaces
        self._made: dict[str, JSON] = {}

    def sources(self, paths: Iterable[str]) -> list[JSON]:
        """The sources of the spaces among ``paths`` (a path no space has leaves none)."""
        made, spaces = self._made, self._spaces
        out = []
        for p in paths:
            source = made.get(p)
            if source is None:
                space = spaces.get(p)
                if space is None:
                    continue
                source = made[p] = space_source(space)
            out.append(source)
        return out


def unlocated(subject: dict[str, str]) -> dict[str, JSON]:
    """A rule's own source for a comparison: the subject, no line (the threshold is the rule's)."""
    return {"kind": "model", "subject": subject}


def quantity(value: JSON, unit: str) -> dict[str, JSON]:
    return {"unit": unit, "value": value}


def fact(
    id: str, name: str, producer: str, subjects: Sequence[JSON], sources: Sequence[JSON], value: JSON
) -> dict[str, JSON]:
    """An observation ``name`` about ``subjects``, by an analysis (or a rule: ``producer``)."""
    return {
        "id": id,
        "kind": "fact",
        "name": name,
        "producedBy": produced_by(producer),
        "sources": list(sources),
        "subjects": list(subjects),
        "value": value,
    }


def comparison(
    id: str,
    rule: str,
    subjects: Sequence[dict[str, str]],
    observed: JSON,
    operator: str,
    required: JSON,
    sources: Sequence[JSON] | None = None,
) -> dict[str, JSON]:
    """A rule's comparison of an observed quantity against what it requires; its sources
    are its subjects, unlocated, unless others are given."""
    return {
        "id": id,
        "kind": "comparison",
        "observed": observed,
        "operator": operator,
        "producedBy": produced_by(rule),
        "required": required,
        "sources": list(sources) if sources is not None else [unlocated(s) for s in subjects],
        "subjects": list(subjects),
    }


def by_id(items: Iterable[JSON]) -> list[JSON]:
    """Evidence in the original's order: by id, code point by code point."""
    return sorted(items, key=lambda e: e["id"])
