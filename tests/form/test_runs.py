"""Vertical runs: the arithmetic of form/vertical-runs.md worked by hand on buildings of
our own, their solids (api/solids.md), and the plan entities of plan.md (ascending runs
cut at the plane, descending runs in what their twin left uncovered)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from koyu_model import load
from koyu_model.check import check as run_check
from koyu_model.form.derive import derive


def _load(tmp_path: Path, text: str):
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    return load(str(p))


def _ents(form, level, of="run"):
    plan = next(p for p in form.plans if p.level == level)
    return [e for e in plan.entities if e.of == of]


STRAIGHT = """koyu 1.0
unit mm
grid X 0 2000
grid Y 0 5000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/st stair X1..X2 Y1..Y2 stair:N
space /L2/st room X1..X2 Y1..Y2
boundary /L1/st /L2/st type:stair
"""


def test_straight_stair_by_hand(tmp_path):
    # rise 3000, riser ≤ 180 → ⌈16.67⌉ = 17 risers of 176.47; the entry band of 1100 at
    # both ends leaves 5000 − 2200 = 2800, over 17 − 1 goings → 175
    (run,) = derive(_load(tmp_path, STRAIGHT)).runs
    assert (run.device, run.form, run.level, run.upper) == ("stair", "straight", "L1", "L2")
    assert (run.z0, run.z1, run.rise, run.up, run.turn) == (0, 3000, 3000, "N", "R")
    assert (run.length, run.width, run.entry, run.lanes) == (5000, 2000, 1100, 1)
    assert run.risers == 17
    assert run.riser == pytest.approx(3000 / 17)
    assert run.tread == 175 and run.going == 2800
    assert run.slope == pytest.approx(3000 / 2800)
    (flight,) = run.parts
    assert (flight.kind, flight.t0, flight.t1, flight.s0, flight.s1) == ("flight", 1100, 3900, 0, 2000)
    assert (flight.z0, flight.z1, flight.reversed, flight.risers) == (0, 3000, False, 17)
    assert (flight.rect.x1, flight.rect.x2, flight.rect.y1, flight.rect.y2) == (0, 2000, 1100, 3900)
    # 17 risers carry 16 tread boards: board i tops at i risers, riser + 200 thick
    assert len(run.solids) == 16
    first, last = run.solids[0], run.solids[-1]
    assert first.kind == "box" and (first.rect.y1, first.rect.y2) == (1100, 1275)
    assert first.z1 == pytest.approx(3000 / 17)
    assert first.z1 - first.z0 == pytest.approx(3000 / 17 + 200)
    assert (last.rect.y1, last.rect.y2) == (3725, 3900)
    assert last.z1 == pytest.approx(16 * 3000 / 17)


def test_riser_is_an_upper_bound(tmp_path):
    text = STRAIGHT.replace("stair:N", "stair:N riser:200")
    (run,) = derive(_load(tmp_path, text)).runs
    assert run.risers == 15 and run.riser == 200  # ⌈3000 ÷ 200⌉, then 3000 ÷ 15
    assert run.tread == 2800 / 14


def test_straight_stair_on_the_plans(tmp_path):
    form = derive(_load(tmp_path, STRAIGHT))
    up = _ents(form, "L1")
    assert [(e.klass, e.role) for e in up] == [
        ("cut", "outline"),
        ("cut", "tread"),
        ("cut", "break"),
        ("cut", "arrow"),
        ("anchor", None),
    ]
    # the plane at 1200 crosses the flight (0 → 3000 over t 1100 → 3900) at t = 2220
    outline, treads, brk, arrow, anchor = up
    assert [(s.x1, s.y1, s.x2, s.y2) for s in outline.lines] == [(0, 1100, 0, 2220), (2000, 1100, 2000, 2220)]
    assert [s.y1 for s in treads.lines] == [1275, 1450, 1625, 1800, 1975, 2150]
    assert [(s.x1, s.y1, s.x2, s.y2) for s in brk.lines] == [(0, 2220, 2000, 2220)]
    assert [(s.x1, s.y1, s.x2, s.y2) for s in arrow.lines] == [(1000, 1250, 1000, 2070)]
    assert arrow.anchor.up is True
    assert (anchor.anchor.x, anchor.anchor.y) == (1000, 2500)
    # L2 has no twin (its space carries no stair:), so the arriving run shows whole
    down = _ents(form, "L2")
    assert [(e.klass, e.role) for e in down] == [("below", "outline"), ("below", "tread"), ("below", "arrow")]
    assert [(s.y1, s.y2) for s in down[0].lines] == [(1100, 3900), (1100, 3900)]
    assert len(down[1].lines) == 15  # the nosings between 17 risers
    assert (down[2].lines[0].y1, down[2].lines[0].y2) == (3750, 1250)  # pointing down
    assert down[2].anchor.up is False


RETURN = """koyu 1.0
unit mm
grid X 0 2600
grid Y 0 5400
level L1 0 h:2600 slab:800
level L2 3700 h:2600 slab:800
space /L1/st stair X1..X2 Y1..Y2 stair:N form:return
space /L2/st stair X1..X2 Y1..Y2
"""


def test_return_stair_by_hand(tmp_path):
    # vertical-runs.md "Solve it": 21 risers, k = 11, n = 10, landing 1300, run 3000
    (run,) = derive(_load(tmp_path, RETURN)).runs
    assert run.risers == 21 and run.riser == pytest.approx(3700 / 21)
    assert run.going == 6000 and run.tread == 300
    f1, landing, f2 = run.parts
    assert (f1.t0, f1.t1, f1.s0, f1.s1, f1.risers, f1.tread) == (1100, 4100, 0, 1300, 11, 300)
    assert f1.z1 == pytest.approx(11 * 3700 / 21) and not f1.reversed
    assert (landing.kind, landing.t0, landing.t1, landing.s0, landing.s1) == ("landing", 4100, 5400, 0, 2600)
    assert landing.z0 == landing.z1 == f1.z1
    # the second flight shares t, takes the other half, and climbs back towards t0
    assert (f2.t0, f2.t1, f2.s0, f2.s1, f2.risers) == (1100, 4100, 1300, 2600, 10)
    assert f2.z0 == 3700 and f2.z1 == f1.z1 and f2.reversed
    assert f2.tread == pytest.approx(3000 / 9)
    assert run.slope == pytest.approx(f1.z1 / 3000)  # the steepest flight
    # 10 + 1 + 9 solids; the landing slab tops at the landing level
    assert len(run.solids) == 20
    assert run.solids[10].kind == "box" and run.solids[10].z1 == f1.z1
    assert run.solids[10].z1 - run.solids[10].z0 == 200
    # the second flight's first board sits at its low end (t1) and is one riser up
    b = run.solids[11]
    assert (b.rect.y2, b.rect.y1) == (4100, pytest.approx(4100 - 3000 / 9))
    assert b.z1 == pytest.approx(f1.z1 + 3700 / 21)


def test_turn_left_puts_the_first_flight_on_the_right(tmp_path):
    text = RETURN.replace("form:return", "form:return turn:L")
    (run,) = derive(_load(tmp_path, text)).runs
    assert run.turn == "L"
    assert (run.parts[0].s0, run.parts[0].s1) == (1300, 2600)
    assert (run.parts[0].rect.x1, run.parts[0].rect.x2) == (1300, 2600)
    assert run.parts[2].s0 == 0


def test_return_ramp_lands_at_half_the_rise(tmp_path):
    text = """koyu 1.0
unit mm
grid X 0 18000
grid Y 0 7000
level L1 0 h:2600 slab:800
level L2 3700 h:2600 slab:800
space /L1/r ramp X1..X2 Y1..Y2 ramp:E form:return
space /L2/r ramp X1..X2 Y1..Y2
"""
    (run,) = derive(_load(tmp_path, text)).runs
    # landing = max(1100, min(7000 ÷ 2, 16900 ÷ 3)) = 3500; each flight 13400
    assert run.going == 26800 and run.risers == 0 and run.tread == 0
    assert run.slope == pytest.approx(1850 / 13400)
    f1, landing, f2 = run.parts
    assert (landing.t0, landing.t1, landing.z0) == (14500, 18000, 1850)
    # ramp:E: t runs east, s from the north edge (left of the direction of travel)
    assert (f1.rect.x1, f1.rect.x2, f1.rect.y1, f1.rect.y2) == (1100, 14500, 3500, 7000)
    kinds = [(s.kind, s.up) for s in run.solids]
    assert kinds == [("incline", "E"), ("box", None), ("incline", "W")]  # tilt follows z


SPAN = """koyu 1.0
unit mm
grid X 0 2800
grid Y 0 6600
level L1 0 h:3600 slab:600
level L2 4200 h:3600 slab:600
level L3 8400 h:3600 slab:600
level R 12600 slab:500
space /L1..L3/st stair X1..X2 Y1..Y2 stair:N form:return
stack st L1..L3 type:stair
"""


def test_a_stair_through_several_storeys(tmp_path):
    form = derive(_load(tmp_path, SPAN))
    assert [(r.path, r.level, r.upper) for r in form.runs] == [
        ("/L1/st", "L1", "L2"),
        ("/L2/st", "L2", "L3"),
        ("/L3/st", "L3", "R"),
    ]
    # muro/vertical-circulation.md: 24 risers of 175, a 2200 landing, tread 300
    for r in form.runs:
        assert (r.risers, r.riser, r.tread, r.going) == (24, 175, 300, 6600)
    # L2 shows /L2/st going up (cut at 4200 + 1200) and /L1/st arriving in the rest
    ents = _ents(form, "L2")
    assert [(e.klass, e.role, e.ref) for e in ents] == [
        ("cut", "outline", "/L2/st"),
        ("cut", "tread", "/L2/st"),
        ("cut", "break", "/L2/st"),
        ("cut", "arrow", "/L2/st"),
        ("anchor", None, "/L2/st"),
        ("below", "outline", "/L1/st"),
        ("below", "tread", "/L1/st"),
        ("below", "arrow", "/L1/st"),
    ]
    brk = ents[2].lines[0]
    down_outline = ents[5].lines
    # the arriving first flight starts exactly where the ascending one breaks
    assert down_outline[0].y1 == brk.y1 and down_outline[0].y2 == 1100 + 3300
    # then the landing and the whole second flight: 3 parts × 2 sides
    assert len(down_outline) == 6
    # the arrow of the arriving (second) flight points down the way it was climbed up
    arrow = ents[7]
    assert arrow.anchor.up is False and arrow.lines[0].y1 < arrow.lines[0].y2
    # the lowest storey has no arriving run; the top one no departing one
    assert {e.klass for e in _ents(form, "L1")} == {"cut", "anchor"}
    assert {e.ref for e in _ents(form, "R")} == {"/L3/st"}


def test_partial_form_keeps_the_runs_touching_its_levels(tmp_path):
    model = _load(tmp_path, SPAN)
    form = derive(model, levels=["L2"])
    assert [r.path for r in form.runs] == ["/L1/st", "/L2/st"]
    assert _ents(form, "L2") == _ents(derive(model), "L2")


LIFT = """koyu 1.0
unit mm
grid X 0 2600
grid Y 0 3000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/ev shaft X1..X2 Y1..Y2 lift:1
space /L2/ev shaft X1..X2 Y1..Y2 lift:1
"""


def test_a_lift(tmp_path):
    form = derive(_load(tmp_path, LIFT))
    low, top = form.runs
    assert (low.path, low.upper, low.rise) == ("/L1/ev", "L2", 3000)
    # a lift has a shape with no level above: the car closes on its own level
    assert (top.path, top.upper, top.z0, top.z1, top.rise) == ("/L2/ev", None, 3000, 3000, 0)
    assert top.parts == () and top.risers == 0 and top.going == 0
    # the car: inset min(300, 2600 ÷ 6 = 433) = 300 on all four sides, FL+60 … FL+2400
    (car,) = top.solids
    assert car.kind == "box"
    assert (car.rect.x1, car.rect.x2, car.rect.y1, car.rect.y2) == (300, 2300, 300, 2700)
    assert (car.z0, car.z1) == (3060, 5400)
    # the symbol: a frame inset min(250, 2600 ÷ 8) and its two diagonals; no anchor
    ents = _ents(form, "L1")
    assert [(e.klass, e.role) for e in ents] == [("cut", "outline"), ("cut", "tread")]
    assert (ents[0].lines[0].x1, ents[0].lines[0].y1, ents[0].lines[0].y2) == (250, 250, 2750)
    assert [(s.x1, s.y1, s.x2, s.y2) for s in ents[1].lines] == [(250, 250, 2350, 2750), (2350, 250, 250, 2750)]
    # on L2 the lift arriving from L1 is hidden by its twin: one frame, not two
    assert [(e.ref, e.role) for e in _ents(form, "L2")] == [("/L2/ev", "outline"), ("/L2/ev", "tread")]


def test_a_lift_small_car_inset(tmp_path):
    text = LIFT.replace("grid X 0 2600", "grid X 0 1200")
    car = derive(_load(tmp_path, text)).runs[0].solids[0]
    assert (car.rect.x1, car.rect.x2) == (200, 1000)  # 1200 ÷ 6 is one value for all four
    assert (car.rect.y1, car.rect.y2) == (200, 2800)


ESCALATOR = """koyu 1.0
unit mm
grid X 0 3000
grid Y 0 8000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/e room X1..X2 Y1..Y2 escalator:N
space /L2/e room X1..X2 Y1..Y2
"""


def test_escalator_units_alternate(tmp_path):
    form = derive(_load(tmp_path, ESCALATOR))
    (run,) = form.runs
    # ⌊3000 ÷ 1200⌋ = 2 units of 1200, 300 left at each edge; the second comes down
    assert run.lanes == 2 and run.going == 5800
    u1, u2 = run.parts
    assert (u1.s0, u1.s1, u1.lane, u1.reversed) == (300, 1500, 0, False)
    assert (u2.s0, u2.s1, u2.lane, u2.reversed) == (1500, 2700, 1, True)
    assert (u2.z0, u2.z1) == (u1.z0, u1.z1)  # same tilt: only travel differs
    assert run.slope == pytest.approx(3000 / 5800)
    # per unit: one inclined slab and two balustrades min(140, 1200 ÷ 8) wide, 900 up
    assert [s.kind for s in run.solids] == ["incline"] * 6
    rail = run.solids[1]
    assert (rail.rect.x1, rail.rect.x2, rail.t) == (300, 440, 100)
    assert (rail.z0, rail.z1, rail.up) == (900, 3900, "N")
    # the plan: both units cut at the same height; arrows the way people travel
    ents = _ents(form, "L1")
    arrows = [e for e in ents if e.role == "arrow"]
    assert [a.anchor.up for a in arrows] == [True, False]
    assert arrows[1].lines[0].y1 > arrows[1].lines[0].y2
    assert len(next(e for e in ents if e.role == "break").lines) == 2
    marks = next(e for e in ents if e.role == "tread").lines
    assert sorted({s.y1 for s in marks}) == [1500, 1900, 2300, 2700, 3100]  # STEP_MARK from 1100
    # an escalator points the same way on both faces
    down_arrows = [e for e in _ents(form, "L2") if e.role == "arrow"]
    assert [a.anchor.up for a in down_arrows] == [True, False]


@pytest.mark.parametrize(
    "space, code",
    [
        ("space /L2/s stair X1..X2 Y1..Y2 stair:N", "SUF04"),  # nothing above L2
        ("space /L1/s stair X1..X2 Y1..Y2 stair:N entry:1600", "RUN05"),  # 3000 − 2 × 1600 < 0
        ("space /L1/s stair X1..X2 Y1..Y2 stair:N form:return landing:2000", "RUN05"),
        ("space /L1/s stair X1..X2 Y1..Y2 stair:up", "RUN02"),
        ("space /L1/s stair X1..X2 Y1..Y2 stair:N ramp:N", "RUN01"),
        ("space /L1/s escalator X1..X2 Y1..Y2 escalator:N form:return", "RUN05"),
        ("space /L1/s stair X1..X2 Y1..Y1+1000 + X1..X2 Y1+1000..Y2 stair:N", "RUN03"),
    ],
)
def test_no_shape_where_check_says_so(tmp_path, space, code):
    text = f"""koyu 1.0
unit mm
grid X 0 2000
grid Y 0 3000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
{space}
"""
    model = _load(tmp_path, text)
    assert derive(model).runs == ()
    assert code in [d.code for d in run_check(model)]


def test_shape_exactly_when_check_is_quiet(tmp_path):
    # landing:1000 is raised to 1100: 3000 − 1100 − 1100 = 800 of run remains
    text = """koyu 1.0
unit mm
grid X 0 2000
grid Y 0 3000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/s stair X1..X2 Y1..Y2 stair:N form:return landing:1000
"""
    model = _load(tmp_path, text)
    (run,) = derive(model).runs
    assert run.parts[1].t1 - run.parts[1].t0 == 1100 and run.going == 1600
    assert not [d for d in run_check(model) if d.code.startswith("RUN")]


def test_runs_in_form_order(tmp_path):
    text = """koyu 1.0
unit mm
grid X 0 2000 4000 6000
grid Y 0 6000
level B1 -3000 h:2700 slab:300
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/b stair X2..X3 Y1..Y2 stair:N
space /L1/a shaft X1..X2 Y1..Y2 lift:1
space /B1/z stair X3..X4 Y1..Y2 stair:S
"""
    form = derive(_load(tmp_path, text))
    assert [r.path for r in form.runs] == ["/B1/z", "/L1/a", "/L1/b"]
    south = form.runs[0]
    # stair:S runs towards −y: t from the north edge, s from the east (its left)
    assert (south.parts[0].rect.y1, south.parts[0].rect.y2) == (1100, 4900)
    assert south.solids[0].rect.y2 == 4900 and math.isclose(south.solids[0].rect.y1, 4900 - south.tread)


def test_a_twin_must_match_more_than_position(tmp_path):
    # the same rectangle rising the other way is no twin: the arriving run shows whole
    text = SPAN.replace(
        "space /L1..L3/st stair X1..X2 Y1..Y2 stair:N form:return",
        "space /L1/st stair X1..X2 Y1..Y2 stair:N\nspace /L2/st stair X1..X2 Y1..Y2 stair:S",
    )
    form = derive(_load(tmp_path, text))
    down = [e for e in _ents(form, "L2") if e.klass == "below"]
    assert [(s.y1, s.y2) for s in down[0].lines] == [(1100, 5500), (1100, 5500)]
    # with a true twin only what it left uncovered shows, from its break onwards
    same = derive(_load(tmp_path, text.replace("stair:S", "stair:N")))
    ents = _ents(same, "L2")
    brk = next(e for e in ents if e.role == "break").lines[0]
    down = [e for e in ents if e.klass == "below"]
    assert [(s.y1, s.y2) for s in down[0].lines] == [(brk.y1, 5500), (brk.y1, 5500)]
