"""Measures of a composed Model: areas and the floor-area aggregations (spec:
reference/api/queries.md "Areas", reference/mcp/tools-read.md model_summary/spaces,
COMPAT §1 rounding and evaluation order, §9 model_summary).

Pure readings of a Model standing on ``koyu_model.derived`` (pieces after drawn-line
cuts, the semi-outdoor and indoor sets); nothing here speaks JSON or MCP. Display names
and inherited ``use`` live in ``koyu_model.queries``.

* ``areas`` — a space's area in m² from its pieces, a polygon's area, every space's
  rounded area at once (once per Model).
* ``totals`` — indoor / semi-outdoor floor areas, per level, per use, per zone.
"""

from koyu_model.measures.areas import (  # noqa: F401
    areas_of,
    polygon_area_m2,
    space_area_m2,
    space_areas,
)
from koyu_model.measures.totals import (  # noqa: F401
    FloorTotals,
    floor_totals,
    zone_area_m2,
    zone_areas_m2,
)

__all__ = [
    "areas_of",
    "polygon_area_m2",
    "space_area_m2",
    "space_areas",
    "FloorTotals",
    "floor_totals",
    "zone_area_m2",
    "zone_areas_m2",
]
