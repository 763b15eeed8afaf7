"""``koyu diff``: its exit codes, the usage line, broken input, and the two outputs
(spec: reference/cli/diff.md)."""

import json

from koyu_cli.main import main

BUILDING = """koyu 1.0
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b room X2..X3 Y1..Y2 name:居室B
boundary /L1/a /L1/b t:120
  door w:780
"""


def write(tmp_path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_the_same_building_is_exit_0_and_no_differences(tmp_path, capsys):
    a = write(tmp_path, "a.muro", BUILDING)
    b = write(tmp_path, "b.muro", "# the same, written otherwise\n" + BUILDING.replace("t:120", "t:120   "))
    assert main(["diff", a, b]) == 0
    assert capsys.readouterr().out == "No differences\n"


def test_differences_are_exit_1_one_line_each(tmp_path, capsys):
    a = write(tmp_path, "a.muro", BUILDING)
    b = write(tmp_path, "b.muro", BUILDING.replace("居室B", "書斎").replace("w:780", "w:900"))
    assert main(["diff", a, b]) == 1
    assert capsys.readouterr().out == "± /L1/b: name 居室B → 書斎\n± boundary /L1/a | /L1/b: door at:0.5 w 780 → 900\n"


def test_json_is_the_model_diff(tmp_path, capsys):
    a = write(tmp_path, "a.muro", BUILDING)
    b = write(tmp_path, "b.muro", BUILDING.replace("居室B", "書斎"))
    assert main(["diff", a, b, "--json"]) == 1
    out = capsys.readouterr().out
    assert out.startswith('{\n "grid": [],\n "levels": {\n  "added": [],')  # one-space indent
    assert json.loads(out)["spaces"]["changed"] == [
        {"path": "/L1/b", "fields": [{"field": "name", "from": "居室B", "to": "書斎"}]}
    ]
    assert main(["diff", a, a, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["columns"] == {"added": [], "removed": [], "changed": []}


def test_broken_input_is_exit_2_not_a_difference(tmp_path, capsys):
    a = write(tmp_path, "a.muro", BUILDING.replace("Y1..Y2 name:居室A", "Y1..Y9 name:居室A"))
    b = write(tmp_path, "b.muro", BUILDING)
    assert main(["diff", a, b]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"✖ {a}:line 5: Undefined grid line name: Y9\n"
    assert main(["diff", b, str(tmp_path / "missing.muro"), "--json"]) == 2
    assert "Cannot read file" in capsys.readouterr().err


def test_a_missing_second_file_prints_the_usage(tmp_path, capsys):
    a = write(tmp_path, "a.muro", BUILDING)
    assert main(["diff", a]) == 2
    assert capsys.readouterr().out == "Usage: koyu diff <a.muro> <b.muro> [--json]\n"


def test_the_second_word_is_the_second_file_whatever_it_looks_like(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.muro", BUILDING)
    for release in ([], ["--as", "0.27"]):
        assert main([*release, "diff", "a.muro", "--json"]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err == "✖ line 0: Cannot read file: --json\n"
