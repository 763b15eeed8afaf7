"""VRT01–VRT06: vertical boundaries (reference/diagnostics/vrt.md; COMPAT §7 section 13)."""

from diag_support import STACKED, codes, of, run

THREE = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:200
level L2 3000 h:2400 slab:200
level L3 6000 h:2400 slab:200
space /L1/a room X1..X2 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
space /L3/a room X1..X2 Y1..Y2
"""


def test_vrt01_partner_without_region_stops_the_boundary(tmp_path):
    diags = run(tmp_path, STACKED + "space /out exterior\nboundary /L1/a /out type:stair\n  door w:800\n")
    (d,) = of(diags, "VRT01")
    assert d.message == "A stair boundary is written between spaces that have both a region and a level"
    assert (d.line, d.path) == (8, ("/L1/a", "/out"))
    assert "VRT05" not in codes(diags)  # nothing more is asked of it


def test_vrt01_not_for_two_region_spaces_with_levels(tmp_path):
    assert of(run(tmp_path, STACKED + "boundary /L1/a /L2/a type:stair\n"), "VRT01") == []


def test_vrt02_skipping_a_level(tmp_path):
    diags = run(tmp_path, THREE + "boundary /L1/a /L3/a type:shaft\n")
    (d,) = of(diags, "VRT02")
    assert d.message == "A shaft boundary is written between adjacent levels: /L1/a | /L3/a"
    assert d.line == 9 and "VRT03" not in codes(diags)


def test_vrt02_not_for_adjacent_levels_whatever_the_written_order(tmp_path):
    assert of(run(tmp_path, THREE + "boundary /L3/a /L2/a type:stair\n"), "VRT02") == []


def test_vrt03_no_overlap_in_plan(tmp_path):
    text = STACKED.replace("space /L2/a room X1..X2", "space /L2/a room X2..X3")
    (d,) = of(run(tmp_path, text + "boundary /L1/a /L2/a type:stair\n"), "VRT03")
    assert d.message == "The spaces of a stair boundary do not overlap in plan: /L1/a | /L2/a"


def test_vrt03_touching_edge_is_not_overlap_but_half_a_millimetre_more_is(tmp_path):
    touching = STACKED.replace("space /L2/a room X1..X2", "space /L2/a room X2..X3")
    assert of(run(tmp_path, touching + "boundary /L1/a /L2/a type:stair\n"), "VRT03")
    inside = STACKED.replace("space /L2/a room X1..X2", "space /L2/a room X2-1..X3")
    assert of(run(tmp_path, inside + "boundary /L1/a /L2/a type:stair\n"), "VRT03") == []


def test_vrt04_names_the_upper_space_whichever_is_written_first(tmp_path):
    (d,) = of(run(tmp_path, STACKED + "boundary /L2/a /L1/a type:void\n"), "VRT04")
    assert d.message == "The space above a void boundary is expected to be type:void: /L2/a"
    assert d.path == ("/L2/a", "/L1/a")


def test_vrt04_quiet_when_the_upper_space_is_a_void(tmp_path):
    text = STACKED.replace("space /L2/a room", "space /L2/a void")
    assert of(run(tmp_path, text + "boundary /L1/a /L2/a type:void\n"), "VRT04") == []


def test_vrt05_and_vrt06_one_per_member_on_its_own_line(tmp_path):
    diags = run(
        tmp_path, STACKED + "boundary /L1/a /L2/a type:stair\n  door w:800\n  window w:900\n  seg w:800 spec:X\n"
    )
    assert [(d.code, d.line, d.message) for d in diags if d.code in ("VRT05", "VRT06")] == [
        ("VRT05", 8, "A door on a vertical boundary is not interpreted"),
        ("VRT05", 9, "A window on a vertical boundary is not interpreted"),
        ("VRT06", 10, "A seg on a vertical boundary is not interpreted"),
    ]


def test_vrt05_not_for_an_opening_on_a_horizontal_boundary(tmp_path):
    text = STACKED + "space /L1/b room X2..X3 Y1..Y2\nboundary /L1/a /L1/b\n  door w:800\n"
    assert of(run(tmp_path, text), "VRT05") == []
