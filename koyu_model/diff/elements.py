"""The sections of a ModelDiff other than boundaries: grid, levels, assets, polygons,
zones, spaces and columns (spec: reference/api/diff.md).

Each compares what was *composed*, read from the Model: how it was split into layers,
line order and the trace of ``over`` never reach it.
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.canonical import sorted_rects
from koyu_model.jsjson import compact_text, js_number
from koyu_model.measures import space_areas
from koyu_model.model import Area, Column, GridAxis, Model, Rect, Space

from .matching import PathMatch, compare_members, pair_by_key
from .order import LevelOrder
from .records import ChangedItem, ColumnItem, GridChange, RenamedItem, RenamingSection, Section, SpaceItem
from .values import area_text, compare, compare_bags, compare_present, spell, spell_optional, spelled_pairs

__all__ = [
    "diff_grid",
    "diff_levels",
    "diff_assets",
    "diff_polygons",
    "diff_zones",
    "diff_spaces",
    "diff_columns",
    "column_label",
]


def diff_grid(a: Model, b: Model) -> tuple[GridChange, ...]:
    """Grid lines by name (``X1``, ``X2`` … are the lines' places), X then Y."""
    out: list[GridChange] = []
    for axis in ("X", "Y"):
        before = _lines(getattr(a.grid, axis))
        after = _lines(getattr(b.grid, axis))
        for name, x in before.items():
            if name not in after:
                out.append(GridChange(axis, name, "removed", before=x))
            elif spell(x) != spell(after[name]):
                out.append(GridChange(axis, name, "moved", before=x, after=after[name]))
        out += [GridChange(axis, name, "added", after=y) for name, y in after.items() if name not in before]
    return tuple(out)


def _lines(axis: GridAxis | None) -> dict[str, float]:
    return {} if axis is None else dict(zip(axis.names, axis.coords))


def _keyed_section(before: dict, after: dict, names: Sequence[str], fields_of) -> Section:
    """A section of elements keyed by name, listed in the order ``names`` gives."""
    changed = []
    for name in names:
        if name in before and name in after:
            fields = fields_of(before[name], after[name])
            if fields:
                changed.append(ChangedItem(name, tuple(fields)))
    return Section(
        added=tuple(n for n in names if n in after and n not in before),
        removed=tuple(n for n in names if n in before and n not in after),
        changed=tuple(changed),
    )


def diff_levels(a: Model, b: Model) -> Section:
    names = list(a.level_order) + [n for n in b.level_order if n not in a.levels]

    def fields(x, y):
        out = compare("z", spell(x.z), spell(y.z))
        out += compare("h", spell_optional(x.h), spell_optional(y.h))
        out += compare("slab", spell_optional(x.slab), spell_optional(y.slab))
        return out + compare("underground", "1" if x.underground else None, "1" if y.underground else None)

    return _keyed_section(a.levels, b.levels, names, fields)


def diff_assets(a: Model, b: Model) -> Section:
    def fields(x, y):
        return compare_present("kind", x.kind, y.kind) + compare_bags(x.attrs, y.attrs)

    return _keyed_section(a.assets, b.assets, sorted(set(a.assets) | set(b.assets)), fields)


def polygon_text(points) -> str:
    """A site polygon spelled from its cyclic normal form: the least (as compact JSON
    text) over every starting vertex and both windings, so a rotation or a reversal of
    the same outline reads the same (spec: api/diff.md "Comparing site polygons")."""
    pts = [list(p) for p in points]
    candidates = []
    for seq in (pts, pts[::-1]):
        for k in range(len(seq)):
            rotated = seq[k:] + seq[:k]
            candidates.append((compact_text(rotated), rotated))
    if not candidates:
        return ""
    _, best = min(candidates, key=lambda c: c[0])
    return " ".join(f"{js_number(x)},{js_number(y)}" for x, y in best)


def diff_polygons(a: Model, b: Model) -> Section:
    def fields(x, y):
        return compare("points", polygon_text(x.points), polygon_text(y.points))

    return _keyed_section(a.polygons, b.polygons, sorted(set(a.polygons) | set(b.polygons)), fields)


def _renaming_section(
    match: PathMatch, before: dict, after: dict, order: LevelOrder, fields_of, removed_item, added_item
) -> RenamingSection:
    """Zones or spaces: pairs compared by ``fields_of``; the rest listed through
    ``removed_item(path)`` / ``added_item(path)``; all in level order."""
    by_path = order.path_key
    changed = []
    for x, y in match.pairs:
        fields = fields_of(before[x], after[y])
        if fields:
            changed.append(ChangedItem(y, tuple(fields)))
    renamed = [RenamedItem(x, y, match.uids[(x, y)]) for x, y in match.pairs if x != y]
    return RenamingSection(
        added=tuple(added_item(p) for p in sorted(match.added, key=by_path)),
        removed=tuple(removed_item(p) for p in sorted(match.removed, key=by_path)),
        renamed=tuple(sorted(renamed, key=lambda r: by_path(r.after))),
        changed=tuple(sorted(changed, key=lambda c: by_path(c.path))),
    )


def diff_zones(a: Model, b: Model, match: PathMatch, order: LevelOrder) -> RenamingSection:
    def fields(x, y):
        return compare_bags(x.attrs, y.attrs)

    return _renaming_section(match, a.zones, b.zones, order, fields, str, str)


def _rect_text(r: Rect) -> str:
    return f"{r.xa}..{r.xb} {r.ya}..{r.yb}"


def _region(space: Space) -> str | None:
    """The written rectangles as grid references, in canonical order, joined as written."""
    if not space.rects:
        return None
    return " + ".join(_rect_text(r) for r in sorted_rects(space))


def _area_key(area: Area) -> tuple:
    """An uncounted area is known by its name, else by where it is."""
    name = area.attrs.get("name")
    return ("named", spell(name)) if name is not None else ("placed", _rect_text(area.rect))


def _area_label(area: Area) -> str:
    return f"area {_area_key(area)[1]}"


def _area_summary(area: Area) -> str:
    """What an area added or removed holds beyond its identity."""
    where = _rect_text(area.rect) if "name" in area.attrs else ""
    return " ".join(p for p in (where, spelled_pairs(area.attrs.items())) if p)


def _area_fields(label: str, x: Area, y: Area):
    return compare(f"{label} region", _rect_text(x.rect), _rect_text(y.rect)) + compare_bags(
        x.attrs, y.attrs, prefix=f"{label} "
    )


def diff_spaces(a: Model, b: Model, match: PathMatch, order: LevelOrder) -> RenamingSection:
    area_a, area_b = space_areas(a), space_areas(b)

    def fields(x: Space, y: Space):
        out = compare_present("type", x.type, y.type)
        out += compare_present("level", x.level, y.level)
        out += compare_present("region", _region(x), _region(y))
        out += compare("area", area_text(area_a.get(x.path)), area_text(area_b.get(y.path)))
        out += compare_bags(x.attrs, y.attrs)
        return out + compare_members(x.areas, y.areas, _area_key, _area_label, _area_summary, _area_fields)

    def removed(path: str) -> SpaceItem:
        return SpaceItem(path, a.spaces[path].type, area_a.get(path))

    def added(path: str) -> SpaceItem:
        return SpaceItem(path, b.spaces[path].type, area_b.get(path))

    return _renaming_section(match, a.spaces, b.spaces, order, fields, removed, added)


def column_label(c: Column) -> str:
    """What names a column declaration in a diff: ``900 square L1 x:X1,X2``."""
    size = js_number(c.size)
    section = f"{size} square" if c.d is None or c.d == c.size else f"{size}×{js_number(c.d)}"
    parts = [section, ",".join(c.levels)]
    if c.x is not None:
        parts.append("x:" + ",".join(c.x))
    if c.y is not None:
        parts.append("y:" + ",".join(c.y))
    return " ".join(parts)


def diff_columns(a: Model, b: Model) -> Section:
    """Columns by label; the rank (1-based declaration order) is part of the meaning. The
    changed ones come in the before side's order, where a column stood."""

    def label(ranked):
        return column_label(ranked[1])

    pairing = pair_by_key(list(enumerate(a.columns, 1)), list(enumerate(b.columns, 1)), key_a=label, key_b=label)
    changed = []
    for (ra, x), (rb, y) in sorted(pairing.pairs, key=lambda p: p[0][0]):
        fields = compare("rank", str(ra), str(rb)) + compare_bags(x.attrs, y.attrs)
        if fields:
            changed.append(ChangedItem(column_label(y), tuple(fields)))
    return Section(
        added=tuple(ColumnItem(r, column_label(c)) for r, c in pairing.added),
        removed=tuple(ColumnItem(r, column_label(c)) for r, c in pairing.removed),
        changed=tuple(changed),
    )
