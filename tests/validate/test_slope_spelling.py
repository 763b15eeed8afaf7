"""A derived slope in a sentence is ``1/<run over rise>``, the run rounded to one decimal and
spelled as JavaScript's String(n) spells it: ``1/2``, never ``1/2.0`` (issue #30)."""

from __future__ import annotations

from support import of, run
from test_assessment_analyses import assess, outcome

# 8200mm along travel less 1100mm of landing at each end: a 6000mm run for a 3000mm rise
RAMP = """grid X 0 3000
grid Y 0 8200
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/r ramp X1..X2 Y1..Y2 ramp:N slope:12
space /L2/r ramp X1..X2 Y1..Y2
stack r L1..L2 type:stair
"""


def test_a_whole_derived_slope_is_spelled_without_a_decimal_0_16(tmp_path):
    [finding] = of(run(tmp_path, "koyu 1.0\n" + RAMP), "run.slope")
    assert finding.message == (
        "Derived slope 1/2 is steeper than the declared 1/12 (lengthen the run or lower the storey height)"
    )


def test_a_whole_derived_slope_is_spelled_without_a_decimal_0_27(tmp_path):
    found = outcome(assess(tmp_path, RAMP), "ramp.declared-slope", "/L1/r")
    assert found["message"].startswith("Derived slope 1/2 is steeper than the declared 1/12: /L1/r")
