"""SIT01, SIT02, SIT04: the site shape (reference/diagnostics/sit.md)."""

from diag_support import codes, of, run

HEAD = "grid X 0 10000\ngrid Y 0 10000\nlevel L1 0 h:2400 slab:150\nzone /site name:敷地 site:1\n"
TAIL = "space /site/yard yard X1..X2 Y1..Y2 level:L1\n"


def test_sit01_duplicate_vertex_and_the_closing_pair(tmp_path):
    (d,) = of(run(tmp_path, HEAD + "polygon /site 0,0 0,0.5 10000,0 10000,10000 0,10000\n" + TAIL), "SIT01")
    assert d.message == "The site shape has a duplicate vertex (0,0)"
    assert (d.line, d.path) == (5, ("/site",))
    (d,) = of(run(tmp_path, HEAD + "polygon /site 0,0 10000,0 10000,10000 0,10000 0,0\n" + TAIL), "SIT01")
    assert d.message == "The site shape has a duplicate vertex (0,0)"


def test_sit01_not_for_vertices_more_than_a_millimetre_apart(tmp_path):
    assert of(run(tmp_path, HEAD + "polygon /site 0,0 0,2 10000,0 10000,10000 0,10000\n" + TAIL), "SIT01") == []


def test_sit02_bow_tie_stops_the_polygon(tmp_path):
    text = "grid X 0 10000\ngrid Y 0 10000\nlevel L1 0 h:2400 slab:150\n"
    diags = run(tmp_path, text + "polygon /site 0,0 10000,0 0,10000 10000,10000\n")
    assert codes(diags) == ["SIT02"]  # no SIT04 after it
    assert diags[0].message == "The site shape is self-intersecting (near 5000,5000)"


def test_sit02_not_for_a_concave_polygon(tmp_path):
    text = HEAD + "polygon /site 0,0 10000,0 10000,10000 5000,5000 0,10000\n" + TAIL
    assert of(run(tmp_path, text), "SIT02") == []


def test_sit04_polygon_without_zone(tmp_path):
    text = "grid X 0 10000\ngrid Y 0 10000\nlevel L1 0 h:2400 slab:150\n"
    diags = run(tmp_path, text + "polygon /site 0,0 10000,0 10000,10000 0,10000\n")
    (d,) = of(diags, "SIT04")
    assert d.message == "No zone corresponds to polygon /site"
    assert of(run(tmp_path, HEAD + "polygon /site 0,0 10000,0 10000,10000 0,10000\n" + TAIL), "SIT04") == []
