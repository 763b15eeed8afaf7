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

from typing import Dict, Iterator, List, Optional, Set, Tuple

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.form.storeys import Storeys
from koyu_model.geometry import POINT_EPS, point_in_polygon
from koyu_model.jsjson import js_number
from koyu_model.model import Column, Model

__all__ = ["section_columns", "FloorIndex", "column_label"]


def column_label(c: Column) -> str:
    size = js_number(c.size)
    shape = f"{size}mm square" if c.d is None else f"{size}×{js_number(c.d)}mm"  # d: a guess (no example)
    return f"{c.levels_written} {shape}"


class FloorIndex:
    """The floors of each level, bucketed by x for point queries (built once per level)."""

    def __init__(self, model: Model, ground):
        self.model = model
        self.ground = ground
        self._levels: Dict[str, List[Tuple[Tuple[float, float, float, float], tuple]]] = {}

    def _floors(self, level: str):
        found = self._levels.get(level)
        if found is not None:
            return found
        g = self.ground
        spaces = self.model.spaces
        out = []
        for p in g.spaces_by_level.get(level, ()):
            s = spaces[p]
            if s.type in ("exterior", "void") or p not in g.pieces:
                continue
            if p in g.semi_outdoor and p not in g.covered:
                continue
            for piece in g.pieces[p]:
                xs = [v[0] for v in piece]
                ys = [v[1] for v in piece]
                out.append(((min(xs) - POINT_EPS, min(ys) - POINT_EPS,
                             max(xs) + POINT_EPS, max(ys) + POINT_EPS), piece))
        self._levels[level] = out
        return out

    def has_floor(self, level: str, x: float, y: float) -> bool:
        for (x1, y1, x2, y2), piece in self._floors(level):
            if x1 <= x <= x2 and y1 <= y <= y2 and point_in_polygon((x, y), piece):
                return True
        return False


def _axis(model: Model, axis: str, chosen: Optional[Tuple[str, ...]]) -> List[float]:
    g = getattr(model.grid, axis)
    if g is None:
        return []
    coords = dict(zip(g.names, g.coords))
    names = g.names if chosen is None else chosen
    return [coords[n] for n in names if n in coords]


def section_columns(model: Model, ground) -> Iterator[Diagnostic]:
    if not model.columns:
        return
    floors = FloorIndex(model, ground)
    storeys = Storeys(model)
    taken: Dict[Tuple[str, float, float], int] = {}  # site → index of the column standing there
    for ci, c in enumerate(model.columns):
        xs = _axis(model, "X", c.x)
        ys = _axis(model, "Y", c.y)
        any_floor = False
        stood = 0
        takers: Set[int] = set()
        for level in c.levels:
            if level not in model.levels:
                continue
            pitched = storeys.pitch(level) is not None
            for x in xs:
                for y in ys:
                    if not floors.has_floor(level, x, y):
                        continue
                    any_floor = True
                    if not pitched:
                        continue
                    site = (level, x, y)
                    owner = taken.get(site)
                    if owner is not None:
                        takers.add(owner)
                        continue
                    taken[site] = ci
                    stood += 1
        if not any_floor:
            yield diag("COL01", "Not one column stands for this declaration (the grid intersections "
                                f"have no floor): {column_label(c)}", c.line, c.file)
        elif stood == 0 and takers:
            earlier = [model.columns[i] for i in sorted(takers)]
            yield diag("COL02", f"This column declaration ({column_label(c)}) stands nowhere because an "
                                "earlier declaration took the same intersections (at the same "
                                "intersection the earlier declaration wins)", c.line, c.file, None,
                       [related(e.line, e.file) for e in earlier])
