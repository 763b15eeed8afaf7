"""Small pure readings of a Model that several tools share (spec: mcp/tools-read.md,
muro/zone.md, muro/boundary.md; COMPAT §4, §9).

* ``display_name`` — ``name:`` when it is a string, else the last path segment.
* ``effective_use`` — the space's own string ``use:``, else the deepest zone above it
  (by path prefix) with a string ``use:``; numeric values are ignored.

Semi-outdoor, indoor and covered spaces are derived once per Model: ``koyu_model.derived``
(cover.py); areas need the derived pieces (drawn lines cut regions): ``koyu_model.measures``.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.model import Attrs, Space, Zone

__all__ = ["last_segment", "display_name", "handed_down", "effective_use"]


def last_segment(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def display_name(space: Space) -> str:
    """The name shown for a space: a string ``name:``, else its last path segment."""
    name = space.attrs.get("name")
    return name if isinstance(name, str) else last_segment(space.path)


def handed_down(space: Space, zones: dict[str, Zone]) -> Iterator[Attrs]:
    """The attribute dicts a space's value for a key comes from, nearest first: its own,
    then each zone whose path is a proper prefix of its path, deepest first (``/L1/A/ldk``
    → ``/L1/A``, ``/L1``; muro/attributes.md). O(depth), the model's zone dict the index."""
    yield space.attrs
    path = space.path
    i = path.rfind("/")
    while i > 0:
        zone = zones.get(path[:i])
        if zone is not None:
            yield zone.attrs
        i = path.rfind("/", 0, i)


def effective_use(space: Space, zones: dict[str, Zone], key: str = "use") -> str | None:
    """The space's axis of aggregation, or ``None`` (``(unspecified)`` in totals): the
    nearest string value of ``key`` (``Release.use_key``: ``use``, or 0.27's
    ``lease.category``) among what is handed down to it."""
    for attrs in handed_down(space, zones):
        value = attrs.get(key)
        if isinstance(value, str):
            return value
    return None
