"""Each of the fifteen rules: a small building that triggers it (the exact message, line and
path) and a near miss that does not (validate/*.md)."""

from __future__ import annotations

import pytest
from support import of, run

from koyu_model.validate import RULES

HEAD = "koyu 1.0\n"

CASES = {
    # a: walled to the west only; its north and south face nothing
    "envelope.gap": (
        """grid X 0 3000 7000
grid Y 0 4200
level L1 0 h:2700 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /out edge:W
  door w:900
boundary /L1/a /L1/b
  door w:900
boundary /L1/b /out
""",
        "Perimeter not faced by any envelope: /L1/a — S 3000mm / N 3000mm (6000mm over 2 run(s)). "
        "Write a boundary to the exterior",
        5,
        ("/L1/a",),
        # near miss: the same boundary without edge: covers the whole remainder
        ("boundary /L1/a /out edge:W", "boundary /L1/a /out"),
    ),
    "daylight.ratio": (
        """grid X 0 3000
grid Y 0 5000
level L1 0 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2 daylight:1
boundary /L1/a /out
  window w:800 h:900 edge:S
  door w:900 edge:N
""",
        "Insufficient daylight: /L1/a — effective window 0.72 m2 < required 2.14 m2 (1/7 of the 15.00 m2 floor)",
        5,
        ("/L1/a",),
        ("window w:800 h:900", "window w:2000 h:1100"),  # 2.20 m2 clears 2.14
    ),
    "daylight.unknown": (
        """grid X 0 3000
grid Y 0 5000
level L1 0 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2 daylight:1
boundary /L1/a /out
  window w:2000 h:1100 edge:S
  window w:500 edge:W
  door w:900 edge:N
""",
        "Window area is not fully counted: /L1/a has a window without h: (write h: on it)",
        5,
        ("/L1/a",),
        ("window w:500 edge:W", "window w:500 h:500 edge:W"),
    ),
    # 3000 rise, 17 risers of 176; 4800 deep less 2 x 1100 entry = 2600 / 16 = 162.5
    "stair.proportion": (
        """grid X 0 2800
grid Y 0 4800
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/s stair X1..X2 Y1..Y2 stair:N
space /L2/s stair X1..X2 Y1..Y2
stack s L1..L2 type:stair
""",
        "Derived step dimensions are cramped: 17 risers of 176mm, tread 163mm "
        "(2*riser+tread = 515mm; expected 550-700mm)",
        5,
        ("/L1/s",),
        ("grid Y 0 4800", "grid Y 0 7200"),  # 5000 / 16 = 312.5: 664 is inside the pace rule
    ),
    # a ramp 3000 x 8000: 5800 run over 3000 rise = 1/1.9, steeper than 1/12
    "run.slope": (
        """grid X 0 3000
grid Y 0 8000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/r ramp X1..X2 Y1..Y2 ramp:N slope:12
space /L2/r ramp X1..X2 Y1..Y2
stack r L1..L2 type:stair
""",
        "Derived slope 1/1.9 is steeper than the declared 1/12 (lengthen the run or lower the storey height)",
        5,
        ("/L1/r",),
        (" slope:12", " slope:1"),  # a declared limit of 1/1 is not exceeded
    ),
    "run.disconnected": (
        """grid X 0 3000
grid Y 0 7200
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/s stair X1..X2 Y1..Y2 stair:N
space /L2/s stair X1..X2 Y1..Y2
boundary /L1/s /L2/s type:void
""",
        "/L1/s has a vertical-circulation form but no vertical boundary connecting the levels "
        "(write stack or boundary type:stair — the form exists, but the graph cannot pass)",
        5,
        ("/L1/s",),
        ("type:void", "type:shaft"),  # a shaft boundary links, bluntly
    ),
    "access.unreachable": (
        """grid X 0 3500 7000
grid Y 0 4000
level L1 0 h:2700 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /out
  door w:900 edge:S
boundary /L1/b /out
  window w:900 h:900 edge:S
""",
        "Cannot reach the exterior: /L1/b (no passable boundary leads out — write a door)",
        6,
        ("/L1/b",),
        ("boundary /L1/b /out\n", "boundary /L1/b /L1/a\n  door w:800\nboundary /L1/b /out\n"),
    ),
    "access.voidonly": (
        """grid X 0 3000 6000
grid Y 0 4500
level L1 0 h:2700 slab:150
space /L1/hole void X1..X2 Y1..Y2
space /L1/a room X2..X3 Y1..Y2
boundary /L1/a /L1/hole
  door w:900
""",
        "Doors open only onto a void: /L1/a (they open where there is no floor, so nobody can pass)",
        5,
        ("/L1/a",),
        ("void X1..X2", "hall X1..X2"),  # the same door onto a floor
    ),
    "access.throughtenant": (
        """grid X 0 2800 8800
grid Y 0 5000
level L1 0 h:2700 slab:150
zone /L1/shop use:rentable
space /out exterior
space /L1/core stair X1..X2 Y1..Y2
space /L1/shop/a room X2..X3 Y1..Y2
boundary /L1/core /L1/shop/a
  door w:900
boundary /L1/shop/a /out
  door w:1800 edge:S
boundary /L1/core /out
""",
        "Escape from /L1/core passes through rentable space (if the tenant locks up, there is no way out)",
        6,
        ("/L1/core",),
        ("boundary /L1/core /out\n", "boundary /L1/core /out\n  door w:900 edge:S\n"),
    ),
    "access.parking": (
        """grid X 0 5500
grid Y 0 6000
level L1 0 h:2700 slab:150
space /out exterior
space /L1/cars room X1..X2 Y1..Y2 use:parking
boundary /L1/cars /out
  door w:2300 edge:S
""",
        "No vehicle route to the exterior: /L1/cars (needs an opening at least 2400mm wide, a "
        "type:open boundary, or a ramp)",
        5,
        ("/L1/cars",),
        ("door w:2300", "door w:2400"),
    ),
    "access.backofhouse": (
        """grid X 0 3000 6000 9000
grid Y 0 7000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/mall corridor X1..X2 Y1..Y2 use:common
space /L1/staff backyard X2..X3 Y1..Y2
space /L1/esc room X3..X4 Y1..Y2 use:common escalator:N
space /L2/esc room X3..X4 Y1..Y2 use:common
space /L2/mall corridor X1..X3 Y1..Y2 use:common
stack esc L1..L2 type:stair
boundary /L1/mall /L1/staff
  door w:900
boundary /L1/staff /L1/esc
  door w:900
boundary /L2/mall /L2/esc type:open
""",
        "/L1/esc cannot be reached from a common corridor without passing through back-of-house "
        "(visitors cannot use this vertical circulation)",
        7,
        ("/L1/esc",),
        # its own vertical link does not count; a door from the corridor does
        ("boundary /L1/staff /L1/esc", "boundary /L1/mall /L1/esc"),
    ),
    "column.blocksdoor": (
        """grid X 0 3000 9000
grid Y 0 4000 8000
level L1 0 h:2700 slab:150
space /L1/a room X1..X3 Y1..Y2
space /L1/b room X1..X3 Y2..Y3
column 500 L1
boundary /L1/a /L1/b
  door w:1000 at:X2+600
""",
        "A column blocks a door: the door (1000mm wide) on /L1/a | /L1/b overlaps the column at X2/Y2",
        7,
        ("/L1/a", "/L1/b"),
        ("at:X2+600", "at:X2+800"),  # the door starts 300 past X2, clear of the 250 half-column
    ),
    "site.escape": (
        """grid X 0 8000 11000
grid Y 0 9000
level L1 0 h:2400 slab:150
zone /lot site:1
polygon /lot 0,0 8000,0 8000,9000 0,9000
space /lot/garden yard X1..X2 Y1..Y2 level:L1
space /L1/shed room X2..X3 Y1..Y2
""",
        "/L1/shed escapes the site shape (near 11000,0)",
        7,
        ("/L1/shed",),
        ("8000,0 8000,9000", "11000,0 11000,9000"),
    ),
    "site.area": (
        """grid X 0 8000
grid Y 0 9000
level L1 0 h:2400 slab:150
zone /lot site:1 area:72.5
polygon /lot 0,0 8000,0 8000,9000 0,9000
space /lot/garden yard X1..X2 Y1..Y2 level:L1
""",
        "Declared and derived site areas disagree: declared 72.5 m2 / derived 72.00 m2",
        4,
        ("/lot",),
        ("area:72.5", "area:72.04"),
    ),
    "site.frontage": (
        """grid X 0 1800 9000
grid Y 0 9000 10000
level L1 0 h:2700 slab:150
zone /lot site:1
polygon /lot 0,0 9000,0 9000,9000 0,9000
space /lot/garden yard X1..X3 Y1..Y2 level:L1
space /street exterior X1..X2 Y2..Y3 road:6000 level:L1
boundary /lot/garden /street type:open
""",
        "Road frontage is too short: /street — 1800mm (needs at least 2000mm)",
        7,
        ("/street",),
        ("grid X 0 1800 9000", "grid X 0 2000 9000"),
    ),
}


def test_every_ledger_rule_is_pinned():
    assert list(CASES) == list(RULES)


@pytest.mark.parametrize("rule", list(CASES))
def test_rule_fires(tmp_path, rule):
    text, message, line, path, _ = CASES[rule]
    found = of(run(tmp_path, HEAD + text), rule)
    assert [(f.message, f.line, f.path, f.level) for f in found] == [(message, line + 1, path, RULES[rule])]
    assert found[0].file == str(tmp_path / "main.muro")


@pytest.mark.parametrize("rule", list(CASES))
def test_near_miss_is_quiet(tmp_path, rule):
    text, _, _, _, (old, new) = CASES[rule]
    assert old in text
    assert of(run(tmp_path, HEAD + text.replace(old, new)), rule) == []
