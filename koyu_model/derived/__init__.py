"""Derived indexes: what is worked out from a composed Model before any answer is written,
once per Model, and kept on it (``Model.stash``, under a key each builder declares).
check, the Form, the queries and validate all stand on these; nothing here writes an
answer.

    layout(model)              pieces after the drawn-line cuts, line effects, written
                               rectangles, spaces by level                  (layout.py)
    level_plans(model)         each level's region spaces laid out for the edge index;
                               levels laid out alike share one plan           (layout.py)
    exterior_walls(model)      the walls to the outside on the rest of each
                               perimeter, where the release derives them   (exterior.py)
    boundary_table(model)      declared boundaries, then the default walls,
                               then the exterior walls                        (walls.py)
    boundaries_naming(model)   path → the declared boundaries naming it       (walls.py)
    form_order(model)          the canonical order over the table, each ``@i`` (walls.py)
    boundary_segments(model)   each boundary's segments                     (segments.py)
    placements(model)          each opening's and seg's place on them     (placements.py)
    semi_outdoor(model), indoor(model), covered(model), covered_among(model, paths)
                               which spaces are open to the air, counted, roofed (cover.py)

The flow inside is one way: layout → exterior → walls → segments → placements; cover
reads layout (and exterior reads cover).
Reading the Model and the geometry kernel is all any of them does (and canonical's
boundary order and rectangle order, which are the spec's orders).
"""

from .cover import covered, covered_among, indoor, semi_outdoor
from .exterior import OUTSIDE, ExteriorWalls, exterior_walls
from .layout import Layout, LevelPlan, LevelPlans, layout, level_plans
from .placements import Placement, Placements, band_key, placements
from .segments import NOTHING_DERIVES, BoundarySegments, boundary_segments
from .walls import BoundaryTable, FormOrder, boundaries_naming, boundary_table, form_order

__all__ = [
    "Layout",
    "layout",
    "LevelPlan",
    "LevelPlans",
    "level_plans",
    "OUTSIDE",
    "ExteriorWalls",
    "exterior_walls",
    "BoundaryTable",
    "boundary_table",
    "boundaries_naming",
    "FormOrder",
    "form_order",
    "NOTHING_DERIVES",
    "BoundarySegments",
    "boundary_segments",
    "Placement",
    "Placements",
    "band_key",
    "placements",
    "semi_outdoor",
    "indoor",
    "covered",
    "covered_among",
]
