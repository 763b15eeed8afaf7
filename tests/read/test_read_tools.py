"""The four Reading tools over our own buildings (reference/mcp/tools-read.md)."""

from __future__ import annotations

import json

from read_support import HOUSE


def test_model_summary_fields_in_the_documented_order(folder):
    folder.write("main.muro", HOUSE)
    doc = folder.json("model_summary", file=folder.path())
    assert list(doc) == [
        "name",
        "unit",
        "layers",
        "levels",
        "spaces",
        "boundaries",
        "zones",
        "assets",
        "sitePolygons",
        "totalFloorM2",
        "semiOutdoorM2",
        "floorsM2",
        "byUseM2",
        "check",
        "hint",
    ]
    assert doc["name"] == "試験棟"
    assert doc["layers"] == [folder.path()]
    # Ascending z, not declaration order; h and slab only when written.
    assert doc["levels"] == [
        {"name": "L1", "z": 0, "h": 2600, "slab": 200},
        {"name": "L2", "z": 3000, "h": 2400},
        {"name": "R", "z": 6000},
    ]
    assert doc["spaces"] == 7
    assert doc["assets"] == [
        {"name": "D1", "kind": "door", "attrs": {"w": 900, "h": 2000, "style": "hinged", "name": "玄関"}}
    ]
    assert doc["sitePolygons"] == ["/site"]


def test_model_summary_areas(folder):
    folder.write("main.muro", HOUSE)
    doc = folder.json("model_summary", file=folder.path())
    # Indoor: ldk 20 + bed 20 on L1, up 20 on L2. The void, the balcony (open to an
    # exterior: semi-outdoor), the exterior and the level-less /loose are not counted.
    assert doc["totalFloorM2"] == 60
    assert doc["semiOutdoorM2"] == 4
    assert doc["floorsM2"] == {"L1": {"rooms": 2, "subtotalM2": 40}, "L2": {"rooms": 1, "subtotalM2": 20}}
    # The space's own use wins over the zone's.
    assert doc["byUseM2"] == {"exclusive": 40, "office": 20}
    # A site zone with a polygon reports the polygon (11 m × 8 m); the home zone the
    # indoor floor beneath it.
    assert doc["zones"] == [
        {"path": "/site", "name": "敷地", "site": True, "areaM2": 88},
        {"path": "/home", "name": "住戸", "areaM2": 60},
    ]


def test_model_summary_counts_derived_walls_and_omits_what_is_absent(folder):
    folder.write(
        "main.muro",
        "grid X 0 3000 6000\ngrid Y 0 3000\nlevel L1 0\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n",
    )
    doc = folder.json("model_summary", file=folder.path())
    assert "name" not in doc and "sitePolygons" not in doc
    assert doc["boundaries"] == 1  # none written; one default wall derived
    assert doc["byUseM2"] == {"(unspecified)": 18}
    assert doc["zones"] == [] and doc["assets"] == []


def test_floors_put_integer_like_level_names_first(folder):
    folder.write(
        "main.muro",
        "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nlevel 2 3000\n"
        "space /a room X1..X2 Y1..Y2 level:L1\nspace /b room X1..X2 Y1..Y2 level:2\n",
    )
    text = folder.text("model_summary", file=folder.path())
    floors = text[text.index('"floorsM2"') : text.index('"byUseM2"')]
    assert floors.index('"2"') < floors.index('"L1"')


def test_model_summary_check_counts(folder):
    folder.write(
        "main.muro",
        "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2\nboundary /L1/a /L1/nowhere\n",
    )
    doc = folder.json("model_summary", file=folder.path())
    assert doc["check"]["errors"] >= 1


def test_a_drawn_line_cuts_the_area(folder):
    # A diagonal drawn line cuts the room's corner away: 3 m × 3 m less a 1 m × 1 m half.
    folder.write(
        "main.muro",
        "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\n"
        "boundary /L1/a /out\n  line X1+2000,Y1 X1+3000,Y1+1000\n",
    )
    spaces = folder.json("spaces", file=folder.path())
    assert spaces[0]["areaM2"] == 8.5


def test_layers_in_strength_order_with_sources_unaltered(folder):
    main = "koyu 1.0\r\ngrid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nimport ./b.muro\nimport ./a.muro\nimport ./b.muro\n"
    folder.write("main.muro", main)
    folder.write("a.muro", "space /L1/a room X1..X2 Y1..Y2\n")
    folder.write("b.muro", "# b\n")
    folder.write("unused.muro", "space /L1/z room X1..X2 Y1..Y2\n")
    got = folder.json("layers", file=folder.path())
    assert got == [
        {"file": folder.path(), "source": main},
        {"file": folder.path("b.muro"), "source": "# b\n"},
        {"file": folder.path("a.muro"), "source": "space /L1/a room X1..X2 Y1..Y2\n"},
    ]


def test_spaces_fields_absences_and_filter(folder):
    folder.write("main.muro", HOUSE.replace("level:L1 name:居間", "level:L1 name:123"))
    spaces = folder.json("spaces", file=folder.path())
    assert [s["path"] for s in spaces] == [
        "/home/ldk",
        "/home/bed",
        "/home/up",
        "/home/void",
        "/home/balc",
        "/out",
        "/loose",
    ]
    assert spaces[0] == {
        "path": "/home/ldk",
        "type": "ldk",
        "name": "ldk",
        "level": "L1",
        "areaM2": 20,
        "semiOutdoor": False,
        "layer": folder.path(),
    }
    assert spaces[4]["semiOutdoor"] is True
    assert spaces[5] == {
        "path": "/out",
        "type": "exterior",
        "name": "外部",
        "semiOutdoor": False,
        "layer": folder.path(),
    }
    assert "level" not in spaces[6] and spaces[6]["areaM2"] == 5
    on_l2 = folder.json("spaces", file=folder.path(), level="L2")
    assert [s["path"] for s in on_l2] == ["/home/up", "/home/void", "/home/balc"]
    assert folder.json("spaces", file=folder.path(), level="") == spaces
    assert folder.json("spaces", file=folder.path(), level="L9") == []


def test_spaces_layer_is_the_declaring_file(folder):
    folder.write("main.muro", "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nimport ./sub/l1.muro\n")
    folder.write("sub/l1.muro", "space /L1/a room X1..X2 Y1..Y2\n")
    assert folder.json("spaces", file=folder.path())[0]["layer"] == folder.path("sub/l1.muro")


def test_area_rounding_is_javascripts(folder):
    # 250 mm × 500 mm = 0.125 m²: Math.round(12.5) is 13, Python's round gives 12.
    folder.write("main.muro", "grid X 0 250\ngrid Y 0 500\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2\n")
    assert folder.json("spaces", file=folder.path())[0]["areaM2"] == 0.13


def test_canonical_json_is_the_canonical_document_with_one_space_indent(folder):
    folder.write("main.muro", HOUSE)
    text = folder.text("canonical_json", file=folder.path())
    from koyu_model import load
    from koyu_model.canonical import canonical_json

    assert json.loads(text) == json.loads(canonical_json(load(folder.path())))
    assert text.startswith('{\n "format": "koyu-canonical/1.0",\n "koyu": "1.0",\n')
    assert not text.endswith("\n")


def test_canonical_json_moves_integer_like_keys_first(folder):
    folder.write("main.muro", "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nlevel 10 3000\nlevel 2 6000\n")
    text = folder.text("canonical_json", file=folder.path())
    levels = text[text.index('"levels"') :]
    assert levels.index('"2"') < levels.index('"10"') < levels.index('"L1"')


def test_a_stopped_composition_is_the_tools_error(folder):
    folder.write("main.muro", "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nspace /L1/a room X1..X9 Y1..Y2\n")
    for tool in ("model_summary", "layers", "spaces", "canonical_json"):
        assert folder.error(tool, file=folder.path()) == (f"{folder.path()}:line 4: Undefined grid line name: X9")


def test_a_missing_entry_is_named_absolutely(folder, monkeypatch):
    monkeypatch.chdir(folder.root)
    assert folder.error("spaces", file="missing.muro") == (f"line 0: Cannot read file: {folder.path('missing.muro')}")


def test_use_comes_from_the_deepest_zone_with_a_string_use(folder):
    # /b has use:shared, /b/u below it none (so its rooms inherit shared), /b/u/w a
    # number (ignored); /d/e's inner beats /d's outer; /c/k sits under no zone at all
    # and /top has no parent zone.
    folder.write(
        "main.muro",
        "grid X 0 1000 2000 3000 4000 5000 6000 7000\ngrid Y 0 1000\n"
        "level L1 0\nzone /b use:shared\nzone /b/u\nzone /b/u/w use:7\n"
        "zone /a use:home\nzone /d use:outer\nzone /d/e use:inner\n"
        "space /a/x room X1..X2 Y1..Y2 level:L1\n"
        "space /b/u/y room X2..X3 Y1..Y2 level:L1\n"
        "space /b/u/w/z room X3..X4 Y1..Y2 level:L1\n"
        "space /b/u/v room X4..X5 Y1..Y2 level:L1 use:shop\n"
        "space /c/k room X5..X6 Y1..Y2 level:L1\n"
        "space /top room X6..X7 Y1..Y2 level:L1\n"
        "space /d/e/f room X7..X8 Y1..Y2 level:L1\n",
    )
    doc = folder.json("model_summary", file=folder.path())
    assert doc["byUseM2"] == {"home": 1, "shared": 2, "shop": 1, "(unspecified)": 2, "inner": 1}
    # Zone areas: every indoor space beneath, at any depth.
    assert [(z["path"], z["areaM2"]) for z in doc["zones"]] == [
        ("/b", 3),
        ("/b/u", 3),
        ("/b/u/w", 1),
        ("/a", 1),
        ("/d", 1),
        ("/d/e", 1),
    ]


def test_totals_add_the_rounded_areas(folder):
    # Three rooms of 0.335 m², each rounded to 0.34 before it is added (0.68, 1.02);
    # summing the unrounded areas would give 1.005, reported 1 or 1.01.
    folder.write(
        "main.muro",
        "grid X 0 335 670 1005\ngrid Y 0 1000\nlevel L1 0\n"
        "space /a room X1..X2 Y1..Y2 level:L1\nspace /b room X2..X3 Y1..Y2 level:L1\n"
        "space /c room X3..X4 Y1..Y2 level:L1\n",
    )
    doc = folder.json("model_summary", file=folder.path())
    assert doc["byUseM2"] == {"(unspecified)": 1.02}
    assert doc["totalFloorM2"] == 1.02


def test_spaces_and_light_answer_a_band_over_a_span_level_by_level(folder):
    # model order: every member of the band on L1, then on L2 (the original's expansion)
    folder.write(
        "main.muro",
        "grid X 0 3000 6000\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\nlevel L2 3000 h:2400 slab:150\n"
        "band X X1..X3 Y1..Y2\n  space /L1..L2/a room w:2000 daylight:1\n  space /L1..L2/b room w:rest daylight:1\n",
    )
    order = ["/L1/a", "/L1/b", "/L2/a", "/L2/b"]
    assert [s["path"] for s in folder.json("spaces", file=folder.path())] == order
    assert [row["path"] for row in folder.json("light", file=folder.path())] == order
