"""Storeys: levels in z order, the level above, ceiling heights and the storey pitch
(reference/form/bodies.md "Storey pitch"; api/derive.md FormLevel, levelPitch;
COMPAT.md §8 — the top level's pitch).

``storeys_of(model)`` is built once per Model and shared by every part of the Form
(walls, columns, runs, slabs) and by validate, so that "how far walls rise" has one
answer.
"""

from __future__ import annotations

from koyu_model.model import Level, Model, Space, StashKey

from .constants import ROOF_T

__all__ = ["Storeys", "storeys_of", "ceiling_height", "level_pitch"]

STOREYS: StashKey[Storeys] = StashKey("form.storeys")


def _number(v) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v


def ceiling_height(space: Space, level: Level | None) -> float | None:
    """A space's ceiling height: its own numeric ``h:``, else its level's ``h:``, else None
    (muro/space.md, level.md — no default is invented)."""
    own = _number(space.attrs.get("h"))
    if own is not None:
        return own
    return level.h if level is not None else None


class Storeys:
    """Levels of one Model in z order (``model.levels_by_z``: the original's stable sort
    over its level object), with ``above``, ``pitch`` and per-space ceiling heights."""

    def __init__(self, model: Model):
        self.model = model
        self.order: tuple[str, ...] = tuple(model.levels_by_z)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.order)}
        self._pitch: dict[str, float | None] = {}

    def level(self, name: str | None) -> Level | None:
        return self.model.levels.get(name) if name is not None else None

    def above(self, name: str) -> Level | None:
        """The next level up in z order, or None on the top level."""
        i = self.index.get(name)
        if i is None or i + 1 >= len(self.order):
            return None
        return self.model.levels[self.order[i + 1]]

    def below(self, name: str) -> Level | None:
        """The next level down in z order, or None on the lowest level."""
        i = self.index.get(name)
        if i is None or i == 0:
            return None
        return self.model.levels[self.order[i - 1]]

    def pitch(self, name: str | None) -> float | None:
        """The storey pitch: z of the level above minus this z; on the top level the
        tallest ceiling height on it (the level's own h:, and every region space's h:,
        void/exterior/semi-outdoor included — COMPAT §8) plus ROOF_T; None when no ceiling
        height is determined (then nothing stands there)."""
        if name is None or name not in self.index:
            return None
        if name in self._pitch:
            return self._pitch[name]
        lv = self.model.levels[name]
        up = self.above(name)
        if up is not None:
            p: float | None = up.z - lv.z
        else:
            h = lv.h
            t = self._tallest(name)
            if t is not None and (h is None or t > h):
                h = t
            p = None if h is None else h + ROOF_T
        self._pitch[name] = p
        return p

    def _tallest(self, name: str) -> float | None:
        """The tallest numeric h: of a region space on level ``name`` (only the top level
        asks)."""
        tallest = None
        for s in self.model.spaces.values():
            if s.level != name or not s.rects:
                continue
            h = _number(s.attrs.get("h"))
            if h is not None and (tallest is None or h > tallest):
                tallest = h
        return tallest

    def ceiling_height(self, space: Space) -> float | None:
        return ceiling_height(space, self.level(space.level))


def storeys_of(model: Model) -> Storeys:
    return model.stash.get(STOREYS, lambda: Storeys(model))


def level_pitch(model: Model, level: str) -> float | None:
    """``levelPitch(model, level)``: the storey pitch on its own (api/derive.md)."""
    return storeys_of(model).pitch(level)
