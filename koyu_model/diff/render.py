"""The two renderings of a ModelDiff (spec: reference/api/diff.md "renderDiff", "ModelDiff";
reference/cli/diff.md).

``diff_lines(d)`` — one English line per difference, in the order the diff fixed: ``+``
added, ``−`` removed, ``±`` changed, and ``renamed <before> → <after> (uid:…)``; no line at
all for an empty diff (the command line says ``No differences``). ``diff_value(d)`` — the
JSON value ``--json`` prints: every section present, ``version``/``name`` only when changed.
"""

from __future__ import annotations

from typing import Any, cast

from koyu_model.jsjson import js_to_fixed

from .records import (
    BoundaryChange,
    BoundaryItem,
    ChangedItem,
    ColumnItem,
    FieldChange,
    GridChange,
    ModelDiff,
    RenamedItem,
    RenamingSection,
    Section,
    SpaceItem,
    ValueChange,
)
from .values import NONE, spell

__all__ = ["diff_lines", "diff_value"]

ADDED, REMOVED, CHANGED = "+", "−", "±"


def _field(f: FieldChange) -> str:
    # a member added or removed whose identity says all there is has an empty summary
    if f.before is None:
        return f"{ADDED} {f.field} {f.after}" if f.after else f"{ADDED} {f.field}"
    if f.after is None:
        return f"{REMOVED} {f.field} ({f.before})" if f.before else f"{REMOVED} {f.field}"
    return f"{f.field} {f.before} → {f.after}"


def _fields(fields) -> str:
    return " / ".join(_field(f) for f in fields)


def _value_line(word: str, v: ValueChange) -> str:
    before = NONE if v.before is None else v.before
    after = NONE if v.after is None else v.after
    return f"{CHANGED} {word} {before} → {after}"


def _grid_line(g: GridChange) -> str:
    head = f"grid {g.axis} {g.name}"
    if g.kind == "added":
        return f"{ADDED} {head} {spell(g.after)}"
    if g.kind == "removed":
        return f"{REMOVED} {head} {spell(g.before)}"
    return f"{CHANGED} {head} {spell(g.before)} → {spell(g.after)}"


def _space_item(s: SpaceItem) -> str:
    # a space written with no type (0.27) says its area alone, as the JSON has no type key
    said = [] if s.type is None else [s.type]
    if s.area_m2 is not None:
        said.append(f"{js_to_fixed(s.area_m2, 2)} m2")
    return f"space {s.path} ({' '.join(said)})" if said else f"space {s.path}"


def _boundary_head(between, edge: str | None) -> str:
    return f"boundary {between[0]} | {between[1]}" + (f" edge:{edge}" if edge is not None else "")


def _boundary_body(b: BoundaryItem) -> str:
    return b.kind if b.t is None else f"{b.kind} t:{spell(b.t)}"


def _section_lines(section: Section, word: str, item=None) -> list[str]:
    """``+``/``−`` lines (each item through ``item``, else ``word`` and its name), renames,
    then ``±`` lines headed ``word`` and the path."""
    item = item or (lambda name: f"{word}{name}")
    lines = [f"{ADDED} {item(x)}" for x in section.added]
    lines += [f"{REMOVED} {item(x)}" for x in section.removed]
    if isinstance(section, RenamingSection):
        lines += [f"renamed {word}{r.before} → {r.after} (uid:{r.uid})" for r in section.renamed]
    lines += [f"{CHANGED} {word}{c.path}: {_fields(c.fields)}" for c in section.changed]
    return lines


def diff_lines(d: ModelDiff, version_word: str = "version") -> list[str]:
    """The lines of ``d``; a changed language version is headed ``version_word`` (the
    release's ``diff_version_word``: ``± version 1.0 → 0.5``, ``± muro 1.3 → 1.4``)."""
    lines = [_grid_line(g) for g in d.grid]
    if d.version is not None:
        lines.append(_value_line(version_word, d.version))
    if d.name is not None:
        lines.append(_value_line("name", d.name))
    lines += _section_lines(d.levels, "level ")
    lines += _section_lines(d.assets, "asset ")
    lines += _section_lines(d.polygons, "polygon ")
    lines += _section_lines(d.zones, "zone ")
    lines += _section_lines(d.spaces, "", _space_item)  # a changed space is headed by its path alone
    lines += [f"{ADDED} {_boundary_head(b.between, b.edge)} ({_boundary_body(b)})" for b in d.boundaries.added]
    lines += [f"{REMOVED} {_boundary_head(b.between, b.edge)}" for b in d.boundaries.removed]
    # the boundaries section's changes are BoundaryChange records (diff_boundaries)
    boundary_changes = cast("tuple[BoundaryChange, ...]", d.boundaries.changed)
    lines += [f"{CHANGED} {_boundary_head(c.between, c.edge)}: {_fields(c.fields)}" for c in boundary_changes]
    lines += _section_lines(d.columns, "column ", lambda c: f"column {c.label}")
    return lines


# --- the JSON value -----------------------------------------------------------------------


def _json(x: Any) -> Any:
    if isinstance(x, FieldChange):
        return _with({"field": x.field}, ("from", x.before), ("to", x.after))
    if isinstance(x, ChangedItem):
        return {"path": x.path, "fields": [_json(f) for f in x.fields]}
    if isinstance(x, RenamedItem):
        return {"from": x.before, "to": x.after, "uid": x.uid}
    if isinstance(x, GridChange):
        return _with({"axis": x.axis, "name": x.name, "kind": x.kind}, ("from", x.before), ("to", x.after))
    if isinstance(x, SpaceItem):
        return _with(_with({"path": x.path}, ("type", x.type)), ("areaM2", x.area_m2))
    if isinstance(x, BoundaryItem):
        return _with(_with({"between": list(x.between)}, ("edge", x.edge), ("kind", x.kind)), ("t", x.t))
    if isinstance(x, BoundaryChange):
        return _with({"between": list(x.between)}, ("edge", x.edge), ("fields", [_json(f) for f in x.fields]))
    if isinstance(x, ColumnItem):
        return {"at": x.at, "label": x.label}
    if isinstance(x, ValueChange):
        return _with({}, ("from", x.before), ("to", x.after))
    return x  # a name (levels, assets, polygons, zones)


def _with(head: dict[str, Any], *pairs) -> dict[str, Any]:
    """``head`` and the pairs whose value is not ``None``, in order."""
    out = dict(head)
    for key, value in pairs:
        if value is not None:
            out[key] = value
    return out


def _section(section: Section) -> dict[str, Any]:
    out = {"added": [_json(x) for x in section.added], "removed": [_json(x) for x in section.removed]}
    if isinstance(section, RenamingSection):
        out["renamed"] = [_json(r) for r in section.renamed]
    out["changed"] = [_json(c) for c in section.changed]
    return out


def diff_value(d: ModelDiff) -> dict[str, Any]:
    out: dict[str, Any] = {"grid": [_json(g) for g in d.grid]}
    for name in ("levels", "assets", "polygons", "zones", "spaces", "boundaries", "columns"):
        out[name] = _section(getattr(d, name))
    if d.version is not None:
        out["version"] = _json(d.version)
    if d.name is not None:
        out["name"] = _json(d.name)
    return out
