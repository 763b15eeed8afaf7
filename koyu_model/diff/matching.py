"""How the two sides' elements are put in correspondence (spec: reference/api/diff.md
"How things are matched").

Zones and spaces: first by an equal ``uid`` (a uid held once on each side; a uid a model
holds twice — UID03, over its spaces and zones together — falls back to path matching),
then the rest by equal path; what is left is an addition or a removal. Everything else is matched by a key, equal keys paired
in the order the elements come.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Generic, TypeVar

import attrs

from .records import FieldChange
from .values import spell

__all__ = ["PathMatch", "uid_counts", "match_paths", "Pairing", "pair_by_key", "compare_members"]

T = TypeVar("T")


@attrs.frozen
class PathMatch:
    """``pairs`` (a path, b path) in a's order; ``removed`` a paths, ``added`` b paths, in
    their side's order; ``uids`` the uid of each pair matched by uid."""

    pairs: tuple[tuple[str, str], ...]
    removed: tuple[str, ...]
    added: tuple[str, ...]
    uids: dict[tuple[str, str], str]

    def renames(self) -> dict[str, str]:
        """a path → b path for the pairs whose path changed."""
        return {x: y for x, y in self.pairs if x != y}


def uid_counts(model) -> Counter:
    """How many of a model's spaces and zones hold each uid (UID03 counts them together)."""
    return Counter(spell(e.attrs["uid"]) for e in (*model.spaces.values(), *model.zones.values()) if "uid" in e.attrs)


def _unique_uids(elements: Mapping, counts: Counter) -> dict[str, str]:
    """uid → path for the uids of ``elements`` that their model holds once."""
    return {
        spell(e.attrs["uid"]): path
        for path, e in elements.items()
        if "uid" in e.attrs and counts[spell(e.attrs["uid"])] == 1
    }


def match_paths(a: Mapping, b: Mapping, a_counts: Counter, b_counts: Counter) -> PathMatch:
    """Match two path-keyed dicts of elements carrying ``attrs`` (zones or spaces), given
    each side's ``uid_counts``."""
    a_uids, b_uids = _unique_uids(a, a_counts), _unique_uids(b, b_counts)
    by_uid = {a_uids[u]: (b_uids[u], u) for u in a_uids if u in b_uids}
    taken_b = {bp for bp, _ in by_uid.values()}
    pairs: list[tuple[str, str]] = []
    uids: dict[tuple[str, str], str] = {}
    removed: list[str] = []
    for path in a:
        if path in by_uid:
            other, uid = by_uid[path]
            pairs.append((path, other))
            uids[(path, other)] = uid
        elif path in b and path not in taken_b:
            pairs.append((path, path))
        else:
            removed.append(path)
    matched_b = {y for _, y in pairs}
    added = tuple(p for p in b if p not in matched_b)
    return PathMatch(tuple(pairs), tuple(removed), added, uids)


@attrs.frozen
class Pairing(Generic[T]):
    """Elements paired by key: ``after`` is every b element in b's order with its a partner
    (``None`` for one that is new); ``removed`` what is left of a, in a's order."""

    after: tuple[tuple[T | None, T], ...]
    removed: tuple[T, ...]

    @property
    def pairs(self) -> tuple[tuple[T, T], ...]:
        """(a, b) pairs in b's order."""
        return tuple((x, y) for x, y in self.after if x is not None)

    @property
    def added(self) -> tuple[T, ...]:
        return tuple(y for x, y in self.after if x is None)


def pair_by_key(
    a: Sequence[T], b: Sequence[T], key_a: Callable[[T], Hashable], key_b: Callable[[T], Hashable]
) -> Pairing[T]:
    """Pair ``a`` and ``b`` by equal keys (``key_a`` of an a element, ``key_b`` of a b
    element): the n-th of a key on one side with the n-th on the other."""
    waiting: dict[Hashable, deque] = defaultdict(deque)
    for i, x in enumerate(a):
        waiting[key_a(x)].append(i)
    after: list[tuple[T | None, T]] = []
    used: set[int] = set()
    for y in b:
        queue = waiting.get(key_b(y))
        partner: int | None = queue.popleft() if queue else None
        if partner is not None:
            used.add(partner)
        after.append((None if partner is None else a[partner], y))
    removed = tuple(x for i, x in enumerate(a) if i not in used)
    return Pairing(tuple(after), removed)


def compare_members(before: Sequence, after: Sequence, key, label, summary, fields_of) -> list[FieldChange]:
    """Members of two matched containers (openings, segs, a space's areas), paired by
    ``key``: in the after side's order each pair's ``fields_of(label, x, y)`` or, for one
    that is new, a field named by its ``label`` with its ``summary`` as ``to``; then each
    one gone, in the before side's order, its ``summary`` as ``from`` (examples/house.md:
    ``+ door 寝室引き戸 … / − door at:0.5 (w:800)``)."""
    pairing = pair_by_key(before, after, key_a=key, key_b=key)
    found: list[FieldChange] = []
    for x, y in pairing.after:
        found += [FieldChange(label(y), after=summary(y))] if x is None else fields_of(label(y), x, y)
    return found + [FieldChange(label(x), before=summary(x)) for x in pairing.removed]
