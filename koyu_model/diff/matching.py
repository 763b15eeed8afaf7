"""How the two sides' elements are put in correspondence (spec: reference/api/diff.md
"How things are matched").

Zones and spaces: first by an equal ``uid`` (a uid held by exactly one element on each
side; a duplicated uid falls back to path matching), then the rest by equal path; what is
left is an addition or a removal. Everything else is matched by a key, equal keys paired
in the order the elements come.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from typing import Callable, Dict, Hashable, List, Mapping, Sequence, Tuple, TypeVar

import attrs

from .records import FieldChange
from .values import spell

__all__ = ["PathMatch", "match_paths", "Pairing", "pair_by_key", "compare_members"]

T = TypeVar("T")


@attrs.frozen
class PathMatch:
    """``pairs`` (a path, b path) in a's order; ``removed`` a paths, ``added`` b paths, in
    their side's order; ``uids`` the uid of each pair matched by uid."""

    pairs: Tuple[Tuple[str, str], ...]
    removed: Tuple[str, ...]
    added: Tuple[str, ...]
    uids: Dict[Tuple[str, str], str]

    def renames(self) -> Dict[str, str]:
        """a path → b path for the pairs whose path changed."""
        return {x: y for x, y in self.pairs if x != y}


def _unique_uids(elements: Mapping) -> Dict[str, str]:
    """uid → path for the uids exactly one element holds."""
    held = [(spell(e.attrs["uid"]), path) for path, e in elements.items() if "uid" in e.attrs]
    counts = Counter(uid for uid, _ in held)
    return {uid: path for uid, path in held if counts[uid] == 1}


def match_paths(a: Mapping, b: Mapping) -> PathMatch:
    """Match two path-keyed dicts of elements carrying ``attrs`` (zones or spaces)."""
    a_uids, b_uids = _unique_uids(a), _unique_uids(b)
    by_uid = {a_uids[u]: (b_uids[u], u) for u in a_uids if u in b_uids}
    taken_b = {bp for bp, _ in by_uid.values()}
    pairs: List[Tuple[str, str]] = []
    uids: Dict[Tuple[str, str], str] = {}
    removed: List[str] = []
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
class Pairing:
    """Elements paired by key: ``pairs`` in b's order, what is left of each side in its order."""

    pairs: Tuple[Tuple[object, object], ...]
    removed: Tuple[object, ...]
    added: Tuple[object, ...]


def pair_by_key(
    a: Sequence[T], b: Sequence[T], key_a: Callable[[T], Hashable], key_b: Callable[[T], Hashable]
) -> Pairing:
    """Pair ``a`` and ``b`` by equal keys (``key_a`` of an a element, ``key_b`` of a b
    element): the n-th of a key on one side with the n-th on the other."""
    waiting: Dict[Hashable, deque] = defaultdict(deque)
    for i, x in enumerate(a):
        waiting[key_a(x)].append(i)
    pairs, added, used = [], [], set()
    for y in b:
        queue = waiting.get(key_b(y))
        if queue:
            i = queue.popleft()
            used.add(i)
            pairs.append((a[i], y))
        else:
            added.append(y)
    removed = tuple(x for i, x in enumerate(a) if i not in used)
    return Pairing(tuple(pairs), removed, tuple(added))


def compare_members(before: Sequence, after: Sequence, ident, summary, fields_of) -> List[FieldChange]:
    """Members of two matched containers (openings, segs, a space's areas), paired by
    ``ident``: each pair's ``fields_of(ident, x, y)``, each one left over as a field whose
    other side is absent (its ``summary``); ordered by identity in code-point order."""
    pairing = pair_by_key(before, after, key_a=ident, key_b=ident)
    found: List[Tuple[str, List[FieldChange]]] = []
    for x, y in pairing.pairs:
        found.append((ident(y), fields_of(ident(y), x, y)))
    for x in pairing.removed:
        found.append((ident(x), [FieldChange(ident(x), before=summary(x))]))
    for y in pairing.added:
        found.append((ident(y), [FieldChange(ident(y), after=summary(y))]))
    found.sort(key=lambda t: t[0])
    return [f for _, fs in found for f in fs]
