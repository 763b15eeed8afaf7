"""RUN01, RUN02, RUN03, RUN05, SUF04: section 8, one hit per space (diagnostics/run.md, suf.md)."""

from diag_support import STAIR, run

UPPER = "space /L2/s stair X1..X2 Y1..Y2\n"


def _one(tmp_path, decl, upper=UPPER, stair=STAIR):
    diags = run(tmp_path, stair + decl + "\n" + upper)
    hits = [d for d in diags if d.code.startswith("RUN") or d.code == "SUF04"]
    return hits


def test_run01_two_declarations(tmp_path):
    (d,) = _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:N ramp:N")
    assert (d.code, d.line, d.path) == ("RUN01", 5, ("/L1/s",))
    assert d.message == "More than one vertical circulation declaration: stair:N ramp:N (one space carries one)"


def test_run02_direction_and_lift(tmp_path):
    (d,) = _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:up")
    assert d.message == "The value of stair is the direction it rises, N/E/S/W: stair:up"
    (d,) = _one(tmp_path, "space /L1/s shaft X1..X2 Y1..Y2 lift:N")
    assert (d.code, d.message) == ("RUN02", "The value of lift is 1: lift:N")


def test_run03_union_region_and_no_region(tmp_path):
    (d,) = _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 + X2..X3 Y1..Y2 stair:N")
    assert d.code == "RUN03" and "is a single rectangle" in d.message
    (d,) = _one(tmp_path, "space /L1/s stair stair:N")
    assert d.message == "Vertical circulation requires a region: /L1/s"


def test_run03_level_undetermined(tmp_path):
    (d,) = _one(tmp_path, "space /house/s stair X1..X2 Y1..Y2 stair:N")
    assert d.message == "The level of the vertical circulation cannot be determined: /house/s"


def test_suf04_top_storey_but_not_a_lift(tmp_path):
    (d,) = _one(tmp_path, "space /L2/t stair X2..X3 Y1..Y2 stair:N", upper="")
    assert (d.code, d.severity) == ("SUF04", "warning")
    assert d.message == "No level sits above L2, so no form is generated for /L2/t"
    assert _one(tmp_path, "space /L2/t shaft X2..X3 Y1..Y2 lift:1", upper="") == []


def test_run05_form_values(tmp_path):
    (d,) = _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:N form:spiral")
    assert d.message == "form is straight / return: form:spiral (write a spiral as a succession of turns)"
    (d,) = _one(tmp_path, "space /L1/s escalator X1..X2 Y1..Y2 escalator:N form:return")
    assert d.message == "form:return may not be written on escalator (only a stair and a ramp turn back)"


def test_run05_entry_band_eats_the_length(tmp_path):
    (d,) = _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:E entry:1500")  # 3000 long
    assert d.message == (
        "The form of the vertical circulation is undetermined: /L1/s "
        "(check that the landing does not exceed the full length)"
    )
    assert _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:E entry:1400") == []


def test_run05_turning_run_landing_eats_the_length(tmp_path):
    assert [d.code for d in _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:N form:return landing:4900")] == [
        "RUN05"
    ]
    assert _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:N form:return landing:4800") == []


def test_first_hit_ends_the_scan(tmp_path):
    hits = _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 + X2..X3 Y1..Y2 stair:up form:spiral")
    assert [d.code for d in hits] == ["RUN02"]


def test_a_good_run_is_quiet(tmp_path):
    assert _one(tmp_path, "space /L1/s stair X1..X2 Y1..Y2 stair:N form:return turn:L") == []
