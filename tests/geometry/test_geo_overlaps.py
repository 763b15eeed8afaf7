"""Overlap of written rectangles with the 0.5 mm rule (GEO01/GEO02), and point in polygon."""

from koyu_model.geometry import (
    overlapping_pairs,
    point_in_polygon,
    poly_bounds,
    rect_overlap,
    self_overlaps,
)


def test_rect_overlap_needs_more_than_eps_on_both_axes():
    assert rect_overlap((0, 0, 10, 10), (5, 5, 20, 20))
    assert not rect_overlap((0, 0, 10, 10), (10, 0, 20, 10))  # shared edge
    assert not rect_overlap((0, 0, 10, 10), (9.6, 0, 20, 10))  # 0.4 mm
    assert rect_overlap((0, 0, 10, 10), (9.4, 0, 20, 10))  # 0.6 mm


def test_self_overlaps_in_pair_order():
    rects = [(0, 0, 10, 10), (20, 0, 30, 10), (5, 0, 25, 10)]
    assert self_overlaps(rects) == [(0, 2), (1, 2)]


def test_overlapping_pairs_per_level_sorted():
    spaces = [
        (3, "L1", [(9, 9, 20, 20)]),
        (0, "L1", [(0, 0, 10, 10)]),
        (2, "L1", [(10, 0, 20, 10)]),  # touches 0 on an edge only
        (7, "L2", [(0, 0, 10, 10)]),  # another level
        (5, "L1", [(100, 100, 110, 110), (5, 5, 6, 6)]),  # its second rectangle overlaps 0
        (8, None, [(0, 0, 10, 10)]),
        (9, None, [(1, 1, 2, 2)]),  # no level counts as one level
    ]
    assert overlapping_pairs(spaces) == [(0, 3), (0, 5), (2, 3), (8, 9)]


def test_overlapping_pairs_at_scale_finds_only_the_planted_ones():
    n = 50
    spaces = [
        (i * n + j, "L1", [(j * 1000, i * 1000, j * 1000 + 1000, i * 1000 + 1000)]) for i in range(n) for j in range(n)
    ]
    spaces.append((n * n, "L1", [(1500, 1500, 1600, 1600)]))  # inside room (1, 1)
    assert overlapping_pairs(spaces) == [(n + 1, n * n)]


def test_point_in_polygon_on_the_edge_is_inside():
    poly = [(0, 0), (10000, 0), (10000, 10000), (0, 10000)]
    assert point_in_polygon((5000, 5000), poly)
    assert not point_in_polygon((12000, 0), poly)
    assert point_in_polygon((0, 5000), poly)  # on the edge
    assert point_in_polygon((-0.9, 5000), poly)  # within POINT_EPS
    assert not point_in_polygon((-1.1, 5000), poly)
    assert point_in_polygon((-3, 5000), poly, eps=5)
    # a concave polygon (an L): the notch is outside
    L = [(0, 0), (6000, 0), (6000, 3000), (3000, 3000), (3000, 6000), (0, 6000)]
    assert not point_in_polygon((4500, 4500), L)
    assert point_in_polygon((1500, 4500), L)
    assert point_in_polygon(tuple((5000, 1000)), list(reversed(L)))  # either winding


def test_poly_bounds():
    assert poly_bounds([(0, 0), (10000, 0), (10000, 10000), (0, 10000)]) == (0, 0, 10000, 10000)
    assert poly_bounds([(3, -1), (-2, 4), (1, 1)]) == (-2, -1, 3, 4)
