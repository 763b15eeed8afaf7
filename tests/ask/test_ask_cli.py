"""koyu doors / light / site: the human layouts and exit codes (cli/doors.md, light.md,
site.md)."""

from __future__ import annotations

from ask_support import TWO_STOREYS

from koyu_cli.main import main

DARK = """\
grid X 0 3600 7200
grid Y 0 4500
level L1 0 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2 daylight:1 name:居室A
space /L1/b room X2..X3 Y1..Y2 daylight:1
boundary /L1/a /out edge:S
  window w:600 h:600
boundary /L1/b /out edge:S
  window w:2600
  door w:900
boundary /L1/a /L1/b
  door w:800
"""


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_doors_prints_the_route_and_counts_one_door_in_the_singular(files, capsys):
    files.load(TWO_STOREYS)
    code, out, _ = run(capsys, "doors", files.path(), "/L1/hall", "/L2/bed")
    assert (code, out) == (0, "2 doors — /L1/hall → /L1/st → /L2/st → /L2/bed\n")
    code, out, _ = run(capsys, "doors", files.path(), "/L1/st", "/L2/bed")
    assert (code, out) == (0, "1 door — /L1/st → /L2/st → /L2/bed\n")


def test_doors_cannot_reach_exits_1_and_a_missing_path_exits_2(files, capsys):
    files.load(TWO_STOREYS)
    code, out, _ = run(capsys, "doors", files.path(), "/L2/bed", "/L1/lift")
    assert (code, out) == (1, "Cannot reach /L1/lift from /L2/bed\n")
    code, out, _ = run(capsys, "doors", files.path(), "/L9/typo", "/out")
    assert (code, out) == (1, "Cannot reach /out from /L9/typo\n")
    code, out, err = run(capsys, "doors", files.path(), "/L2/bed")
    assert (code, out, err) == (2, "Usage: koyu doors <file> /pathA /pathB\n", "")


def test_a_broken_building_is_a_sentence_on_stderr(files, capsys):
    files.write("main.muro", "space /L1/a room X1..X2 Y1..Y2\n")
    for argv in (("doors", files.path(), "/a", "/b"), ("light", files.path()), ("site", files.path())):
        code, out, err = run(capsys, *argv)
        assert code == 1 and out == ""
        assert err.startswith("✖ ") and "Undefined grid line name: X1" in err


def test_light_marks_short_rooms_and_windows_without_h(files, capsys):
    files.load(DARK)
    code, out, _ = run(capsys, "light", files.path())
    assert code == 1
    assert out.splitlines() == [
        "✖ /L1/a\t居室A\twindow 0.36 m2 / floor 16.20 m2 = 1/45.0 (needs 1/7 ≈ 2.31 m2)",
        "✖ /L1/b\tb\twindow 0.00 m2 / floor 16.20 m2 = no window (needs 1/7 ≈ 2.31 m2)"
        " ⚠ windows without h: are not counted",
        "✖ Short of 1/7: 2 of 2 rooms (this is a validation judgement)",
    ]


def test_light_with_nothing_in_scope_exits_0(files, capsys):
    files.load(TWO_STOREYS)
    code, out, _ = run(capsys, "light", files.path())
    assert (code, out) == (0, "Nothing is in daylight scope (write daylight:1 on the rooms to be judged)\n")


def test_light_all_met(files, capsys):
    files.load(
        DARK.replace("window w:600 h:600", "window w:2000 h:1200").replace("window w:2600\n", "window w:2600 h:1100\n")
    )
    code, out, _ = run(capsys, "light", files.path())
    assert code == 0
    assert out.splitlines()[-1] == (
        "✔ Every room meets 1/7 — 2 rooms in scope (a rough judgement"
        " with no correction factor — this is validation, not what"
        " check guarantees)"
    )
    assert out.splitlines()[0].startswith("✔ /L1/a\t居室A\twindow 2.40 m2 / floor 16.20 m2 = 1/6.8 ")


SITE = """\
grid X 0 10000
grid Y 0 10000 11000
level L1 0 h:2700 slab:150
zone /site name:敷地 site:1 area:120
polygon /site 0,0 10000,0 10000,10000 0,10000
space /site/yard yard X1..X2 Y1..Y2 level:L1
space /out/road-n exterior X1..X2 Y2..Y3 name:北側道路 road:4000 level:L1
boundary /site/yard /out/road-n type:open
"""


def test_site_report_layout(files, capsys):
    files.load(SITE)
    code, out, _ = run(capsys, "site", files.path())
    assert code == 0
    assert out.splitlines() == [
        "Site /site (敷地)",
        "  Site shape: polygon with 4 vertices (a polygon declaration — given geometry)",
        "  Site area: declared 120.00 m2 / derived 100.00 m2",
        "  Road: /out/road-n (北側道路) width 4000mm / frontage 10000mm",
        "  Building footprint (horizontal projection, rough): 0.00 m2 → building coverage ratio 0.0%",
        "  Total floor area: 0.00 m2 → floor area ratio 0.0%",
    ]


def test_site_without_site_or_road_exits_1(files, capsys):
    files.load(TWO_STOREYS)
    code, out, _ = run(capsys, "site", files.path())
    assert (code, out) == (1, "There is no site (write site:1 on a zone and road:<width> on the road)\n")
