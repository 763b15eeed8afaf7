"""V8's Math.hypot and the original's area arithmetic (COMPAT.md §1).

The hypot expectations are what V8 (node 20) prints; each case is one where Python's
math.hypot or sqrt(a*a + b*b) gives a different last bit, so a "close enough"
implementation fails here.
"""

import math

from koyu_model.geometry import (
    js_hypot,
    piece_area_mm2,
    pieces_area_m2,
    polygon_area_m2,
    round2,
    shoelace2,
)


def test_hypot_three_four_five():
    assert js_hypot(3, 4) == 5.0
    assert js_hypot(-3, -4) == 5.0
    assert js_hypot(5, 12) == 13.0


def test_hypot_matches_v8_where_python_differs():
    # (value V8 prints, value Python's math.hypot gives)
    cases = [
        ((3068, 8420), 8961.5302264736),
        ((-7848, -4472), 9032.712106560242),
        ((2100, 3900), 4429.446918070021),
    ]
    for args, v8 in cases:
        assert js_hypot(*args) == v8
        assert math.hypot(*args) != v8  # the case really discriminates
    # 45°: naive sqrt(a*a + b*b) is one ulp low here
    assert js_hypot(3000, 3000) == 4242.640687119286
    assert math.sqrt(3000 * 3000 + 3000 * 3000) != 4242.640687119286


def test_hypot_three_arguments_and_specials():
    assert js_hypot(1, 2, 3) == 3.741657386773941  # Python: 3.7416573867739413
    assert js_hypot() == 0.0
    assert js_hypot(0, 0) == 0.0
    assert js_hypot(1e308, 1e308) == 1.4142135623730951e308  # scaled, no overflow
    assert js_hypot(math.nan, math.inf) == math.inf  # infinity wins over NaN
    assert math.isnan(js_hypot(math.nan, 1))


def test_hypot_hand_worked_kahan_steps():
    # max = 4; ratios 0.75 and 1: sum 0.5625 + 1 = 1.5625 exactly; sqrt = 1.25; * 4 = 5.
    # For (1, 1): ratios 1, 1 -> sqrt(2) * 1.
    assert js_hypot(1, 1) == math.sqrt(2.0)


def test_shoelace_sign_and_order():
    ccw = ((0, 0), (3600, 0), (3600, 4500), (0, 4500))
    assert shoelace2(ccw) == 2 * 3600 * 4500
    assert shoelace2(tuple(reversed(ccw))) == -2 * 3600 * 4500
    assert piece_area_mm2(tuple(reversed(ccw))) == 3600 * 4500
    # api/geometry.md: a 10 m square is 100 m² whichever way it winds
    sq = ((0, 0), (10000, 0), (10000, 10000), (0, 10000))
    assert polygon_area_m2(sq) == 100
    assert polygon_area_m2(tuple(reversed(sq))) == 100


def test_pieces_area_sums_in_mm2_then_divides():
    # 0.1 m² + 0.2 m² summed as m² would be 0.30000000000000004; the original sums mm²
    # (100000 + 200000) and divides once: exactly 0.3.
    p1 = ((0, 0), (100, 0), (100, 1000), (0, 1000))
    p2 = ((0, 0), (200, 0), (200, 1000), (0, 1000))
    assert pieces_area_m2([p1, p2]) == 0.3
    assert 0.1 + 0.2 != 0.3


def test_round2_is_math_round():
    assert round2(31.5) == 31.5
    assert round2(0.125) == 0.13  # half up, unlike Python's round (0.12)
    assert round2(-0.125) == -0.12  # halves go towards +infinity
    # 2.675 * 100 is exactly 267.5 in binary, so Math.round gives 268 (V8: 2.68);
    # Python's round(2.675, 2) gives 2.67.
    assert round2(2.675) == 2.68
    assert round(2.675, 2) == 2.67
