"""An answer that stays under a byte bound whatever the building: parts filled item by item.

The answer is a JSON value whose frame (its verdict, its counts) is small and bounded, and
whose parts — lists and maps that grow with the building — start empty. ``Bounded.fill``
adds a part's items in order while the text the host would write (``tool_text``, in UTF-8)
stays within the limit, and stops before the first that would cross it; what it left out
is counted, and ``close`` writes one note per part that lost something under ``leftOut``.

The room those notes can take is set aside before anything is filled: each part's note
is written as it would read with every item left out (the longest it can be, its numbers
at their largest), and the parts are filled against the limit less that. So once closed,
the answer is within the limit by construction. The frame's own strings are ``clip``-ped,
so the frame is bounded too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from koyu_model.jsjson import tool_text

#: a string of the answer is cut to this many characters (a message, a path, a rule id)
TEXT = 300


def clip(text: str, most: int = TEXT) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def size(value: Any) -> int:
    """The bytes of ``value`` as the host writes a tool's answer."""
    return len(tool_text(value).encode("utf-8"))


@attrs.frozen
class Part:
    """One growing part of the answer: ``items`` go into ``into`` (a list, or a dict taking
    ``(key, value)`` pairs); ``note(left, total)`` says what was left out."""

    into: list[Any] | dict[str, Any]
    items: Sequence[Any]
    note: Callable[[Sequence[Any], int], str]

    def add(self, items: Sequence[Any]) -> None:
        if isinstance(self.into, dict):
            self.into.update(items)
        else:
            self.into.extend(items)

    def empty(self) -> None:
        self.into.clear()


class Bounded:
    """``answer`` (a dict, its parts empty) filled part by part within ``limit`` bytes."""

    def __init__(self, answer: dict[str, Any], parts: Sequence[Part], limit: int):
        self.answer = answer
        self.parts = parts
        worst = [p.note(p.items, len(p.items)) for p in parts if p.items]
        self.room = limit - (size({**answer, "leftOut": worst}) - size(answer) if worst else 0)
        if size(answer) > self.room:
            raise ValueError(f"the frame of the answer alone is over {limit} bytes")

    def _fits(self) -> bool:
        return size(self.answer) <= self.room

    def _fits_with(self, part: Part, count: int) -> bool:
        """Whether the part's first ``count`` items fit (the part is empty until it is filled)."""
        part.add(part.items[:count])
        fits = self._fits()
        part.empty()
        return fits

    def _most(self, part: Part) -> int:
        """How many of the part's first items fit: doubling, then halving the gap."""
        n = len(part.items)
        fit, over, step = 0, n + 1, 1
        while fit < n and over == n + 1:
            k = min(fit + step, n)
            if self._fits_with(part, k):
                fit, step = k, step * 2
            else:
                over = k
        while over - fit > 1:
            middle = (fit + over) // 2
            if self._fits_with(part, middle):
                fit = middle
            else:
                over = middle
        return fit

    def close(self) -> dict[str, Any]:
        """Fill every part in order; the answer, with ``leftOut`` when something did not fit."""
        notes = []
        for part in self.parts:
            fit = self._most(part)
            part.add(part.items[:fit])
            if fit < len(part.items):
                notes.append(part.note(part.items[fit:], len(part.items)))
        if notes:
            self.answer["leftOut"] = notes
        return self.answer
