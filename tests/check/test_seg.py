"""SEG01–SEG08: areas (section 14) and segs (section 13) (reference/diagnostics/seg.md)."""

from diag_support import TWO, codes, of, run


def test_seg01_area_on_a_space_without_region(tmp_path):
    text = TWO + "space /out exterior\n  area X1..X2 Y1..Y2 floor:タイル\n"
    (d,) = of(run(tmp_path, text), "SEG01")
    assert d.message == "An area cannot be written on /out, which has no region"
    assert (d.line, d.path) == (7, ("/out",))


def test_seg02_area_spills_out(tmp_path):
    text = TWO + "  area X1..X3 Y1..Y2 floor:タイル\n"
    (d,) = of(run(tmp_path, text), "SEG02")
    assert d.message == "The area spills outside the region of /L1/b"
    assert d.severity == "warning" and d.line == 6


def test_seg02_quiet_inside_and_on_the_edge(tmp_path):
    assert of(run(tmp_path, TWO + "  area X2..X3 Y1..Y1+1000 floor:タイル\n"), "SEG02") == []


def test_seg02_must_fit_one_rectangle_of_a_union(tmp_path):
    text = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 + X2..X3 Y1..Y2
  area X1+1000..X2+1000 Y1..Y2 floor:タイル
"""
    assert of(run(tmp_path, text), "SEG02")


def test_seg02_reads_the_cut_region(tmp_path):
    text = """grid X 0 6000
grid Y 0 6000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
  area X1..X1+1000 Y2-1000..Y2 floor:タイル
space /out exterior
boundary /L1/a /out
  line X1,Y2-3000 X1+3000,Y2
"""
    assert of(run(tmp_path, text), "SEG02")
    assert of(run(tmp_path, text.replace("Y2-1000..Y2", "Y1..Y1+1000")), "SEG02") == []


def test_seg03_seg_on_open_stops_there(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/a /L1/b type:open\n  seg w:5000 spec:X\n")
    assert codes(diags) == ["SEG03"]
    assert diags[0].message == "A seg on an open boundary (there is no wall) is not interpreted"


def test_seg04_to_seg08(tmp_path):
    cases = [
        ("seg w:800 edge:N spec:X", "SEG04", "No boundary segment can hold the seg (/L1/a | /L1/b)"),
        ("seg w:5000 spec:X", "SEG06", "The seg width 5000 exceeds the boundary segment length 4000"),
        (
            "seg w:800 at:X1+100 spec:X",
            "SEG07",
            "The seg position X1+100 is on the wrong axis: a vertical segment takes a Y grid line",
        ),
        (
            "seg w:900 at:Y1+200 spec:X",
            "SEG08",
            "At Y1+200 the seg (width 900) runs off the boundary segment (segment 0-4000mm, center allowed 450-3550mm)",
        ),
    ]
    for member, code, message in cases:
        diags = run(tmp_path, TWO + "boundary /L1/a /L1/b\n  " + member + "\n")
        assert [(d.code, d.message, d.line) for d in diags] == [(code, message, 7)]


def test_seg05_exterior_needs_an_edge(tmp_path):
    text = TWO + "space /out exterior\nboundary /L1/a /out\n  seg w:800 spec:X\n"
    (d,) = of(run(tmp_path, text), "SEG05")
    assert d.message == "There is more than one boundary segment; pick an edge with edge:N/E/S/W (/L1/a | /out)"
    assert of(run(tmp_path, text.replace("seg w:800", "seg w:800 edge:W")), "SEG05") == []


def test_a_seg_that_fits_says_nothing(tmp_path):
    assert run(tmp_path, TWO + "boundary /L1/a /L1/b\n  seg w:1000 at:0.9 spec:X\n") == []
