"""Section 10 (COMPAT §7): columns — COL01 / COL02 per declaration (spec: diagnostics/col.md;
muro/column.md; form/bodies.md "Columns").

A column stands at a grid intersection (X outer, Y inner) that falls inside a *floor* of
its level: a derived piece (after drawn-line cuts) of a region space on that level that
is neither ``exterior`` nor ``void`` nor semi-outdoor with nothing above, within
``POINT_EPS`` (on the edge is inside). Two columns never share an intersection: the
earlier declaration wins. On a level whose storey pitch is undetermined nothing stands,
and COL stays quiet about it (SUF01 speaks).

Per declaration: no floor at any of its intersections → COL01; a floor but nothing stood
because earlier declarations took every site → COL02, related = the earlier declarations
that actually stood on one of its sites.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.form.columns import standing
from koyu_model.jsjson import js_string
from koyu_model.model import Column, Model

__all__ = ["section_columns", "column_label"]


def column_label(c: Column) -> str:
    size = js_string(c.size)
    shape = f"{size}mm square" if c.d is None else f"{size}×{js_string(c.d)}mm"  # d: a guess (no example)
    return f"{c.levels_written} {shape}"


def section_columns(model: Model) -> Iterator[Diagnostic]:
    # Where columns stand is the Form's rule (koyu_model.form.columns.standing), read once.
    if not model.columns:
        return
    outcomes = standing(model).outcomes
    for c, o in zip(model.columns, outcomes):
        if not o.any_floor:
            yield diag(
                "COL01",
                f"Not one column stands for this declaration (the grid intersections have no floor): {column_label(c)}",
                c.line,
                c.file,
            )
        elif o.stood == 0 and o.takers:
            earlier = [model.columns[i] for i in sorted(o.takers)]
            yield diag(
                "COL02",
                f"This column declaration ({column_label(c)}) stands nowhere because an "
                "earlier declaration took the same intersections (at the same "
                "intersection the earlier declaration wins)",
                c.line,
                c.file,
                None,
                [related(e.line, e.file) for e in earlier],
            )
