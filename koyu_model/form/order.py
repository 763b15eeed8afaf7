"""The Form's boundary order and the canonical index ``i`` of a boundary's ref ``a|b@i``
(api/derive.md FormBoundary "canonical index"; COMPAT.md §6 and §8: declared and derived
boundaries alike, sorted stably by the compact JSON of the entry with ``attrs`` blanked).

Spelling every boundary's key is the costly part, and most keys never decide anything:
a key begins ``{"between":["lo","hi"]`` and a quoted JSON string is never a proper prefix
of another one (a bare ``"`` only ends it), so two boundaries on different pairs compare
as their (quoted lo, quoted hi) pairs do. Only boundaries on the *same* pair need their
whole keys — and those stand on one level. So the index of one boundary is the number
of boundaries on smaller pairs plus its place among its own pair's, and drawing one level
spells only that level's keys.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from operator import attrgetter
from typing import Dict, Iterable, List, Tuple

from koyu_model.canonical import boundary_key
from koyu_model.ground import Ground
from koyu_model.jsjson import _encode_string
from koyu_model.memo import remember

__all__ = ["BoundaryOrder", "boundary_order_of"]

# what JSON escapes (control characters, '"', backslash), and the two characters that sort
# below '"' unescaped (space, '!')
_NEEDS_QUOTING = re.compile(r"[\x00-\x22\\]")


class BoundaryOrder:
    """Every boundary of ``ground.boundaries`` by its (quoted lo, quoted hi) pair, once per
    Model; keys are spelled per pair, on demand."""

    def __init__(self, ground: Ground):
        bs = ground.boundaries
        sides = list(map(attrgetter("a", "b"), bs))
        names = {a for a, _ in sides} | {c for _, c in sides}
        pairs: List[Tuple[str, str]]
        if _NEEDS_QUOTING.search("".join(names)) is None:
            # No character sorts at or below '"' and none is escaped: a quoted path then
            # compares as the path itself (a prefix's closing '"' sorts before any other
            # character), so the pairs need no spelling.
            pairs = [(a, c) if a <= c else (c, a) for a, c in sides]
        else:
            quoted = {p: _encode_string(p) for p in names}
            pairs = [(quoted[a], quoted[c]) if a <= c else (quoted[c], quoted[a]) for a, c in sides]
        self._boundaries = bs
        self._pairs = pairs
        # indices by pair, stably: a pair's boundaries are one run, in index order
        self._order = sorted(range(len(bs)), key=pairs.__getitem__)
        self._sorted = [pairs[i] for i in self._order]
        self._runs: Dict[Tuple[str, str], Tuple[int, Tuple[int, ...]]] = {}

    def _run(self, pair: Tuple[str, str]) -> Tuple[int, Tuple[int, ...]]:
        """(form index of the run's first member, its members in form order)."""
        found = self._runs.get(pair)
        if found is None:
            start = bisect_left(self._sorted, pair)
            end = start + 1
            n = len(self._sorted)
            while end < n and self._sorted[end] == pair:
                end += 1
            members = self._order[start:end]
            if len(members) > 1:
                bs = self._boundaries
                members = sorted(members, key=lambda i: boundary_key(bs[i]))
            found = self._runs[pair] = (start, tuple(members))
        return found

    def index(self, i: int) -> int:
        """The place of ``ground.boundaries[i]`` in the Form's boundary order."""
        start, members = self._run(self._pairs[i])
        return start if len(members) == 1 else start + members.index(i)

    def in_form_order(self, chosen: Iterable[int]) -> List[Tuple[int, int]]:
        """(form index, boundary index) of the ``chosen`` boundaries, in form order."""
        out = [(self.index(i), i) for i in chosen]
        out.sort()
        return out

    def whole(self) -> Tuple[int, ...]:
        """Every boundary index in form order (``ground.form_order``'s answer)."""
        out: List[int] = []
        order = self._order
        srt = self._sorted
        n = len(order)
        k = 0
        while k < n:
            if k + 1 < n and srt[k + 1] == srt[k]:
                _, members = self._run(srt[k])
                out.extend(members)
                k += len(members)
            else:
                out.append(order[k])
                k += 1
        return tuple(out)


def boundary_order_of(model, ground: Ground) -> BoundaryOrder:
    """The BoundaryOrder of ``model``, built once per Model."""
    return remember(model, "form.order", lambda: BoundaryOrder(ground))
