"""``koyu --as <release>``: which koyu release the command line answers as (koyu_cli/main.py)."""

import pytest

from koyu_cli.main import main

BUILDING = """koyu 1.0
grid X 0 4000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /L1/hall room X1..X2 Y1..Y2
"""


def test_as_0_16_is_the_default_to_the_byte(tmp_path, capsys):
    entry = tmp_path / "b.muro"
    entry.write_text(BUILDING, encoding="utf-8")
    assert main(["check", str(entry)]) == 0
    plain = capsys.readouterr()
    assert main(["--as", "0.16", "check", str(entry)]) == 0
    assert capsys.readouterr() == plain
    assert main(["--as=0.16", "--version"]) == 2  # koyu 0.16.0 has no --version: the usage text
    assert capsys.readouterr().out.startswith("Usage: koyu <check|")


def test_as_0_27_says_its_version_with_either_flag(capsys):
    line = "koyu 0.27.0 — reads muro 0.1–1.4 (newest 1.4; a file with no version line is read as 1.1)\n"
    for flag in ("--version", "-v"):
        assert main(["--as", "0.27", flag]) == 0
        assert capsys.readouterr().out == line
    assert main(["-v"]) == 2  # 0.16 has no -v


@pytest.mark.parametrize("argv", [["--as", "0.20", "check", "x.muro"], ["--as"], ["--as="]])
def test_an_unknown_release_is_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("--as takes 0.16 or 0.27\n")


def test_the_section_and_the_elevation_are_unknown_commands_before_0_27(tmp_path, capsys):
    entry = tmp_path / "b.muro"
    entry.write_text(BUILDING, encoding="utf-8")
    for command in ("section", "elevation"):
        assert main([command, str(entry)]) == 2
        assert capsys.readouterr().out == f"Unknown command: {command}\n"
    assert main(["--as", "0.27"]) == 2
    assert "|section|elevation|" in capsys.readouterr().out
