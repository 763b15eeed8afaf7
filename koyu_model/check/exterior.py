"""Section 13b — BND08: a face onto the outside got a default wall (reference/diagnostics/
bnd.md#bnd08; form/boundaries.md "The rest of the perimeter"; ADR-0065 §5).

One warning per space with a derived exterior wall (``koyu_model.derived.exterior_walls``),
in the order the spaces are declared, at the space's line: each run (a piece's edge, unmerged:
two runs on one face are named twice) with its face and length, in outline order, then the
total and the number of runs. Nothing where the release derives no exterior wall.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.derived import exterior_walls
from koyu_model.jsjson import js_round, js_string
from koyu_model.model import Model

__all__ = ["section_exterior"]


def section_exterior(model: Model) -> Iterator[Diagnostic]:
    found = exterior_walls(model)
    spaces = model.spaces
    for wall, runs in zip(found.walls, found.segments):
        lengths = [s.x2 - s.x1 if s.horizontal else s.y2 - s.y1 for s in runs]  # each a piece edge
        per_run = " / ".join(f"{s.edge_of_a} {_mm(length)}" for s, length in zip(runs, lengths))
        count = f"{len(runs)} run" if len(runs) == 1 else f"{len(runs)} runs"
        space = spaces[wall.a]
        yield diag(
            "BND08",
            f"A default wall was derived where {wall.a} faces the outside: {per_run} "
            f"({_mm(sum(lengths))} over {count}) — write a boundary to say which outside it faces",
            space.line,
            space.file,
            (wall.a,),
        )


def _mm(length: float) -> str:
    return f"{js_string(js_round(length))}mm"  # String(): a run to X = Infinity reads Infinitymm
