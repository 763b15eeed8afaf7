"""``koyu --as 0.27 <subcommand>``: where koyu 0.27.0's command line answers differently
from 0.16.0's (spec-0.27 reference/cli/, DELTA §7), each pinned on a small building of our
own, worked by hand from the pages' examples."""

import attrs
import pytest

from koyu_cli.main import HAS, main
from koyu_model import load
from koyu_model.model import Azimuth, Origin
from koyu_model.release import KOYU_0_27

# Three rooms of 16 m2: /L1/A hands lease.category down to /L1/A/a; /L1/A/b's own value
# wins over it; /L1/c has none. /L1/A/b has no type.
GROUPED = """koyu 1.1
grid X 0 4000 8000 12000
grid Y 0 4000
level L1 0 h:2400
zone /L1/A lease.category:rentable use:office
space /L1/A/a room X1..X2 Y1..Y2
space /L1/A/b X2..X3 Y1..Y2 lease.category:common
space /L1/c hall X3..X4 Y1..Y2 fire.compartment:F1
"""

# Two daylight rooms: /L1/a has 1.92 m2 of window onto the outside for 16.2 m2 of floor
# (1/8.4: short of 1/7), /L1/b a window with no h: (nothing counted).
DARK = """koyu 1.1
grid X 0 3600 7200
grid Y 0 4500
level L1 0 h:2400
space /L1/a room X1..X2 Y1..Y2 daylight:1 name:居室A
space /L1/b room X2..X3 Y1..Y2 daylight:1 name:居室B
space /out name:外部 outside:1
boundary /L1/a /L1/b
  door w:800
boundary /L1/a /out edge:S
  window w:1600 h:1200
boundary /L1/b /out edge:S
  window w:1600
"""

# A site of 10 x 10 m (declared 100.00 m2) holding a 6 x 7 m house: coverage 42%.
SITE = """koyu 1.1
grid X 0 6000 10000
grid Y 0 7000 10000
level L1 0 h:2400
zone /site name:敷地 site:1 area:100.00
space /home/house room X1..X2 Y1..Y2 level:L1 name:家
space /site/yard garden X2..X3 Y1..Y3 level:L1 name:庭
space /site/back garden X1..X2 Y2..Y3 level:L1 name:裏庭
space /road name:道路 road:6000 outside:1
boundary /site/yard /road type:open edge:E
boundary /site/back /road type:open
"""


def entry(tmp_path, text, name="b.muro"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_0_27_has_every_subcommand_and_0_16_all_but_the_section_and_the_elevation():
    assert {"section", "elevation", "plan", "axo", "validate", "json"} <= HAS["0.27"]
    assert HAS["0.16"] == HAS["0.27"] - {"section", "elevation"}


def test_version_says_the_muro_versions_read_with_either_flag(capsys):
    for flag in ("--version", "-v"):
        code, out, err = run(capsys, "--as", "0.27", flag)
        assert (code, err) == (0, "")
        assert out == "koyu 0.27.0 — reads muro 0.1–1.4 (newest 1.4; a file with no version line is read as 1.1)\n"


# --- stats ---------------------------------------------------------------------------------


def test_stats_by_two_keys_one_line_each_in_the_order_written(tmp_path, capsys):
    code, out, _ = run(
        capsys, "--as", "0.27", "stats", entry(tmp_path, GROUPED), "--by", "lease.category", "--by", "fire.compartment"
    )
    assert code == 0
    lines = out.splitlines()
    # the zone hands rentable to /L1/A/a, /L1/A/b's own common wins, /L1/c has none;
    # values in the order first met, each share of Total rounded on its own
    assert lines[-2:] == [
        "By lease.category: rentable 16.00 m2 (33.3%) / common 16.00 m2 (33.3%) / (unspecified) 16.00 m2 (33.3%)",
        "By fire.compartment: (unspecified) 32.00 m2 (66.7%) / F1 16.00 m2 (33.3%)",
    ]
    assert not any(line.startswith("By use") for line in lines)  # gone in 0.27, use: or not


def test_stats_without_by_has_no_grouping_line_and_an_untyped_space_shows_untyped(tmp_path, capsys):
    code, out, _ = run(capsys, "--as", "0.27", "stats", entry(tmp_path, GROUPED))
    assert code == 0
    assert "  /L1/A/b\tb\t(untyped)\t16.00 m2" in out.splitlines()
    assert out.endswith("  room: 16.00 m2\n  (untyped): 16.00 m2\n  hall: 16.00 m2\n")


def test_stats_reads_void_and_outside_from_their_attributes_not_the_type(tmp_path, capsys):
    building = """koyu 1.1
grid X 0 3600 7200 10800
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:居室
space /L1/hole X2..X3 Y1..Y2 name:吹抜け void:1
space /L1/yard X3..X4 Y1..Y2 name:前庭 outside:1
"""
    code, out, _ = run(capsys, "--as", "0.27", "stats", entry(tmp_path, building))
    assert code == 0
    assert out == (
        "L1\n"
        "  /L1/a\t居室\troom\t14.40 m2\n"
        "  /L1/hole\t吹抜け\tvoid (not counted as floor area)\n"
        "  /L1/yard\t前庭\t(untyped)\t14.40 m2 (outdoor, not counted)\n"
        "  Subtotal 14.40 m2\n"
        "Total 14.40 m2 (indoor floor area)\n"
        "Outdoor 14.40 m2 (plazas, open ground and the like — not counted as floor area)\n"
        "  room: 14.40 m2\n"
    )


def test_stats_by_with_no_key_is_a_mistake_in_the_call(tmp_path, capsys):
    code, out, err = run(capsys, "--as", "0.27", "stats", entry(tmp_path, GROUPED), "--by")
    assert (code, out, err) == (2, "", "--by takes an attribute key: --by lease.category\n")


def test_stats_by_followed_by_a_flag_has_no_key(tmp_path, capsys):
    code, out, err = run(capsys, "--as", "0.27", "stats", entry(tmp_path, GROUPED), "--by", "--by", "use")
    assert (code, out, err) == (2, "", "--by takes an attribute key: --by lease.category\n")


def test_stats_0_16_keeps_by_use_and_ignores_by(tmp_path, capsys):
    # 0.16 reads no --by: like any flag it does not know, it is ignored (not a usage error)
    path = entry(tmp_path, GROUPED.replace("koyu 1.1", "koyu 1.0").replace("/L1/A/b ", "/L1/A/b room "))
    code, out, _ = run(capsys, "stats", path)
    assert code == 0 and out.endswith("By use: office 32.00 m2 (66.7%)\n")
    assert run(capsys, "stats", path, "--by", "lease.category") == (0, out, "")


# --- light ---------------------------------------------------------------------------------


def test_light_gives_numbers_only_and_exits_0_however_dark(tmp_path, capsys):
    code, out, _ = run(capsys, "--as", "0.27", "light", entry(tmp_path, DARK))
    assert code == 0
    assert out == (
        "  /L1/a\t居室A\twindow 1.92 m2 / floor 16.20 m2 = 1/8.4\n"
        "  /L1/b\t居室B\twindow 0.00 m2 / floor 16.20 m2 = no window ⚠ windows without h: are not counted\n"
        "2 rooms in daylight scope — these are numbers, not a verdict (koyu validate applies the rule)\n"
    )


def test_light_0_16_still_judges_the_same_rooms(tmp_path, capsys):
    dark = DARK.replace("koyu 1.1", "koyu 1.0").replace("name:外部 outside:1", "exterior name:外部")
    code, out, _ = run(capsys, "light", entry(tmp_path, dark))
    assert code == 1
    assert out.splitlines()[0].startswith("✖ /L1/a\t居室A\twindow 1.92 m2 / floor 16.20 m2 = 1/8.4 (needs 1/7")


# --- site ----------------------------------------------------------------------------------


def _with_frame(path, origin=None, azimuth=None):
    model = load(path, release=KOYU_0_27)
    return attrs.evolve(model, origin=origin, azimuth=azimuth)


TOWER_ORIGIN = Origin(epsg=6677, easting=-6250.48, northing=-35720.115, elevation=3.85, vertical=6695, line=2, file="")


def test_site_prints_the_frame_and_the_bearing_first_and_ratios_as_numbers(tmp_path, capsys, monkeypatch):
    import koyu_cli.common as common

    path = entry(tmp_path, SITE)
    model = _with_frame(path, TOWER_ORIGIN, Azimuth(degrees=352.4, line=3, file=""))
    monkeypatch.setattr(common, "load", lambda *a, **k: model)
    code, out, _ = run(capsys, "--as", "0.27", "site", path)
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == [
        "Frame: EPSG 6677 / easting -6250.48 m / northing -35720.115 m / elevation 3.85 m of z=0 (vertical CRS 6695)",
        "Bearing: +Y bears 352.4° true — 7.6° west of true north",
        "Site /site (敷地)",
    ]
    # 42.00 / 100.00 m2: 0.16 wrote 42.0%, 0.27 writes the number 42
    assert lines[-2] == "  Building footprint (horizontal projection, rough): 42.00 m2 → building coverage ratio 42%"
    assert lines[-1] == "  Total floor area: 42.00 m2 → floor area ratio 42%"


def test_site_0_16_writes_one_decimal_and_no_frame(tmp_path, capsys):
    site = SITE.replace("koyu 1.1", "koyu 1.0").replace("name:道路 road:6000 outside:1", "exterior name:道路 road:6000")
    code, out, _ = run(capsys, "site", entry(tmp_path, site))
    assert code == 0 and out.startswith("Site /site")
    assert out.endswith("→ floor area ratio 42.0%\n")


def test_the_frame_is_printed_even_without_a_site(tmp_path, capsys, monkeypatch):
    import koyu_cli.common as common

    path = entry(tmp_path, DARK)
    origin = attrs.evolve(TOWER_ORIGIN, elevation=None, vertical=None)
    model = _with_frame(path, origin, None)
    monkeypatch.setattr(common, "load", lambda *a, **k: model)
    code, out, _ = run(capsys, "--as", "0.27", "site", path)
    assert code == 1
    assert out == (
        "Frame: EPSG 6677 / easting -6250.48 m / northing -35720.115 m\n"
        "There is no site (write site:1 on a zone and road:<width> on the road)\n"
    )


@pytest.mark.parametrize(
    ("degrees", "words"),
    [
        (352.4, "7.6° west of true north"),
        (347.5, "12.5° west of true north"),
        (10, "10° east of true north"),
        (180, "180° east of true north"),
        (270, "90° west of true north"),
        (0, "on true north"),
    ],
)
def test_the_bearing_in_words(degrees, words):
    from koyu_model.asking.frame import bearing_words

    assert bearing_words(degrees) == words


# --- graph ---------------------------------------------------------------------------------


def test_graph_lists_the_derived_exterior_walls_as_outside(tmp_path, capsys):
    # /L1/a names /out on its south face only and /L1/b names nothing outside: the rest of
    # each perimeter derives one wall to the reserved outside per space (muro 1.4), listed
    # after the space's other neighbours; the outside is no space, so it has no heading
    building = """muro 1.4
grid X 0 3600 7200
grid Y 0 4500
level L1 0 h:2400
space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b room X2..X3 Y1..Y2 name:居室B
space /out name:外部 outside:1
boundary /L1/a /out edge:S spec:EW1
  door w:900
"""
    code, out, _ = run(capsys, "--as", "0.27", "graph", entry(tmp_path, building))
    assert code == 0
    assert out == (
        "/L1/a (居室A)\n"
        "  — 1 door → /out  (spec:EW1)\n"
        "  | wall → /L1/b\n"
        "  | wall → outside\n"
        "/L1/b (居室B)\n"
        "  | wall → /L1/a\n"
        "  | wall → outside\n"
        "/out (外部)\n"
        "  — 1 door → /L1/a  (spec:EW1)\n"
    )
    old = building.replace("muro 1.4", "koyu 1.0").replace("/out name:外部 outside:1", "/out exterior name:外部")
    code, out, _ = run(capsys, "graph", entry(tmp_path, old))
    assert code == 0 and "/L1/b (居室B)\n  | wall → /L1/a\n/out" in out
    assert "outside" not in out  # 0.16 derives no wall to the outside


# --- diff ----------------------------------------------------------------------------------


def test_diff_heads_a_changed_version_muro(tmp_path, capsys):
    before = entry(tmp_path, "muro 1.3\n" + DARK.split("\n", 1)[1], "a.muro")
    after = entry(tmp_path, "muro 1.4\n" + DARK.split("\n", 1)[1], "b.muro")
    assert run(capsys, "--as", "0.27", "diff", before, after) == (1, "± muro 1.3 → 1.4\n", "")
    old = entry(tmp_path, "koyu 0.5\n" + DARK.split("\n", 1)[1].replace("name:外部 outside:1", "exterior"), "c.muro")
    new = entry(tmp_path, "koyu 1.0\n" + DARK.split("\n", 1)[1].replace("name:外部 outside:1", "exterior"), "d.muro")
    assert run(capsys, "diff", old, new) == (1, "± version 0.5 → 1.0\n", "")


def test_diff_an_added_untyped_space_says_its_area_alone(tmp_path, capsys):
    head = "muro 1.4\ngrid X 0 3600 7200\ngrid Y 0 4500\nlevel L1 0 h:2400\nspace /L1/a room X1..X2 Y1..Y2\n"
    before = entry(tmp_path, head, "a.muro")
    after = entry(tmp_path, head + "space /L1/b X2..X3 Y1..Y2\n", "b.muro")
    code, out, _ = run(capsys, "--as", "0.27", "diff", before, after)
    assert code == 1 and out.splitlines()[0] == "+ space /L1/b (16.20 m2)"
    code, out, _ = run(capsys, "--as", "0.27", "diff", before, after, "--json")
    import json

    assert json.loads(out)["spaces"]["added"] == [{"path": "/L1/b", "areaM2": 16.2}]


def test_site_reads_the_frame_back_from_the_file(tmp_path, capsys):
    framed = SITE.replace(
        "zone /site name:敷地 site:1 area:100.00\n",
        "zone /site name:敷地 site:1 area:100.00\n"
        "origin epsg:6677 easting:-8000.123 northing:-34000.456\nazimuth Y 12.5\n",
    )
    code, out, _ = run(capsys, "--as", "0.27", "site", entry(tmp_path, framed))
    assert code == 0
    assert out.splitlines()[:3] == [
        "Frame: EPSG 6677 / easting -8000.123 m / northing -34000.456 m",
        "Bearing: +Y bears 12.5° true — 12.5° east of true north",
        "Site /site (敷地)",
    ]


# --- the drawings under 0.27 (cli/plan.md "The north arrow", cli/axo.md) ------------------


def _arrow(svg: str) -> str | None:
    """The transform the north arrow is drawn with: '' upright, None when there is none."""
    import re

    if ">N</text>" not in svg:
        return None
    turned = re.search(r'<g transform="(rotate\([^"]*\))">\s*<path[^>]*/>\s*<text[^>]*>N</text>', svg)
    return turned.group(1) if turned else ""


def test_the_0_27_plan_points_its_north_arrow_where_azimuth_puts_north(tmp_path, capsys):
    plain = "grid X 0 4000\ngrid Y 0 3000\nlevel L1 0 h:2400\nspace /L1/a room X1..X2 Y1..Y2\n"
    out = tmp_path / "p.svg"
    for text, as_027, expected in (
        (plain, True, None),  # no bearing declared: no arrow
        (plain.replace("level", "azimuth Y 347.5\nlevel", 1), True, "rotate(-347.5 "),
        (plain.replace("level", "azimuth Y 0\nlevel", 1), True, ""),  # +Y is true north
        (plain, False, ""),  # 0.16: the arrow is +Y (azimuth is 0.27's word)
    ):
        argv = (["--as", "0.27"] if as_027 else []) + ["plan", entry(tmp_path, text), "-o", str(out)]
        assert main(argv) == 0
        arrow = _arrow(out.read_text(encoding="utf-8"))
        assert arrow == expected if expected is None or expected == "" else arrow.startswith(expected)
    capsys.readouterr()


def test_the_0_27_axonometric_raises_the_joined_footprints_and_repairs_no_corner(tmp_path):
    from koyu_model.drawing.axo import painted
    from koyu_model.form.derive import derive

    room = "koyu 1.0\ngrid X 0 4000\ngrid Y 0 3000\nlevel L1 0 h:2400 slab:150\nspace /L1/a room X1..X2 Y1..Y2\n"
    path = entry(tmp_path, room)
    faces = painted(derive(load(path, release=KOYU_0_27)))
    # the west wall runs through both corners (x −50 … 50, y −50 … 3050), the east stops
    # against both: the four bodies tile the ring, and no corner post (which would stand on
    # the centre lines' corner point, x 0 or 4000, y 0 or 3000) is raised beside them
    walls = [f.face for f in faces if f.face.paint.subject == "wall"]
    xs = {p[0] for f in walls for p in f.points}
    ys = {p[1] for f in walls for p in f.points}
    assert xs == {-50, 50, 3950, 4050} and ys == {-50, 50, 2950, 3050}


def test_koyu_spaces_under_0_27_shows_a_missing_type_as_a_dash(tmp_path, capsys):
    path = entry(tmp_path, "koyu 1.1\ngrid X 0 4000\ngrid Y 0 3000\nlevel L1 0\nspace /L1/a X1..X2 Y1..Y2\n")
    assert main(["--as", "0.27", "spaces", path]) == 0
    assert capsys.readouterr().out.split("\t")[:3] == ["/L1/a", "a", "—"]


def test_the_0_27_plan_names_an_untyped_void_as_a_void(tmp_path, capsys):
    text = (
        "muro 1.4\ngrid X 0 3600 7200\ngrid Y 0 4000\nlevel L1 0 h:5400 slab:400\nlevel L2 3000 h:2400 slab:400\n"
        "space /L1/a room X1..X3 Y1..Y2\nspace /L2/v X1..X2 Y1..Y2 void:1\nspace /L2/b room X2..X3 Y1..Y2\n"
        "boundary /L1/a /L2/v type:void\n"
    )
    out = tmp_path / "p.svg"
    assert main(["--as", "0.27", "plan", entry(tmp_path, text), "-l", "L2", "-o", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert ">void</text>" in svg and ">room · 14.4 m2</text>" in svg  # no floor area on the void
    capsys.readouterr()
