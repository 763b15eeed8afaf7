"""The ModelDiff: what ``semantic_diff(a, b)`` finds, as frozen records (spec:
reference/api/diff.md "ModelDiff").

Every section is always present, empty or not; ``version`` and ``name`` are ``None`` when
unchanged. Values a field compares are spelled as strings the way JavaScript's ``String``
spells them (``"2400"``, ``"Infinity"``); a side where the thing is absent is ``None``.
The attribute names ``before``/``after`` stand for the JSON keys ``from``/``to``.
"""

from __future__ import annotations

import attrs

__all__ = [
    "FieldChange",
    "ChangedItem",
    "RenamedItem",
    "GridChange",
    "SpaceItem",
    "BoundaryItem",
    "BoundaryChange",
    "ColumnItem",
    "Section",
    "RenamingSection",
    "ValueChange",
    "ModelDiff",
]

Number = int | float


@attrs.frozen
class FieldChange:
    """One field of one element: ``before`` is ``None`` when it was added, ``after`` when removed."""

    field: str
    before: str | None = None
    after: str | None = None


@attrs.frozen
class ChangedItem:
    """An element present on both sides whose fields differ; ``path`` is its b-side name."""

    path: str
    fields: tuple[FieldChange, ...]


@attrs.frozen
class RenamedItem:
    """A zone or space whose ``uid`` matched while its path changed."""

    before: str
    after: str
    uid: str


@attrs.frozen
class GridChange:
    """A grid line added, removed or moved (``kind``), with its coordinates in mm."""

    axis: str
    name: str
    kind: str  # "added" | "removed" | "moved"
    before: Number | None = None
    after: Number | None = None


@attrs.frozen
class SpaceItem:
    """A space added or removed; ``area_m2`` is ``None`` for a space with no region."""

    path: str
    type: str | None
    area_m2: float | None = None


@attrs.frozen
class BoundaryItem:
    """A boundary of the effective set (declared or default) added or removed."""

    between: tuple[str, str]
    kind: str
    edge: str | None = None
    t: Number | None = None


@attrs.frozen
class BoundaryChange:
    between: tuple[str, str]
    fields: tuple[FieldChange, ...]
    edge: str | None = None


@attrs.frozen
class ColumnItem:
    """A column declaration added or removed: ``at`` is its 1-based rank."""

    at: int
    label: str


@attrs.frozen
class Section:
    """``added`` / ``removed`` / ``changed`` of one kind of element."""

    added: tuple = ()
    removed: tuple = ()
    changed: tuple[ChangedItem, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


@attrs.frozen
class RenamingSection(Section):
    """A section whose elements carry a ``uid`` (zones, spaces): renames too."""

    renamed: tuple[RenamedItem, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.renamed or self.changed)


@attrs.frozen
class ValueChange:
    """The language version or the building's name, when it differs."""

    before: str | None = None
    after: str | None = None


@attrs.frozen
class ModelDiff:
    grid: tuple[GridChange, ...]
    levels: Section
    assets: Section
    polygons: Section
    zones: RenamingSection
    spaces: RenamingSection
    boundaries: Section
    columns: Section
    version: ValueChange | None = None
    name: ValueChange | None = None

    @property
    def empty(self) -> bool:
        sections = (self.levels, self.assets, self.polygons, self.zones, self.spaces, self.boundaries, self.columns)
        return not self.grid and self.version is None and self.name is None and all(s.empty for s in sections)
