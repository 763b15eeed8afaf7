"""Each declaration as the Model and canonical JSON hold it (spec: reference/muro/*.md)."""

from __future__ import annotations

from model_support import HEAD


def test_foundation_keys_and_omissions(files):
    doc = files.doc("koyu 1.0\nname  街角の  複合ビル # 仮称\nunit mm\n" + HEAD)
    assert list(doc) == ["format", "koyu", "name", "unit", "grid", "levels", "spaces", "boundaries"]
    assert doc["name"] == "街角の 複合ビル"
    assert doc["grid"] == {"X": [0, 3600, 7200], "Y": [0, 4000]}
    assert doc["levels"] == {"L1": {"z": 0, "h": 2400, "slab": 150}}


def test_no_version_line_means_no_koyu_key(files):
    m = files.load(HEAD)
    assert m.version == "1.0" and not m.version_declared
    assert "koyu" not in files.doc(HEAD)


def test_level_range_expands_with_pitch_and_drops_leading_zeros(files):
    m = files.load("level L01..L03 1000 pitch:3000 h:2500 slab:200\nlevel B1 -4000 h:3000 underground:1\n")
    assert list(m.levels) == ["L1", "L2", "L3", "B1"]
    assert [m.levels[n].z for n in ("L1", "L2", "L3")] == [1000, 4000, 7000]
    assert m.levels["L2"].pitch == 3000 and m.levels["L2"].range == "L01..L03"
    assert m.levels_by_z == ("B1", "L1", "L2", "L3")
    doc = files.doc()
    assert doc["levels"]["B1"] == {"z": -4000, "h": 3000, "underground": 1}


def test_integer_like_level_names_iterate_first_like_javascript(files):
    m = files.load("level B 0 h:2400\nlevel 10 3000 h:2400\nlevel 2 3000 h:2400\n")
    assert m.level_order == ("2", "10", "B")
    assert m.levels_by_z == ("B", "2", "10")  # stable over the JS order at equal z
    assert list(files.doc()["levels"]) == ["10", "2", "B"]  # canonical: code-point order


def test_space_region_union_normalised_and_sorted(files):
    m = files.load(HEAD + "space /L1/a room X3..X2 Y1..Y2 + X1..X2 Y1..Y1+2000 name:L字\n")
    s = m.spaces["/L1/a"]
    assert s.level == "L1" and s.type == "room"
    assert [(r.xa, r.xb, r.x1, r.x2) for r in s.rects] == [("X2", "X3", 3600, 7200), ("X1", "X2", 0, 3600)]
    assert files.doc()["spaces"]["/L1/a"]["at"] == [["X1", "Y1", "X2", "Y1+2000"], ["X2", "Y1", "X3", "Y2"]]


def test_attribute_values_are_typed_by_spelling(files):
    m = files.load(HEAD + 'space /L1/a room X1..X2 Y1..Y2 h:"2400" use:１２ acme.v:0123 nmae:x\n')
    attrs = m.spaces["/L1/a"].attrs
    assert attrs == {"h": 2400, "use": "１２", "acme.v": 123, "nmae": "x"}  # unknown keys kept for ATT03
    assert m.spaces["/L1/a"].attr_src["nmae"].line == 4


def test_level_is_first_segment_only_when_declared_before(files):
    m = files.load(
        "grid X 0 1\ngrid Y 0 1\nspace /L1/a room X1..X2 Y1..Y2\nlevel L1 0 h:2400\n"
        "space /site/b room X1..X2 Y1..Y2 level:L1\n"
    )
    assert m.spaces["/L1/a"].level is None
    assert m.spaces["/site/b"].level == "L1"
    assert files.doc()["spaces"]["/site/b"]["level"] == "L1"


def test_span_expands_over_declared_levels_in_z_order(files):
    m = files.load(
        "grid X 0 1000\ngrid Y 0 1000\nlevel L1 0 h:2000\nlevel L2 4400 h:2000\nlevel M1 2200 h:2000\n"
        "space /L1..L2/a room X1..X2 Y1..Y2\n  area X1..X1+500 Y1..Y2 name:x\n"
        "boundary /L1..L2/a /out\n  door w:800 name:D\n"
    )
    assert list(m.spaces) == ["/L1/a", "/M1/a", "/L2/a"]
    assert all(len(s.areas) == 1 for s in m.spaces.values())
    assert [(b.a, b.b, len(b.openings)) for b in m.boundaries] == [
        ("/L1/a", "/out", 1),
        ("/M1/a", "/out", 1),
        ("/L2/a", "/out", 1),
    ]


def test_stack_makes_one_vertical_boundary_per_consecutive_pair(files):
    m = files.load(
        "level L1 0 h:2400\nlevel L2 3000 h:2400\nlevel L3 6000 h:2400\nstack ev L1..L3 type:shaft t:200 name:EV\n"
    )
    assert [(b.a, b.b, b.kind, b.stack) for b in m.boundaries] == [
        ("/L1/ev", "/L2/ev", "shaft", True),
        ("/L2/ev", "/L3/ev", "shaft", True),
    ]
    assert m.boundaries[0].attrs == {"t": 200, "name": "EV"}  # stack lifts only type (COMPAT §4)


def test_boundary_lifts_structure_and_orders_members(files):
    doc = files.doc(
        HEAD + "space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\n"
        "asset D1 door w:900 h:2100 style:hinged name:玄関ドア\n"
        "boundary /out /L1/a t:150 air:1 edge:S spec:RC\n"
        "  door D1 w:1200 name:大扉 at:X1+600\n"
        "  window w:1000 h:900\n"
        "  seg w:800 at:0.25 spec:glass\n"
        "  line X1+3000,Y1 X1,Y1+1000\n"
    )
    (b,) = doc["boundaries"]
    assert list(b) == ["between", "a", "kind", "t", "air", "edge", "line", "attrs", "openings", "segs"]
    assert b["between"] == ["/L1/a", "/out"] and b["a"] == "/out"
    assert b["line"] == ["X1,Y1+1000", "X1+3000,Y1"]  # ascending resolved x
    assert b["openings"] == [
        {
            "kind": "door",
            "ref": "D1",
            "w": 1200,
            "h": 2100,
            "at": "X1+600",
            "attrs": {"name": "大扉", "style": "hinged"},
        },
        {"kind": "window", "w": 1000, "h": 900, "at": 0.5},
    ]
    assert b["segs"] == [{"w": 800, "at": 0.25, "attrs": {"spec": "glass"}}]


def test_opening_name_inherited_from_asset_is_not_a_claim(files):
    m = files.load(
        HEAD + "space /L1/a room X1..X2 Y1..Y2\nasset D1 door w:900 name:片開き\n"
        "boundary /L1/a /out\n  door D1 at:0.25\n  door D1 name:片開き\n  door D1 name:D9\n"
    )
    assert [o.name_claimed for o in m.boundaries[0].openings] == [False, False, True]


def test_band_expands_into_spaces_spelled_by_the_floor_rule(files):
    doc = files.doc(
        "grid X 0 6400 12800\ngrid Y 0 5600\nlevel L1 0 h:2400 slab:150\n"
        "band X X1..X3 Y1..Y2\n  space /L1/a room w:8000\n  space /L1/b room w:rest name:B\n"
    )
    assert doc["spaces"]["/L1/a"]["at"] == ["X1", "Y1", "X2+1600", "Y2"]
    assert doc["spaces"]["/L1/b"] == {"type": "room", "at": ["X2+1600", "Y1", "X3", "Y2"], "attrs": {"name": "B"}}


def test_zone_asset_polygon_column(files):
    doc = files.doc(
        "grid X 0 3000 6000 9000\ngrid Y 0 3000\nlevel L1 0 h:2400\nlevel L2 3000 h:2400\n"
        "zone /site site:1 area:120.50 name:敷地\nasset W1 window w:1600 h:1200\n"
        "polygon /site 0,0 9000,0 9000,3000 -10,3000\n"
        "column 600 L1..L2 x:X3,X1 d:600 name:C1\ncolumn 500 L2 d:700\n"
    )
    assert doc["zones"] == {"/site": {"attrs": {"area": 120.5, "name": "敷地", "site": 1}}}
    assert doc["assets"] == {"W1": {"kind": "window", "attrs": {"h": 1200, "w": 1600}}}
    assert doc["polygons"] == {"/site": [[0, 0], [9000, 0], [9000, 3000], [-10, 3000]]}
    assert doc["columns"] == [
        {"size": 600, "levels": ["L1", "L2"], "x": ["X1", "X3"], "attrs": {"name": "C1"}},
        {"size": 500, "d": 700, "levels": ["L2"]},
    ]


def test_provenance_is_kept_per_element_and_member(files):
    m = files.load(HEAD + "\nspace /L1/a room X1..X2 Y1..Y2\nboundary /L1/a /out\n  door w:900 name:D\n")
    s, b = m.spaces["/L1/a"], m.boundaries[0]
    assert (s.line, b.line, b.openings[0].line) == (5, 6, 7)
    assert s.file == b.file == b.openings[0].src_file == str(files.root / "main.muro")


def test_column_grid_names_sort_in_grid_order_other_axis_after(files):
    m = files.load("grid X 0 1 2 3 4 5 6 7 8 9 10 11\ngrid Y 0 1\nlevel L1 0 h:1\ncolumn 100 L1 x:X11,Y1,X2,X10\n")
    assert m.columns[0].x == ("X2", "X10", "X11", "Y1")
