"""The eighteen derivation constants (reference/form/constants.md; api/derive.md
DERIVATION_CONSTANTS).

They fix what is derived when nothing was written; a written value always wins. They are
not ledger defaults. Tolerances live in ``koyu_model.geometry.tolerances``.
"""

from __future__ import annotations

__all__ = [
    "WALL_T",
    "RAIL_T",
    "RAIL_T_MAX",
    "RAIL_H",
    "OPENING_HEAD",
    "OPENING_H",
    "CEILING_T",
    "ROOF_T",
    "CUT_HEIGHT",
    "DEFAULT_RISER_MAX",
    "TREAD_TARGET",
    "ARROW_SPAN_MIN",
    "LANDING_MIN",
    "ENTRY_LANDING",
    "LANE_ESCALATOR",
    "TREAD_SOLID",
    "SLAB_T",
    "STEP_MARK",
    "DERIVATION_CONSTANTS",
]

WALL_T = 100  # wall thickness (t: overrides), half each side of the centre line
RAIL_T = 60  # thickness of a non-enclosing boundary (air:1)
RAIL_T_MAX = 80  # cap on a non-enclosing boundary's t:
RAIL_H = 1100  # top of a non-enclosing boundary above FL (its h: overrides)
OPENING_HEAD = 2000  # lintel: a door rises to it, anything else hangs from it
OPENING_H = 1200  # height of an opening that is not a door (h: overrides)
CEILING_T = 30  # face thickness of a ceiling
ROOF_T = 200  # roof slab with nothing above; stacked over the ceiling on a top storey
CUT_HEIGHT = 1200  # plan cut above FL (derive's default input)
DEFAULT_RISER_MAX = 180
TREAD_TARGET = 300
ARROW_SPAN_MIN = 900
LANDING_MIN = 1100
ENTRY_LANDING = 1100
LANE_ESCALATOR = 1200
TREAD_SOLID = 200
SLAB_T = 200
STEP_MARK = 400

# The published table, in the order the original prints it (api/derive.md).
DERIVATION_CONSTANTS = {
    "WALL_T": WALL_T,
    "RAIL_T": RAIL_T,
    "RAIL_T_MAX": RAIL_T_MAX,
    "RAIL_H": RAIL_H,
    "OPENING_HEAD": OPENING_HEAD,
    "OPENING_H": OPENING_H,
    "CEILING_T": CEILING_T,
    "ROOF_T": ROOF_T,
    "CUT_HEIGHT": CUT_HEIGHT,
    "DEFAULT_RISER_MAX": DEFAULT_RISER_MAX,
    "TREAD_TARGET": TREAD_TARGET,
    "ARROW_SPAN_MIN": ARROW_SPAN_MIN,
    "LANDING_MIN": LANDING_MIN,
    "ENTRY_LANDING": ENTRY_LANDING,
    "LANE_ESCALATOR": LANE_ESCALATOR,
    "TREAD_SOLID": TREAD_SOLID,
    "SLAB_T": SLAB_T,
    "STEP_MARK": STEP_MARK,
}
