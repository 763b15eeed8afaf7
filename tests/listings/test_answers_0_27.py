"""The 0.27 answers of model_summary, spaces and site, over the host as koyu 0.27.0 serves
them (reference/mcp/tools-read.md, tools-ask.md; spec-0.27 DELTA §5), against 0.16's."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from koyu_host.client import Client
from koyu_host.surfaces import SURFACES
from koyu_model import load
from koyu_model.listings import model_summary
from koyu_model.model import Azimuth, Origin
from koyu_model.release import KOYU_0_27

# Zone /L1/A hands lease.category down, /L1/A/hall overrides it, /L1/b has none and no
# type; /L1/v is a void, /out the outside; the site zone declares an area.
BUILDING = """koyu 1.1
name 試験
grid X 0 4000 8000 9000
grid Y 0 4000
level L1 0 h:2400
zone /site site:1 area:100
zone /L1/A lease.category:exclusive
space /L1/A/ldk ldk X1..X2 Y1..Y2
space /L1/A/hall hall X2..X3 Y1..Y2 lease.category:common
space /L1/b X3..X4 Y1..Y2
space /L2v X1..X2 Y1..Y2 level:L1 void:1
space /out outside:1 name:外
"""


@pytest.fixture
def building(tmp_path: Path) -> str:
    path = tmp_path / "main.muro"
    path.write_text(BUILDING, encoding="utf-8")
    return str(path)


def _call(tool: str, release: str, **arguments) -> dict:
    result = Client.in_memory(surface=SURFACES[release]).call_tool(tool, arguments)
    assert not result.get("isError"), result["content"][0]["text"]
    return json.loads(result["content"][0]["text"])


def test_model_summary_groups_by_the_keys_asked_for(building):
    doc = _call("model_summary", "0.27", file=building, by=["lease.category", "fire.compartment"])
    assert "byUseM2" not in doc
    assert list(doc)[-4:] == ["floorsM2", "byM2", "check", "hint"]
    assert doc["byM2"] == {
        "lease.category": {"exclusive": 16, "common": 16, "(unspecified)": 4},
        "fire.compartment": {"(unspecified)": 36},
    }


def test_model_summary_without_by_or_with_an_empty_one_groups_nothing(building):
    for arguments in ({}, {"by": []}):
        doc = _call("model_summary", "0.27", file=building, **arguments)
        assert "byM2" not in doc and "byUseM2" not in doc


def test_model_summary_refuses_a_by_that_is_not_keys(building):
    client = Client.in_memory(surface=SURFACES["0.27"])
    for bad in ([""], "lease.category", None):
        result = client.call_tool("model_summary", {"file": building, "by": bad})
        assert result["isError"] is True
        assert result["content"][0]["text"] == "by (an array of attribute keys) must hold non-empty strings"


def test_model_summary_on_0_16_keeps_by_use(tmp_path):
    path = tmp_path / "main.muro"
    path.write_text("koyu 1.0\ngrid X 0 4000\ngrid Y 0 4000\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2 use:office\n")
    assert _call("model_summary", "0.16", file=str(path))["byUseM2"] == {"office": 16}


def test_model_summary_gives_origin_and_azimuth_as_written_between_polygons_and_totals(building):
    model = load(building, release=KOYU_0_27)
    framed = attrs.evolve(
        model,
        origin=Origin(
            epsg=6677, easting=-8000.123, northing=-34000.456, elevation=None, vertical=None, line=1, file=""
        ),
        azimuth=Azimuth(degrees=352.4, line=2, file=""),
    )
    doc = model_summary(framed)
    assert doc["origin"] == {"epsg": 6677, "easting": -8000.123, "northing": -34000.456}
    assert doc["azimuth"] == 352.4
    keys = list(doc)
    assert keys.index("assets") + 1 == keys.index("origin") and keys.index("azimuth") + 1 == keys.index("totalFloorM2")
    assert "origin" not in model_summary(model) and "azimuth" not in model_summary(model)


def test_spaces_leave_out_an_unwritten_type_and_say_outside_and_void(building):
    listed = {s["path"]: s for s in _call("spaces", "0.27", file=building)}
    assert list(listed["/L1/b"]) == ["path", "name", "level", "areaM2", "semiOutdoor", "layer"]
    assert listed["/L1/A/ldk"]["type"] == "ldk"
    assert list(listed["/L2v"]) == ["path", "name", "level", "areaM2", "void", "semiOutdoor", "layer"]
    assert listed["/L2v"]["void"] is True
    assert list(listed["/out"]) == ["path", "name", "outside", "semiOutdoor", "layer"]
    assert "outside" not in listed["/L1/b"] and "void" not in listed["/L1/b"]


def test_site_has_no_area_match_on_0_27_but_has_it_on_0_16(building, tmp_path):
    doc = _call("site", "0.27", file=building)
    assert doc["declaredAreaM2"] == 100 and "areaMatch" not in doc
    assert list(doc)[:3] == ["siteZone", "declaredAreaM2", "derivedAreaM2"]
    old = tmp_path / "old.muro"
    old.write_text(
        "koyu 1.0\ngrid X 0 4000\ngrid Y 0 4000\nlevel L1 0\nzone /site site:1 area:16\n"
        "space /L1/a room X1..X2 Y1..Y2\n"
    )
    assert _call("site", "0.16", file=str(old))["areaMatch"] is True
