"""``koyu axo``: where it writes, its stdout line, its flags and its exit codes
(reference/cli/axo.md)."""

import os
import xml.etree.ElementTree as ET

import pytest

from koyu_cli.main import main

BUILDING = """koyu 1.0
name 試験棟
grid X 0 4000 7000
grid Y 0 3000
level L2 3000 h:2400 slab:150
level L1 0 h:2400 slab:150
level L3 6000 h:2400 slab:150
level R 9000 slab:150
space /L1/hall room X1..X2 Y1..Y2
space /L1/shop room X2..X3 Y1..Y2
space /L2/loft room X1..X2 Y1..Y2
space /L3/attic room X1..X2 Y1..Y2
"""


@pytest.fixture
def entry(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "b.muro"
    path.write_text(BUILDING, encoding="utf-8")
    return path


def texts(path):
    return [t.text for t in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text")]


def test_defaults_write_out_axo_svg_and_say_so(entry, capsys):
    assert main(["axo", str(entry)]) == 0
    assert capsys.readouterr().out == "Generated the axonometric: out/axo.svg\n"
    root = ET.parse("out/axo.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    labels = texts("out/axo.svg")
    assert {"L1  ±0", "L2  +3000", "L3  +6000", "R  +9000"} <= set(labels)  # every level
    assert "試験棟 — axonometric (from SE)" in labels


def test_the_output_folder_is_made(entry, capsys):
    assert main(["axo", str(entry), "-o", "deep/er/x.svg"]) == 0
    assert capsys.readouterr().out == "Generated the axonometric: deep/er/x.svg\n"
    assert os.path.isfile("deep/er/x.svg")
    assert os.listdir("deep/er") == ["x.svg"]  # nothing left beside it


@pytest.mark.parametrize(
    "flags, message",
    [
        (["-d", "UP"], "-d is one of NE / NW / SE / SW: UP"),
        (["-d", "se"], "-d is one of NE / NW / SE / SW: se"),
        (["-s", "abc"], "-s takes a positive number: abc"),
        (["-s", "0"], "-s takes a positive number: 0"),
        (["-s", "-0.5"], "-s takes a positive number: -0.5"),
        (["-s", "inf"], "-s takes a positive number: inf"),
        (["-s", "1e999"], "-s takes a positive number: 1e999"),
        (["-l", "ZZ9"], "Undeclared level: ZZ9 (declared: L2 L1 L3 R)"),
        (["-l", "L1..ZZ"], "Undeclared level: ZZ (declared: L2 L1 L3 R)"),
        (["-l", "L1,L9"], "Undeclared level: L9 (declared: L2 L1 L3 R)"),
    ],
)
def test_calling_mistakes_exit_2_with_their_message_and_write_nothing(entry, capsys, flags, message):
    assert main(["axo", str(entry), "-o", "x.svg", *flags]) == 2
    captured = capsys.readouterr()
    assert captured.err == message + "\n" and captured.out == ""
    assert not os.path.exists("x.svg")


def test_no_file_path_is_a_usage_mistake(entry, capsys):
    assert main(["axo"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu")  # the usage text is stdout's


def test_a_read_error_exits_1(entry, tmp_path, capsys):
    broken = tmp_path / "broken.muro"
    broken.write_text("koyu 1.0\nspace /L1/a room X1..X9 Y1..Y2\n", encoding="utf-8")
    assert main(["axo", str(broken), "-o", "x.svg"]) == 1
    assert capsys.readouterr().err.startswith("✖ ")
    assert main(["axo", "missing.muro", "-o", "x.svg"]) == 1
    assert "Cannot read file: missing.muro" in capsys.readouterr().err
    assert not os.path.exists("x.svg")


def test_nothing_to_draw_is_one_line_and_exit_1(entry, tmp_path, capsys):
    plain = tmp_path / "plain.muro"  # a space on a level that is never declared
    plain.write_text("koyu 1.0\ngrid X 0 3600\ngrid Y 0 4000\nspace /L1/a room X1..X2 Y1..Y2\n", encoding="utf-8")
    assert main(["axo", str(plain), "-o", "x.svg"]) == 1
    assert capsys.readouterr().err == "✖ There is nothing to draw\n"
    assert main(["axo", str(entry), "-o", "x.svg", "-l", "R"]) == 1  # R holds no space
    assert "There is nothing to draw" in capsys.readouterr().err
    assert not os.path.exists("x.svg")


def test_a_range_takes_every_level_between_its_ends_by_z(entry):
    assert main(["axo", str(entry), "-o", "r.svg", "-l", "L3..L2"]) == 0  # either way round
    labels = texts("r.svg")
    assert "L2  +3000" in labels and "L3  +6000" in labels
    assert not {"L1  ±0", "R  +9000"} & set(labels)


def test_a_list_takes_the_levels_named(entry):
    assert main(["axo", str(entry), "-o", "l.svg", "-l", "L1,L3"]) == 0
    labels = texts("l.svg")
    assert "L1  ±0" in labels and "L3  +6000" in labels and "L2  +3000" not in labels


def test_flags_change_the_drawing_and_not_the_stdout_line(entry, capsys):
    assert main(["axo", str(entry), "-o", "a.svg"]) == 0
    plain = open("a.svg", encoding="utf-8").read()
    for i, flags in enumerate((["-d", "NE"], ["-s", "0.05"], ["--ceilings"], ["--no-walls"], ["-l", "L1"])):
        capsys.readouterr()
        assert main(["axo", str(entry), "-o", f"b{i}.svg", *flags]) == 0
        assert capsys.readouterr().out == f"Generated the axonometric: b{i}.svg\n"
        assert open(f"b{i}.svg", encoding="utf-8").read() != plain, flags


def test_a_scale_too_large_for_the_building_is_a_calling_mistake(entry, capsys):
    assert main(["axo", str(entry), "-o", "x.svg", "-s", "1e305"]) == 2
    assert "-s 1e305 is too large" in capsys.readouterr().err
    assert not os.path.exists("x.svg")


def test_an_output_that_cannot_be_written_exits_1_and_leaves_no_scratch(entry, capsys):
    os.mkdir("taken")
    assert main(["axo", str(entry), "-o", "taken"]) == 1
    assert capsys.readouterr().err.startswith("✖ Cannot write taken")
    assert os.listdir("taken") == [] and [p for p in os.listdir(".") if p.startswith(".")] == []


def test_a_second_run_replaces_the_file(entry):
    with open("x.svg", "w", encoding="utf-8") as f:
        f.write("old")
    assert main(["axo", str(entry), "-o", "x.svg"]) == 0
    assert ET.parse("x.svg").getroot().tag.endswith("svg")
