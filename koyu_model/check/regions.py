"""Sections 4 and 5 (COMPAT §7): overlapping regions (spec: diagnostics/geo.md).

* GEO01 — within one space, every overlapping pair i<j of its written rectangles (more
  than 0.5 mm on both axes), named in the words written; the space's line.
* GEO02 — every pair i<j of region-bearing spaces on the same level (two spaces with no
  level count as on one level) whose written rectangles overlap; line = the earlier
  space, related = [the later]. The pairs are geometry.overlapping_pairs' (an index over
  the level's rectangles, never all pairs compared); a level laid out like an earlier one
  (the same rectangles, space for space) takes that level's pairs.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.derived import layout
from koyu_model.geometry import overlapping_pairs, self_overlaps
from koyu_model.model import Model, Rect

__all__ = ["section_self_overlaps", "section_overlaps", "spell_rect"]


def spell_rect(r: Rect) -> str:
    return f"{r.xa}..{r.xb} {r.ya}..{r.yb}"


def _boxes(rects):
    return [(r.x1, r.y1, r.x2, r.y2) for r in rects]


def section_self_overlaps(model: Model) -> Iterator[Diagnostic]:
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


def section_overlaps(model: Model) -> list[Diagnostic]:
    spaces = list(model.spaces.values())
    out: list[Diagnostic] = []
    for i, j in _overlapping(spaces, layout(model).rects):
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


def _overlapping(spaces, rects) -> list[tuple[int, int]]:
    """geometry.overlapping_pairs over the region spaces (model indices), level by level;
    a level laid out like an earlier one takes its pairs, place for place."""
    on_level: dict[object, list[int]] = {}  # a level key (None counts as one level)
    for i, s in enumerate(spaces):
        if rects.get(s.path):
            on_level.setdefault(s.level, []).append(i)
    known: dict[tuple, list[tuple[int, int]]] = {}  # the level's rectangles, place for place → pairs of places
    found: list[tuple[int, int]] = []
    for members in on_level.values():
        laid_out = tuple(rects[spaces[i].path] for i in members)
        pairs = known.get(laid_out)
        if pairs is None:
            pairs = known[laid_out] = overlapping_pairs([(k, None, boxes) for k, boxes in enumerate(laid_out)])
        found.extend((members[k], members[m]) for k, m in pairs)  # model order keeps i < j
    return sorted(found)
