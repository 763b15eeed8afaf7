"""BND03, BND04, BND06: horizontal boundaries that do not stand (reference/diagnostics/bnd.md)."""

from diag_support import STACKED, TWO, codes, of, run


def test_bnd03_wall_across_levels_stops_the_boundary(tmp_path):
    diags = run(tmp_path, STACKED + "boundary /L1/a /L2/a t:120\n  door w:800\n")
    (d,) = of(diags, "BND03")
    assert d.message == (
        "A wall boundary cannot be written to a space on a different level "
        "(vertical takes type:stair/shaft/void): /L1/a | /L2/a"
    )
    assert d.severity == "error" and d.line == 7
    assert "OPN04" not in codes(diags)


def test_bnd03_one_side_without_level(tmp_path):
    text = TWO.replace("space /L1/b room X2..X3 Y1..Y2", "space /house/b room X2..X3 Y1..Y2")
    assert of(run(tmp_path, text + "boundary /L1/a /house/b\n"), "BND03")


def test_bnd03_not_to_the_exterior(tmp_path):
    text = TWO + "space /out exterior\nboundary /L1/a /out edge:W\n"
    assert of(run(tmp_path, text), "BND03") == []


def test_bnd04_corner_contact(tmp_path):
    text = """grid X 0 3600 7200
grid Y 0 4000 8000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y2..Y3
boundary /L1/a /L1/b t:120
"""
    (d,) = of(run(tmp_path, text), "BND04")
    assert d.message == "The spaces do not touch, so no boundary can be derived: /L1/a | /L1/b"
    assert (d.line, d.path) == (6, ("/L1/a", "/L1/b"))


def test_bnd04_wrong_edge_names_the_real_one_seen_from_a(tmp_path):
    (d,) = of(run(tmp_path, TWO + "boundary /L1/b /L1/a edge:N\n"), "BND04")
    assert d.message == "No shared edge on edge:N: /L1/b | /L1/a (they actually touch on W)"


def test_bnd04_not_for_touching_rooms_or_a_drawn_line(tmp_path):
    assert of(run(tmp_path, TWO + "boundary /L1/a /L1/b edge:E\n"), "BND04") == []
    far = TWO.replace("X2..X3 Y1..Y2", "X3-1000..X3 Y1..Y2")
    assert of(run(tmp_path, far + "boundary /L1/a /L1/b\n  line X2,Y1 X2,Y2\n"), "BND04") == []


def test_bnd06_perimeter_side_taken_by_a_neighbour(tmp_path):
    text = TWO + "space /out exterior\nboundary /L1/a /out edge:E t:150\n"
    (d,) = of(run(tmp_path, text), "BND06")
    assert d.message == (
        "No edge remains on the perimeter for edge:E, so the boundary segment is of zero length: /L1/a | /out"
    )
    assert d.severity == "warning"


def test_bnd06_not_for_a_free_side(tmp_path):
    text = TWO + "space /out exterior\nboundary /L1/a /out edge:W t:150\n"
    assert of(run(tmp_path, text), "BND06") == []
