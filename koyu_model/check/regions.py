"""Sections 4 and 5 (COMPAT §7): overlapping regions (spec: diagnostics/geo.md).

* GEO01 — within one space, every overlapping pair i<j of its written rectangles (more
  than 0.5 mm on both axes), named in the words written; the space's line.
* GEO02 — every pair i<j of region-bearing spaces on the same level (two spaces with no
  level count as on one level) whose written rectangles overlap; line = the earlier
  space, related = [the later]. Candidate pairs come from an STRtree over boxes shrunk
  inside the tolerance (geometry.overlapping_pairs' answer, with fewer candidates), never
  from comparing all pairs; a level laid out like an earlier one (the same rectangles,
  space for space) takes that level's pairs.
"""

from __future__ import annotations

from itertools import chain
from typing import Dict, Iterator, List, Tuple

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.geometry import EPS, self_overlaps
from koyu_model.model import Model, Rect

__all__ = ["section_self_overlaps", "section_overlaps", "spell_rect"]


def spell_rect(r: Rect) -> str:
    return f"{r.xa}..{r.xb} {r.ya}..{r.yb}"


def _boxes(rects):
    return [(r.x1, r.y1, r.x2, r.y2) for r in rects]


def section_self_overlaps(model: Model, ground) -> Iterator[Diagnostic]:
    for s in model.spaces.values():
        if len(s.rects) < 2:
            continue
        for i, j in self_overlaps(_boxes(s.rects)):
            yield diag(
                "GEO01",
                f"Regions within {s.path} overlap: {spell_rect(s.rects[i])} and {spell_rect(s.rects[j])}",
                s.line,
                s.file,
                (s.path,),
            )


def section_overlaps(model: Model, ground) -> List[Diagnostic]:
    spaces = list(model.spaces.values())
    out: List[Diagnostic] = []
    for i, j in _overlapping(spaces, ground.rects):
        a, b = spaces[i], spaces[j]
        out.append(
            diag(
                "GEO02",
                f"Space regions overlap: {a.path} and {b.path}",
                a.line,
                a.file,
                (a.path, b.path),
                (related(b.line, b.file),),
            )
        )
    return out


def _overlapping(spaces, rects) -> List[Tuple[int, int]]:
    """geometry.overlapping_pairs' answer — (i, j), i < j, sorted, same level, some written
    rectangles overlapping by more than EPS on both axes — from one tree over every level.

    Boxes shrunk by EPS/4 on every side meet only where rectangles overlap by at least
    EPS/2 on both axes, so mere neighbours (sharing an edge) never become candidates; the
    exact test (rect_overlap, vectorised: the same float arithmetic) follows."""
    import numpy as np
    import shapely

    # Each level's region spaces (model indices, in order). Levels whose spaces read the
    # very same rectangles, place for place (a span's storeys share one tuple), overlap
    # alike: only the first of them goes in the tree, its pairs stand for the others.
    on_level: Dict[object, List[int]] = {}  # a level key (None counts as one level)
    for i, s in enumerate(spaces):
        if rects.get(s.path):
            on_level.setdefault(s.level, []).append(i)
    first: Dict[tuple, object] = {}
    alike: Dict[object, List[object]] = {}  # first level → the levels laid out like it
    for lv, members in on_level.items():
        key = tuple([id(rects[spaces[i].path]) for i in members])
        f = first.setdefault(key, lv)
        alike.setdefault(f, []).append(lv)
    owner: List[int] = []
    level: List[int] = []
    boxes: List[Tuple] = []
    codes: Dict[object, int] = {}
    for f in alike:
        code = codes.setdefault(f, len(codes))
        for i in on_level[f]:
            for bx in rects[spaces[i].path]:
                owner.append(i)
                level.append(code)
                boxes.append(bx)
    if len(boxes) < 2:
        return []
    n = len(boxes)
    arr = np.fromiter(chain.from_iterable(boxes), dtype=float, count=4 * n).reshape(n, 4)
    own = np.fromiter(owner, dtype=np.int64, count=n)
    lev = np.fromiter(level, dtype=np.int64, count=n)
    h = EPS / 4
    # Levels side by side along X (each moved by its number of building widths) so that
    # the stacked storeys of a tower are not all candidates of one another; within a level
    # nothing moves relative to anything, and the error of the move stays far below h.
    shift = 0.0
    if len(codes) > 1:
        stride = float(arr[:, 2].max() - arr[:, 0].min()) + 1000.0
        if stride * len(codes) < 2.0**40:
            shift = lev * stride
    shrunk = shapely.box(arr[:, 0] + shift + h, arr[:, 1] + h, arr[:, 2] + shift - h, arr[:, 3] - h)
    # boxes meet exactly where their envelopes do: no predicate to evaluate
    left, right = shapely.STRtree(shrunk).query(shrunk)
    lo_own, hi_own = own[left], own[right]
    sel = (left < right) & (lev[left] == lev[right]) & (lo_own != hi_own)
    lo, hi = arr[left[sel]], arr[right[sel]]
    keep = (np.minimum(lo[:, 2], hi[:, 2]) - np.maximum(lo[:, 0], hi[:, 0]) > EPS) & (
        np.minimum(lo[:, 3], hi[:, 3]) - np.maximum(lo[:, 1], hi[:, 1]) > EPS
    )
    a, b = lo_own[sel][keep], hi_own[sel][keep]
    found = set(zip(np.minimum(a, b).tolist(), np.maximum(a, b).tolist()))
    if found and len(alike) < len(on_level):
        by_level: Dict[object, List[Tuple[int, int]]] = {}
        for i, j in found:
            by_level.setdefault(spaces[i].level, []).append((i, j))
        for f, pairs in by_level.items():
            place = {i: k for k, i in enumerate(on_level[f])}
            for lv in alike[f][1:]:
                there = on_level[lv]  # model order keeps i < j place for place
                found.update((there[place[i]], there[place[j]]) for i, j in pairs)
    return sorted(found)
