"""Boundary segments (reference/form/boundaries.md; COMPAT.md §8), worked by hand."""

from koyu_model.geometry import (
    LevelEdges,
    Segment,
    cut_by_line,
    drawn_line_segments,
    edge_orientation,
    filter_edge,
    merge_collinear,
    outline,
    rect_to_piece,
    segments_for,
    shared_edges,
    subtract_intervals,
)


def R(x1, y1, x2, y2):
    return rect_to_piece((x1, y1, x2, y2))


def H(x1, x2, y, face):
    return Segment(x1=x1, y1=y, x2=x2, y2=y, horizontal=True, edge_of_a=face)


def V(x, y1, y2, face):
    return Segment(x1=x, y1=y1, x2=x, y2=y2, horizontal=False, edge_of_a=face)


def test_edge_orientation_of_a_counter_clockwise_walk():
    assert edge_orientation((0, 0), (10, 0)) == "S"  # +x faces south
    assert edge_orientation((10, 0), (10, 5)) == "E"  # +y faces east
    assert edge_orientation((10, 5), (0, 5)) == "N"
    assert edge_orientation((0, 5), (0, 0)) == "W"
    assert edge_orientation((0, 0), (10, 10)) is None  # a diagonal has no face
    assert edge_orientation((0, 0), (1000, 0.4)) == "S"  # axis-parallel within EPS


def test_shared_edge_seen_from_a():
    a = [R(0, 0, 3600, 4000)]
    b = [R(3600, 0, 7200, 4000)]
    assert shared_edges(a, b) == [V(3600, 0, 4000, "E")]
    assert shared_edges(b, a) == [V(3600, 0, 4000, "W")]  # the word flips with a/b


def test_a_shared_edge_ending_where_both_sides_end_carries_a_s_number():
    # boundaries.md: a shared edge is seen from a. Where both sides' edges end at the same
    # value, the end is a's number: here the 0 and 4000 written on a, not the 0.0 and
    # 4000.0 a cut left on b (equal values; the type is what a Python reader can tell).
    a = [R(0, 0, 3600, 4000)]
    b = [((3600, 0.0), (7200, 0), (7200, 4000.0), (3600, 4000.0))]
    (s,) = shared_edges(a, b)
    assert s == V(3600, 0, 4000, "E") and (type(s.y1), type(s.y2)) == (int, int)
    (t,) = shared_edges(b, a)
    assert t == V(3600, 0, 4000, "W") and (type(t.y1), type(t.y2)) == (float, float)


def test_touching_at_a_point_or_by_eps_is_not_touching():
    a = [R(0, 0, 3600, 4000)]
    assert shared_edges(a, [R(3600, 4000, 7200, 8000)]) == []  # corner only (BND04)
    assert shared_edges(a, [R(3600, 3999.6, 7200, 8000)]) == []  # overlap 0.4 <= EPS
    assert shared_edges(a, [R(3600, 3999, 7200, 8000)]) == [V(3600, 3999, 4000, "E")]


def test_facing_edges_within_eps_use_a_coordinate():
    a = [R(0, 0, 3600, 4000)]
    assert shared_edges(a, [R(3600.4, 0, 7200, 4000)]) == [V(3600, 0, 4000, "E")]
    assert shared_edges(a, [R(3600.6, 0, 7200, 4000)]) == []


def test_outline_against_the_level_docs_example():
    # api/derive.md: /L1/a | /out with /L1/b on a's east: S, N, W in that order.
    a = [R(0, 0, 3600, 4000)]
    b = [R(3600, 0, 7200, 4000)]
    level = LevelEdges({"/L1/a": a, "/L1/b": b})
    assert segments_for(a, None, level=level, a_key="/L1/a") == [
        H(0, 3600, 0, "S"),
        H(0, 3600, 4000, "N"),
        V(0, 0, 4000, "W"),
    ]
    # a region-less a: the face is read from the side that has a region
    assert segments_for(None, b, level=level, b_key="/L1/b") == [
        H(3600, 7200, 0, "S"),
        V(7200, 0, 4000, "E"),
        H(3600, 7200, 4000, "N"),
    ]


def test_outline_of_an_l_in_first_appearance_order():
    # Two pieces; no wall on their seam; S and N of both pieces merge. The unmerged order
    # is S1 N1 W1 S2 E2 N2, so groups come out S, N, W, E (not S, E, N, W).
    L = [R(0, 0, 3000, 3000), R(3000, 0, 6000, 3000)]
    level = LevelEdges({"L": L})
    assert segments_for(L, None, level=level, a_key="L") == [
        H(0, 6000, 0, "S"),
        H(0, 6000, 3000, "N"),
        V(0, 0, 3000, "W"),
        V(6000, 0, 3000, "E"),
    ]
    assert segments_for(L, None, level=level, a_key="L", edge="N") == [H(0, 6000, 3000, "N")]


def test_outline_subtracts_partial_neighbours():
    room = [R(0, 0, 9000, 3000)]
    level = LevelEdges(
        {
            "room": room,
            "n1": [R(1000, 3000, 2000, 5000)],
            "n2": [R(1500, 3000, 4000, 6000)],  # overlaps n1's interval; union subtracted
            "far": [R(0, 3001, 9000, 4000)],  # 1 mm away: not facing
        }
    )
    assert outline(room, level, "room") == [
        H(0, 9000, 0, "S"),
        V(9000, 0, 3000, "E"),
        H(0, 1000, 3000, "N"),
        H(4000, 9000, 3000, "N"),
        V(0, 0, 3000, "W"),
    ]


def test_outline_drops_stretches_of_eps_or_less():
    room = [R(0, 0, 3000, 3000)]
    level = LevelEdges({"room": room, "n": [R(0.3, 3000, 3000, 5000)]})
    assert H(0, 0.3, 3000, "N") not in outline(room, level, "room")


def test_subtract_intervals_order_free():
    assert subtract_intervals(0, 10, [(6, 8), (2, 4)]) == [(0, 2), (4, 6), (8, 10)]
    assert subtract_intervals(0, 10, [(2, 4), (6, 8)]) == [(0, 2), (4, 6), (8, 10)]
    assert subtract_intervals(0, 10, [(-5, 15)]) == []


def test_merge_collinear_gap_and_faces():
    segs = [
        H(3000, 6000, 0, "S"),
        H(0, 2999.6, 0, "S"),  # gap 0.4 <= EPS: joins
        H(6001, 8000, 0, "S"),  # gap 1 > EPS: breaks
        H(0, 8000, 0, "N"),  # back-to-back on the same line: never merged with S
        H(0, 1000, 0.1, "S"),  # fixed coordinate must match exactly
    ]
    assert merge_collinear(segs) == [
        H(0, 6000, 0, "S"),
        H(6001, 8000, 0, "S"),
        H(0, 8000, 0, "N"),
        H(0, 1000, 0.1, "S"),
    ]


def test_filter_edge():
    segs = [H(0, 1, 0, "S"), V(1, 0, 1, "E")]
    assert filter_edge(segs, None) == segs
    assert filter_edge(segs, "E") == [V(1, 0, 1, "E")]
    assert filter_edge(segs, "N") == []


def test_branches_of_segments_for():
    a = [R(0, 0, 3600, 4000)]
    b = [R(3600, 0, 7200, 4000)]
    assert segments_for(a, b, vertical=True) == []  # a vertical boundary has no wall
    assert segments_for(a, b, same_level=False) == []  # no wall between levels
    assert segments_for(None, None) == []
    assert segments_for(a, b, edge="N") == []  # BND04 with edge: (they touch on E)
    assert segments_for(a, b, edge="E") == [V(3600, 0, 4000, "E")]


def test_drawn_line_realises_the_whole_diagonal_after_the_cut():
    a = (R(0, 0, 3000, 6000),)
    b = (R(3000, 0, 6000, 6000),)
    cut = cut_by_line(a, b, (3900, 0), (2100, 6000))
    expected = [Segment(x1=2100, y1=6000, x2=3900, y2=0, horizontal=False, diagonal=True)]
    assert drawn_line_segments(cut.a, cut.b, (3900, 0), (2100, 6000)) == expected
    # segments_for with a line: no merging, no edge filter
    assert segments_for(cut.a, cut.b, line=((2100, 6000), (3900, 0)), edge="N") == expected


def test_drawn_line_keeps_only_the_stretch_between_a_and_b():
    # A through-passage: the corridor's north line is shared by units a and c; the
    # boundary a|corridor realises only a's stretch.
    a = [R(0, 2000, 3000, 5000)]
    corridor = [R(0, 0, 9000, 2000)]
    line = ((9000, 2000), (0, 2000))
    assert drawn_line_segments(a, corridor, *line) == [
        Segment(x1=0, y1=2000, x2=3000, y2=2000, horizontal=True),
    ]


def test_drawn_line_envelope_and_resolution_floor():
    room = (R(0, 0, 6000, 6000),)
    cut = cut_by_line(room, None, (0, 3000), (3000, 6000))
    seg = Segment(x1=0, y1=3000, x2=3000, y2=6000, horizontal=False, diagonal=True)
    assert drawn_line_segments(cut.a, None, (0, 3000), (3000, 6000)) == [seg]
    assert drawn_line_segments(None, cut.a, (3000, 6000), (0, 3000)) == [seg]
    # A space 3 mm deep cannot be reached by a 5 mm probe: no segment at all.
    thin = [R(0, 2000, 3000, 2003)]
    below = [R(0, 0, 3000, 2000)]
    assert drawn_line_segments(thin, below, (0, 2000), (3000, 2000)) == []
    assert drawn_line_segments([R(0, 2000, 3000, 2010)], below, (0, 2000), (3000, 2000)) != []


def test_envelope_gaps_docs_example():
    # api/geometry.md: /L1/a has boundary /out edge:W; /L1/b has none.
    from koyu_model.geometry import envelope_gaps

    a = [R(0, 0, 3600, 4000)]
    b = [R(3600, 0, 7200, 4000)]
    level = LevelEdges({"/L1/a": a, "/L1/b": b})
    west = segments_for(a, None, level=level, a_key="/L1/a", edge="W")
    assert envelope_gaps(a, level, "/L1/a", west) == [H(0, 3600, 0, "S"), H(0, 3600, 4000, "N")]
    assert envelope_gaps(b, level, "/L1/b", []) == [
        H(3600, 7200, 0, "S"),
        V(7200, 0, 4000, "E"),
        H(3600, 7200, 4000, "N"),
    ]
    # a covering segment over part of a face leaves the rest; below SPAN_EPS is dropped
    part = [H(0, 3599.5, 0, "S")]
    assert H(3599.5, 3600, 0, "S") not in envelope_gaps(a, level, "/L1/a", west + part)
    assert envelope_gaps(a, level, "/L1/a", west + [H(0, 3000, 0, "S")])[0] == H(3000, 3600, 0, "S")


def test_outline_does_not_depend_on_the_owner_being_indexed():
    L = [R(0, 0, 3000, 3000), R(3000, 0, 6000, 3000)]
    with_owner = outline(L, LevelEdges({"L": L}), "L")
    without = outline(L, LevelEdges({}), "L")
    assert with_owner == without
    assert V(3000, 0, 3000, "E") not in without  # no wall on the seam either way


def test_envelope_gaps_a_drawn_line_on_the_outline_covers_it():
    from koyu_model.geometry import envelope_gaps

    room = [R(0, 0, 6000, 6000)]
    level = LevelEdges({"room": room})
    drawn = drawn_line_segments(room, None, (0, 0), (6000, 0))  # along the south edge
    assert drawn == [Segment(x1=0, y1=0, x2=6000, y2=0, horizontal=True)]
    assert envelope_gaps(room, level, "room", drawn) == [
        V(6000, 0, 6000, "E"),
        H(0, 6000, 6000, "N"),
        V(0, 0, 6000, "W"),
    ]
    diagonal = [Segment(x1=0, y1=0, x2=6000, y2=6000, horizontal=False, diagonal=True)]
    assert len(envelope_gaps(room, level, "room", diagonal)) == 4
