"""Typical storeys raised from the first (koyu_model.form.alike): a raised storey's records
are the very records working it out on its own gives. ``derive(model, levels=[one])``
works a storey out alone (there is no earlier storey to raise it from), so each storey of
the whole Form must equal its partial Form, field for field."""

from __future__ import annotations

import pytest

from koyu_model import load
from koyu_model.form.derive import derive
from koyu_model.release import KOYU_0_16, KOYU_0_27

# three storeys laid out alike over a span, a fourth with one room's wall thicker; rooms
# with a swinging door, a window to the outside and a wall junction at the corridor
TYPICAL = """grid X 0 4000 8000
grid Y 0 5000 7000
level L1..L4 {z} pitch:{pitch} h:2400 slab:200
space /L1..L4/a room X1..X2 Y1..Y2
space /L1..L4/b room X2..X3 Y1..Y2
space /L1..L4/c hall X1..X3 Y2..Y3
boundary /L1..L4/a /L1..L4/b t:150
  door w:800 swing:b
boundary /L1..L4/a /L1..L4/c
  door w:900
boundary /L1..L4/a /out edge:S t:200
  window w:1800 h:{window}
boundary /L1..L4/b /out edge:S t:200
  window w:1800
import ./top.muro
"""
TOP = "over /L4/a /L4/b t:250\n"  # an edit is a layer of its own


def _by_level(form, level):
    return (
        tuple(b for b in form.boundaries if b.level == level),
        tuple(o for o in form.openings if o.level == level),
    )


def _alone_equals_whole(files, text, release):
    # the outside: 0.27 declares it outside, 0.16 an exterior without a region
    head = (
        "koyu 1.1\nunit mm\nspace /out outside:1\n"
        if release is KOYU_0_27
        else "koyu 1.0\nunit mm\nspace /out exterior\n"
    )
    files.write("top.muro", TOP)
    model = load(str(files.write("main.muro", head + text)), release=release)
    whole = derive(model)
    for level in ("L1", "L2", "L3", "L4"):
        alone = derive(model, levels=[level])
        assert _by_level(whole, level) == (alone.boundaries, alone.openings)
    return whole


@pytest.mark.parametrize("release", [KOYU_0_16, KOYU_0_27])
def test_a_raised_storey_is_the_storey_worked_out_alone(files, release):
    whole = _alone_equals_whole(files, TYPICAL.format(z=0, pitch=3000, window=1200), release)
    # and it is raised: the same wall stands 3000 higher on each storey, the same footprint
    walls = [b for b in whole.boundaries if b.a.endswith("/a") and b.b == "/out"]
    assert [w.material.z0 for w in walls] == [0, 3000, 6000, 9000]
    assert len({w.material.panels[0].footprint for w in walls}) == 1
    assert [w.ref.split("@")[0] for w in walls] == [f"/L{k}/a|/out" for k in (1, 2, 3, 4)]
    doors = [o for o in whole.openings if o.kind == "door" and o.swing is not None and o.a.endswith("/a")]
    assert {o.swing.into for o in doors if o.b.endswith("/b")} == {"/L1/b", "/L2/b", "/L3/b", "/L4/b"}


def test_fractional_heights_are_worked_out_on_each_storey(files):
    # 0.3 + 2000 − 1200.3 raised by 2999.6 is 3799.6; worked out on the storey at 2999.9
    # it is 3799.5999999999995: raising would not be exact, so these storeys are derived
    _alone_equals_whole(files, TYPICAL.format(z=0.3, pitch=2999.6, window=1200.3), KOYU_0_27)
