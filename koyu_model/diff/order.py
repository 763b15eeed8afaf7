"""The order a diff comes out in (spec: reference/api/diff.md "renderDiff").

Paths sort in *level order*: a path whose first segment names a level sorts by (the rest
of the path, the level's ordinal), so the storeys of one span sit together
(``/L4/A/ldk`` … ``/L10/A/ldk``); any other path by itself without its leading ``/``,
ahead of a level path with the same rest. Ordinals are the levels' order in the before
model (JavaScript's key order, COMPAT §1), then the after model's other levels.
"""

from __future__ import annotations

import attrs

from koyu_model.model import Model

__all__ = ["LevelOrder"]


@attrs.frozen
class LevelOrder:
    ordinals: dict[str, int]

    @classmethod
    def of(cls, a: Model, b: Model) -> LevelOrder:
        ordinals: dict[str, int] = {}
        for name in a.level_order + b.level_order:
            ordinals.setdefault(name, len(ordinals))
        return cls(ordinals)

    def path_key(self, path: str) -> tuple[str, int]:
        body = path[1:] if path.startswith("/") else path
        first, _, rest = body.partition("/")
        ordinal = self.ordinals.get(first)
        return (body, -1) if ordinal is None else (rest, ordinal)

    def boundary_key(self, between: tuple[str, str], edge: str | None) -> tuple:
        return (self.path_key(between[0]), self.path_key(between[1]), edge or "")
