"""HGT01, HGT02: the height invariant (reference/diagnostics/hgt.md)."""

from diag_support import of, run

HIGH = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2800 slab:400
level L2 3000 h:2400 slab:400
space /L1/a room X1..X2 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
"""


def test_hgt01_collision_with_the_floor_above(tmp_path):
    (d,) = of(run(tmp_path, HIGH), "HGT01")
    assert d.message == (
        "/L1/a collides into the floor above: ceiling height 2800 + L2's slab 400 = 3200 > storey height 3000"
    )
    assert (d.line, d.path) == (5, ("/L1/a",))


def test_hgt01_space_h_wins_and_half_a_millimetre_is_tolerated(tmp_path):
    assert of(run(tmp_path, HIGH.replace("/L1/a room X1..X2 Y1..Y2", "/L1/a room X1..X2 Y1..Y2 h:2600")), "HGT01") == []
    assert of(run(tmp_path, HIGH.replace("h:2800", "h:2600.5")), "HGT01") == []
    assert of(run(tmp_path, HIGH.replace("h:2800", "h:2600.6")), "HGT01")


def test_hgt01_only_where_something_above_overlaps(tmp_path):
    text = HIGH.replace("space /L2/a room X1..X2", "space /L2/a room X2..X3")
    assert of(run(tmp_path, text), "HGT01") == []
    # a level above carrying no space at all covers everything
    text = HIGH.replace("space /L2/a room X1..X2 Y1..Y2\n", "")
    assert of(run(tmp_path, text), "HGT01")


def test_hgt01_exemptions(tmp_path):
    stair = HIGH.replace("/L1/a room X1..X2 Y1..Y2", "/L1/a stair X1..X2 Y1..Y2 stair:N")
    assert of(run(tmp_path, stair), "HGT01") == []
    semi = HIGH + "space /out exterior\nboundary /L1/a /out type:open edge:S\n"
    assert of(run(tmp_path, semi), "HGT01") == []
    noslab = HIGH.replace("level L2 3000 h:2400 slab:400", "level L2 3000 h:2400")
    assert of(run(tmp_path, noslab), "HGT01") == []


PARTIAL = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:5400 slab:400
level L2 3000 h:2400 slab:400
space /L1/a room X1..X3 Y1..Y2
space /L2/v void X1..X2 Y1..Y2
space /L2/b room X2..X3 Y1..Y2
boundary /L1/a /L2/v type:void
"""


def test_hgt02_partial_void(tmp_path):
    diags = run(tmp_path, PARTIAL)
    (d,) = of(diags, "HGT02")
    assert d.message == (
        "/L1/a collides into the floor above: ceiling height 5400 + L2's slab 400 = 5800 > storey "
        "height 3000. The void covers only 50.0% — under a partial void keep the ceiling height "
        "within the storey height (the height of the void part is derived)"
    )
    assert of(diags, "HGT01") == []


def test_hgt02_full_void_exempts(tmp_path):
    text = PARTIAL.replace("space /L2/v void X1..X2", "space /L2/v void X1..X3").replace(
        "space /L2/b room X2..X3 Y1..Y2\n", ""
    )
    diags = run(tmp_path, text)
    assert of(diags, "HGT02") == [] and of(diags, "HGT01") == []


def test_hgt01_overlap_above_must_exceed_half_a_millimetre(tmp_path):
    grid = "grid X 0 3599.5 3600 3601 7200\ngrid Y 0 4000\n"
    levels = "level L1 0 h:2800 slab:400\nlevel L2 3000 h:2400 slab:400\n"
    lower = "space /L1/a room X1..X3 Y1..Y2\nspace /L1/b room X4..X5 Y1..Y2\n"
    # /L2/u overlaps /L1/a by 0.5 mm (not covered); /L1/b by its whole width
    upper = "space /L2/u room X2..X5 Y1..Y2\n"
    diags = of(run(tmp_path, grid + levels + lower + upper), "HGT01")
    assert [d.path for d in diags] == [("/L1/b",)]
    # by 1 mm it covers /L1/a too
    upper = "space /L2/u room X2..X4 Y1..Y2\nspace /L2/v room X4..X5 Y1..Y2\n"
    lower = "space /L1/a room X1..X4 Y1..Y2\nspace /L1/b room X4..X5 Y1..Y2\n"
    diags = of(run(tmp_path, grid + levels + lower + upper), "HGT01")
    assert [d.path for d in diags] == [("/L1/a",), ("/L1/b",)]
