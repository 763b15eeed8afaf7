"""Touching pairs — the population of derived default walls (muro/boundary.md)."""

import random

from koyu_model.geometry import rect_to_piece, shared_edges, touching_pairs


def R(x1, y1, x2, y2):
    return rect_to_piece((x1, y1, x2, y2))


def test_pairs_touching_on_an_edge_same_level_only():
    spaces = [
        (0, "L1", [R(0, 0, 3600, 4000)]),
        (1, "L1", [R(3600, 0, 7200, 4000)]),  # east of 0
        (2, "L1", [R(7200, 4000, 9000, 5000)]),  # corner of 1 only
        (3, "L2", [R(0, 4000, 3600, 8000)]),  # another level
        (4, "L1", [R(0, 4000, 3600, 8000)]),  # north of 0; corner of 1 only
    ]
    assert touching_pairs(spaces) == [(0, 1), (0, 4)]


def test_pairs_are_sorted_by_model_index_whatever_the_input_order():
    spaces = [
        (5, "L1", [R(3600, 0, 7200, 4000)]),
        (2, "L1", [R(0, 0, 3600, 4000)]),
        (9, "L1", [R(0, -3000, 3600, 0)]),
    ]
    assert touching_pairs(spaces) == [(2, 5), (2, 9)]


def test_spaces_without_a_level_touch_each_other():
    spaces = [(0, None, [R(0, 0, 10, 10)]), (1, None, [R(10, 0, 20, 10)]), (2, "L1", [R(20, 0, 30, 10)])]
    assert touching_pairs(spaces) == [(0, 1)]


def test_tolerances():
    base = (0, "L1", [R(0, 0, 3600, 4000)])
    assert touching_pairs([base, (1, "L1", [R(3600.4, 0, 7200, 4000)])]) == [(0, 1)]
    assert touching_pairs([base, (1, "L1", [R(3600.6, 0, 7200, 4000)])]) == []
    assert touching_pairs([base, (1, "L1", [R(3600, 3999.6, 7200, 8000)])]) == []
    assert touching_pairs([base, (1, "L1", [R(3600, 3999, 7200, 8000)])]) == [(0, 1)]


def test_pieces_of_one_space_do_not_pair_with_themselves():
    L = [R(0, 0, 3000, 3000), R(3000, 0, 6000, 3000)]
    assert touching_pairs([(0, "L1", L)]) == []
    assert touching_pairs([(0, "L1", L), (1, "L1", [R(6000, 0, 7000, 3000)])]) == [(0, 1)]


def test_agrees_with_shared_edges_on_an_irregular_plan():
    rng = random.Random(20261129)
    spaces = []
    index = 0
    # rows of rooms of random widths, some rows offset, some gaps: many partial contacts
    y = 0
    for _row in range(12):
        depth = rng.choice([3000, 4000, 5000])
        x = rng.choice([0, 0, 500])
        while x < 30000:
            w = rng.choice([2000, 2500, 3000, 3600])
            if rng.random() < 0.85:
                pieces = [R(x, y, x + w, y + depth)]
                if rng.random() < 0.2:  # an L: a second rectangle above
                    pieces.append(R(x, y + depth, x + w // 2, y + depth + 1000))
                spaces.append((index, "L1", pieces))
                index += 1
            x += w
        y += depth + rng.choice([0, 0, 0, 1000])
    brute = sorted(
        (i, j) for n, (i, _, pi) in enumerate(spaces) for (j, _, pj) in spaces[n + 1 :] if shared_edges(pi, pj)
    )
    assert len(brute) > 50
    assert touching_pairs(spaces) == brute


def test_a_large_grid_counts_every_neighbour_once():
    n = 60  # 3600 rooms
    spaces = [
        (i * n + j, "L1", [R(j * 3000, i * 3000, j * 3000 + 3000, i * 3000 + 3000)]) for i in range(n) for j in range(n)
    ]
    pairs = touching_pairs(spaces)
    assert len(pairs) == 2 * n * (n - 1)
    assert pairs[0] == (0, 1) and pairs[1] == (0, n)
