"""How ``koyu`` reads a call and where its words go: the original's rules, kept because
scripts written against koyu rely on them (koyu_cli/call.py, koyu_cli/common.py, main.py),
and the wording the original uses that ours once did not."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from koyu_cli.main import main

# a room whose door opens onto nothing (OPN: an error) beside a level with no slab (a warning)
FAULTY = """koyu 1.0
grid X 0 3000 6000
grid Y 0 3000
level L1 0 h:2400
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b
  door w:800 at:Y1+200
"""

LIT = """koyu 1.0
name 小屋
grid X 0 4000
grid Y 0 3000
level L1 0 h:2400 slab:150
level L2 2700 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 daylight:1
space /out exterior
boundary /L1/a /out edge:S
  window w:2000 h:1200 at:X1+2000
"""


def call(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def building(tmp_path, text: str, name: str = "b.muro") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def labels(path) -> set[str]:
    root = ET.parse(path).getroot()
    return {" ".join("".join(t.itertext()).split()) for t in root.iter() if t.tag.endswith("text")}


# --- where the words go -----------------------------------------------------------------


def test_checks_warnings_and_errors_are_its_answer_on_stdout(tmp_path, capsys):
    code, out, err = call(capsys, "check", building(tmp_path, FAULTY))
    lines = out.splitlines()
    assert (code, err) == (1, "")
    assert lines[0].startswith("⚠ ") and "Level L1 has no slab:" in lines[0]
    assert lines[1].startswith("✖ ") and len(lines) == 2  # no green line after an error


def test_only_what_went_wrong_reaching_an_answer_goes_to_stderr(tmp_path, capsys):
    # a file that cannot be read, and a flag value refused
    assert call(capsys, "check", str(tmp_path / "none.muro")) == (
        1,
        "",
        f"✖ line 0: Cannot read file: {tmp_path / 'none.muro'}\n",
    )
    assert call(capsys, "axo", building(tmp_path, LIT), "-d", "UP") == (2, "", "-d is one of NE / NW / SE / SW: UP\n")


@pytest.mark.parametrize(
    "release, validate",
    [
        ([], "  validate: --json (emit Finding[] as JSON) — architectural judgement (not what check guarantees)"),
        (
            ["--as", "0.27"],
            "  validate: --profile <id> --as-of <YYYY-MM-DD> [--json] — architectural judgement"
            " (not what check guarantees)",
        ),
    ],
)
@pytest.mark.parametrize("argv", [[], ["check"], ["--help"], ["-h"]])
def test_the_usage_text_is_five_lines_on_stdout_and_exit_2(capsys, release, validate, argv):
    code, out, err = call(capsys, *release, *argv)
    lines = out.splitlines()
    assert (code, err, len(lines)) == (2, "", 5)
    assert lines[0].startswith("Usage: koyu <check|validate|layers|diff|plan|axo|")
    assert lines[0].endswith("|json> <file.muro> [args...]")
    assert ("|section|elevation|" in lines[0]) == bool(release)
    assert lines[1].startswith("  check:    --json (emit Diagnostic[] as JSON)")
    assert lines[2] == validate
    assert lines[3].startswith("  layers:   the layers that took part")
    assert lines[4].startswith("  diff:  koyu diff <a.muro> <b.muro> [--json]")


# --- how a call is read -------------------------------------------------------------------


def test_the_file_is_the_token_after_the_command_whatever_it_looks_like(tmp_path, capsys):
    path = building(tmp_path, LIT)
    assert call(capsys, "check", "--json", path) == (1, "", "✖ line 0: Cannot read file: --json\n")


def test_the_file_is_read_before_the_command_is_looked_up(tmp_path, capsys):
    missing = str(tmp_path / "none.muro")
    assert call(capsys, "frobnicate", missing) == (1, "", f"✖ line 0: Cannot read file: {missing}\n")
    assert call(capsys, "frobnicate", building(tmp_path, LIT)) == (2, "Unknown command: frobnicate\n", "")


def test_the_file_is_read_before_a_flag_is_judged(tmp_path, capsys):
    broken = building(tmp_path, "koyu 1.0\nspace /L1/a room X1..X9 Y1..Y2\n")
    for argv in (["--as", "0.27", "section", broken], ["axo", broken, "-s", "abc"]):
        code, out, err = call(capsys, *argv)
        assert (code, out) == (1, "") and err.startswith("✖ ") and "Undefined grid line name" in err


def test_an_unknown_flag_is_ignored(tmp_path, capsys):
    path = building(tmp_path, FAULTY)
    plain = call(capsys, "check", path)
    assert call(capsys, "check", path, "--verbose") == plain
    assert call(capsys, "check", path, "--verbose", "--strict", "-x") == plain


def test_a_flag_with_no_value_keeps_its_default(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = building(tmp_path, LIT)
    # -l at the end: the first declared level, as with no -l
    assert call(capsys, "plan", path, "-o", "p.svg", "-l") == (0, "Generated the plan: p.svg\n", "")
    # -o at the end: the default file
    assert call(capsys, "axo", path, "-d", "NE", "-o") == (0, "Generated the axonometric: out/axo.svg\n", "")
    assert (tmp_path / "out" / "axo.svg").is_file()


def test_a_flag_glued_to_its_value_is_no_flag(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = building(tmp_path, LIT)
    # -l=L2 is ignored: the first declared level (L1) is drawn, not L2
    assert call(capsys, "plan", path, "-l=L2")[:2] == (0, f"Generated the plan: {path[:-5]}-L1.svg\n")
    # and plan has no --out: the file lands beside the entry
    assert call(capsys, "plan", path, "--out", "x.svg")[:2] == (0, f"Generated the plan: {path[:-5]}-L1.svg\n")


def test_a_flags_value_is_the_next_token_whatever_it_is(tmp_path, capsys):
    path = building(tmp_path, LIT)
    assert call(capsys, "axo", path, "--scale", "-1") == (2, "", "-s takes a positive number: -1\n")
    assert call(capsys, "plan", path, "-l", "-o") == (2, "", "Undeclared level: -o (declared: L1 L2)\n")


def test_version_under_0_27_takes_no_arguments(tmp_path, capsys):
    assert call(capsys, "--as", "0.27", "--version", "a.muro") == (2, "", "--version takes no arguments: a.muro\n")


def test_a_missing_path_of_doors_is_its_usage_line_on_stdout(tmp_path, capsys):
    path = building(tmp_path, LIT)
    assert call(capsys, "doors", path, "/L1/a") == (2, "Usage: koyu doors <file> /pathA /pathB\n", "")


# --- wording and order ------------------------------------------------------------------


def test_one_room_in_daylight_scope_is_a_room(tmp_path, capsys):
    path = building(tmp_path, LIT)
    code, out, _ = call(capsys, "light", path)
    assert code == 0 and "— 1 room in scope (" in out.splitlines()[-1]
    code, out, _ = call(capsys, "--as", "0.27", "light", path)
    assert code == 0 and out.splitlines()[-1].startswith("1 room in daylight scope — ")


def test_a_short_room_alone_is_1_of_1_room(tmp_path, capsys):
    path = building(tmp_path, LIT.replace("w:2000 h:1200", "w:300 h:300"))
    code, out, _ = call(capsys, "light", path)
    assert (code, out.splitlines()[-1]) == (1, "✖ Short of 1/7: 1 of 1 room (this is a validation judgement)")


def test_stats_says_outdoor_before_semi_outdoor(tmp_path, capsys):
    text = """koyu 1.0
grid X 0 4000 6000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /L1/balcony balcony X1..X2 Y1..Y2
space /out/road exterior X2..X3 Y1..Y2 level:L1
boundary /L1/balcony /out/road type:open
"""
    code, out, _ = call(capsys, "stats", building(tmp_path, text))
    tail = [line.split(" ", 1)[0] for line in out.splitlines()[-3:]]
    assert (code, tail) == (0, ["Total", "Outdoor", "Semi-outdoor"])


def test_levels_of_equal_height_come_out_in_reverse(tmp_path, capsys):
    text = "koyu 1.0\ngrid X 0 3000\ngrid Y 0 3000\nlevel A 0\nlevel B 0\nlevel C 0\n"
    code, out, _ = call(capsys, "levels", building(tmp_path, text))
    assert code == 0 and [line.split("\t")[0] for line in out.splitlines() if line[0] != " "] == ["C", "B", "A"]


# a site polygon that crosses itself: its derived area is 0
ZERO_SITE = """koyu 1.0
grid X 0 8000
grid Y 0 8000
level L1 0 h:2400 slab:150
zone /site site:1
polygon /site 0,0 8000,0 0,8000 8000,8000
space /site/yard yard X1..X2 Y1..Y2 level:L1
"""


@pytest.mark.parametrize("release, ratio", [([], "Infinity%"), (["--as", "0.27"], "—%")])
def test_a_site_of_zero_area_still_has_its_ratios(tmp_path, capsys, release, ratio):
    text = ZERO_SITE if not release else ZERO_SITE.replace("koyu 1.0", "muro 1.4")
    code, out, _ = call(capsys, *release, "site", building(tmp_path, text))
    lines = out.splitlines()
    assert code == 0 and "Site area (derived): 0.00 m2" in out
    assert lines[-2].endswith(f"→ building coverage ratio {ratio}")
    assert lines[-1].endswith(f"→ floor area ratio {ratio}")


def test_a_site_of_zero_area_with_nothing_on_it_divides_as_javascript_does(tmp_path, capsys):
    text = ZERO_SITE.replace("space /site/yard yard X1..X2 Y1..Y2 level:L1\n", "space /out/road exterior road:6000\n")
    code, out, _ = call(capsys, "site", building(tmp_path, text))
    assert code == 0 and out.splitlines()[-1].endswith("→ floor area ratio NaN%")


def test_the_axonometric_is_titled_and_signed_as_the_release_does(tmp_path, capsys):
    path = building(tmp_path, LIT)
    assert call(capsys, "axo", path, "-d", "NW", "-o", str(tmp_path / "a.svg"))[0] == 0
    footer = "koyu — generated from spaces (floors, roofs, walls, columns, vertical circulation)"
    assert {"小屋 — axonometric (from NW)", footer} <= labels(tmp_path / "a.svg")
    untitled = building(tmp_path, LIT.replace("name 小屋\n", "").replace("koyu 1.0", "muro 1.4"), "u.muro")
    assert call(capsys, "--as", "0.27", "axo", untitled, "-o", str(tmp_path / "u.svg"))[0] == 0
    said = labels(tmp_path / "u.svg")
    assert "Untitled — axonometric (from SE)" in said and footer not in said


def test_0_27_names_a_road_only_by_its_written_name(tmp_path, capsys):
    text = """muro 1.4
grid X 0 4000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /road outside:1 road:6000
space /lane outside:1 road:4000 name:路地
"""
    code, out, _ = call(capsys, "--as", "0.27", "site", building(tmp_path, text))
    roads = [line for line in out.splitlines() if line.startswith("  Road: ")]
    assert code == 0 and roads == [
        "  Road: /road width 6000mm / frontage 0mm",
        "  Road: /lane (路地) width 4000mm / frontage 0mm",
    ]
