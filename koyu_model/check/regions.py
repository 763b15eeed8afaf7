"""Sections 4 and 5 (COMPAT §7): overlapping regions (spec: diagnostics/geo.md).

* GEO01 — within one space, every overlapping pair i<j of its written rectangles (more
  than 0.5 mm on both axes), named in the words written; the space's line.
* GEO02 — every pair i<j of region-bearing spaces on the same level (two spaces with no
  level count as on one level) whose written rectangles overlap; line = the earlier
  space, related = [the later]. Candidate pairs come from an STRtree
  (``geometry.overlapping_pairs``), never from comparing all pairs.
"""

from __future__ import annotations

from typing import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.geometry import overlapping_pairs, self_overlaps
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
            yield diag("GEO01",
                       f"Regions within {s.path} overlap: {spell_rect(s.rects[i])} and {spell_rect(s.rects[j])}",
                       s.line, s.file, (s.path,))


def section_overlaps(model: Model, ground) -> Iterator[Diagnostic]:
    spaces = list(model.spaces.values())
    entries = [(i, s.level, _boxes(s.rects)) for i, s in enumerate(spaces) if s.rects]
    for i, j in overlapping_pairs(entries):
        a, b = spaces[i], spaces[j]
        yield diag("GEO02", f"Space regions overlap: {a.path} and {b.path}",
                   a.line, a.file, (a.path, b.path), (related(b.line, b.file),))
