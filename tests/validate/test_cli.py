"""``koyu validate FILE [--json]`` (cli/validate.md): the lines, the count, the exit codes."""

from __future__ import annotations

import json

import pytest

from koyu_cli.main import main
from koyu_host import plugins

SEALED = """koyu 1.0
grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2 daylight:1
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /out edge:W
  window w:1000 h:1000
boundary /L1/b /out
"""

CAUTION_ONLY = """koyu 1.0
grid X 0 3000
grid Y 0 4000
level L1 0 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2
boundary /L1/a /out edge:S
  door w:900
"""


@pytest.fixture(autouse=True)
def _keep_active_catalogue(monkeypatch):
    monkeypatch.setattr(plugins, "_active", None)


def _file(tmp_path, text):
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_violations_give_lines_count_and_exit_1(tmp_path, capsys):
    path = _file(tmp_path, SEALED)
    assert main(["validate", path]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"⚠ [envelope.gap] {path}:line 6: Perimeter not faced by any envelope: /L1/a — "
        "S 3000mm / N 3000mm (6000mm over 2 run(s)). Write a boundary to the exterior",
        f"✖ [daylight.ratio] {path}:line 6: Insufficient daylight: /L1/a — effective window "
        "1.00 m2 < required 1.71 m2 (1/7 of the 12.00 m2 floor)",
        f"✖ [access.unreachable] {path}:line 6: Cannot reach the exterior: /L1/a (no passable "
        "boundary leads out — write a door)",
        f"✖ [access.unreachable] {path}:line 7: Cannot reach the exterior: /L1/b (no passable "
        "boundary leads out — write a door)",
        "Validation — 3 violations / 1 caution",
    ]


def test_cautions_alone_exit_0(tmp_path, capsys):
    assert main(["validate", _file(tmp_path, CAUTION_ONLY)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Validation — 0 violations / 1 caution"


def test_nothing_caught_is_one_green_line(tmp_path, capsys):
    text = CAUTION_ONLY.replace("edge:S\n", "\n")
    assert main(["validate", _file(tmp_path, text)]) == 0
    assert capsys.readouterr().out == (
        "✔ Nothing caught by validation (this is a judgement, not a guarantee about the composition)\n"
    )


def test_json_is_the_finding_array_and_keeps_the_exit_rule(tmp_path, capsys):
    path = _file(tmp_path, SEALED)
    assert main(["validate", path, "--json"]) == 1
    out = capsys.readouterr().out
    found = json.loads(out)
    assert [f["rule"] for f in found] == ["envelope.gap", "daylight.ratio", "access.unreachable", "access.unreachable"]
    assert list(found[0]) == ["rule", "level", "message", "line", "file", "path"]
    assert out.startswith('[\n {\n  "rule": "envelope.gap",')  # one-space indent


def test_unreadable_file_is_one_cross_on_stderr(tmp_path, capsys):
    missing = str(tmp_path / "nope.muro")
    assert main(["validate", missing]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"✖ line 0: Cannot read file: {missing}\n"


def test_no_file_is_usage_exit_2(capsys):
    assert main(["validate"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu <check|validate|")
