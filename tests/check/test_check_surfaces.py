"""``koyu check`` (reference/cli/check.md) and the MCP ``check`` tool (mcp/tools-verify.md):
output layout, --json shape, SYN01, exit codes, the tool's answer."""

import json

import pytest
from diag_support import TWO, write
from koyu_verify.check import Input, handle

from koyu_cli.main import main
from koyu_host import ToolError

GREEN = "  Structural consistency only — architectural validity is what koyu validate says, separately\n"


def cli(capsys, *argv):
    code = main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_green_counts_derived_walls(tmp_path, capsys):
    p = write(tmp_path, TWO + "level L2 3000 h:2400 slab:150\nspace /out exterior\n")
    code, out, err = cli(capsys, str(p))
    assert code == 0 and err == ""
    # a | b touch: one derived wall; /out has no region, so nothing is derived to it
    assert out == "✔ Consistent — 3 spaces / 1 boundary\n" + GREEN


def test_warnings_keep_green_and_strict_fails(tmp_path, capsys):
    p = write(tmp_path, TWO.replace("slab:150", "") + "boundary /L1/a /L1/b\n")
    code, out, err = cli(capsys, str(p))
    assert (code, err) == (0, "")  # check's ⚠ lines are its answer: stdout
    assert out == (
        f"⚠ {p}:line 3: Level L1 has no slab:, so not one floor is generated on this storey\n"
        "✔ Consistent — 2 spaces / 1 boundary (1 warning)\n" + GREEN
    )
    assert cli(capsys, str(p), "--strict")[0] == 1


def test_errors_only_red_lines(tmp_path, capsys):
    p = write(tmp_path, TWO + "boundary /L1/a /L1/zzz\n")
    code, out, err = cli(capsys, str(p))
    assert code == 1 and err == ""
    assert out == f"✖ {p}:line 6: References an undefined space: /L1/zzz\n"


def test_json_shape_and_key_order(tmp_path, capsys):
    p = write(tmp_path, TWO + "boundary /L1/a /L1/b t:120\nboundary /L1/a /L1/b type:open\n")
    code, out, _ = cli(capsys, str(p), "--json")
    assert code == 1
    (d,) = json.loads(out)
    assert list(d) == ["code", "severity", "message", "line", "file", "path", "related"]
    assert d["related"] == [{"line": 6, "file": str(p)}]
    assert out.startswith('[\n {\n  "code": "BND02",')  # one-space indent


def test_json_green_is_an_empty_array(tmp_path, capsys):
    code, out, _ = cli(capsys, str(write(tmp_path, TWO)), "--json")
    assert (code, out) == (0, "[]\n")


def test_json_read_error_becomes_one_syn01(tmp_path, capsys):
    p = write(tmp_path, "grid X 0 3600\nspace /a room X1..X2 Y1..Y2\n")
    code, out, _ = cli(capsys, str(p), "--json")
    (d,) = json.loads(out)
    assert code == 1 and d["code"] == "SYN01" and d["severity"] == "error"
    assert d["line"] == 2 and d["file"] == str(p) and "line 2" not in d["message"]


def test_json_missing_file_has_no_position(tmp_path, capsys):
    code, out, _ = cli(capsys, str(tmp_path / "nope.muro"), "--json")
    assert code == 1
    assert json.loads(out) == [
        {"code": "SYN01", "severity": "error", "message": f"Cannot read file: {tmp_path / 'nope.muro'}"}
    ]


def test_no_file_is_usage(capsys):
    assert main(["check"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu <check|")


def test_tool_answer_in_order(tmp_path):
    p = write(
        tmp_path,
        TWO.replace("slab:150", "") + "space /out exterior\nboundary /L1/a /L1/b t:120\nboundary /L1/a /L1/b t:150\n",
    )
    r = handle(Input(file=str(p)))
    assert list(r) == ["ok", "spaces", "boundaries", "errors", "warnings", "diagnostics"]
    assert r["ok"] is False and r["spaces"] == 3 and r["boundaries"] == 2
    assert r["errors"] == [f"{p}:line 8: Duplicate boundary: /L1/a | /L1/b (first seen at {p}:line 7)"]
    assert r["warnings"] == [f"{p}:line 3: Level L1 has no slab:, so not one floor is generated on this storey"]
    assert [d["code"] for d in r["diagnostics"]] == ["BND02", "SUF03"]


def test_tool_line_less_diagnostic_is_its_bare_message(tmp_path):
    p = write(
        tmp_path,
        TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 uid:u-1").replace("X2..X3 Y1..Y2", "X2..X3 Y1..Y2 uid:u-1"),
    )
    r = handle(Input(file=str(p)))
    assert r["errors"][0].startswith("Duplicate uid: u-1 (space /L1/a — ")


def test_tool_read_error_raises_the_bare_message(tmp_path):
    p = write(tmp_path, "grid X 0 3600\nspace /a room X1..X2 Y1..Y2\n")
    with pytest.raises(ToolError) as e:
        handle(Input(file=str(p)))
    assert str(e.value).startswith(f"{p}:line 2: ")


def test_human_warnings_come_before_errors(tmp_path, capsys):
    p = write(tmp_path, TWO.replace("slab:150", "") + "boundary /L1/a /L1/zzz\n")
    code, out, err = cli(capsys, str(p))
    assert code == 1 and err == ""
    assert out.splitlines() == [
        f"⚠ {p}:line 3: Level L1 has no slab:, so not one floor is generated on this storey",
        f"✖ {p}:line 6: References an undefined space: /L1/zzz",
    ]
