"""The shape kernel: pure functions over plain numbers that `check` and `derive` stand on.

Rectangles are (x1, y1, x2, y2) in mm; pieces are tuples of (x, y) vertices,
counter-clockwise. Nothing here reads the Model. See the report in each module's docstring
for the spec page it implements.
"""

from .tolerances import (  # noqa: F401
    AREA_EPS, CROSS_EPS, EPS, PARALLEL_EPS, POINT_EPS, PROBE, SPAN_EPS, TOLERANCES,
)
from .jsmath import (  # noqa: F401
    js_hypot, js_round, piece_area_mm2, pieces_area_m2, polygon_area_m2, round2, shoelace2,
)
from .polygon import (  # noqa: F401
    band_line, pieces_bounds, point_in_polygon, poly_bounds, rect_to_piece, thicken,
)
from .pieces import (  # noqa: F401
    CUT, NOTHING, UNDETERMINED, LineCut, canonical_endpoints, clip_half_plane, cut_by_line,
    is_sliver, line_window, side_bias, split_by_rect, region_pieces, apply_cuts,
)
from .segments import (  # noqa: F401
    OPPOSITE, Edge, LevelEdges, drawn_line_segments, edge_orientation, edge_segment,
    filter_edge, merge_collinear, outline, piece_edges, segments_for, shared_edges,
    subtract_intervals, envelope_gaps,
)
from .contacts import touching_pairs  # noqa: F401
from .placement import (  # noqa: F401
    AMBIGUOUS, NO_SEGMENT, RUNS_OFF, TOO_WIDE, WRONG_AXIS, BandFailure, Overlap, PlacedBand,
    band_code, overlapping_neighbours, place_band, segment_length,
)
from .overlaps import overlapping_pairs, rect_overlap, self_overlaps  # noqa: F401
