"""LIN01, LIN02, LIN03: section 9, read from where the cut happened (diagnostics/lin.md)."""

from diag_support import codes, of, run

BASE = """grid X 0 3000 6000
grid Y 0 6000
level L1 0 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b t:120
"""


def test_lin01_quotes_the_line_in_canonical_order(tmp_path):
    (d,) = of(run(tmp_path, BASE + "  line X1+300,Y2 X1+300,Y1\n"), "LIN01")
    assert d.message == (
        "Line X1+300,Y1..X1+300,Y2 does not separate /L1/a and /L1/b "
        "(draw it so the two allocations fall on opposite sides)"
    )
    assert d.line == 7 and d.path == ("/L1/a", "/L1/b")


def test_lin01_bisecting_the_only_allocation(tmp_path):
    text = """grid X 0 3000
grid Y 0 3000
level L1 0 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2
space /out exterior
boundary /L1/a /out
  line X1,Y1 X2,Y2
"""
    (d,) = of(run(tmp_path, text), "LIN01")
    assert d.message == "Line X1,Y1..X2,Y2 bisects the allocation exactly, so which side to keep is undetermined"


def test_lin01_no_region_either_side(tmp_path):
    text = BASE.replace("boundary /L1/a /L1/b t:120\n", "") + (
        "space /out exterior\nspace /out2 exterior\nboundary /out /out2\n  line X1,Y1 X2,Y2\n"
    )
    (d,) = of(run(tmp_path, text), "LIN01")
    assert d.message == "A line cannot be drawn between spaces that have no region: /out | /out2"


def test_lin02_vertical_boundary(tmp_path):
    text = """grid X 0 3000 6000
grid Y 0 6000
level L1 0 h:2700 slab:300
level L2 3000 slab:300
space /L1/a room X1..X2 Y1..Y2
space /L2/a void X1..X2 Y1..Y2
boundary /L1/a /L2/a type:void
  line X1,Y1 X2,Y2
"""
    diags = run(tmp_path, text)
    (d,) = of(diags, "LIN02")
    assert d.line == 8 and d.message.endswith(": /L1/a | /L2/a")
    assert not of(diags, "LIN01") and not of(diags, "LIN03")


def test_lin03_on_the_default_adjacency_line(tmp_path):
    (d,) = of(run(tmp_path, BASE + "  line X2,Y1 X2,Y2\n"), "LIN03")
    assert d.severity == "warning"
    assert d.message == (
        "Line X2,Y1..X2,Y2 cuts nothing (it is the same as the default adjacency line, or falls outside the allocation)"
    )


def test_a_line_that_cuts_is_quiet(tmp_path):
    diags = run(tmp_path, BASE + "  line X2+900,Y1 X2-900,Y2\n")
    assert not [c for c in codes(diags) if c.startswith("LIN")]
