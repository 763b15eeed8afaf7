"""COL01, COL02: section 10, per declaration (diagnostics/col.md, muro/column.md)."""

from diag_support import of, run

ONE = """grid X 0 3000
grid Y 0 6000
level L1 0 h:2700 slab:300
level L2 3000 slab:300
space /L1/a room X1..X2 Y1..Y2
"""


def test_col01_no_floor_on_that_storey(tmp_path):
    (d,) = of(run(tmp_path, ONE + "column 600 L2\n"), "COL01")
    assert d.message == (
        "Not one column stands for this declaration (the grid intersections have no floor): L2 600mm square"
    )
    assert d.line == 6 and d.path is None and d.severity == "warning"


def test_col01_not_for_a_column_with_a_floor(tmp_path):
    assert of(run(tmp_path, ONE + "column 600 L1\n"), "COL01") == []


def test_col01_a_terrace_open_to_the_sky_is_no_floor(tmp_path):
    text = """grid X 0 3000
grid Y 0 6000
level L1 0 h:2700 slab:300
level R 3000 slab:300
space /L1/t terrace X1..X2 Y1..Y2
space /out exterior
boundary /L1/t /out type:open
column 600 L1
"""
    assert [d.line for d in of(run(tmp_path, text), "COL01")] == [8]
    covered = text.replace("column 600 L1\n", "space /R/roof room X1..X2 Y1..Y2\ncolumn 600 L1\n")
    assert of(run(tmp_path, covered), "COL01") == []


def test_col02_earlier_declaration_took_the_sites(tmp_path):
    text = ONE.replace("level L2 3000 slab:300\n", "") + "column 600 L1\ncolumn 800 L1 x:X1\ncolumn 900 L1 x:X2 d:500\n"
    diags = of(run(tmp_path, text), "COL02")
    assert [d.line for d in diags] == [6, 7]
    assert diags[0].message == (
        "This column declaration (L1 800mm square) stands nowhere because an "
        "earlier declaration took the same intersections (at the same "
        "intersection the earlier declaration wins)"
    )
    assert [r.line for r in diags[0].related] == [5]


def test_col02_not_when_some_site_is_free(tmp_path):
    text = ONE.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2") + "column 600 L1 x:X1\ncolumn 800 L1\n"
    assert of(run(tmp_path, text), "COL02") == []
