"""Pieces and the drawn-line cut (reference/form/regions.md; COMPAT.md §8).

Expected vertex lists were worked out by hand with the rule "for each vertex: keep it if it
is on the kept side or on the line, then insert the crossing of the edge to the next vertex
if the sign strictly changes"; the two-room and corner-cut results are also what the
original draws for the documentation's own examples.
"""

from koyu_model.geometry import (
    CUT,
    NOTHING,
    UNDETERMINED,
    canonical_endpoints,
    clip_half_plane,
    cut_by_line,
    is_sliver,
    line_window,
    pieces_area_m2,
    rect_to_piece,
    side_bias,
    split_by_rect,
)


def R(x1, y1, x2, y2):
    return rect_to_piece((x1, y1, x2, y2))


def test_rect_to_piece_is_counter_clockwise_from_lower_left():
    assert R(0, 0, 3600, 4000) == ((0, 0), (3600, 0), (3600, 4000), (0, 4000))


def test_clip_start_vertex_follows_the_kept_first_vertex():
    # b = X2..X3 of the two-room example, kept west of the line (2100,6000)-(3900,0).
    # A "previous vertex" formulation would start at the crossing (3000, 3000) instead.
    b = R(3000, 0, 6000, 6000)
    west = clip_half_plane(b, (2100, 6000), (3900, 0), keep_left=False)
    assert west == ((3000, 0), (3900, 0), (3000, 3000))
    east = clip_half_plane(b, (2100, 6000), (3900, 0), keep_left=True)
    assert east == ((3900, 0), (6000, 0), (6000, 6000), (3000, 6000), (3000, 3000))


def test_clip_keeps_a_vertex_on_the_line_once():
    # The line passes exactly through (0, 3000): no duplicate vertex is inserted.
    quad = ((6000, 3000), (6000, 6000), (0, 6000), (0, 3000))
    kept = clip_half_plane(quad, (0, 3000), (3000, 6000), keep_left=False)
    assert kept == ((6000, 3000), (6000, 6000), (3000, 6000), (0, 3000))


def test_sliver_threshold():
    assert is_sliver(((0, 0), (10, 0)))  # two vertices
    assert is_sliver(R(0, 0, 1, 1))  # exactly AREA_EPS: at or below is nothing
    assert not is_sliver(R(0, 0, 1, 2))
    assert is_sliver(((0, 0), (3000, 0), (3000, 0), (0, 0)))  # zero area


def test_split_by_rect_walks_bottom_right_top_left():
    outs, inside = split_by_rect(R(0, 0, 10000, 10000), (2000, 2000, 8000, 8000))
    assert outs == [
        ((0, 0), (10000, 0), (10000, 2000), (0, 2000)),  # bottom
        ((10000, 2000), (10000, 10000), (8000, 10000), (8000, 2000)),  # right
        ((8000, 10000), (0, 10000), (0, 8000), (8000, 8000)),  # top
        ((0, 8000), (0, 2000), (2000, 2000), (2000, 8000)),  # left
    ]
    assert inside == ((2000, 2000), (8000, 2000), (8000, 8000), (2000, 8000))


def test_split_by_rect_piece_inside_window_has_no_outside_parts():
    outs, inside = split_by_rect(R(0, 0, 3000, 6000), (0, 0, 6000, 6000))
    assert outs == []
    assert inside == R(0, 0, 3000, 6000)


def test_canonical_endpoints_ascend_in_x_then_y():
    assert canonical_endpoints((3900, 0), (2100, 6000)) == ((2100, 6000), (3900, 0))
    assert canonical_endpoints((300, 6000), (300, 0)) == ((300, 0), (300, 6000))


def test_window_two_spaces_and_envelope():
    # Vertical line (|dy| >= |dx|): along y, across x.
    box_a, box_b = (0, 0, 3000, 6000), (3000, 1000, 6000, 5000)
    assert line_window((2100, 6000), (3900, 0), box_a, box_b) == (0, 1000, 6000, 5000)
    # Envelope: along is the segment's own interval, across the region's whole box.
    assert line_window((0, 3000), (3000, 6000), (0, 0, 6000, 6000), None) == (0, 3000, 6000, 6000)
    # Horizontal line: along x.
    assert line_window((1000, 0), (5000, 100), (0, 0, 6000, 6000), None) == (1000, 0, 5000, 6000)


def test_side_bias():
    square = [R(0, 0, 6000, 6000)]
    assert side_bias(square, (0, 3000), (3000, 6000)) == -1  # the big part is on the right
    assert side_bias(square, (0, 0), (6000, 6000)) == 0  # exact bisection


def test_two_room_line_redivides_and_preserves_area():
    # diagnostics/lin.md: line X2+900,Y1 X2-900,Y2 between a = X1..X2 and b = X2..X3.
    a = (R(0, 0, 3000, 6000),)
    b = (R(3000, 0, 6000, 6000),)
    cut = cut_by_line(a, b, (3900, 0), (2100, 6000))
    assert cut.effect == CUT  # two equal triangles trade places: still a cut
    assert cut.a == (
        ((0, 0), (3000, 0), (3000, 3000), (2100, 6000), (0, 6000)),
        ((3000, 0), (3900, 0), (3000, 3000)),  # the pool is a's window part, then b's
    )
    assert cut.b == (
        ((3000, 3000), (3000, 6000), (2100, 6000)),
        ((3900, 0), (6000, 0), (6000, 6000), (3000, 6000), (3000, 3000)),
    )
    assert pieces_area_m2(cut.a) + pieces_area_m2(cut.b) == 36


def test_written_direction_of_the_line_does_not_matter():
    a = (R(0, 0, 3000, 6000),)
    b = (R(3000, 0, 6000, 6000),)
    assert cut_by_line(a, b, (3900, 0), (2100, 6000)) == cut_by_line(a, b, (2100, 6000), (3900, 0))


def test_envelope_corner_cut():
    # form/regions.md: the north-west triangle falls off a 6000 square -> 31.50 m².
    room = (R(0, 0, 6000, 6000),)
    cut = cut_by_line(room, None, (0, 3000), (3000, 6000))
    assert cut.effect == CUT
    assert cut.b is None
    assert cut.a == (
        ((0, 0), (6000, 0), (6000, 3000), (0, 3000)),  # outside the window
        ((6000, 3000), (6000, 6000), (3000, 6000), (0, 3000)),  # the window, cut
    )
    assert pieces_area_m2(cut.a) == 31.5
    # Which side was written first has no effect on the side kept.
    swapped = cut_by_line(None, room, (3000, 6000), (0, 3000))
    assert swapped.a is None and swapped.b == cut.a


def test_envelope_window_does_not_reach_a_distant_wing():
    # Square plus a wing below-right that the infinite line x + y = 10000 would cross.
    square = R(0, 0, 6000, 6000)
    wing = R(6000, -6000, 12000, 0)
    cut = cut_by_line((square, wing), None, (6000, 4000), (4000, 6000))
    assert cut.effect == CUT
    assert cut.a == (
        ((0, 0), (6000, 0), (6000, 4000), (0, 4000)),
        wing,  # untouched, whole, in its place among the outside parts
        ((6000, 4000), (4000, 6000), (0, 6000), (0, 4000)),
    )
    assert pieces_area_m2(cut.a) == 36 + 36 - 2


def test_line_on_the_adjacency_line_cuts_nothing():
    a = (R(0, 0, 3000, 6000),)
    b = (R(3000, 0, 6000, 6000),)
    cut = cut_by_line(a, b, (3000, 0), (3000, 6000))
    assert cut.effect == NOTHING
    assert cut.a == a and cut.b == b
    room = (R(0, 0, 6000, 6000),)
    assert cut_by_line(room, None, (0, 0), (6000, 0)).effect == NOTHING


def test_line_not_separating_is_undetermined():
    a = (R(0, 0, 3000, 6000),)
    b = (R(3000, 0, 6000, 6000),)
    cut = cut_by_line(a, b, (0, 0), (0, 6000))  # both lie east of it
    assert cut.effect == UNDETERMINED
    assert cut.a == a and cut.b == b
    room = (R(0, 0, 6000, 6000),)
    assert cut_by_line(room, None, (0, 0), (6000, 6000)).effect == UNDETERMINED  # bisection
    assert cut_by_line(None, None, (0, 0), (6000, 6000)).effect == UNDETERMINED


def test_one_unbiased_side_takes_the_opposite_of_the_other():
    # The line bisects b exactly (b has no bias) but a leans west: b takes the east.
    a = (R(0, 0, 3000, 6000),)
    b = (R(3000, 0, 6000, 6000),)
    cut = cut_by_line(a, b, (4500, 0), (4500, 6000))
    assert cut.effect == CUT
    assert pieces_area_m2(cut.a) == 27 and pieces_area_m2(cut.b) == 9


def test_window_without_substance_or_out_of_reach_cuts_nothing():
    # a below b: the along-intersection of their boxes (y) is a single line.
    a = (R(0, 0, 3000, 3000),)
    b = (R(0, 3000, 3000, 6000),)
    assert cut_by_line(a, b, (1500, 0), (1400, 6000)).effect == NOTHING
    # An envelope line far from the allocation.
    room = (R(0, 0, 6000, 6000),)
    cut = cut_by_line(room, None, (20000, 0), (23000, 3000))
    assert cut.effect == NOTHING and cut.a == room


def test_cut_is_not_idempotent_input_is_current_pieces():
    # A second line reads the already-cut pieces: its window shrinks with them.
    room = (R(0, 0, 6000, 6000),)
    first = cut_by_line(room, None, (0, 3000), (3000, 6000))
    second = cut_by_line(first.a, None, (3000, 0), (6000, 3000))
    assert second.effect == CUT
    assert pieces_area_m2(second.a) == 27


def test_a_line_that_reaches_but_removes_nothing_leaves_pieces_unsplit():
    # The window (x across the whole room, y along the segment 0..3000) overlaps the room,
    # but the whole room lies on one side: nothing is lost, so nothing is re-split either.
    room = (R(0, 0, 6000, 6000),)
    cut = cut_by_line(room, None, (20000, 0), (23000, 3000))
    assert cut.effect == NOTHING
    assert cut.a == room


def test_apply_cuts_runs_lines_in_the_given_order_on_current_pieces():
    from koyu_model.geometry import apply_cuts, region_pieces

    pieces = {"a": region_pieces([(0, 0, 6000, 6000)]), "out": None}
    lines = [("a", "out", (0, 3000), (3000, 6000)), ("out", "a", (6000, 3000), (3000, 6000))]
    result, effects = apply_cuts(pieces, lines)
    assert effects == [CUT, CUT]
    assert "out" not in result
    assert pieces_area_m2(result["a"]) == 27
    # the second line alone is a single cut of 4.5 m²
    alone, _ = apply_cuts(pieces, lines[1:])
    assert pieces_area_m2(alone["a"]) == 31.5
