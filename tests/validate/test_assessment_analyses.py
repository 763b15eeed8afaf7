"""koyu 0.27's five analyses on buildings of our own (koyu_model.assessment): the values
and evidence the built-in profile's rules stand on, with the original's orders and
tie-breaks, and the outcome evidence that repeats the analysis's own items."""

from __future__ import annotations

from pathlib import Path

import pytest

from koyu_model import load
from koyu_model.assessment import report
from koyu_model.assessment.schematic import PROFILE
from koyu_model.release import KOYU_0_27


def assess(tmp_path: Path, text: str) -> dict:
    p = tmp_path / "main.muro"
    p.write_text("muro 1.4\n" + text, encoding="utf-8")
    answer = report(load(str(p), release=KOYU_0_27), PROFILE, "2026-08-03")
    assert answer["model"]["state"] == "consistent", answer["model"]["diagnostics"]
    return answer


def artifact(answer: dict, name: str) -> dict:
    [found] = [a["artifact"] for a in answer["analyses"] if a["analysis"]["id"] == f"koyu.analysis.{name}"]
    assert found["state"] == "complete"
    return found


def evidence(answer: dict, name: str, id: str) -> dict:
    [found] = [e for e in artifact(answer, name)["evidence"] if e["id"] == id]
    return found


def outcome(answer: dict, rule: str, id: str) -> dict:
    [r] = [r for r in answer["rules"] if r["rule"]["id"] == f"koyu.schematic.{rule}"]
    [found] = [o for o in r["evaluation"]["outcomes"] if o["id"] == id]
    return found


def lines(item: dict) -> list[tuple[str, int | None]]:
    """An evidence item's sources as (subject ref, line)."""
    return [(s["subject"]["ref"], s.get("location", {}).get("line")) for s in item["sources"]]


# --- daylight -----------------------------------------------------------------------------


def test_a_window_without_height_is_named_as_the_form_numbers_it(tmp_path):
    answer = assess(
        tmp_path,
        """grid X 0 4500 9000
grid Y 0 3600
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 daylight:1
space /L1/b room X2..X3 Y1..Y2
space /out outside:1
boundary /L1/a /out t:120
  door w:900 edge:S
  window w:2400 h:1500 edge:N
  window w:1200 edge:W
boundary /L1/a /L1/b
  window w:600
boundary /L1/b /out
  door w:900 edge:S
""",
    )
    [space] = artifact(answer, "daylight")["value"]["spaces"]
    # in canonical member order the 1200 window is the second opening; the one facing
    # the room next door was never going to be counted, so it is not missing
    [missing] = space["missingHeightOpenings"]
    assert missing["ref"].endswith("/1") and missing["ref"] == missing["boundaryRef"] + "/1"
    assert missing["boundaryRef"].startswith("/L1/a|/out@")
    assert (missing["widthMm"], missing["location"]["line"]) == (1200, 8)
    found = outcome(answer, "daylight.unknown", "/L1/a")
    assert found["status"] == "fail"
    [counted] = [e for e in found["evidence"] if e["kind"] == "comparison"]
    assert (counted["id"], counted["observed"], counted["operator"], counted["required"]) == (
        "uncounted-window-openings",
        {"unit": "count", "value": 1},
        "<=",
        {"unit": "count", "value": 0},
    )


# --- the site -----------------------------------------------------------------------------

SITE = """grid X 0 10000 14000
grid Y -1000 0 10000 11000
level L1 0 h:2400 slab:150
zone /site name:敷地 site:1 area:120
polygon /site 0,0 10000,0 10000,10000 0,10000
space /site/yard yard X1..X2 Y2..Y3 level:L1
space /out/z X1..X2 Y3..Y4 road:4000 level:L1 outside:1
space /out/a X1..X2 Y1..Y2 road:6000 level:L1 outside:1 name:南側道路
space /L1/a room X2..X3 Y2..Y3
space /out outside:1
boundary /site/yard /out/z type:open
boundary /site/yard /out/a type:open
boundary /L1/a /out
"""


def test_the_site_states_its_numbers_roads_by_path_and_what_escapes(tmp_path):
    answer = assess(tmp_path, SITE)
    site = artifact(answer, "site")
    value = site["value"]
    assert value["selectedSiteRef"] == "/site"
    assert value["metrics"]["areaBasisM2"] == 120 and value["metrics"]["siteName"] == "敷地"
    assert value["metrics"]["polygonVertexCount"] == 4
    assert value["polygons"] == [{"declaredAreaM2": 120, "rawAreaM2": 100, "roundedAreaM2": 100, "siteRef": "/site"}]
    assert value["roads"] == [
        {"frontageMm": 10000, "name": "南側道路", "roadRef": "/out/a", "widthMm": 6000},
        {"frontageMm": 10000, "name": "z", "roadRef": "/out/z", "widthMm": 4000},
    ]
    assert value["spaceRelations"] == [
        {"firstNonContainedPointMm": {"x": 14000, "y": 0}, "siteRef": "/site", "spaceRef": "/L1/a"}
    ]
    road = evidence(answer, "site", "site-road:/out/z")
    assert lines(road) == [("/out/z", 8), ("/site", 5)]
    area = evidence(answer, "site", "site-area:/site")
    assert lines(area) == [("/site", 5), ("/site", 6)]


def test_the_site_rules_rest_on_the_site_s_evidence(tmp_path):
    answer = assess(tmp_path, SITE)
    area = outcome(answer, "site.area", "/site")
    assert area["status"] == "fail"
    [difference] = area["evidence"]
    assert (difference["observed"]["value"], difference["operator"], difference["required"]["value"]) == (20, "<", 0.05)
    frontage = outcome(answer, "site.frontage", "/out/a")
    assert frontage["status"] == "pass"
    assert frontage["evidence"][0]["subjects"] == [{"kind": "space", "ref": "/out/a"}, {"kind": "site", "ref": "/site"}]
    escape = outcome(answer, "site.escape", '["site-space","/site","/L1/a"]')
    assert escape["status"] == "fail" and escape["message"] == "/L1/a escapes the site shape (near 14000,0)"
    assert escape["evidence"][0]["geometry"]["toleranceMm"] == 1


@pytest.mark.parametrize("written", ["zone /site name:敷地 site:1 area:120\n", "zone /site site:1 area:120\n"])
def test_without_a_polygon_the_site_has_no_area_to_compare(tmp_path, written):
    answer = assess(
        tmp_path,
        SITE.replace("polygon /site 0,0 10000,0 10000,10000 0,10000\n", "").replace(
            "zone /site name:敷地 site:1 area:120\n", written
        ),
    )
    value = artifact(answer, "site")["value"]
    assert value["polygons"] == [] and value["spaceRelations"] == []
    assert value["metrics"]["siteName"] == ("敷地" if "name:" in written else "site")
