"""``koyu runs``: one derived run per line, tab-separated (reference/cli/runs.md)."""

from koyu_cli.main import main

NONE_LINE = "There is no vertical circulation (write stair:N / ramp:N / escalator:N / lift:1 on a space)"

# Unequal storeys (L1→L2 rises 3700, L2→L3 rises 4200): the same enclosure, written once as
# a span, divides differently floor by floor. The lift on the top level reaches no level.
TOWER = """koyu 1.0
name 試験塔
grid X 0 2800 5400 6600
grid Y 0 5600 12000
level L3 7900 h:2800 slab:200
level L1 0 h:2800 slab:200
level L2 3700 h:2800 slab:200
space /L1..L2/st stair X1..X2 Y1..Y2 name:階段 stair:N form:return
space /L1..L3/ev shaft X2..X3 Y1..Y2 name:EV lift:1
space /L1/es hall X3..X4 Y1..Y3 escalator:N
"""

# A straight stair and a return ramp; the ramp climbs east, so its length is along X.
RAMPS = """koyu 1.0
name ramps
grid X 0 12000
grid Y 0 6000 10000
level L1 0 h:2600 slab:200
level L2 3000 slab:200
space /L1/ramp ramp X1..X2 Y1..Y2 name:車路 ramp:E form:return slope:6
space /L1/a stair X1..X1+2000 Y2..Y3 name:直階段 stair:N
"""


def _run(tmp_path, capsys, text, name="b.muro"):
    entry = tmp_path / name
    entry.write_text(text, encoding="utf-8")
    code = main(["runs", str(entry)])
    out, err = capsys.readouterr()
    return code, out, err


def test_runs_in_form_order_with_their_derived_division(tmp_path, capsys):
    code, out, err = _run(tmp_path, capsys, TOWER)
    assert code == 0 and err == ""
    assert out.splitlines() == [
        # 12000 − 2 × 1100 entries = 9800 of going over 3700: 1/2.65 → 1/2.6
        "L1→L2\tescalator\tes\trise 3700mm\tstraight\tslope 1/2.6\tgoing 9800mm\t/L1/es",
        # rise 3700 at ≤180 → 21 risers of 176.19; return stair 5600 deep: tread 300
        "L1→L2\tlift\tEV\t/L1/ev",
        "L1→L2\tstair\t階段\trise 3700mm\treturn\t21 risers of 176mm, tread 300mm\tgoing 6000mm\t/L1/st",
        # rise 4200 → 24 risers of 175: the same enclosure, a different division
        "L2→L3\tlift\tEV\t/L2/ev",
        "L2→L3\tstair\t階段\trise 4200mm\treturn\t24 risers of 175mm, tread 300mm\tgoing 6600mm\t/L2/st",
        # no level above: the lower name alone, and no stair can stand here (SUF04)
        "L3\tlift\tEV\t/L3/ev",
    ]


def test_a_lift_stops_at_the_name_and_the_path(tmp_path, capsys):
    _, out, _ = _run(tmp_path, capsys, TOWER)
    lifts = [line.split("\t") for line in out.splitlines() if "\tlift\t" in line]
    assert lifts and all(len(cols) == 4 for cols in lifts)


def test_a_ramp_is_given_by_slope_and_a_straight_stair_by_its_steps(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, RAMPS)
    assert code == 0
    assert out.splitlines() == [
        # 4000 deep less two 1100 entries = 1800 over 16 treads = 112.5 → 113
        "L1→L2\tstair\t直階段\trise 3000mm\tstraight\t17 risers of 176mm, tread 113mm\tgoing 1800mm\t/L1/a",
        # 12000 − 1100 entry = 10900; landing min(3000, 10900/3) = 3000; two runs of 7900
        # climbing 1500 each: 15800 over 3000 is 1/5.27 → 1/5.3
        "L1→L2\tramp\t車路\trise 3000mm\treturn\tslope 1/5.3\tgoing 15800mm\t/L1/ramp",
    ]


def test_no_vertical_circulation_says_so_and_exits_0(tmp_path, capsys):
    text = """koyu 1.0
name plain
grid X 0 4000
grid Y 0 3000
level L1 0 h:2600 slab:200
level L2 3000 slab:200
space /L1/hall hall X1..X2 Y1..Y2
space /L2/hall hall X1..X2 Y1..Y2
boundary /L1/hall /L2/hall type:stair
"""
    # a stair *boundary* is a relation, not a form: it puts nothing here
    code, out, err = _run(tmp_path, capsys, text)
    assert (code, out, err) == (0, NONE_LINE + "\n", "")


def test_a_declared_run_without_a_shape_is_left_out(tmp_path, capsys):
    # a stair on the top level has no level above (SUF04): no run, so the empty message
    text = """koyu 1.0
name top
grid X 0 2800
grid Y 0 5600
level L1 0 h:2600 slab:200
space /L1/st stair X1..X2 Y1..Y2 stair:N
"""
    code, out, _ = _run(tmp_path, capsys, text)
    assert (code, out) == (0, NONE_LINE + "\n")


def test_a_broken_file_exits_1_with_one_cross_line(tmp_path, capsys):
    code, out, err = _run(tmp_path, capsys, "koyu 1.0\nspace /L1/a room X1..X2 Y1..Y2\n")
    entry = (tmp_path / "b.muro").resolve()
    assert (code, out) == (1, "")
    assert err == f"✖ {entry}:line 2: Undefined grid line name: X1\n"


def test_a_missing_entry_exits_1(tmp_path, capsys):
    assert main(["runs", str(tmp_path / "missing.muro")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("✖ ") and "Cannot read file" in err


def test_no_path_prints_usage_and_exits_2(capsys):
    assert main(["runs"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu <")
