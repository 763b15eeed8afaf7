"""Small pure readings of a Model that several tools share (spec: mcp/tools-read.md,
muro/zone.md, muro/boundary.md; COMPAT §4, §9).

* ``display_name`` — ``name:`` when it is a string, else the last path segment.
* ``effective_use`` — the space's own string ``use:``, else the deepest zone above it
  (by path prefix) with a string ``use:``; numeric values are ignored.

Semi-outdoor, indoor and covered spaces are derived once per Model: ``koyu_model.derived``
(cover.py); areas need the derived pieces (drawn lines cut regions): ``koyu_model.measures``.
"""

from __future__ import annotations

from koyu_model.model import Space, Zone

__all__ = ["last_segment", "display_name", "effective_use"]


def last_segment(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def display_name(space: Space) -> str:
    """The name shown for a space: a string ``name:``, else its last path segment."""
    name = space.attrs.get("name")
    return name if isinstance(name, str) else last_segment(space.path)


def effective_use(space: Space, zones: dict[str, Zone], key: str = "use") -> str | None:
    """The space's axis of aggregation, or ``None`` (``(unspecified)`` in totals).

    Walks the path's proper prefixes from the deepest (``/L1/A/ldk`` → ``/L1/A``, ``/L1``):
    O(depth) per space with the model's zone dict as the index. ``key`` is the attribute
    read (``Release.use_key``: ``use``, or 0.27's ``lease.category``).
    """
    own = space.attrs.get(key)
    if isinstance(own, str):
        return own
    path = space.path
    i = path.rfind("/")
    while i > 0:
        zone = zones.get(path[:i])
        if zone is not None:
            use = zone.attrs.get(key)
            if isinstance(use, str):
                return use
        i = path.rfind("/", 0, i)
    return None
