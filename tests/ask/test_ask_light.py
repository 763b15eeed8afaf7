"""light: daylight inputs — the declared population, floor over derived pieces, window
factors by what lies beyond (api/queries.md daylightInputs, validate/daylight.md, COMPAT §9)."""

from __future__ import annotations

import json

import pytest
from koyu_ask import light as light_tool

from koyu_host import ToolError
from koyu_model.asking.light import daylight_inputs
from koyu_model.derived import covered, covered_among
from koyu_model.jsjson import tool_text

# Room a (3600 x 4500) looks south to the street, east onto a balcony, north to room b.
# /L2/roof sits over the east balcony only when COVER is written in.
BUILDING = """\
grid X 0 3600 5400
grid Y 0 4500 9000
level L1 0 h:2400 slab:150
level L2 2550 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2 daylight:1 name:居間
space /L1/bal balcony X2..X3 Y1..Y2
space /L1/b room X1..X2 Y2..Y3 daylight:1
space /L1/c room X2..X3 Y2..Y3 daylight:0
space /L1/d exterior daylight:1
{cover}boundary /L1/bal /out type:open
boundary /L1/a /out edge:S
  window w:1000 h:1000
  door w:900
boundary /L1/a /L1/bal
  window w:2400 h:1200
boundary /L1/a /L1/b
  window w:800
  window w:800 h:900
boundary /L1/b /out edge:N
  window w:1500
boundary /L1/c /out edge:N
  window w:1000 h:1000
"""

COVER = "space /L2/roof room X2..X3 Y1..Y2\n"


def _by_path(model):
    return {d.space.path: d for d in daylight_inputs(model)}


def test_only_spaces_written_daylight_1_with_a_region_in_model_order(files):
    found = daylight_inputs(files.load(BUILDING.format(cover="")))
    # c says daylight:0, d has no region: neither is in scope.
    assert [d.space.path for d in found] == ["/L1/a", "/L1/b"]


def test_open_sky_balcony_counts_in_full(files):
    a = _by_path(files.load(BUILDING.format(cover="")))["/L1/a"]
    # 1.0 m2 to the street + 2.88 m2 onto an open balcony; the windows towards room b
    # (indoors) count nothing, and the one without h there is not even looked at.
    assert a.window == 1000.0 * 1000 / 1e6 + 2400.0 * 1200 / 1e6
    assert a.missing_h is False
    assert a.floor == 16.2


def test_a_covered_balcony_passes_seven_tenths_unrounded(files):
    a = _by_path(files.load(BUILDING.format(cover=COVER)))["/L1/a"]
    assert a.window == 1.0 + 2400.0 * 1200 * 0.7 / 1e6
    assert 2400.0 * 1200 * 0.7 / 1e6 == 2.0159999999999996  # the order of the product shows


def test_a_window_without_h_to_the_outside_sets_missing_h(files):
    b = _by_path(files.load(BUILDING.format(cover="")))["/L1/b"]
    assert b.window == 0
    assert b.missing_h is True


def test_floor_is_rounded_to_two_decimals(files):
    text = """\
grid X 0 3333
grid Y 0 3333
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 daylight:1
"""
    (a,) = daylight_inputs(files.load(text))
    assert a.floor == 11.11  # 11.108889 m2


def test_the_tool_answers_with_the_documented_fields(files):
    files.load(BUILDING.format(cover=""))
    out = light_tool.handle(light_tool.Input(file=files.path()))
    assert out[0] == {"path": "/L1/a", "name": "居間", "windowM2": 3.88, "floorM2": 16.2, "missingH": False}
    assert out[1]["name"] == "b"


def test_the_tool_text_is_json_stringify_with_one_space(files):
    # The covered balcony's 0.7 gives an unrounded window sum; b counts nothing (int 0).
    files.load(BUILDING.format(cover=COVER))
    text = tool_text(light_tool.handle(light_tool.Input(file=files.path())))
    assert text == (
        '[\n {\n  "path": "/L1/a",\n  "name": "居間",\n  "windowM2": 3.0159999999999996,\n'
        '  "floorM2": 16.2,\n  "missingH": false\n },\n'
        ' {\n  "path": "/L1/b",\n  "name": "b",\n  "windowM2": 0,\n  "floorM2": 16.2,\n'
        '  "missingH": true\n }\n]'
    )
    assert text == tool_text(json.loads(text))


def test_the_tool_text_without_any_space_in_scope(files):
    files.load(BUILDING.format(cover="").replace("daylight:1", "daylight:0"))
    assert light_tool.handle(light_tool.Input(file=files.path())) == []


def test_the_tool_reports_a_broken_building_as_its_sentence(files):
    files.write("main.muro", "space /L1/a room X1..X2 Y1..Y2\n")
    with pytest.raises(ToolError) as err:
        light_tool.handle(light_tool.Input(file=files.path()))
    assert "Undefined grid line name: X1" in str(err.value)


def test_covered_among_is_the_covered_set_narrowed(files):
    # the roof over the balcony; a room under everything (lower z covers nothing)
    text = (
        BUILDING.format(cover=COVER)
        + """level L0 -3000 h:2400 slab:150
space /L0/under room X1..X3 Y1..Y3
space /L2/edge room X1..X2 Y2..Y3
space /L2/touch room X2..X3 Y2..Y3
level L3 6000 h:2400 slab:150
space /L3/over room X1..X2-1 Y1..Y2
"""
    )
    model = files.load(text)
    everything = set(model.spaces)
    assert covered_among(model, everything) == covered(model)
    asked = {"/L1/bal", "/L1/a", "/L1/b", "/L1/c", "/L2/roof"}
    # a is under the L3 room, b under the L2 edge room, c under the room that only touches
    # the balcony; the roof (the top) under nothing
    assert covered_among(model, asked) == {"/L1/bal", "/L1/a", "/L1/b", "/L1/c"}
