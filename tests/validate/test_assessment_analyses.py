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


# --- access -------------------------------------------------------------------------------

# /L1/m lies between /L1/s (a door to /out) and /L1/r (a door to /road): two routes out of
# equal length. Walking out from /L1/m, /L1/r comes first by path and is also written
# first; the original's route is the other one, met first by the search from the
# exteriors (/out before /road).
TWO_WAYS_OUT = """grid X 0 3000 6000 9000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /out outside:1
space /road outside:1
space /L1/s room X1..X2 Y1..Y2
space /L1/m room X2..X3 Y1..Y2
space /L1/r room X3..X4 Y1..Y2
boundary /L1/m /L1/r
  door w:900
boundary /L1/m /L1/s
  door w:900
boundary /L1/s /out
  door w:900 edge:W
boundary /L1/r /road
  door w:900 edge:E
"""


def test_a_route_out_is_the_one_the_search_from_the_exteriors_meets_first(tmp_path):
    answer = assess(tmp_path, TWO_WAYS_OUT)
    access = artifact(answer, "access")["value"]
    assert access["exteriorRefs"] == ["/out", "/road"]
    routes = {r["ref"]: r for r in access["personExteriorRoutes"]}
    assert routes["/L1/m"] == {"path": ["/L1/m", "/L1/s", "/out"], "reachable": True, "ref": "/L1/m"}
    assert routes["/L1/r"]["path"] == ["/L1/r", "/road"]
    # the route's evidence names each space it passes, at the line it was written on
    route = evidence(answer, "access", "person-exterior:/L1/m")
    assert route["profile"] == "person-exterior-without-space-filter"
    assert lines(route) == [("/L1/m", 8), ("/L1/s", 7), ("/out", 5)]
    # the rule's outcome rests on that very item
    assert outcome(answer, "access.unreachable", "/L1/m")["evidence"] == [route]


def test_neighbours_come_by_path_not_as_written(tmp_path):
    # /L1/m's boundary to /L1/s written before the one to /L1/r
    swapped = TWO_WAYS_OUT.replace(
        "boundary /L1/m /L1/r\n  door w:900\nboundary /L1/m /L1/s\n  door w:900\n",
        "boundary /L1/m /L1/s\n  door w:900\nboundary /L1/m /L1/r\n  door w:900\n",
    )
    assert swapped != TWO_WAYS_OUT
    answer = assess(tmp_path, swapped)
    [m] = [n for n in artifact(answer, "access")["value"]["passableNeighbourhoods"] if n["ref"] == "/L1/m"]
    assert [n["ref"] for n in m["neighbours"]] == ["/L1/r", "/L1/s"]
    assert m["neighbours"][0] == {"declaresVoid": False, "exists": True, "ref": "/L1/r"}
    fact = evidence(answer, "access", "passable-neighbours:/L1/m")
    assert fact["name"] == "incidentPassableNeighbours" and fact["value"] == m["neighbours"]
    assert lines(fact) == [("/L1/m", 8), ("/L1/r", 9), ("/L1/s", 7)]


def test_an_unreachable_space_has_an_empty_route_sourced_at_itself(tmp_path):
    answer = assess(
        tmp_path,
        TWO_WAYS_OUT.replace("boundary /L1/m /L1/s\n  door w:900\n", "").replace(
            "boundary /L1/m /L1/r\n  door w:900\n", ""
        ),
    )
    route = evidence(answer, "access", "person-exterior:/L1/m")
    assert (route["path"], route["reachable"], lines(route)) == ([], False, [("/L1/m", 8)])
    assert outcome(answer, "access.unreachable", "/L1/m")["status"] == "fail"


def test_the_evidence_of_an_analysis_comes_sorted_by_id(tmp_path):
    answer = assess(tmp_path, TWO_WAYS_OUT)
    for a in answer["analyses"]:
        ids = [e["id"] for e in a["artifact"]["evidence"]]
        assert ids == sorted(ids)


ESCALATOR = """grid X 0 3000 6000
grid Y 0 8000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /out outside:1
space /L1/c corridor X1..X2 Y1..Y2 lease.category:common
space /L1/e room X2..X3 Y1..Y2 lease.category:common escalator:N
space /L2/e room X2..X3 Y1..Y2 lease.category:common
space /L2/c corridor X1..X2 Y1..Y2 lease.category:common
stack e L1..L2 type:stair
boundary /L2/c /L2/e
  door w:900
boundary /L1/c /L1/e
  door w:900
boundary /L1/c /out
  door w:900 edge:S
"""


def test_a_common_run_is_entered_from_a_corridor_and_the_route_starts_there(tmp_path):
    answer = assess(tmp_path, ESCALATOR)
    access = artifact(answer, "access")["value"]
    assert access["commonCorridorRefs"] == ["/L1/c", "/L2/c"]
    assert access["commonCorridorHorizontalRoutes"] == [{"path": ["/L1/c", "/L1/e"], "reachable": True, "ref": "/L1/e"}]
    assert outcome(answer, "access.backofhouse", "/L1/e")["status"] == "pass"


def test_a_common_run_is_never_entered_by_its_own_vertical_link(tmp_path):
    # without the door on L1, the only way to /L1/e is down its own escalator from /L2/e
    answer = assess(tmp_path, ESCALATOR.replace("boundary /L1/c /L1/e\n  door w:900\n", ""))
    [route] = artifact(answer, "access")["value"]["commonCorridorHorizontalRoutes"]
    assert route == {"path": [], "reachable": False, "ref": "/L1/e"}
    found = outcome(answer, "access.backofhouse", "/L1/e")
    assert found["status"] == "fail"
    assert [e["profile"] for e in found["evidence"]] == ["common-corridor-horizontal-entry-without-backyard"]


def test_a_car_park_states_its_vehicle_route_and_what_a_car_passes(tmp_path):
    answer = assess(
        tmp_path,
        """grid X 0 6000
grid Y 0 6000
level L1 0 h:2700 slab:150
space /out outside:1
space /L1/p parking X1..X2 Y1..Y2
boundary /L1/p /out
  door w:2400 edge:S
""",
    )
    assert artifact(answer, "access")["value"]["vehicleExteriorRoutes"] == [
        {"path": ["/L1/p", "/out"], "reachable": True, "ref": "/L1/p"}
    ]
    found = outcome(answer, "access.parking", "/L1/p")
    assert [e["id"] for e in found["evidence"]] == ["vehicle-exterior:/L1/p", "vehicle-profile:/L1/p"]
    assert found["evidence"][1]["value"] == {
        "doorMinimumMm": 2400,
        "openBoundary": True,
        "rampDeclaredVerticalLink": True,
    }


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


# --- vertical runs ------------------------------------------------------------------------

BASEMENT_STAIR = """grid X 0 2600
grid Y 0 5400
level B2 -7400 h:2600 slab:800 underground:1
level B1 -3700 h:2600 slab:800 underground:1
level L1 0 h:4000 slab:900
space /B2..B1/st stair X1..X2 Y1..Y2 stair:N form:return
space /L1/st stair X1..X2 Y1..Y2
space /out outside:1
stack st B2..L1 type:stair
boundary /L1/st /out
  door w:900 edge:S
"""


def test_a_run_s_slope_is_taken_between_world_heights(tmp_path):
    # the same flight on two storeys of one rise: the original's slopes differ in the
    # last digit, the flight being measured between heights below zero
    runs = artifact(assess(tmp_path, BASEMENT_STAIR), "vertical-runs")["value"]["runs"]
    assert [(r["ref"], r["slope"]) for r in runs] == [("/B2/st", 0.6460317460317462), ("/B1/st", 0.6460317460317461)]
    assert runs[0]["riseMm"] == 3700 and runs[0]["upperLevelRef"] == "B1" and runs[0]["verticalBoundaryLinked"]


def test_a_ramp_exactly_at_its_declared_limit_meets_it_within_the_margin(tmp_path):
    # 3000 over 35999.9999 is 1/12 and a little: steeper by less than the 1e-9 margin
    text = """grid X 0 3000
grid Y 0 38199.9999
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/r ramp X1..X2 Y1..Y2 ramp:N slope:12
space /L2/r ramp X1..X2 Y1..Y2
space /out outside:1
stack r L1..L2 type:stair
boundary /L1/r /out
boundary /L2/r /out
"""
    answer = assess(tmp_path, text)
    [run] = [r for r in artifact(answer, "vertical-runs")["value"]["runs"] if r["ref"] == "/L1/r"]
    assert 1 / 12 < run["slope"] < 1 / 12 + 1e-9 and run["declaredSlopeDenominator"] == 12
    found = outcome(answer, "ramp.declared-slope", "/L1/r")
    assert found["status"] == "pass"
    [limit] = [e for e in found["evidence"] if e["id"] == "declared-slope-limit"]
    assert limit["required"] == {"unit": "ratio", "value": 1 / 12 + 1e-9}


def test_a_stair_s_step_is_compared_on_its_rounded_riser_and_tread(tmp_path):
    text = BASEMENT_STAIR.replace("form:return", "")
    found = outcome(assess(tmp_path, text), "stair.proportion", "/B2/st")
    by_id = {e["id"]: e for e in found["evidence"]}
    assert list(by_id) == ["pace-band", "tread-minimum", "vertical-run:/B2/st"]
    assert by_id["pace-band"]["required"] == {
        "maximum": {"unit": "mm", "value": 700},
        "minimum": {"unit": "mm", "value": 550},
    }
    # 21 risers of 176.19mm → 176, over 3200mm of run: 20 goings of 160mm
    assert by_id["tread-minimum"]["observed"]["value"] == 160
    assert by_id["pace-band"]["observed"]["value"] == 2 * 176 + 160


# --- door / column collisions -------------------------------------------------------------


def test_a_door_names_the_first_column_it_runs_through(tmp_path):
    answer = assess(
        tmp_path,
        """grid X 0 4000 8000
grid Y 0 5000 10000
level L1 0 h:2700 slab:150
space /L1/a room X1..X3 Y1..Y2
space /L1/b room X1..X3 Y2..Y3
space /out outside:1
column 600 L1 y:Y2
boundary /L1/a /L1/b
  door w:900 at:X2
boundary /L1/a /out
  door w:900 at:X1+1200 edge:S
boundary /L1/b /out
""",
    )
    doors = artifact(answer, "door-column-collisions")["value"]["doors"]
    assert [d["ref"] for d in doors] == sorted(d["ref"] for d in doors)
    [blocked] = [d for d in doors if d["firstColumnIntersection"] is not None]
    assert blocked["firstColumnIntersection"] == {
        "centerMm": {"x": 4000, "y": 5000},
        "depthMm": 600,
        "grid": "X2/Y2",
        "level": "L1",
        "ref": "L1/X2/Y2",
        "widthMm": 600,
    }
    assert blocked["segment"] == {"horizontal": True, "x1": 0, "x2": 8000, "y1": 5000, "y2": 5000}
    fact = evidence(answer, "door-column-collisions", f"door-column:{blocked['ref']}")
    assert lines(fact) == [(blocked["boundaryRef"], 9), ("L1/X2/Y2", 8)]
    assert fact["subjects"][1] == {"kind": "koyu.column", "ref": "L1/X2/Y2"}
    assert outcome(answer, "column.blocksdoor", blocked["ref"])["evidence"] == [fact]


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
