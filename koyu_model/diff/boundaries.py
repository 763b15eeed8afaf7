"""Boundaries compared as effective sets (spec: reference/api/diff.md, cli/diff.md).

The effective set is the declared boundaries and the default walls (derived.boundary_table),
in canonical order (derived.form_order): a bare ``wall`` declaration and the default wall it
spells out are one and the same, and so no difference. Each a-side path is carried over a
space's rename first, so one rename is not a flood of boundary changes.

Two passes, as the recorded original matches them. First, a boundary whose identity reads
the same on both sides is the same boundary, unchanged: its canonical sort key with the
boundary's and its openings' attributes blanked (COMPAT §6) but its segs' kept, so a seg's
``spec`` changing alone is a difference where a door's ``name`` or the wall's ``spec``
changing alone is none. Then the rest pair by their two sides and ``edge``, in canonical
order, and are compared field by field, attributes too.

The order the two sides were written in (``orientation (a side)``) counts only for a
directed boundary, one with an ``edge``, an opening or a seg on either side (the
recordings report it for a door with neither ``hinge`` nor ``swing``); a plain wall
written B|A is A|B.

Openings and segs are matched by name when they have one (an opening's own, not its
asset's), else by position: ``(kind, edge, at)`` for an opening, ``(edge, at, w)`` for a
seg, ``at`` as derived (``0.5`` when unwritten, a grid reference as written). A named and
an unnamed one never match. An opening's fields start with its ``at``.
"""

from __future__ import annotations

import attrs

from koyu_model.canonical import boundary_key, seg_key
from koyu_model.derived import boundary_table, form_order
from koyu_model.jsjson import compact_text
from koyu_model.model import Boundary, Model, Opening, Seg

from .matching import compare_members, pair_by_key
from .order import LevelOrder
from .records import BoundaryChange, BoundaryItem, FieldChange, Section
from .values import compare, compare_bags, compare_present, spell, spell_optional, spelled_pairs

__all__ = ["diff_boundaries"]


def effective_boundaries(model: Model) -> tuple[Boundary, ...]:
    """Declared boundaries and default walls, in canonical order."""
    every = boundary_table(model).boundaries
    return tuple(every[i] for i in form_order(model).order)


def _pair(x: str, y: str) -> tuple[str, str]:
    return (x, y) if x <= y else (y, x)


def diff_boundaries(a: Model, b: Model, renames: dict[str, str], order: LevelOrder) -> Section:
    def carried(path: str) -> str:
        return renames.get(path, path)

    # the two passes of the module's docstring
    same = pair_by_key(
        effective_boundaries(a), effective_boundaries(b), key_a=lambda x: _identity(x, carried), key_b=_identity
    )
    pairing = pair_by_key(
        same.removed,
        same.added,
        key_a=lambda x: (_pair(carried(x.a), carried(x.b)), x.edge),
        key_b=lambda y: (y.between, y.edge),
    )
    changed = []
    for x, y in pairing.pairs:
        fields = _boundary_fields(x, y, carried)
        if fields:
            changed.append(BoundaryChange(y.between, tuple(fields), y.edge))
    removed = [_item(x) for x in pairing.removed]
    added = [_item(y) for y in pairing.added]
    return Section(
        added=_sorted(added, order),
        removed=_sorted(removed, order),
        changed=_sorted(changed, order),
    )


def _directed(x: Boundary) -> bool:
    """Whether the a side means something: an edge, an opening, a seg."""
    return x.edge is not None or bool(x.segs) or bool(x.openings)


def _identity(x: Boundary, carried=lambda path: path) -> str:
    """The first pass's key: the canonical sort key over the carried paths, the segs'
    attributes added back (only the boundary's and its openings' are blanked)."""
    side_a, side_b = carried(x.a), carried(x.b)
    if not _directed(x):
        side_a, side_b = _pair(side_a, side_b)
    key = boundary_key(attrs.evolve(x, a=side_a, b=side_b))
    return key + "".join(sorted(seg_key(s) + compact_text(dict(s.attrs)) for s in x.segs))


def _sorted(items: list, order: LevelOrder) -> tuple:
    return tuple(sorted(items, key=lambda it: order.boundary_key(it.between, it.edge)))


def _item(x: Boundary) -> BoundaryItem:
    return BoundaryItem(between=x.between, kind=x.kind, edge=x.edge, t=x.t)


def _line(x: Boundary) -> str | None:
    """A drawn line as the diff spells it: its two ends, in canonical order, ``start..end``."""
    return None if x.drawn is None else f"{x.drawn.a_ref}..{x.drawn.b_ref}"


def _boundary_fields(x: Boundary, y: Boundary, carried) -> list[FieldChange]:
    fields = compare_present("kind", x.kind, y.kind)
    fields += compare("t", spell_optional(x.t), spell_optional(y.t))
    fields += compare("air", "true" if x.air else None, "true" if y.air else None)
    if _directed(x) or _directed(y):
        fields += compare("orientation (a side)", carried(x.a), y.a)
    fields += compare("line", _line(x), _line(y))
    fields += compare_bags(x.attrs, y.attrs)
    fields += compare_members(x.openings, y.openings, _opening_key, _opening_label, _opening_summary, _opening_fields)
    fields += compare_members(x.segs, y.segs, _seg_key, _seg_label, _seg_summary, _seg_fields)
    return fields


def _at(member) -> str:
    return member.at_ref if member.at_ref is not None else spell(member.at)


def _opening_key(o: Opening) -> tuple:
    # only a name the opening's own line claims is its identity: an asset's name names a
    # type (muro/attributes.md; COMPAT §4). Named and unnamed never share a key.
    if o.name_claimed:
        return ("named", o.kind, spell(o.name))
    return ("placed", o.kind, o.edge, _at(o))


def _opening_label(o: Opening) -> str:
    if o.name_claimed:
        return f"{o.kind} {spell(o.name)}"
    edge = f" edge:{o.edge}" if o.edge is not None else ""
    return f"{o.kind}{edge} at:{_at(o)}"


def _opening_summary(o: Opening) -> str:
    parts = [o.ref] if o.ref is not None else []
    pairs = [("w", o.w), ("h", o.h), ("hinge", o.hinge), ("swing", o.swing)]
    parts.append(spelled_pairs([(k, v) for k, v in pairs if v is not None] + list(o.attrs.items())))
    return " ".join(p for p in parts if p)


def _opening_fields(label: str, x: Opening, y: Opening) -> list[FieldChange]:
    # where it stands first (examples/house.md: ``door 玄関 at 0.5 → Y2+1820 / + door 玄関 ref D1``)
    fields = compare(f"{label} at", _at(x), _at(y))
    fields += compare(f"{label} ref", x.ref, y.ref)
    for name in ("w", "h"):
        fields += compare(f"{label} {name}", spell_optional(getattr(x, name)), spell_optional(getattr(y, name)))
    for name in ("edge", "hinge", "swing"):
        fields += compare(f"{label} {name}", getattr(x, name), getattr(y, name))
    return fields + compare_bags(x.attrs, y.attrs, prefix=f"{label} ")


def _seg_key(s: Seg) -> tuple:
    if s.name is not None:
        return ("named", spell(s.name))
    return ("placed", s.edge, _at(s), spell(s.w))


def _seg_label(s: Seg) -> str:
    if s.name is not None:
        return f"seg {spell(s.name)}"
    edge = f" edge:{s.edge}" if s.edge is not None else ""
    return f"seg{edge} at:{_at(s)} w:{spell(s.w)}"


def _seg_summary(s: Seg) -> str:
    """What a seg added or removed holds beyond its identity (an unnamed one's ``w`` is in it)."""
    return spelled_pairs(([("w", s.w)] if s.name is not None else []) + list(s.attrs.items()))


def _seg_fields(label: str, x: Seg, y: Seg) -> list[FieldChange]:
    fields = compare(f"{label} w", spell(x.w), spell(y.w))
    fields += compare(f"{label} at", _at(x), _at(y))
    fields += compare(f"{label} edge", x.edge, y.edge)
    return fields + compare_bags(x.attrs, y.attrs, prefix=f"{label} ")
