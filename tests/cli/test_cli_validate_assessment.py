"""``koyu --as 0.27 validate FILE --profile P --as-of D [--json]`` (reference/cli/validate.md):
the exit rule and the report, pinned on small buildings written here."""

from __future__ import annotations

import json

import pytest

from koyu_cli.main import main

PROFILE = "koyu.profile.schematic-screen"

LIT = """muro 1.4
grid X 0 4500
grid Y 0 3600
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 daylight:1
space /out outside:1
boundary /L1/a /out t:120
  door w:900 edge:S
  window w:2400 h:1500 edge:N
"""

# the window has no h: the area is not fully counted (a caution: exit 0)
CAUTION = LIT.replace("window w:2400 h:1500 edge:N", "window w:2400 h:1500 edge:N\n  window w:1200 edge:E")
# a 600×600 window for a 16.2 m2 floor: a violation (exit 1)
DARK = LIT.replace("window w:2400 h:1500", "window w:600 h:600")
# a core error: the model is inconsistent, no rule judges (exit 1)
BROKEN = LIT.replace("room X1..X2 Y1..Y2", "room X1..X2 Y1..Y2 h:24OO")


def run(tmp_path, capsys, text: str, *flags: str) -> tuple[int, str, str]:
    entry = tmp_path / "main.muro"
    entry.write_text(text, encoding="utf-8")
    code = main(["--as", "0.27", "validate", str(entry), *flags])
    out, err = capsys.readouterr()
    return code, out, err


def test_nothing_caught_exits_0_with_the_accounting(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, LIT, "--profile", PROFILE, "--as-of", "2026-08-03")
    assert code == 0
    first, second = out.splitlines()
    assert first.startswith("✔ Nothing caught by validation")
    assert second.startswith(f"  {PROFILE}@1 — ") and second.endswith(" / 0 indeterminate / 0 error")


def test_a_caution_alone_still_exits_0(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, CAUTION, "--profile", PROFILE, "--as-of", "2026-08-03")
    assert code == 0
    entry = tmp_path / "main.muro"
    assert out.splitlines()[0] == (
        f"⚠ [koyu.schematic.daylight.unknown] {entry}:line 5: Window area is not fully counted: "
        "/L1/a has a window without h: (write h: on it)"
    )
    assert out.splitlines()[1] == "Validation — 0 violations / 1 caution"


def test_a_violation_exits_1(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, DARK, "--profile", PROFILE, "--as-of", "2026-08-03")
    assert code == 1
    assert out.startswith("✖ [koyu.schematic.daylight.ratio] ")
    assert "effective window 0.36 m2 < required 2.31 m2" in out


def test_an_inconsistent_model_exits_1_even_with_nothing_caught(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, BROKEN, "--profile", PROFILE, "--as-of", "2026-08-03")
    assert code == 1
    assert out.splitlines()[-2:] == [
        f"  {PROFILE}@1 — 0 evaluated / 0 not applicable / 15 indeterminate / 0 error",
        "  Incomplete — something could not be judged, which is not the same as passing",
    ]


@pytest.mark.parametrize(
    "flags, said",
    [
        ((), "validate needs an explicit profile: --profile <id>\n  koyu ships one: koyu.profile.schematic-screen\n"),
        (
            ("--as-of", "2026-08-03", "--profile"),
            "validate needs an explicit profile: --profile <id>\n  koyu ships one: koyu.profile.schematic-screen\n",
        ),
        (
            ("--profile", PROFILE),
            "validate needs an explicit effective date: --as-of YYYY-MM-DD\n"
            "  the date is not read from the clock, so that the same file judges the same way twice\n",
        ),
        (("--profile", PROFILE, "--as-of", "2026-02-30"), "✖ $.asOf: expected a real YYYY-MM-DD date\n"),
        (
            ("--profile", "x", "--as-of", "2026-08-03"),
            "Unknown profile: x\n  koyu ships one: koyu.profile.schematic-screen\n",
        ),
        (  # the id alone names the profile on the command line
            ("--profile", f"{PROFILE}@1", "--as-of", "2026-08-03"),
            f"Unknown profile: {PROFILE}@1\n  koyu ships one: koyu.profile.schematic-screen\n",
        ),
    ],
)
def test_usage_errors_exit_2_with_their_sentence(tmp_path, capsys, flags, said):
    code, out, err = run(tmp_path, capsys, LIT, *flags)
    assert (code, out, err) == (2, "", said)


def test_an_unreadable_file_exits_1_with_one_line_on_stderr(tmp_path, capsys):
    code = main(
        ["--as", "0.27", "validate", str(tmp_path / "none.muro"), "--profile", PROFILE, "--as-of", "2026-08-03"]
    )
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.startswith("✖ ") and err.count("\n") == 1


def test_json_is_the_whole_report_key_sorted_and_the_exit_rule_unchanged(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, DARK, "--profile", PROFILE, "--as-of", "2026-08-03", "--json")
    assert code == 1
    report = json.loads(out)
    assert out == json.dumps(report, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    assert report["schema"] == "koyu-assessment"
    assert report["context"] == {"asOf": "2026-08-03", "schema": "koyu-context/1", "values": {}}
    assert [f["rule"]["id"] for f in report["findings"]] == ["koyu.schematic.daylight.ratio"]
    assert report["summary"]["outcomes"]["fail"] == 1 and report["summary"]["state"] == "complete"
    code, _, _ = run(tmp_path, capsys, CAUTION, "--profile", PROFILE, "--as-of", "2026-08-03", "--json")
    assert code == 0


def test_json_is_what_the_mcp_tool_answers(tmp_path, capsys):
    from koyu_verify.validate import ProfileInput, handle_assessment

    from koyu_model.jsjson import tool_text

    _, out, _ = run(tmp_path, capsys, CAUTION, "--profile", PROFILE, "--as-of", "2026-08-03", "--json")
    answer = handle_assessment(ProfileInput(str(tmp_path / "main.muro"), PROFILE, "2026-08-03"))
    assert out == tool_text(answer) + "\n"


def test_under_0_16_the_new_flags_are_ignored(tmp_path, capsys):
    # 0.16's validate reads no --profile: like any flag it does not know, it is ignored
    entry = tmp_path / "main.muro"
    entry.write_text(LIT.replace("muro 1.4", "koyu 1.0"), encoding="utf-8")
    code = main(["validate", str(entry)])
    plain = capsys.readouterr()
    assert main(["validate", str(entry), "--profile", PROFILE]) == code
    assert capsys.readouterr() == plain
