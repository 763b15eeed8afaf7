"""The shape kernel: pure functions over plain numbers that `check` and `derive` stand on.

Inputs are plain: a rectangle is (x1, y1, x2, y2) in mm with x1 < x2, y1 < y2; a piece is a
tuple of (x, y) vertices, counter-clockwise; a side with no region is ``None``. Nothing
here reads the Model, and nothing here imports another part of the core but
``koyu_model.jsjson`` (for Math.round). A wall's centre line is a ``Segment`` (segments.py),
the record the Form carries.

How derive/check use it, per model:

1. ``region_pieces(rects)`` per space (rects in the canonical order of their spelling);
2. ``apply_cuts(pieces, lines)`` with every drawn line of a horizontal boundary in
   canonical boundary order → final pieces and each line's effect (LIN01/LIN03);
3. ``touching_pairs`` over (model index, level, pieces) → derived-wall candidates;
4. one ``LevelEdges`` per level over the final pieces; ``segments_for`` per boundary;
5. ``place_band`` per opening/seg, ``overlapping_neighbours`` per boundary (OPN02);
   ``band_line`` / ``thicken`` to raise panels and bands; ``envelope_gaps`` for validate.

Modules: tolerances (the seven), jsmath (V8 Math.hypot, shoelace order, Math.round),
polygon (rect→piece, bounds, point in polygon, thicken, bandLine), pieces (clipping and
the drawn-line cut), segments (faces, shared edges, outline, merging, drawn lines, gaps),
contacts (touching pairs), placement (bands on segments), overlaps (GEO01/GEO02).
"""

from .contacts import touching_pairs  # noqa: F401
from .jsmath import (  # noqa: F401
    js_hypot,
    js_round,
    piece_area_mm2,
    pieces_area_m2,
    pieces_area_mm2,
    polygon_area_m2,
    round2,
    shoelace2,
)
from .overlaps import (  # noqa: F401
    BoxIndex,
    overlapping_pairs,
    pieces_union_mm2,
    rect_overlap,
    self_overlaps,
    union_area_mm2,
)
from .pieces import (  # noqa: F401
    CUT,
    NOTHING,
    UNDETERMINED,
    LineCut,
    apply_cuts,
    canonical_endpoints,
    clip_half_plane,
    cut_by_line,
    is_sliver,
    line_window,
    region_pieces,
    side_bias,
    split_by_rect,
)
from .placement import (  # noqa: F401
    AMBIGUOUS,
    NO_SEGMENT,
    RUNS_OFF,
    TOO_WIDE,
    WRONG_AXIS,
    BandFailure,
    Overlap,
    PlacedBand,
    band_code,
    overlapping_neighbours,
    place_band,
    segment_length,
)
from .polygon import (  # noqa: F401
    band_line,
    pieces_bounds,
    point_in_polygon,
    poly_bounds,
    rect_to_piece,
    thicken,
)
from .segments import (  # noqa: F401
    OPPOSITE,
    LevelEdges,
    Segment,
    drawn_line_segments,
    edge_orientation,
    edge_segment,
    envelope_gaps,
    filter_edge,
    merge_collinear,
    outline,
    segments_for,
    shared_edge_tuples,
    shared_edges,
    subtract_intervals,
    uncovered_stretches,
)
from .tolerances import (  # noqa: F401
    AREA_EPS,
    CROSS_EPS,
    EPS,
    PARALLEL_EPS,
    POINT_EPS,
    PROBE,
    SPAN_EPS,
    TOLERANCES,
)
