"""koyu 0.27's built-in profile on buildings of our own (koyu_model.assessment): each
rule's state, reason and outcomes, the summary, and what 0.27 reads differently."""

from __future__ import annotations

from pathlib import Path

from koyu_model import load
from koyu_model.assessment import report
from koyu_model.assessment.schematic import PROFILE
from koyu_model.release import KOYU_0_27


def assess(tmp_path: Path, text: str) -> dict:
    p = tmp_path / "main.muro"
    p.write_text("muro 1.4\n" + text, encoding="utf-8")
    return report(load(str(p), release=KOYU_0_27), PROFILE, "2026-08-03")


def rule(answer: dict, name: str) -> dict:
    [found] = [r for r in answer["rules"] if r["rule"]["id"] == f"koyu.schematic.{name}"]
    return found


def outcomes(answer: dict, name: str) -> list[tuple[str, str]]:
    return [(o["id"], o["status"]) for o in rule(answer, name)["evaluation"].get("outcomes", ())]


# two rooms side by side, one door out: b reaches the exterior, a only through b; c is sealed
ROOMS = """grid X 0 3000 6000 9000
grid Y 0 4000
level L1 0 h:2400 slab:150
space /out outside:1
space /L1/c room X3..X4 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /L1/a room X1..X2 Y1..Y2 daylight:1
boundary /L1/a /L1/b t:120
  door w:800
boundary /L1/b /out t:150
  door w:900 edge:S
boundary /L1/a /out t:150
  window w:600 h:600 edge:N
"""


def test_every_subject_gets_an_outcome_sorted_by_its_id(tmp_path):
    answer = assess(tmp_path, ROOMS)
    # written c, b, a; the outcomes come by subject
    assert outcomes(answer, "access.unreachable") == [("/L1/a", "pass"), ("/L1/b", "pass"), ("/L1/c", "fail")]
    assert rule(answer, "access.unreachable")["state"] == "evaluated"
    [finding] = [f for f in answer["findings"] if f["rule"]["id"] == "koyu.schematic.access.unreachable"]
    assert finding["level"] == "violation" and finding["outcome"]["subjects"] == [{"kind": "space", "ref": "/L1/c"}]


def test_daylight_ratio_compares_against_a_seventh_of_the_floor(tmp_path):
    answer = assess(tmp_path, ROOMS)
    [o] = rule(answer, "daylight.ratio")["evaluation"]["outcomes"]
    assert o["status"] == "fail"
    assert o["message"] == (
        "Insufficient daylight: /L1/a — effective window 0.36 m2 < required 1.71 m2 (1/7 of the 12.00 m2 floor)"
    )
    comparison = o["evidence"][1]
    assert comparison["operator"] == ">=" and comparison["required"]["value"] == 12 / 7
    assert outcomes(answer, "daylight.unknown") == [("/L1/a", "pass")]


def test_a_rule_with_nothing_to_judge_is_not_applicable_with_its_reason(tmp_path):
    answer = assess(tmp_path, ROOMS)
    for name, reason in (
        ("stair.proportion", "No derived stair run exists"),
        ("ramp.declared-slope", "No ramp has a positive declared slope denominator"),
        ("access.throughtenant", "No regioned space has the free type stair"),
        ("access.parking", "No regioned eligible space is typed parking or ramp"),
        ("site.frontage", "No site zone is selected"),
    ):
        assert rule(answer, name)["state"] == "not-applicable"
        assert rule(answer, name)["evaluation"]["reason"] == reason


def test_with_no_exterior_the_access_rules_are_not_asked(tmp_path):
    answer = assess(tmp_path, ROOMS.replace("space /out outside:1\n", "space /out\n"))
    assert rule(answer, "access.unreachable")["evaluation"]["reason"] == "No exterior space is declared"


def test_the_summary_counts_rules_and_outcomes(tmp_path):
    answer = assess(tmp_path, ROOMS)
    states = [r["state"] for r in answer["rules"]]
    summary = answer["summary"]
    assert summary["rules"]["evaluated"] == states.count("evaluated")
    assert summary["rules"]["notApplicable"] == states.count("not-applicable")
    assert summary["outcomes"]["fail"] == len(answer["findings"]) == 2  # daylight.ratio, unreachable /L1/c
    assert summary["state"] == "complete"


def test_doors_pass_the_column_rule_when_no_column_stands(tmp_path):
    answer = assess(tmp_path, ROOMS)
    ids = [i for i, _ in outcomes(answer, "column.blocksdoor")]
    assert ids and all(s == "pass" for _, s in outcomes(answer, "column.blocksdoor"))
    assert all("|" in i and "@" in i for i in ids)


def test_lease_category_not_use_says_rentable_in_0_27(tmp_path):
    text = """grid X 0 2800 8800
grid Y 0 5000
level L1 0 h:2700 slab:150
zone /L1/shop lease.category:rentable
space /out outside:1
space /L1/core stair X1..X2 Y1..Y2
space /L1/shop/a room X2..X3 Y1..Y2
boundary /L1/core /L1/shop/a
  door w:900
boundary /L1/shop/a /out
  door w:1800 edge:S
boundary /L1/core /out
"""
    answer = assess(tmp_path, text)
    assert outcomes(answer, "access.throughtenant") == [("/L1/core", "fail")]
    answer = assess(tmp_path, text.replace("boundary /L1/core /out\n", "boundary /L1/core /out\n  door w:900 edge:N\n"))
    assert outcomes(answer, "access.throughtenant") == [("/L1/core", "pass")]
