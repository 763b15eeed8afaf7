"""Section 9 (COMPAT §7): drawn lines — LIN02, LIN01, LIN03 per boundary carrying a line
(spec: diagnostics/lin.md). The line is quoted in its canonical order with the spellings
as written (``X1+300,Y1..X1+300,Y2``); the diagnostic carries the ``line`` row's line.

The outcome of each line is read from where the cut happened (``layout(model).line_effect``:
cut / nothing / undetermined), never recomputed. A boundary naming an undefined space has
no outcome (REF01 speaks for it).
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.derived import layout
from koyu_model.geometry import NOTHING, UNDETERMINED
from koyu_model.model import Model

__all__ = ["section_lines"]


def section_lines(model: Model) -> Iterator[Diagnostic]:
    spaces = model.spaces
    effects = layout(model).line_effect
    for i, b in enumerate(model.boundaries):
        drawn = b.drawn
        if drawn is None:
            continue
        path = (b.a, b.b)
        written = f"{drawn.a_ref}..{drawn.b_ref}"
        if b.vertical:
            yield diag(
                "LIN02",
                "A line cannot be drawn on a vertical boundary (drawing a line is an "
                f"act of dividing a plan): {b.a} | {b.b}",
                drawn.line,
                b.file,
                path,
            )
            continue
        sa, sb = spaces.get(b.a), spaces.get(b.b)
        if sa is None or sb is None:
            continue
        if not sa.rects and not sb.rects:
            yield diag(
                "LIN01",
                f"A line cannot be drawn between spaces that have no region: {b.a} | {b.b}",
                drawn.line,
                b.file,
                path,
            )
            continue
        effect = effects.get(i)
        if effect == UNDETERMINED:
            if sa.rects and sb.rects:
                msg = (
                    f"Line {written} does not separate {b.a} and {b.b} "
                    "(draw it so the two allocations fall on opposite sides)"
                )
            else:
                msg = f"Line {written} bisects the allocation exactly, so which side to keep is undetermined"
            yield diag("LIN01", msg, drawn.line, b.file, path)
        elif effect == NOTHING:
            yield diag(
                "LIN03",
                f"Line {written} cuts nothing (it is the same as the default adjacency "
                "line, or falls outside the allocation)",
                drawn.line,
                b.file,
                path,
            )
