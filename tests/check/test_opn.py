"""OPN01–OPN08: openings on horizontal boundaries (reference/diagnostics/opn.md)."""

from diag_support import TWO, codes, of, run

VERT = """grid X 0 3600
grid Y 0 4000 8000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X1..X2 Y2..Y3
"""


def test_opn01_hinge_on_the_wrong_axis(tmp_path):
    (d,) = of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:800 hinge:E\n"), "OPN01")
    assert d.message == "hinge:E: a vertical segment takes N/S"
    assert (d.line, d.path) == (7, ("/L1/a", "/L1/b"))
    (d,) = of(run(tmp_path, VERT + "boundary /L1/a /L1/b\n  door w:800 hinge:N\n"), "OPN01")
    assert d.message == "hinge:N: a horizontal segment takes W/E"


def test_opn01_not_for_a_hinge_along_the_segment(tmp_path):
    assert of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:800 hinge:S\n"), "OPN01") == []


def test_opn02_neighbours_overlap(tmp_path):
    text = TWO + "boundary /L1/a /L1/b\n  door w:2000 at:0.6\n  door w:2000 at:0.4\n"
    (d,) = of(run(tmp_path, text), "OPN02")
    assert d.message == "Openings overlap (door and door — center to center 800mm < the required 2000mm)"
    # the later one along the segment is the diagnostic, the earlier one related
    assert d.line == 7 and [r.line for r in d.related] == [8]


def test_opn02_not_when_far_enough_apart(tmp_path):
    text = TWO + "boundary /L1/a /L1/b\n  door w:1000 at:0.25\n  window w:1000 at:0.75\n"
    assert of(run(tmp_path, text), "OPN02") == []


def test_opn03_every_opening_on_an_open_boundary_and_placement_still_checked(tmp_path):
    text = TWO + "boundary /L1/a /L1/b type:open\n  door w:800\n  window w:5000\n"
    diags = run(tmp_path, text)
    assert [d.message for d in of(diags, "OPN03")] == [
        "A door on an open boundary has no effect on passage (it is always passable)",
        "A window on an open boundary has no effect on passage (it is always passable)",
    ]
    assert codes(diags) == ["OPN03", "OPN03", "OPN06"]


def test_opn03_not_on_a_wall(tmp_path):
    assert of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:800\n"), "OPN03") == []


def test_opn04_edge_where_there_is_no_segment(tmp_path):
    (d,) = of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:800 edge:N\n"), "OPN04")
    assert d.message == "No boundary segment can hold the door (/L1/a | /L1/b)"


def test_opn05_exterior_needs_an_edge(tmp_path):
    text = TWO + "space /out exterior\nboundary /L1/a /out\n  door w:800\n"
    (d,) = of(run(tmp_path, text), "OPN05")
    assert d.message == "There is more than one boundary segment; pick an edge with edge:N/E/S/W (/L1/a | /out)"
    text = TWO + "space /out exterior\nboundary /L1/a /out\n  door w:800 edge:S\n"
    assert of(run(tmp_path, text), "OPN05") == []


def test_opn06_wider_than_the_segment_but_equal_is_fine(tmp_path):
    (d,) = of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  window w:5000\n"), "OPN06")
    assert d.message == "The window width 5000 exceeds the boundary segment length 4000"
    assert of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  window w:4000\n"), "OPN06") == []


def test_opn07_wrong_axis(tmp_path):
    (d,) = of(run(tmp_path, VERT + "boundary /L1/a /L1/b\n  door w:800 at:Y1+2000\n"), "OPN07")
    assert d.message == "The door position Y1+2000 is on the wrong axis: a horizontal segment takes an X grid line"
    (d,) = of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:800 at:X1+100\n"), "OPN07")
    assert d.message == "The door position X1+100 is on the wrong axis: a vertical segment takes a Y grid line"
    assert of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:800 at:Y1+2000\n"), "OPN07") == []


def test_opn07_grid_position_on_a_diagonal_line(tmp_path):
    text = TWO.replace("space /L1/b room X2..X3 Y1..Y2\n", "space /out exterior\n")
    text += "boundary /L1/a /out\n  line X1,Y2-2000 X1+2000,Y2\n  door w:800 at:X1+1000\n"
    (d,) = of(run(tmp_path, text), "OPN07")
    assert d.message == (
        "The door position X1+1000 cannot be used on a diagonal segment (write it as a ratio, at:0..1)"
    )


def test_opn08_runs_off_and_is_not_clamped(tmp_path):
    (d,) = of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:900 at:Y1+200\n"), "OPN08")
    assert d.message == (
        "At Y1+200 the door (width 900) runs off the boundary segment (segment 0-4000mm, center allowed 450-3550mm)"
    )
    assert of(run(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:900 at:Y1+450\n"), "OPN08") == []


def test_a_failed_placement_is_not_asked_for_hinge_or_overlap(tmp_path):
    text = TWO + "boundary /L1/a /L1/b\n  door w:900 at:Y1+200 hinge:E\n  door w:900 at:0\n"
    assert codes(run(tmp_path, text)) == ["OPN08"]


def test_opn02_compares_neighbours_along_the_segment_only(tmp_path):
    # centres 1000, 1100, 1200 on a 4000 segment: the wide first door overlaps both others,
    # but only neighbours are compared (COMPAT §7)
    text = TWO + (
        "boundary /L1/a /L1/b\n  door w:2000 at:Y1+1000\n  window w:100 at:Y1+1200\n  window w:100 at:Y1+1100\n"
    )
    diags = of(run(tmp_path, text), "OPN02")
    assert [(d.message, d.line, [r.line for r in d.related]) for d in diags] == [
        ("Openings overlap (door and window — center to center 100mm < the required 1050mm)", 9, [7])
    ]


def test_opn02_never_across_segments(tmp_path):
    # near the corner (0,0) the two centres are 566 mm apart, but on different edges
    text = TWO + "space /out exterior\nboundary /L1/a /out\n  door w:800 at:0 edge:S\n  window w:800 at:0 edge:W\n"
    assert run(tmp_path, text) == []
