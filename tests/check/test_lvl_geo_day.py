"""LVL01, GEO01, GEO02, DAY01: sections 3–6 (diagnostics/lvl.md, geo.md, day.md)."""

from diag_support import TWO, of, run

GRID = "grid X 0 3600 7200\ngrid Y 0 4000\n"


def test_lvl01_later_level_with_related_earlier(tmp_path):
    (d,) = of(run(tmp_path, GRID + "level L1 0\nlevel L2 0.4\n"), "LVL01")
    assert d.message == "Levels L1 and L2 have the same z"
    assert d.line == 4 and [r.line for r in d.related] == [3] and d.path is None


def test_lvl01_half_a_millimetre_apart_is_fine(tmp_path):
    assert of(run(tmp_path, GRID + "level L1 0\nlevel L2 0.5\n"), "LVL01") == []


def test_lvl01_named_in_z_order_against_a_range(tmp_path):
    diags = run(tmp_path, GRID + "level L1..L3 0 pitch:3000 h:2600 slab:400\nlevel M 3000\n")
    (d,) = of(diags, "LVL01")
    assert d.message == "Levels L2 and M have the same z" and d.line == 4


def test_lvl01_three_at_one_z_give_two(tmp_path):
    assert len(of(run(tmp_path, GRID + "level A 0\nlevel B 0\nlevel C 0\n"), "LVL01")) == 2


def test_geo01_pair_in_written_words(tmp_path):
    text = GRID + "level L1 0 h:2400 slab:150\nspace /L1/a room X1..X3 Y1..Y2 + X2..X3 Y1..Y2\n"
    (d,) = of(run(tmp_path, text), "GEO01")
    assert d.message == "Regions within /L1/a overlap: X1..X3 Y1..Y2 and X2..X3 Y1..Y2"
    assert d.path == ("/L1/a",) and d.line == 4


def test_geo01_an_l_shape_touching_is_fine(tmp_path):
    text = GRID + "level L1 0 h:2400 slab:150\nspace /L1/a room X1..X2 Y1..Y2 + X2..X3 Y1..Y1+1000\n"
    assert of(run(tmp_path, text), "GEO01") == []


def test_geo02_overlap_on_one_level(tmp_path):
    text = GRID + "level L1 0 h:2400 slab:150\nspace /L1/a room X1..X3 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n"
    (d,) = of(run(tmp_path, text), "GEO02")
    assert d.message == "Space regions overlap: /L1/a and /L1/b"
    assert d.line == 4 and [r.line for r in d.related] == [5] and d.path == ("/L1/a", "/L1/b")


def test_geo02_overlap_across_levels_is_vertical_adjacency(tmp_path):
    text = GRID + (
        "level L1 0 h:2400 slab:150\nlevel L2 3000 h:2400 slab:150\n"
        "space /L1/a room X1..X3 Y1..Y2\nspace /L2/b room X2..X3 Y1..Y2\n"
    )
    assert of(run(tmp_path, text), "GEO02") == []


def test_geo02_touching_is_not_overlapping(tmp_path):
    assert of(run(tmp_path, TWO), "GEO02") == []


def test_day01_a_word_is_refused(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 daylight:yes")
    (d,) = of(run(tmp_path, text), "DAY01")
    assert d.message == (
        "daylight is either 1 (in scope for the daylight check) or 0 (out of scope): /L1/a carries daylight:yes"
    )
    assert d.path == ("/L1/a",) and d.line == 4


def test_day01_numbers_that_read_as_one_pass(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 daylight:1.0").replace(
        "X2..X3 Y1..Y2", "X2..X3 Y1..Y2 daylight:00"
    )
    assert of(run(tmp_path, text), "DAY01") == []


def test_day01_two_is_refused(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 daylight:2")
    assert [d.message[-10:] for d in of(run(tmp_path, text), "DAY01")] == ["daylight:2"]


def test_geo02_over_a_span_speaks_on_every_storey_and_only_where_it_differs(tmp_path):
    # L1..L3 written once (storeys read the same rectangles); L2 alone gets c over b
    text = GRID + (
        "level L1..L3 0 pitch:3000 h:2400 slab:150\n"
        "space /L1..L3/a room X1..X2 Y1..Y2\n"
        "space /L1..L3/b room X1..X3 Y1..Y2\n"
        "space /L2/c room X2..X3 Y1..Y2\n"
    )
    found = [d.path for d in of(run(tmp_path, text), "GEO02")]
    # pairs in model order (a span expands level by level within each declaration)
    assert found == [("/L1/a", "/L1/b"), ("/L2/a", "/L2/b"), ("/L3/a", "/L3/b"), ("/L2/b", "/L2/c")]
