"""Section 14 — SEG01, SEG02: the areas of each space, model order (COMPAT.md §7; spec:
reference/diagnostics/seg.md, muro/area.md).

SEG01: an area under a space with no region. SEG02: an area whose four corners do not all
lie within one convex piece of the *derived* region (after drawn-line cuts; on the
boundary counts as inside). A diagnostic about an area carries the space's file and the
area's own line (COMPAT §5).
"""

from __future__ import annotations

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.derived import layout
from koyu_model.geometry import point_in_polygon
from koyu_model.model import Model

__all__ = ["section_areas"]


def _inside_one_piece(rect, pieces) -> bool:
    corners = ((rect.x1, rect.y1), (rect.x2, rect.y1), (rect.x2, rect.y2), (rect.x1, rect.y2))
    return any(all(point_in_polygon(c, pc) for c in corners) for pc in pieces)


def section_areas(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    pieces = layout(model).pieces
    for path, s in model.spaces.items():
        if not s.areas:
            continue
        own = pieces.get(path)
        for a in s.areas:
            if not s.rects:
                out.append(
                    diag("SEG01", f"An area cannot be written on {path}, which has no region", a.line, s.file, (path,))
                )
            elif not own or not _inside_one_piece(a.rect, own):
                out.append(diag("SEG02", f"The area spills outside the region of {path}", a.line, s.file, (path,)))
    return out
