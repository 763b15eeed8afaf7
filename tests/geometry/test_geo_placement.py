"""Placing openings and segs (form/bodies.md "Placing a band"; diagnostics/opn.md)."""

from koyu_model.geometry import (
    AMBIGUOUS,
    NO_SEGMENT,
    RUNS_OFF,
    TOO_WIDE,
    WRONG_AXIS,
    BandFailure,
    PlacedBand,
    Segment,
    band_code,
    band_line,
    overlapping_neighbours,
    place_band,
    thicken,
)

EAST = Segment(x1=3600, y1=0, x2=3600, y2=4000, horizontal=False, edge_of_a="E")
SOUTH = Segment(x1=3600, y1=0, x2=7200, y2=0, horizontal=True, edge_of_a="S")
NORTH = Segment(x1=0, y1=4000, x2=3600, y2=4000, horizontal=True, edge_of_a="N")
DIAG = Segment(x1=0, y1=3000, x2=3000, y2=6000, horizontal=False, diagonal=True)


def test_ratio_default_and_explicit():
    assert place_band([EAST], 800) == PlacedBand(EAST, 3600, 2000)  # at 0.5
    assert place_band([EAST], 1000, at=0.25) == PlacedBand(EAST, 3600, 1000)
    # door.md: at:0.4 on a 3600-long segment starting at x=3600 -> 5040
    assert place_band([SOUTH], 1200, at=0.4) == PlacedBand(SOUTH, 5040, 0)


def test_ratio_is_clamped_so_the_band_fits():
    assert place_band([EAST], 900, at=0) == PlacedBand(EAST, 3600, 450)
    assert place_band([EAST], 900, at=1) == PlacedBand(EAST, 3600, 3550)
    assert place_band([EAST], 4000, at=0.1) == PlacedBand(EAST, 3600, 2000)  # equal width


def test_grid_reference_places_exactly_and_is_not_clamped():
    assert place_band([SOUTH], 900, at_abs=3600 + 1200, at_axis="X") == PlacedBand(SOUTH, 4800, 0)
    off = place_band([EAST], 900, at_abs=200, at_axis="Y")  # opn.md OPN08 example
    assert off == BandFailure(
        RUNS_OFF, segment=EAST, length=4000, seg_lo=0, seg_hi=4000, allowed_lo=450, allowed_hi=3550
    )
    # overrun within EPS is accepted
    assert isinstance(place_band([EAST], 900, at_abs=449.6, at_axis="Y"), PlacedBand)
    assert place_band([EAST], 900, at_abs=449.4, at_axis="Y").kind == RUNS_OFF
    assert place_band([EAST], 900, at_abs=3550.6, at_axis="Y").kind == RUNS_OFF


def test_failures_in_order():
    assert place_band([], 800) == BandFailure(NO_SEGMENT)
    assert place_band([EAST], 800, edge="N") == BandFailure(NO_SEGMENT)
    assert place_band([SOUTH, NORTH], 800) == BandFailure(AMBIGUOUS)
    assert isinstance(place_band([SOUTH, NORTH], 800, edge="N"), PlacedBand)
    # too wide is decided before the axis of a grid reference
    assert place_band([EAST], 5000, at_abs=1, at_axis="X") == BandFailure(TOO_WIDE, segment=EAST, length=4000)
    wrong = place_band([NORTH], 800, at_abs=2000, at_axis="Y")  # OPN07 example
    assert wrong.kind == WRONG_AXIS and wrong.expected_axis == "X" and not wrong.diagonal
    diag = place_band([DIAG], 800, at_abs=1000, at_axis="X")
    assert diag.kind == WRONG_AXIS and diag.diagonal


def test_diagonal_ratio_is_parametric():
    placed = place_band([DIAG], 800, at=0.5)
    assert (placed.cx, placed.cy) == (1500, 4500)
    # a drawn line's segments carry no face: an opening's edge: does not narrow them
    assert isinstance(place_band([DIAG], 800, edge="N"), PlacedBand)


def test_band_codes():
    assert band_code(NO_SEGMENT, "door") == "OPN04"
    assert band_code(AMBIGUOUS, "window") == "OPN05"
    assert band_code(TOO_WIDE, "seg") == "SEG06"
    assert band_code(WRONG_AXIS, "seg") == "SEG07"
    assert band_code(RUNS_OFF, "door") == "OPN08"


def test_overlap_compares_neighbours_along_the_segment_only():
    def at(y, w):
        return place_band([EAST], w, at_abs=y, at_axis="Y")

    # Declared A, C, B; along the segment A (1500), B (2000), C (2500).
    a, b, c = at(1500, 2400), at(2000, 200), at(2500, 200)
    found = overlapping_neighbours([("A", a, 2400), ("C", c, 200), ("B", b, 200)])
    # A-B: 500 < 1300 overlaps. B-C: 500 >= 200 fine. A-C (1000 < 1300) would overlap,
    # but A and C are not neighbours once sorted, so they are never compared.
    assert [(o.first, o.second, o.distance, o.required) for o in found] == [("A", "B", 500, 1300)]
    # opn.md OPN02 example: 800 < 2000
    d1, d2 = place_band([EAST], 2000, at=0.4), place_band([EAST], 2000, at=0.6)
    (o,) = overlapping_neighbours([(7, d1, 2000), (8, d2, 2000)])
    assert (o.first, o.second, o.distance, o.required) == (7, 8, 800, 2000)


def test_overlap_tolerance_and_separate_segments():
    a = place_band([EAST], 1000, at_abs=1000, at_axis="Y")
    b = place_band([EAST], 1000, at_abs=1999.6, at_axis="Y")  # 999.6: within EPS of 1000
    assert overlapping_neighbours([(1, a, 1000), (2, b, 1000)]) == []
    other = place_band([NORTH], 1000, at_abs=1000, at_axis="X")
    assert overlapping_neighbours([(1, a, 1000), (2, other, 1000)]) == []


def test_band_line_reproduces_the_originals_float():
    # A window centred at 2250 (w 1200) on (3200,0)-(3200,3000): (2250-600)/3000 = 0.55 and
    # 0.55 * 3000 is 1650.0000000000002 in binary, which the original's panels carry.
    lo, hi = band_line(3200, 0, 3200, 3000, 3200, 2250, 1200)
    assert lo == (3200, 1650.0000000000002)
    assert hi == (3200, 2850)


def test_thicken_runs_start_plus_normal_first():
    assert thicken(0, 0, 1000, 0, 100) == ((0, 50), (1000, 50), (1000, -50), (0, -50))
    assert thicken(3600, 0, 3600, 4500, 120) == ((3540, 0), (3540, 4500), (3660, 4500), (3660, 0))
    quad = thicken(0, 3000, 3000, 6000, 150)
    # the midpoints of the two opposing sides give the centre line back
    assert abs((quad[0][0] + quad[3][0]) / 2) < 1e-9
    assert abs((quad[1][1] + quad[2][1]) / 2 - 6000) < 1e-9
    assert quad[0][0] < 0 and quad[0][1] > 3000  # left normal of a north-east line
