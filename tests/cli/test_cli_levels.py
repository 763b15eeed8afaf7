"""``koyu levels``: the section in text, its ``↑`` breakdown, the per-space ceiling heights
and the exit codes (reference/cli/levels.md)."""

from koyu_cli.main import main

# Levels written out of z order, so the descending sort is what orders the lines.
TOWER = """koyu 1.0
grid X 0 6000 12000
grid Y 0 6000
level L9 26000 h:2500 slab:450
level R 35200 slab:500
level L11 32000 h:2600 slab:500
level L10 29000 h:2500 slab:450
space /L9/a room X1..X2 Y1..Y2
"""

OFFICE = """koyu 1.0
grid X 0 6000 12000
grid Y 0 6000
level L1 0 h:2700 slab:600
level L2 4000 h:2700 slab:1300
level R 8000 slab:1300
space /L1/hall hall X1..X2 Y1..Y2 h:6700
space /L1/office office X2..X3 Y1..Y2
space /L2/void void X1..X2 Y1..Y2
space /L2/office office X2..X3 Y1..Y2 h:2500
space /L2/plan room h:2400
space /L9/away room X1..X2 Y1..Y2 h:3000
boundary /L1/hall /L2/void type:void
"""

# No h: on L1, no slab: on L3: both breakdowns fall back to the bare storey height.
MISSING = """koyu 1.0
grid X 0 6000
grid Y 0 6000
level L1 0 slab:150
level L2 3000 h:2400 slab:200
level L3 6000.5 h:2400
space /L1/a room X1..X2 Y1..Y2
"""


def run(tmp_path, capsys, text, name="b.muro"):
    entry = tmp_path / name
    entry.write_text(text, encoding="utf-8")
    code = main(["levels", str(entry)])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_levels_descend_and_the_remainder_is_left_over(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, TOWER)
    assert code == 0 and err == ""
    assert out == (
        "R\tz:35200\tslab:500\n"
        "L11\tz:32000\th:2600\tslab:500\n"
        "  ↑ storey height 3200 = ceiling 2600 + slab 500 + 100 left over\n"
        "L10\tz:29000\th:2500\tslab:450\n"
        "  ↑ storey height 3000 = ceiling 2500 + slab 500\n"
        "L9\tz:26000\th:2500\tslab:450\n"
        "  ↑ storey height 3000 = ceiling 2500 + slab 450 + 50 left over\n"
    )


def test_per_space_ceiling_heights_come_last_region_spaces_only(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, OFFICE)
    assert code == 0
    assert out == (
        "R\tz:8000\tslab:1300\n"
        "L2\tz:4000\th:2700\tslab:1300\n"
        "  ↑ storey height 4000 = ceiling 2700 + slab 1300\n"
        "L1\tz:0\th:2700\tslab:600\n"
        "  ↑ storey height 4000 = ceiling 2700 + slab 1300\n"
        "Per-space ceiling height: /L1/hall h:6700 / /L2/office h:2500\n"
    )


def test_a_missing_h_or_slab_leaves_only_the_storey_height(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, MISSING)
    assert code == 0
    assert out == (
        "L3\tz:6000.5\th:2400\n"
        "L2\tz:3000\th:2400\tslab:200\n"
        "  ↑ storey height 3000.5\n"
        "L1\tz:0\tslab:150\n"
        "  ↑ storey height 3000\n"
    )


def test_one_level_has_no_arrow_line(tmp_path, capsys):
    code, out, _ = run(
        tmp_path,
        capsys,
        "koyu 1.0\ngrid X 0 1000\ngrid Y 0 1000\nlevel L1 0 h:2400 slab:150\nspace /L1/a room X1..X2 Y1..Y2\n",
    )
    assert (code, out) == (0, "L1\tz:0\th:2400\tslab:150\n")


def test_no_level_exits_1(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, "koyu 1.0\ngrid X 0 1000\ngrid Y 0 1000\nspace /a room X1..X2 Y1..Y2\n")
    assert (code, out) == (1, "No level is defined\n")


def test_a_broken_file_exits_1_with_the_cross_line(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, "koyu 1.0\nimport ./missing.muro\nlevel L1 0 h:2400 slab:150\n")
    assert code == 1 and out == ""
    assert err == f"✖ {tmp_path / 'b.muro'}:line 2: Cannot read file: ./missing.muro\n"


def test_no_path_is_a_usage_error(capsys):
    assert main(["levels"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu")
