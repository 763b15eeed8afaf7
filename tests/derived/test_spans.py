"""Levels written once as a span: what derives from equal pieces is derived once (levels
laid out alike share a plan, equal segment keys share segments), yet every level keeps its
own answer where its plan differs."""

from __future__ import annotations

from koyu_model.check import check
from koyu_model.derived import boundary_segments, boundary_table, layout, placements

# Three storeys written once; L2 alone has a room c east of b, which covers b's east face.
SPAN = """grid X 0 3000 6000 9000
grid Y 0 4000 8000
level L1..L3 0 pitch:3000 h:2400 slab:150
space /L1..L3/a room X1..X2 Y1..Y2
space /L1..L3/b room X2..X3 Y1..Y2
space /L2/c room X3..X4 Y1..Y2
space /out exterior
boundary /L1..L3/a /L1..L3/b t:100
  door w:800
boundary /L1..L3/b /out edge:E t:200
  window w:900
"""


def _index(m, a, b):
    return next(i for i, x in enumerate(boundary_table(m).boundaries) if (x.a, x.b) == (a, b))


def test_a_storey_that_differs_keeps_its_own_outline_and_placements(files):
    m = files.load(SPAN)
    segments = boundary_segments(m)
    east = {lv: segments.of(_index(m, f"/{lv}/b", "/out")) for lv in ("L1", "L2", "L3")}
    assert [(s.x1, s.y1, s.x2, s.y2) for s in east["L1"]] == [(6000, 0, 6000, 4000)]
    assert east["L3"] == east["L1"]
    assert east["L2"] == ()  # c stands there: no perimeter is left on E
    diags = check(m)
    no_segment = [d for d in diags if d.code == "OPN04"]
    assert [d.path for d in no_segment] == [("/L2/b", "/out")]
    assert any(d.code == "BND06" and d.path == ("/L2/b", "/out") for d in diags)
    # the doors between a and b place alike on every storey
    doors = [placements(m).openings(_index(m, f"/{lv}/a", f"/{lv}/b"))[0] for lv in ("L1", "L2", "L3")]
    assert all(type(p).__name__ == "PlacedBand" for p in doors)
    assert doors[0] == doors[1] == doors[2]


def test_default_walls_follow_each_storey(files):
    table = boundary_table(files.load(SPAN))
    # only L2 has c beside b; the a|b contact is declared on every storey
    assert [(w.a, w.b) for w in table.default_walls] == [("/L2/b", "/L2/c")]


def test_a_line_over_a_span_cuts_each_storey_alike(files):
    m = files.load(SPAN + "boundary /L1..L3/a /out t:200\n  line X1+1000,Y2 X1,Y2-1000\n")
    lay = layout(m)
    cut = [lay.pieces[f"/{lv}/a"] for lv in ("L1", "L2", "L3")]
    assert cut[0] == cut[1] == cut[2]
    assert list(lay.line_effect.values()) == ["cut", "cut", "cut"]
    assert cut[0] != (((0, 0), (3000, 0), (3000, 4000), (0, 4000)),)  # the corner is gone
    segments = boundary_segments(m)
    outlines = [segments.of(_index(m, f"/{lv}/a", "/out")) for lv in ("L1", "L2", "L3")]
    assert outlines[0] and outlines[0] == outlines[1] == outlines[2]
