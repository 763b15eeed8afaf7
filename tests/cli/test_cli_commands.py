"""``koyu plan``: the file it writes, its default level and its exit codes (cli/plan.md)."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from koyu_cli.main import main

BUILDING = """koyu 1.0
name 試験棟
grid X 0 4000
grid Y 0 3000
level L2 3000 h:2400 slab:150
level L1 0 h:2400 slab:150
space /L1/hall room X1..X2 Y1..Y2 name:広間
space /L2/loft room X1..X2 Y1..Y2 name:屋根裏
level R 6000 slab:150
"""


def write_building(tmp_path):
    entry = tmp_path / "b.muro"
    entry.write_text(BUILDING, encoding="utf-8")
    return entry


def test_default_level_is_the_first_declared_and_the_file_lands_beside_the_entry(tmp_path, capsys):
    entry = write_building(tmp_path)
    assert main(["plan", str(entry)]) == 0
    out = tmp_path / "b-L2.svg"  # L2 is written before L1
    assert capsys.readouterr().out.strip() == f"Generated the plan: {out}"
    svg = ET.fromstring(out.read_text(encoding="utf-8"))
    texts = {t.text for t in svg.iter() if t.tag.endswith("text")}
    assert "屋根裏" in texts and "広間" not in texts


def test_level_and_output_folder_are_honoured(tmp_path):
    entry = write_building(tmp_path)
    out = tmp_path / "new" / "hall.svg"
    assert main(["plan", str(entry), "-l", "L1", "-o", str(out)]) == 0
    assert "広間" in out.read_text(encoding="utf-8")


def test_undeclared_level_exits_2_and_names_the_declared_ones(tmp_path, capsys):
    entry = write_building(tmp_path)
    assert main(["plan", str(entry), "-l", "ZZ9", "-o", str(tmp_path / "x.svg")]) == 2
    assert capsys.readouterr().err.strip() == "Undeclared level: ZZ9 (declared: L2 L1 R)"
    assert not (tmp_path / "x.svg").exists()


def test_a_level_without_regions_exits_1_and_writes_nothing(tmp_path, capsys):
    entry = write_building(tmp_path)
    assert main(["plan", str(entry), "-l", "R", "-o", str(tmp_path / "r.svg")]) == 1
    assert "There is no space with a region on level R" in capsys.readouterr().err
    assert not (tmp_path / "r.svg").exists()


def test_an_output_that_cannot_be_written_exits_1_and_leaves_nothing_beside_it(tmp_path, capsys):
    entry = write_building(tmp_path)
    taken = tmp_path / "taken"
    taken.mkdir()
    assert main(["plan", str(entry), "-o", str(taken)]) == 1
    assert capsys.readouterr().err.startswith(f"✖ Cannot write {taken}: ")
    assert os.listdir(taken) == [] and sorted(os.listdir(tmp_path)) == ["b.muro", "taken"]


def test_an_unreadable_entry_exits_1(tmp_path, capsys):
    assert main(["plan", str(tmp_path / "missing.muro")]) == 1
    assert "Cannot read file" in capsys.readouterr().err


def test_an_unknown_subcommand_is_named_on_stdout_and_exits_2(tmp_path, capsys):
    assert main(["frobnicate", str(write_building(tmp_path))]) == 2
    assert capsys.readouterr() == ("Unknown command: frobnicate\n", "")


def test_no_subcommand_prints_the_usage_on_stdout_and_exits_2(capsys):
    assert main([]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu <check|")


def test_spaces_lists_model_order_with_areas_and_filters_by_level(tmp_path, capsys):
    entry = write_building(tmp_path)
    assert main(["spaces", str(entry)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "/L1/hall\t広間\troom\tL1\t12.00 m2",
        "/L2/loft\t屋根裏\troom\tL2\t12.00 m2",
    ]
    assert main(["spaces", str(entry), "-l", "L2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["/L2/loft\t屋根裏\troom\tL2\t12.00 m2"]


def test_spaces_json_is_the_tools_answer_and_an_undeclared_level_exits_2(tmp_path, capsys):
    import json

    entry = write_building(tmp_path)
    assert main(["spaces", str(entry), "--json", "-l", "L1"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == [
        {
            "path": "/L1/hall",
            "type": "room",
            "name": "広間",
            "level": "L1",
            "areaM2": 12,
            "semiOutdoor": False,
            "layer": str(entry),
        }
    ]
    assert main(["spaces", str(entry), "-l", "L9"]) == 2
    assert capsys.readouterr().err.strip() == "Undeclared level: L9 (declared: L2 L1 R)"


def test_an_unexpected_failure_is_one_line_and_exit_1_never_a_traceback(tmp_path, capsys, monkeypatch):
    # every subcommand reads through koyu_cli.common.answers; what breaks after the read is
    # caught once, in main
    import koyu_cli.stats as stats

    def broken(model):
        raise ValueError("a derivation broke")

    monkeypatch.setattr(stats, "stats_lines", broken)
    entry = write_building(tmp_path)
    assert main(["stats", str(entry)]) == 1
    err = capsys.readouterr().err
    assert err == "✖ ValueError: a derivation broke\n"
    assert main(["stats", str(tmp_path / "missing.muro")]) == 1
    assert capsys.readouterr().err.startswith("✖ line 0: Cannot read file:")


def test_version_is_0_27s_and_0_16_has_none():
    koyu = os.path.join(os.path.dirname(sys.executable), "koyu")  # the installed console script
    done = subprocess.run([koyu, "--as", "0.27", "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "") and done.stdout.startswith("koyu 0.27.0 — reads muro 0.1–1.4")
    # koyu 0.16.0 has no --version: it fills no file position, so the usage text answers
    done = subprocess.run([koyu, "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (2, "") and done.stdout.startswith("Usage: koyu <check|")
