"""The semantic diff's rules, each on a building of our own (spec: reference/api/diff.md,
reference/cli/diff.md): what is and is not a difference, renames by uid, derived ``at``,
and the order the lines come out in."""

from koyu_model.diff import diff_lines, diff_value, semantic_diff

HEAD = """koyu 1.0
name 二室
grid X 0 3600 7200
grid Y 0 4500
level L1 0 h:2400 slab:150
"""

ROOMS = """space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b room X2..X3 Y1..Y2 name:居室B
space /out exterior
"""


def lines(files, before: str, after: str, **layers: str):
    a = files.load(before, name="a.muro", **layers)
    b = files.load(after, name="b.muro")
    return diff_lines(semantic_diff(a, b))


def test_the_documented_example_name_and_door_width(files):
    before = HEAD + ROOMS + "boundary /L1/a /L1/b t:120\n  door w:780 h:2000\n"
    after = before.replace("name:居室B", "name:書斎").replace("w:780", "w:900")
    assert lines(files, before, after) == [
        "± /L1/b: name 居室B → 書斎",
        # at:0.5 was never written: the door is known by the position derived for it
        "± boundary /L1/a | /L1/b: door at:0.5 w 780 → 900",
    ]


def test_an_unwritten_at_is_at_half(files):
    before = HEAD + ROOMS + "boundary /L1/a /L1/b\n  door w:780\n"
    assert lines(files, before, before.replace("door w:780", "door w:780 at:0.5")) == []
    moved = lines(files, before, before.replace("door w:780", "door w:780 at:0.3"))
    assert moved == ["± boundary /L1/a | /L1/b: + door at:0.3 w:780 / − door at:0.5 (w:780)"]


def test_a_named_door_keeps_its_identity_when_it_moves(files):
    before = HEAD + ROOMS + "boundary /L1/a /L1/b\n  door w:780 name:D1\n"
    after = before.replace("name:D1", "name:D1 at:0.3")
    assert lines(files, before, after) == ["± boundary /L1/a | /L1/b: door D1 at 0.5 → 0.3"]


def test_a_bare_wall_written_or_left_to_the_default_is_no_difference(files):
    before = HEAD + ROOMS
    assert lines(files, before, before + "boundary /L1/b /L1/a\n") == []
    assert lines(files, before, before + "boundary /L1/a /L1/b type:wall\n") == []
    # a wall with something written on it is a difference, of that boundary
    assert lines(files, before, before + "boundary /L1/a /L1/b t:120\n") == ["± boundary /L1/a | /L1/b: + t 120"]


def test_the_order_a_boundary_is_written_in_matters_only_with_direction(files):
    plain = HEAD + ROOMS + "boundary /L1/a /out t:150\n"
    assert lines(files, plain, plain.replace("/L1/a /out", "/out /L1/a")) == []
    faced = HEAD + ROOMS + "boundary /L1/a /out t:150 edge:S\n"
    swapped = faced.replace("/L1/a /out", "/out /L1/a")
    assert lines(files, faced, swapped) == ["± boundary /L1/a | /out edge:S: orientation (a side) /L1/a → /out"]
    # an opening directs it, hinged or not (the recordings: a door with neither hinge nor swing)
    doored = HEAD + ROOMS + "boundary /L1/b /L1/a t:120\n  door w:800\n"
    assert lines(files, doored, doored.replace("/L1/b /L1/a", "/L1/a /L1/b")) == [
        "± boundary /L1/a | /L1/b: orientation (a side) /L1/b → /L1/a"
    ]
    seg = HEAD + ROOMS + "boundary /L1/b /L1/a t:120\n  seg w:1000 spec:ALC\n"
    assert lines(files, seg, seg.replace("/L1/b /L1/a", "/L1/a /L1/b")) == [
        "± boundary /L1/a | /L1/b: orientation (a side) /L1/b → /L1/a"
    ]


def test_a_plain_wall_left_to_the_default_changes_its_fields_but_not_its_orientation(files):
    # the default wall between /L1/a and /L1/b is written /L1/a first: a plain wall written
    # /L1/b first and then taken away changes its t, never its a side
    declared = HEAD + ROOMS + "boundary /L1/b /L1/a t:120 spec:LGS\n"
    assert lines(files, declared, HEAD + ROOMS) == ["± boundary /L1/a | /L1/b: − t (120) / − spec (LGS)"]
    doored = declared + "  door w:800\n"
    assert lines(files, doored, HEAD + ROOMS) == [
        "± boundary /L1/a | /L1/b: − t (120) / orientation (a side) /L1/b → /L1/a / − spec (LGS) / − door at:0.5 (w:800)"
    ]


def test_line_order_layers_and_over_are_no_difference(files):
    one_file = HEAD + ROOMS + "boundary /L1/a /L1/b t:150 spec:LGS\n  door w:900 name:D1\n"
    split = HEAD + "import ./rooms.muro\nimport ./asbuilt.muro\n"
    rooms = (
        "boundary /L1/a /L1/b t:120 spec:LGS\n  door name:D1 w:900\n"
        "space /out exterior\nspace /L1/b room X2..X3 Y1..Y2 name:居室B\n"
        "space /L1/a room X1..X2 Y1..Y2 name:居室A\n"
    )
    asbuilt = "over /L1/a /L1/b t:150\n"
    assert lines(files, one_file, split, rooms=rooms, asbuilt=asbuilt) == []


def test_a_rename_found_by_uid_carries_its_boundaries(files):
    before = HEAD + ROOMS.replace("name:居室A", "name:居室A uid:u-0123456789abcdef")
    before += "boundary /L1/a /out t:150 edge:W\n"
    after = before.replace("/L1/a ", "/L1/study ")
    assert lines(files, before, after) == ["renamed /L1/a → /L1/study (uid:u-0123456789abcdef)"]
    d = semantic_diff(files.load(before, name="a.muro"), files.load(after, name="b.muro"))
    assert diff_value(d)["spaces"]["renamed"] == [{"from": "/L1/a", "to": "/L1/study", "uid": "u-0123456789abcdef"}]


def test_without_a_uid_a_rename_is_a_removal_and_an_addition(files):
    before = HEAD + ROOMS + "boundary /L1/a /out t:150 edge:W\n"
    after = before.replace("/L1/a ", "/L1/study ")
    assert lines(files, before, after) == [
        "+ space /L1/study (room 16.20 m2)",
        "− space /L1/a (room 16.20 m2)",
        "+ boundary /L1/b | /L1/study (wall)",  # the default wall follows the space
        "+ boundary /L1/study | /out edge:W (wall t:150)",
        "− boundary /L1/a | /L1/b",
        "− boundary /L1/a | /out edge:W",
    ]


def test_a_duplicated_uid_falls_back_to_path_matching(files):
    before = HEAD + ROOMS.replace("name:居室A", "uid:u-1").replace("name:居室B", "uid:u-1")
    after = before.replace("/L1/a ", "/L1/c ")
    found = lines(files, before, after)
    assert "+ space /L1/c (room 16.20 m2)" in found and "− space /L1/a (room 16.20 m2)" in found
    assert not any(line.startswith("renamed") for line in found)


def test_column_rank_is_part_of_the_meaning(files):
    head = HEAD + ROOMS
    before = head + "column 800 L1\n"
    after = head + "column 900 L1 x:X1,X2\ncolumn 800 L1\n"
    assert lines(files, before, after) == ["+ column 900 square L1 x:X1,X2", "± column 800 square L1: rank 1 → 2"]


def test_changed_columns_come_in_the_order_they_stood_before(files):
    before = HEAD + ROOMS + "column 800 L1 x:X3\ncolumn 600 L1 x:X1\ncolumn 700 L1 x:X2\n"
    after = HEAD + ROOMS + "column 700 L1 x:X2\ncolumn 800 L1 x:X3\ncolumn 600 L1 x:X1\n"
    assert lines(files, before, after) == [
        "± column 800 square L1 x:X3: rank 1 → 2",
        "± column 600 square L1 x:X1: rank 2 → 3",
        "± column 700 square L1 x:X2: rank 3 → 1",
    ]


def test_a_polygon_written_from_another_vertex_or_winding_is_no_difference(files):
    before = HEAD + ROOMS + "zone /site site:1\npolygon /site 0,0 7200,0 7200,4500 0,4500\n"
    after = before.replace("0,0 7200,0 7200,4500 0,4500", "7200,4500 7200,0 0,0 0,4500")
    assert lines(files, before, after) == []


def test_levels_grid_and_name(files):
    before = HEAD + ROOMS
    after = before.replace("name 二室\n", "").replace("X 0 3600 7200", "X 0 3000 7200 9000").replace("h:2400", "h:2600")
    assert lines(files, before, after)[:4] == [
        "± grid X X2 3600 → 3000",
        "+ grid X X4 9000",
        "± name 二室 → —",
        "± level L1: h 2400 → 2600",
    ]


def test_spaces_come_out_in_level_order(files):
    head = HEAD + "level L2 3000 h:2400\nlevel L10 27000 h:2400\n"
    rooms = "".join(f"space /{lv}/{p} room X1..X2 Y1..Y2\n" for p in ("hall", "bed") for lv in ("L10", "L2"))
    found = lines(files, head + rooms, head)
    # by the rest of the path, then the storey: bed on L2 and L10, then hall on L2 and L10
    assert [x.split(" (")[0] for x in found if " space " in f" {x}"] == [
        "− space /L2/bed",
        "− space /L10/bed",
        "− space /L2/hall",
        "− space /L10/hall",
    ]


def test_an_empty_diff_keeps_the_whole_structure(files):
    m = files.load(HEAD + ROOMS)
    d = semantic_diff(m, m)
    assert d.empty and diff_lines(d) == []
    value = diff_value(d)
    assert list(value) == ["grid", "levels", "assets", "polygons", "zones", "spaces", "boundaries", "columns"]
    assert value["spaces"] == {"added": [], "removed": [], "renamed": [], "changed": []}
    assert value["boundaries"] == {"added": [], "removed": [], "changed": []}


def test_the_json_items_carry_what_they_are(files):
    before = HEAD + ROOMS + "boundary /L1/b /out t:150 edge:E\n"
    after = HEAD + ROOMS.replace("space /L1/b room X2..X3 Y1..Y2 name:居室B\n", "")
    value = diff_value(semantic_diff(files.load(before, name="a.muro"), files.load(after, name="b.muro")))
    assert value["spaces"]["removed"] == [{"path": "/L1/b", "type": "room", "areaM2": 16.2}]
    assert value["boundaries"]["removed"] == [
        {"between": ["/L1/a", "/L1/b"], "kind": "wall"},
        {"between": ["/L1/b", "/out"], "edge": "E", "kind": "wall", "t": 150},
    ]


def test_an_asset_name_is_not_an_openings_identity(files):
    head = HEAD + "asset GT1 door w:900 name:門扉\n" + ROOMS
    before = head + "boundary /L1/a /out t:150 edge:S\n  door GT1 at:X2\n"
    after = before.replace("asset GT1 door w:900", "asset GT1 door w:1000")
    assert lines(files, before, after) == [
        "± asset GT1: w 900 → 1000",
        "± boundary /L1/a | /out edge:S: door at:X2 w 900 → 1000",
    ]
    named = before.replace("door GT1 at:X2", "door GT1 at:X2 name:通用門")
    assert lines(files, named, named.replace("w:900", "w:1000")) == [
        "± asset GT1: w 900 → 1000",
        "± boundary /L1/a | /out edge:S: door 通用門 w 900 → 1000",
    ]


def test_a_boundary_whose_entry_reads_the_same_but_for_attributes_is_the_same(files):
    # As the recorded original does: attributes (a boundary's, its openings') are compared
    # only for boundaries that differ in something else too (api/diff.md compares the
    # effective set; the cli recordings show spec:EW → spec:E alone is no difference).
    before = HEAD + ROOMS + "boundary /L1/a /out t:150 spec:EW\n  door w:900 name:D1\n"
    assert lines(files, before, before.replace("spec:EW", "spec:E").replace("name:D1", "name:D2")) == []
    assert lines(files, before, before.replace("spec:EW", "spec:E").replace("t:150", "t:180")) == [
        "± boundary /L1/a | /out: t 150 → 180 / spec EW → E"
    ]


def test_a_uid_held_by_a_space_and_a_zone_is_duplicated(files):
    before = HEAD + ROOMS.replace("name:居室A", "uid:u-1") + "zone /L1 uid:u-1\n"
    after = before.replace("/L1/a ", "/L1/c ")
    assert not any(line.startswith("renamed") for line in lines(files, before, after))


def test_a_seg_is_known_by_its_attributes_too(files):
    # unlike the wall's own attributes and its openings' (no difference alone, above), a
    # seg's are part of what the boundary is: a seg's spec changing alone is a difference
    before = HEAD + ROOMS + "boundary /L1/a /out t:150 spec:EW\n  seg w:1200 at:0.25 spec:ALC fire:60\n"
    after = before.replace("fire:60", "fire:90")
    assert lines(files, before, after) == ["± boundary /L1/a | /out: seg at:0.25 w:1200 fire 60 → 90"]
    d = semantic_diff(files.load(before, name="a.muro"), files.load(after, name="b.muro"))
    assert not d.empty
    assert lines(files, before, before.replace("spec:ALC fire:60", "fire:60 spec:ALC")) == []


def test_openings_added_come_before_those_removed(files):
    before = HEAD + ROOMS + "boundary /L1/a /L1/b t:120\n  door w:800 at:0.25\n  window w:600 name:A窓\n"
    after = HEAD + ROOMS + "boundary /L1/a /L1/b t:120\n  door w:800 name:引き戸\n  window w:600 name:A窓 h:900\n"
    # in the after side's order: the window changed, the new door; then the door gone
    assert lines(files, before, after) == [
        "± boundary /L1/a | /L1/b: + door 引き戸 w:800 name:引き戸 / + window A窓 h 900 / − door at:0.25 (w:800)"
    ]


def test_an_openings_fields_start_with_where_it_stands(files):
    head = HEAD + "asset D1 door w:900 h:2100 style:hinged\n" + ROOMS
    before = head + "boundary /L1/a /out t:150\n  door w:900 name:玄関\n"
    after = head + "boundary /L1/a /out t:150\n  door D1 at:Y1+1000 name:玄関\n"
    assert lines(files, before, after) == [
        "± boundary /L1/a | /out: door 玄関 at 0.5 → Y1+1000 / + door 玄関 ref D1 / + door 玄関 h 2100"
        " / + door 玄関 style hinged"
    ]


def test_a_drawn_line_is_spelled_start_to_end(files):
    before = HEAD + ROOMS + "boundary /L1/a /out t:150\n  line X1,Y2-1000 X1+1000,Y2\n"
    # the same line from its other end is the same line
    assert lines(files, before, before.replace("X1,Y2-1000 X1+1000,Y2", "X1+1000,Y2 X1,Y2-1000")) == []
    after = before.replace("X1,Y2-1000 X1+1000,Y2", "X1+1500,Y2 X1,Y2-1500")
    assert lines(files, before, after) == [
        "± /L1/a: area 15.70 m2 → 15.08 m2",
        "± boundary /L1/a | /out: line X1,Y2-1000..X1+1000,Y2 → X1,Y2-1500..X1+1500,Y2",
    ]
