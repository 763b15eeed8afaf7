"""Our own example buildings (examples/): each loads, is check- and validate-clean, keeps
its canonical JSON, and answers the Asking questions with numbers worked out by hand."""

from __future__ import annotations

import json
import pathlib
from xml.etree import ElementTree

import pytest

from koyu_cli.main import main
from koyu_model import load
from koyu_model.asking.light import daylight_inputs
from koyu_model.asking.route import doors_between
from koyu_model.asking.site import site_report
from koyu_model.canonical import canonical_json
from koyu_model.check import check
from koyu_model.derived import covered, semi_outdoor
from koyu_model.form.derive import derive
from koyu_model.listings.summary import model_summary
from koyu_model.release import KOYU_0_27
from koyu_model.validate import validate

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"

HOUSE = EXAMPLES / "house" / "main.muro"
STUDIO = EXAMPLES / "studio.muro"
FLATS = EXAMPLES / "flats" / "main.muro"
HOUSE_14 = EXAMPLES / "house-1.4" / "main.muro"
ALL = {"house": HOUSE, "studio": STUDIO, "flats": FLATS}

# The levels that carry a space with a region, and one room name drawn on each.
DRAWN = {
    "house": {"L1": "居間・食堂・台所", "L2": "和室"},
    "studio": {"L1": "アトリエ"},
    "flats": {"L1": "共用廊下", "L2": "エレベーター", "L3": "洋室", "L4": "バルコニー"},
}


@pytest.fixture(scope="module")
def house():
    return load(str(HOUSE))


@pytest.mark.parametrize("name", sorted(ALL))
def test_check_says_nothing(name):
    diags = check(load(str(ALL[name])))
    assert [d.to_json() for d in diags] == []


@pytest.mark.parametrize("name", sorted(ALL))
def test_validate_catches_nothing(name):
    assert [f for f in validate(load(str(ALL[name])))] == []


# The goldens were written by the code. studio.json was checked by hand once against
# studio.muro (the band's widths, the default opening ratio, the schema's key order, the
# four gallery/out walls ordered by edge then line); the test below checks the ordering
# rules of both with the standard library's JSON, independently of koyu_model.jsjson.
@pytest.mark.parametrize("name", ["house", "studio"])
def test_canonical_json_is_the_golden_file(name):
    golden = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    assert canonical_json(load(str(ALL[name]))) == golden


def _blank_key(entry) -> str:
    """COMPAT §6: the compact JSON of an entry with every attrs written as {}."""

    def blank(v):
        if isinstance(v, dict):
            return {k: ({} if k == "attrs" else blank(x)) for k, x in v.items()}
        return [blank(x) for x in v] if isinstance(v, list) else v

    return json.dumps(blank(entry), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("name", ["house", "studio"])
def test_the_goldens_follow_the_canonical_order(name):
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert text == json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    for section in ("levels", "assets", "polygons", "zones", "spaces"):
        assert list(doc.get(section, {})) == sorted(doc.get(section, {}))
    bags = [e["attrs"] for part in ("spaces", "zones") for e in doc.get(part, {}).values() if "attrs" in e]
    bags += [e["attrs"] for e in doc["boundaries"] if "attrs" in e]
    assert bags and all(list(bag) == sorted(bag) for bag in bags)
    keys = [_blank_key(b) for b in doc["boundaries"]]
    assert keys == sorted(keys)
    for b in doc["boundaries"]:
        assert b["between"] == sorted(b["between"]) and b["a"] in b["between"]
        for member in ("openings", "segs"):
            got = [_blank_key(m) for m in b.get(member, [])]
            assert got == sorted(got)


def test_house_layers_compose_in_import_order(house):
    names = [pathlib.Path(layer.path).name for layer in house.layers]
    assert names == ["main.muro", "site.muro", "L1.muro", "L2.muro", "revisions.muro"]


def test_house_revisions_layer_added_the_east_window(house):
    (bed2,) = [b for b in house.boundaries if set(b.between) == {"/L2/bed2", "/out"}]
    assert sorted(o.attrs.get("name") for o in bed2.openings) == ["南窓", "東窓"]
    assert house.spaces["/L2/washitsu"].attrs["floor"] == "畳"


def test_house_porch_is_covered_and_the_balcony_open_to_the_sky(house):
    assert {"/L1/porch", "/L2/balcony"} <= semi_outdoor(house)
    assert "/L1/porch" in covered(house) and "/L2/balcony" not in covered(house)


def test_house_daylight_numbers(house):
    found = {d.space.path: d for d in daylight_inputs(house)}
    assert list(found) == ["/L1/ldk", "/L2/bed1", "/L2/bed2", "/L2/washitsu"]
    ldk = found["/L1/ldk"]
    # 7280x3640 + 3640x4550 mm = 43.06 m2; windows 2.6x2.0 onto the covered porch at 0.7,
    # 2.6x2.0 onto the garden, 1.65x1.1 east and north: 3.64 + 5.2 + 1.815 + 1.815.
    assert ldk.floor == 43.06
    assert ldk.window == pytest.approx(12.47, abs=1e-9)
    # bed2: 1.65x1.1 south + the revision's 1.2x1.1 east; bed1 looks onto the open balcony.
    assert found["/L2/bed2"].window == pytest.approx(1.815 + 1.32, abs=1e-9)
    assert found["/L2/bed1"].window == pytest.approx(1.69 * 2.0, abs=1e-9)
    assert found["/L2/washitsu"].floor == 13.25
    assert not any(d.missing_h for d in found.values())


def test_house_site_numbers(house):
    report = site_report(house)
    assert report.site_zone.path == "/site"
    assert report.declared == 189.13
    assert report.derived == 189.13  # 12.6 m x 15.01 m = 189.126 m2
    assert report.footprint == 74.53  # 9.1 m x 8.19 m; porch and balcony are semi-outdoor
    assert report.total_floor == 149.05  # 74.52 on L1 + 74.53 on L2, rounded per room
    assert [(r.road.path, r.width, r.frontage) for r in report.roads] == [("/out/road", 6000, 12600)]


def test_house_fewest_doors_routes(house):
    up = doors_between(house, "/L2/bed2", "/out/road")
    assert (up.doors, list(up.path)) == (
        3,
        ["/L2/bed2", "/L2/hall", "/L2/st", "/L1/st", "/L1/hall", "/L1/porch", "/site/south", "/out/road"],
    )
    back = doors_between(house, "/L1/bath", "/out/road")
    assert (back.doors, list(back.path)) == (
        4,
        ["/L1/bath", "/L1/wash", "/L1/ldk", "/site/north", "/site/west", "/site/south", "/out/road"],
    )


def test_house_stair_steps(house):
    (run,) = derive(house).runs
    # rise 2900: 17 risers; the landing (4550-1100-8x300 = 1050) is raised to 1100,
    # so each flight is 2350 and the lower one's 8 treads are 293.75.
    assert (run.path, run.risers, run.tread, run.going) == ("/L1/st", 17, 293.75, 4700)


def test_studio_chamfer_cuts_the_corner_and_its_column():
    model = load(str(STUDIO))
    (gallery,) = [d for d in daylight_inputs(model)]
    assert gallery.floor == 64.4  # 68.04 m2 less the 2.7 m x 2.7 m / 2 corner
    assert gallery.window == pytest.approx(4.0 * 2.0 + 2.4 * 1.2 + 1.8 * 1.2, abs=1e-9)
    grids = [c.grid for c in derive(model).columns]
    assert len(grids) == 8 and "X1/Y1" not in grids
    band = {p: model.spaces[p] for p in ("/L1/store", "/L1/wc", "/L1/tea")}
    assert [(s.rects[0].xa, s.rects[0].xb, s.rects[0].x2 - s.rects[0].x1) for s in band.values()] == [
        ("X1", "X2+1200", 6600),
        ("X2+1200", "X2+3000", 1800),
        ("X2+3000", "X3", 2400),
    ]


def test_flats_facts():
    model = load(str(FLATS))
    assert [(n, lv.z) for n, lv in sorted(model.levels.items(), key=lambda kv: kv[1].z)] == [
        ("L1", 0),
        ("L2", 2900),
        ("L3", 5800),
        ("L4", 8700),
        ("R", 11600),
    ]
    assert len(model.spaces) == 53  # 13 per storey and the outside
    runs = derive(model).runs
    assert [(r.path, r.device) for r in runs if r.device != "lift"] == [
        ("/L1/st", "stair"),
        ("/L2/st", "stair"),
        ("/L3/st", "stair"),
    ]
    assert {(r.risers, r.tread) for r in runs if r.device == "stair"} == {(17, 300)}
    assert sum(r.device == "lift" for r in runs) == 4
    route = doors_between(model, "/L4/B/bed", "/out")
    assert (route.doors, list(route.path)) == (
        5,
        [
            "/L4/B/bed",
            "/L4/B/ldk",
            "/L4/B/hall",
            "/L4/corr",
            "/L4/st",
            "/L3/st",
            "/L2/st",
            "/L1/st",
            "/L1/corr",
            "/out",
        ],
    )
    # Under a balcony the LDK window counts 0.7; on the top storey it is open to the sky.
    ldk = {d.space.path: d.window for d in daylight_inputs(model) if d.space.path.endswith("A/ldk")}
    assert ldk["/L2/A/ldk"] == pytest.approx(4.8 * 0.7 + 1.815, abs=1e-9)
    assert ldk["/L4/A/ldk"] == pytest.approx(4.8 + 1.815, abs=1e-9)


@pytest.mark.parametrize("name,level", [(n, lv) for n in sorted(DRAWN) for lv in DRAWN[n]])
def test_plan_draws_every_level_with_a_space(name, level, tmp_path):
    out = tmp_path / f"{name}-{level}.svg"
    assert main(["plan", str(ALL[name]), "-l", level, "-o", str(out)]) == 0
    root = ElementTree.fromstring(out.read_bytes())
    texts = {"".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert DRAWN[name][level] in texts


@pytest.mark.parametrize("name", sorted(ALL))
def test_the_roof_level_has_nothing_to_draw(name, tmp_path, capsys):
    assert main(["plan", str(ALL[name]), "-l", "R", "-o", str(tmp_path / "r.svg")]) == 1
    assert "There is no space with a region on level R" in capsys.readouterr().err


# examples/house-1.4 is examples/house in muro 1.4, as koyu 0.27.0 reads it.
def test_house_14_is_check_clean_under_0_27():
    assert [d.to_json() for d in check(load(str(HOUSE_14), release=KOYU_0_27))] == []


def test_house_14_is_the_same_building_as_house():
    # outside:1 must make the same spaces outside as the type word exterior did, and every
    # outer face is written, so no default wall is added: the same counts and floor areas.
    old = model_summary(load(str(HOUSE)))
    new = model_summary(load(str(HOUSE_14), release=KOYU_0_27))
    for key in ("spaces", "boundaries", "floorsM2", "totalFloorM2", "semiOutdoorM2", "zones"):
        assert new[key] == old[key], key
    assert new["azimuth"] == 0


def test_house_14_is_judged_clean_by_the_schematic_screen(capsys):
    argv = ["--as", "0.27", "validate", str(HOUSE_14), "--json"]
    assert main([*argv, "--profile", "koyu.profile.schematic-screen", "--as-of", "2026-12-05"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert report["summary"]["rules"] == {"error": 0, "evaluated": 11, "indeterminate": 0, "notApplicable": 4}


def test_house_14_needs_koyu_0_27(capsys):
    # koyu 0.16.0 knows no `muro` version line.
    assert main(["check", str(HOUSE_14)]) == 1
    assert "Unknown keyword: muro" in capsys.readouterr().err
