"""Small pure readings of a Model that several tools share (spec: mcp/tools-read.md,
muro/zone.md, muro/boundary.md; COMPAT §4, §9).

* ``display_name`` — ``name:`` when it is a string, else the last path segment.
* ``effective_use`` — the space's own string ``use:``, else the deepest zone above it
  (by path prefix) with a string ``use:``; numeric values are ignored.
* ``semi_outdoor_paths`` — spaces with a region meeting an ``exterior`` across a declared
  ``open`` or ``air:1`` boundary (derived walls are walls, so only declared ones count).
* ``is_indoor`` — a region, not ``exterior``/``void``, not semi-outdoor.

Areas need the derived pieces (drawn lines cut regions): see ``koyu_model.geometry``.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Optional

from koyu_model.model import Model, Space, Zone

__all__ = ["last_segment", "display_name", "effective_use", "semi_outdoor_paths", "is_indoor"]


def last_segment(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def display_name(space: Space) -> str:
    """The name shown for a space: a string ``name:``, else its last path segment."""
    name = space.attrs.get("name")
    return name if isinstance(name, str) else last_segment(space.path)


def effective_use(space: Space, zones: Dict[str, Zone]) -> Optional[str]:
    """The space's axis of aggregation, or ``None`` (``(unspecified)`` in totals).

    Walks the path's proper prefixes from the deepest (``/L1/A/ldk`` → ``/L1/A``, ``/L1``):
    O(depth) per space with the model's zone dict as the index.
    """
    own = space.attrs.get("use")
    if isinstance(own, str):
        return own
    path = space.path
    i = path.rfind("/")
    while i > 0:
        zone = zones.get(path[:i])
        if zone is not None:
            use = zone.attrs.get("use")
            if isinstance(use, str):
                return use
        i = path.rfind("/", 0, i)
    return None


def semi_outdoor_paths(model: Model) -> FrozenSet[str]:
    """Paths of spaces with a region that meet an ``exterior`` across ``open`` or ``air:1``."""
    spaces = model.spaces
    out = set()
    for b in model.boundaries:
        if b.kind != "open" and not b.air:
            continue
        sa, sb = spaces.get(b.a), spaces.get(b.b)
        if sa is None or sb is None or b.a == b.b:
            continue
        if sb.type == "exterior" and sa.rects:
            out.add(sa.path)
        if sa.type == "exterior" and sb.rects:
            out.add(sb.path)
    return frozenset(out)


def is_indoor(space: Space, semi_outdoor: FrozenSet[str]) -> bool:
    """Counted in the floor area: a region, neither ``exterior`` nor ``void``, not semi-outdoor."""
    return bool(space.rects) and space.type not in ("exterior", "void") and space.path not in semi_outdoor
