"""What the ledger pages and COMPAT §9 fix beyond one rule at a time: the output order,
what reachability passes through, the per-run test of backofhouse, the envelope's runs."""

from __future__ import annotations

from support import of, run


def test_chapter_order_and_one_scan_unit_per_run(tmp_path):
    # envelope → daylight → runs (disconnected before proportion, per run) → access → site
    text = """koyu 1.0
grid X 0 2800 6000 12000
grid Y 0 4600 9000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
zone /lot site:1 area:200
polygon /lot 0,0 12000,0 12000,9000 0,9000
space /out exterior
space /L1/s stair X1..X2 Y1..Y2 stair:N
space /L2/s stair X1..X2 Y1..Y2
space /L1/a room X2..X3 Y1..Y2 daylight:1
boundary /L1/a /out edge:E
  door w:900
"""
    found = run(tmp_path, text)
    assert [f.rule for f in found] == [
        "envelope.gap",
        "envelope.gap",
        "daylight.ratio",
        "run.disconnected",
        "stair.proportion",
        "access.unreachable",
        "access.unreachable",
        "access.throughtenant",
        "access.throughtenant",
        "site.area",
    ]
    assert [f.path for f in of(found, "access.unreachable")] == [("/L1/s",), ("/L2/s",)]


def test_site_chapter_emits_frontage_then_area_then_escape(tmp_path):
    text = """koyu 1.0
grid X 0 1000 9000 10000
grid Y 0 9000 10000
level L1 0 h:2700 slab:150
zone /lot site:1 area:50
polygon /lot 0,0 9000,0 9000,9000 0,9000
space /lot/garden yard X1..X3 Y1..Y2 level:L1
space /L1/shed room X3..X4 Y1..Y2
space /street exterior X1..X2 Y2..Y3 road:4000 level:L1
boundary /lot/garden /street type:open
"""
    assert [f.rule for f in run(tmp_path, text) if f.rule.startswith("site.")] == [
        "site.frontage",
        "site.area",
        "site.escape",
    ]


def test_reachability_passes_through_void_and_shaft_spaces(tmp_path):
    # COMPAT §9: the only way out of /L1/a is across an open edge into a void and on
    text = """koyu 1.0
grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2700 slab:150
space /out exterior
space /L1/v void X1..X2 Y1..Y2
space /L1/a room X2..X3 Y1..Y2
boundary /L1/a /L1/v type:open
boundary /L1/v /out type:open
"""
    found = run(tmp_path, text)
    assert of(found, "access.unreachable") == []
    assert [f.path for f in of(found, "access.voidonly")] == [("/L1/a",)]


def test_no_exterior_is_never_asked_to_reach_it(tmp_path):
    text = """koyu 1.0
grid X 0 3000
grid Y 0 4000
level L1 0 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2 use:parking
"""
    found = run(tmp_path, text)
    assert of(found, "access.unreachable") == [] and of(found, "access.parking") == []


def test_a_car_changes_level_only_by_a_ramp_link(tmp_path):
    text = """koyu 1.0
grid X 0 4000 10000
grid Y 0 9000
level B1 -3000 h:2700 slab:300
level L1 0 h:2700 slab:300
space /out exterior
space /B1/p room X2..X3 Y1..Y2 use:parking
space /B1/r ramp X1..X2 Y1..Y2 ramp:N
space /L1/r ramp X1..X2 Y1..Y2
stack r B1..L1 type:stair
boundary /B1/p /B1/r type:open
boundary /L1/r /out type:open
"""
    assert of(run(tmp_path, text), "access.parking") == []
    as_stair = text.replace("ramp X1..X2 Y1..Y2 ramp:N", "stair X1..X2 Y1..Y2 stair:N")
    assert [f.path for f in of(run(tmp_path, as_stair), "access.parking")] == [("/B1/p",)]


def test_backofhouse_refuses_only_the_runs_own_link(tmp_path):
    # /L1/esc is reached by coming down the other escalator, /L2/x's link, and walking over
    text = """koyu 1.0
grid X 0 3000 6000 9000
grid Y 0 7000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L2/mall corridor X1..X2 Y1..Y2 use:common
space /L2/x room X2..X3 Y1..Y2 use:common escalator:S
space /L1/x room X2..X3 Y1..Y2 use:common
space /L1/esc room X3..X4 Y1..Y2 use:common escalator:N
space /L2/esc room X3..X4 Y1..Y2 use:common
stack x L1..L2 type:stair
stack esc L1..L2 type:stair
boundary /L2/mall /L2/x type:open
boundary /L1/x /L1/esc type:open
"""
    found = of(run(tmp_path, text), "access.backofhouse")
    assert found == []
    # without the walk over, its own link from /L2/esc (reached from nowhere) does not count
    cut = text.replace("boundary /L1/x /L1/esc type:open\n", "")
    assert [f.path for f in of(run(tmp_path, cut), "access.backofhouse")] == [("/L1/esc",)]


def test_throughtenant_reads_use_inherited_from_a_zone_and_cautions_a_stair_with_no_way_out(tmp_path):
    text = """koyu 1.0
grid X 0 3000 9000
grid Y 0 6000
level L1 0 h:2700 slab:150
zone /L1/t use:rentable
space /out exterior
space /L1/s stair X1..X2 Y1..Y2
space /L1/t/shop room X2..X3 Y1..Y2
boundary /L1/s /L1/t/shop
  door w:900
boundary /L1/t/shop /out
  door w:1800 edge:S
"""
    assert [f.path for f in of(run(tmp_path, text), "access.throughtenant")] == [("/L1/s",)]
    # no route out at all: "every route out passes through a tenancy" holds, and the
    # original says so beside access.unreachable (the fuzz transcripts)
    sealed = text.replace("  door w:1800 edge:S\n", "")
    found = run(tmp_path, sealed)
    assert [f.path for f in of(found, "access.throughtenant")] == [("/L1/s",)]
    assert ("/L1/s",) in [f.path for f in of(found, "access.unreachable")]
    # a common hall cleared the way; undeclared, it clears nothing (it is no space), though
    # it still leads out
    hall = text.replace("zone /L1/t use:rentable\n", "").replace("/L1/t/shop", "/L1/hall")
    assert of(run(tmp_path, hall), "access.throughtenant") == []
    ghost = hall.replace("space /L1/hall room X2..X3 Y1..Y2\n", "")
    found = run(tmp_path, ghost)
    assert [f.path for f in of(found, "access.throughtenant")] == [("/L1/s",)]
    assert of(found, "access.unreachable") == []


def test_envelope_names_sides_in_outline_order_and_counts_runs_per_piece(tmp_path):
    # an L of two rectangles: its south and east sides are two runs each, one per piece
    text = """koyu 1.0
grid X 0 4000 7000
grid Y 0 3000 6000
level L1 0 h:2700 slab:150
space /out exterior
space /L1/L room X1..X2 Y1..Y3 + X2..X3 Y1..Y2
boundary /L1/L /out edge:N
"""
    (f,) = of(run(tmp_path, text), "envelope.gap")
    assert f.message == (
        "Perimeter not faced by any envelope: /L1/L — S 7000mm / E 6000mm / "
        "W 6000mm (19000mm over 5 run(s)). Write a boundary to the exterior"
    )


def test_envelope_not_started_by_a_level_without_a_boundary_to_the_outside(tmp_path):
    text = """koyu 1.0
grid X 0 4000
grid Y 0 4000
level L1 0 h:2700 slab:150
level L2 3000 h:2700 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
boundary /L1/a /out edge:S
  door w:900
boundary /L2/a /out type:stair
"""
    assert [f.path for f in of(run(tmp_path, text), "envelope.gap")] == [("/L1/a",)]


def test_a_door_touching_a_column_face_is_no_collision(tmp_path):
    text = """koyu 1.0
grid X 0 3000 9000
grid Y 0 4000 8000
level L1 0 h:2700 slab:150
space /L1/a room X1..X3 Y1..Y2
space /L1/b room X1..X3 Y2..Y3
column 500 L1
boundary /L1/a /L1/b
  door w:1000 at:X2+750
"""
    # the door runs from X2+250 to X2+1250: it meets the column's east face, no more
    assert of(run(tmp_path, text), "column.blocksdoor") == []
    nudged = text.replace("at:X2+750", "at:X2+740")
    assert [f.path for f in of(run(tmp_path, nudged), "column.blocksdoor")] == [("/L1/a", "/L1/b")]
    # a column off the door's line (x: keeps only X1 and X3) blocks nothing
    narrowed = nudged.replace("column 500 L1", "column 500 L1 x:X1,X3")
    assert of(run(tmp_path, narrowed), "column.blocksdoor") == []


def test_storeys_written_once_keep_their_own_envelope_and_site_escape(tmp_path):
    # Three storeys written once over a span share their rectangles; the envelope and
    # the site shape are measured once per shape, but a storey that differs speaks alone:
    # L2 has no wall to the south, L3 has a neighbour covering the east side.
    text = """koyu 1.0
grid X 0 4000 7000 9000
grid Y 0 3000
level L1 0 h:2700 slab:150
level L2 3000 h:2700 slab:150
level L3 6000 h:2700 slab:150
zone /lot site:1
polygon /lot 0,0 7000,0 7000,3000 0,3000
space /out exterior
space /L1..L3/a room X1..X2 Y1..Y2
space /L1..L3/b room X2..X3 Y1..Y2
boundary /L1/a /out edge:S
boundary /L3/a /out edge:S
boundary /L1..L3/a /out edge:N
boundary /L1..L3/a /out edge:W
boundary /L1..L3/a /L1..L3/b
  door w:900
boundary /L1..L3/b /out
space /L3/c room X3..X4 Y1..Y2
boundary /L3/c /out edge:E
boundary /L3/c /L3/b
"""
    found = run(tmp_path, text)
    gaps = {f.path[0]: f.message for f in of(found, "envelope.gap")}
    assert sorted(gaps) == ["/L2/a", "/L3/c"]
    assert "— S 4000mm (4000mm over 1 run(s))" in gaps["/L2/a"]
    # c stands outside the 7000 mm site on L3 only; a and b are inside on every storey
    assert [f.path for f in of(found, "site.escape")] == [("/L3/c",)]


def test_storeys_written_once_keep_their_own_columns_against_doors(tmp_path):
    # One door written over three storeys; the columns are thick on L1..L2, thin on L3
    # (the door then passes beside it), and L2's door is moved away from it.
    text = """koyu 1.0
grid X 0 3000 9000
grid Y 0 4000 8000
level L1 0 h:2700 slab:150
level L2 3000 h:2700 slab:150
level L3 6000 h:2700 slab:150
space /L1..L3/a room X1..X3 Y1..Y2
space /L1..L3/b room X1..X3 Y2..Y3
column 500 L1..L2
column 200 L3
boundary /L1..L3/a /L1..L3/b
  door w:1000 at:X2+740 name:d1
over /L2/a /L2/b
  - door d1
  + door w:1000 at:X2+2000 name:d1
"""
    found = of(run(tmp_path, text), "column.blocksdoor")
    assert [f.path for f in found] == [("/L1/a", "/L1/b")]
    assert "overlaps the column at X2/Y2" in found[0].message


def test_a_neighbour_only_a_boundary_names_is_no_void_and_no_back_of_house(tmp_path):
    # /L1/v's space line is gone: its boundaries still lead somewhere, so /L1/a's only
    # passable neighbour is not a void, and the search from the corridor enters it
    text = """koyu 1.0
grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2700 slab:150
level L2 3000 h:2700 slab:150
space /out exterior
space /L1/c corridor X1..X2 Y1..Y2 use:common
space /L1/a room X2..X3 Y1..Y2 use:common stair:N
space /L2/a room X2..X3 Y1..Y2 use:common
boundary /L1/a /L1/v type:open
boundary /L1/c /L1/v type:open
boundary /L1/c /out type:open
boundary /L1/a /L2/a type:stair
"""
    found = run(tmp_path, text)
    assert of(found, "access.voidonly") == []
    assert of(found, "access.backofhouse") == []
    assert [f.path for f in of(found, "access.unreachable")] == []


def test_site_area_is_asked_only_of_a_polygon(tmp_path):
    # site.md compares area: with the area "computed from the polygon"; without one the
    # derived area is the outline of the spaces and the original says nothing of a mismatch
    text = """koyu 1.0
grid X 0 8000
grid Y 0 9000
level L1 0 h:2400 slab:150
zone /lot site:1 area:80
space /lot/garden yard X1..X2 Y1..Y2 level:L1
"""
    assert of(run(tmp_path, text), "site.area") == []
    drawn = text + "polygon /lot 0,0 8000,0 8000,9000 0,9000\n"
    assert [f.message for f in of(run(tmp_path, drawn), "site.area")] == [
        "Declared and derived site areas disagree: declared 80 m2 / derived 72.00 m2"
    ]
