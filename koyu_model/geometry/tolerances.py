"""The seven tolerances (reference/form/constants.md, "Tolerances — seven").

No question may have two tolerances: every comparison in the geometry kernel reads its
number from here, never from a literal.
"""

from __future__ import annotations

__all__ = [
    "EPS",
    "AREA_EPS",
    "PROBE",
    "SPAN_EPS",
    "CROSS_EPS",
    "PARALLEL_EPS",
    "POINT_EPS",
    "TOLERANCES",
]

EPS = 0.5  # mm: axis-parallelism, facing, interval coincidence, merge gap, overrun, overlap
AREA_EPS = 1.0  # mm²: a cut remnant at or below this is nothing; "no bias"; roof tiles
PROBE = 5.0  # mm: how far to probe either side of a drawn line (resolution floor of shape)
SPAN_EPS = 1.0  # mm: cut plane vs z, visible interval, paired runs, envelope hole, wall piece
CROSS_EPS = 1e-6  # the sign of a cross product when cutting by a half-plane
PARALLEL_EPS = 1e-9  # infinite line vs segment parallelism; segment-side parameter range
POINT_EPS = 1.0  # mm: the band that counts as "on a polygon edge" (on the edge is inside)

# The published table, in the order the original prints it (reference/api/derive.md).
TOLERANCES = {
    "EPS": EPS,
    "AREA_EPS": AREA_EPS,
    "PROBE": PROBE,
    "SPAN_EPS": SPAN_EPS,
    "CROSS_EPS": CROSS_EPS,
    "PARALLEL_EPS": PARALLEL_EPS,
    "POINT_EPS": POINT_EPS,
}
