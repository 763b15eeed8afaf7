"""The envelope — ``envelope.gap`` (reference/validate/envelope.md; api/geometry.md
envelopeGaps; form/boundaries.md "Holes in the envelope").

A stretch of a space's outline is a hole unless it faces another space on its level, or a
declared boundary of the space to a region-less space covers it (``open`` and ``air:1``
count; the vertical kinds cover nothing). Asked only on levels that have started their
envelope — some declared horizontal boundary there names a space with no region — and never of
region-less, ``exterior``, semi-outdoor spaces nor the tiles under a ``site:1`` zone.

The message names the sides: each face once, in first-appearance order over the outline
(pieces in order, each piece's edges in vertex order), with its summed length; the run
count is the number of leftover stretches, unmerged (an L of two pieces keeps two runs on
its long side).
"""

from __future__ import annotations

from typing import cast

from koyu_model.derived import boundaries_naming, boundary_segments, layout, level_plans, semi_outdoor
from koyu_model.geometry import edge_segment, js_round, uncovered_stretches
from koyu_model.jsjson import js_string
from koyu_model.model import Model

from .finding import Finding, finding

__all__ = ["check_envelope", "site_prefixes"]


def site_prefixes(model: Model) -> list[str]:
    """``<zone>/`` for every zone carrying ``site:1``: the site tiles live under them."""
    out = []
    for zone in model.zones.values():
        v = zone.attrs.get("site")
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v == 1:
            out.append(zone.path + "/")
    return out


def _started_levels(model: Model) -> set:
    """Levels on which a declared horizontal boundary names a space with no region (a
    vertical one to the outside starts nothing: it covers no outline either)."""
    spaces = model.spaces
    out = set()
    for b in model.boundaries:
        sa, sb = spaces.get(b.a), spaces.get(b.b)
        if sa is None or sb is None or b.vertical:
            continue
        if sa.rects and not sb.rects and sa.level is not None:
            out.add(sa.level)
        elif sb.rects and not sa.rects and sb.level is not None:
            out.add(sb.level)
    return out


def _gaps(model: Model, path: str, known: dict):
    """(face, length) of each leftover stretch of the space's outline, in outline order.

    ``known`` remembers the answer by what it depends on — the space's place in its level
    plan and the segment keys of the covering boundaries — so a stack of typical storeys
    is measured once."""
    spaces = model.spaces
    segments = boundary_segments(model)
    covering = []  # declared horizontal boundaries to a region-less space
    for i in boundaries_naming(model).get(path, ()):
        b = model.boundaries[i]
        if b.vertical:
            continue
        other = spaces.get(b.b if b.a == path else b.a)
        if other is None or other.rects:
            continue
        covering.append(i)
    level, number, place = level_plans(model).where[path]
    keys = tuple(segments.key(i) for i in covering)
    key = None if None in keys else (number, place, keys)  # None: a drawn line's own
    if key is not None:
        found = known.get(key)
        if found is not None:
            return found
    covers = [seg for i in covering for seg in segments.of(i)]
    out = []
    # unmerged outline (the run count is per piece edge); the cover test is the kernel's
    for e in level_plans(model).of_level[level].outline(cast(int, place)):  # asked only of a region space
        s = edge_segment(*e)
        for g0, g1 in uncovered_stretches(s, covers):
            out.append((s.edge_of_a, g1 - g0))
    if key is not None:
        known[key] = out
    return out


def check_envelope(model: Model) -> list[Finding]:
    started = _started_levels(model)
    if not started:
        return []
    prefixes = site_prefixes(model)
    semi = semi_outdoor(model)
    pieces = layout(model).pieces
    out: list[Finding] = []
    known: dict = {}
    for path in model.spaces:
        s = model.spaces[path]
        if (
            not s.rects
            or s.outside
            or s.level not in started
            or path in semi
            or path not in pieces
            or any(path.startswith(p) for p in prefixes)
        ):
            continue
        gaps = _gaps(model, path, known)
        if not gaps:
            continue
        sides: dict[str | None, float] = {}
        total = 0
        for face, length in gaps:
            sides[face] = sides.get(face, 0) + length
            total += length
        per_side = " / ".join(f"{face} {js_string(js_round(length))}mm" for face, length in sides.items())
        out.append(
            finding(
                "envelope.gap",
                f"Perimeter not faced by any envelope: {path} — {per_side} "
                f"({js_string(js_round(total))}mm over {len(gaps)} run(s)). Write a boundary to the exterior",
                s.line,
                s.file,
                (path,),
            )
        )
    return out
