"""The words of a plan sheet — what a drawing shows that the Form does not carry.

The Form carries no appearance and no annotation words (reference/form/index.md — "Form
carries no appearance"): no display names, no title, no grid names, no area labels. A
plan sheet needs them, so they travel beside the Form in a ``PlanSheet``. Everything here
is *written* in the source (names, grid lines, an area's rectangle, a road's width);
nothing here is derived shape, and the drawing never re-derives any.

``sheet_from_model(model, form)`` fills a sheet from a composed Model; a caller without a
model (a test, a viewer of a saved Form) can build a ``PlanSheet`` by hand or use the
default, which labels each space by the last segment of its path.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import attrs

from koyu_model.form.records import Form
from koyu_model.jsjson import js_number

__all__ = ["GridLine", "AreaMark", "SegMark", "RoadMark", "PlanSheet", "sheet_from_model", "display_name"]

Number = Union[int, float]


def _tuple(value: Any) -> tuple:
    return value if isinstance(value, tuple) else tuple(value)


@attrs.frozen
class GridLine:
    """One written grid line: axis "X" (a vertical line at x) or "Y" (horizontal at y)."""

    axis: str
    name: str
    coord: Number


@attrs.frozen
class AreaMark:
    """A written `area` inside a space (reference/muro/area.md): its label and rectangle."""

    space: str
    level: Optional[str]
    label: str
    x1: Number
    y1: Number
    x2: Number
    y2: Number


@attrs.frozen
class SegMark:
    """The label of an uncounted seg (its ``spec:``, else ``name:``), found again on the
    Form by its boundary's pair and its width (the Form's seg index is canonical order,
    not the written one)."""

    a: str
    b: str
    w: Number
    label: str


@attrs.frozen
class RoadMark:
    """An exterior space declared a road (``road:<width>``); drawn beside the site
    boundary segments that face it, on the lowest level."""

    path: str
    name: str
    width: Number


@attrs.frozen
class PlanSheet:
    """The annotation words of the sheet: title, space display names, grids, marks."""

    title: str = "Untitled"
    names: Tuple[Tuple[str, str], ...] = attrs.field(default=(), converter=_tuple)
    grids: Tuple[GridLine, ...] = attrs.field(default=(), converter=_tuple)
    areas: Tuple[AreaMark, ...] = attrs.field(default=(), converter=_tuple)
    segs: Tuple[SegMark, ...] = attrs.field(default=(), converter=_tuple)
    roads: Tuple[RoadMark, ...] = attrs.field(default=(), converter=_tuple)

    _by_path: Dict[str, str] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_path", dict(self.names))  # one index per sheet

    def has_name(self, path: str) -> bool:
        return path in self._by_path

    def name_of(self, path: str) -> str:
        name = self._by_path.get(path)
        return name if name is not None else _last_segment(path)


def _last_segment(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1] or path


def js_text(value: Any) -> str:
    """An attribute value as JavaScript's template literal spells it."""
    return value if isinstance(value, str) else js_number(value)


def display_name(path: str, attrs_bag: Dict[str, Any]) -> str:
    """A space's display name: ``name:`` when it is a string, else the last path segment
    (COMPAT.md §4 — a numeric name falls back)."""
    name = attrs_bag.get("name")
    return name if isinstance(name, str) and name else _last_segment(path)


def sheet_from_model(model: Any, form: Optional[Form] = None) -> PlanSheet:
    """The sheet's words from a composed ``koyu_model.model.Model`` (read-only use)."""
    title = model.name if isinstance(getattr(model, "name", None), str) and model.name else "Untitled"
    names = []
    areas = []
    roads = []
    for path, space in model.spaces.items():
        names.append((path, display_name(path, space.attrs)))
        for area in space.areas:
            label = area.attrs.get("name")
            label = label if isinstance(label, str) else ""
            floor = area.attrs.get("floor")
            if floor is not None and floor != "":
                label = f"{label} · {js_text(floor)}" if label else js_text(floor)
            r = area.rect
            areas.append(AreaMark(path, space.level, label, r.x1, r.y1, r.x2, r.y2))
        road = space.attrs.get("road")
        if space.type == "exterior" and isinstance(road, (int, float)) and not isinstance(road, bool):
            roads.append(RoadMark(path, display_name(path, space.attrs), road))
    grids = []
    for axis in (model.grid.X, model.grid.Y):
        if axis is not None:
            grids.extend(GridLine(axis.axis, n, c) for n, c in zip(axis.names, axis.coords))
    segs = []
    for b in model.boundaries:
        for seg in b.segs:
            label = seg.attrs.get("spec", seg.attrs.get("name"))
            if label is not None and label != "":
                segs.append(SegMark(b.a, b.b, seg.w, js_text(label)))
    return PlanSheet(title=title, names=names, grids=grids, areas=areas, segs=segs, roads=roads)
