"""Columns: where a grid intersection meets a floor (form/bodies.md "Columns";
muro/column.md), the earlier declaration winning, the Form order, the plan entity — and
check's COL01/COL02 reading the same standing."""

from __future__ import annotations

from pathlib import Path

from koyu_model import load
from koyu_model.check import check
from koyu_model.form.derive import derive


def _load(tmp_path: Path, text: str):
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    return load(str(p))


TERRACE = """koyu 1.0
unit mm
grid X 0 6000 12000
grid Y 0 6000
level L1 0 h:3000 slab:200
level L2 3200 h:3000 slab:200
space /L1/room room X1..X2 Y1..Y2
space /L1/terrace terrace X2..X3 Y1..Y2
space /L2/room room X1..X2 Y1..Y2
space /out exterior
boundary /L1/terrace /out type:open
column 800 L1
"""


def test_no_column_holds_up_only_sky(tmp_path):
    # the terrace is semi-outdoor with nothing above: X3 takes no column
    form = derive(_load(tmp_path, TERRACE))
    assert [c.grid for c in form.columns] == ["X1/Y1", "X1/Y2", "X2/Y1", "X2/Y2"]
    # widen the room above over the terrace and there is something to hold up
    covered = derive(_load(tmp_path, TERRACE.replace("/L2/room room X1..X2", "/L2/room room X1..X3")))
    assert [c.grid for c in covered.columns][-2:] == ["X3/Y1", "X3/Y2"]


GRID = """koyu 1.0
unit mm
grid X 0 3000 6000
grid Y 0 6000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/a room X1..X3 Y1..Y2
space /L2/a room X1..X3 Y1..Y2
column 600 L1..L2 x:X2 name:C1
column 800 L1 d:500 spec:RC
column 700 L2 x:X2
"""


def test_the_earlier_declaration_wins(tmp_path):
    model = _load(tmp_path, GRID)
    form = derive(model)
    got = [(c.level, c.grid, c.decl, c.w, c.d) for c in form.columns]
    assert got == [
        ("L1", "X2/Y1", 0, 600, 600),
        ("L1", "X2/Y2", 0, 600, 600),
        # the second declaration takes what the first left, X outer, Y inner
        ("L1", "X1/Y1", 1, 800, 500),
        ("L1", "X1/Y2", 1, 800, 500),
        ("L1", "X3/Y1", 1, 800, 500),
        ("L1", "X3/Y2", 1, 800, 500),
        ("L2", "X2/Y1", 0, 600, 600),
        ("L2", "X2/Y2", 0, 600, 600),
    ]
    c = form.columns[2]
    assert (c.x, c.y, c.ref, c.z0, c.z1) == (0, 0, "L1/X1/Y1", 0, 3000)
    assert dict(c.attrs) == {"spec": "RC"} and dict(form.columns[0].attrs) == {"name": "C1"}
    # the third declaration aims only at X2 on L2, which the first took: COL02, related
    # to the declaration that actually stood there
    (col,) = [d for d in check(model) if d.code.startswith("COL")]
    assert col.code == "COL02" and col.line == 11
    assert [r.line for r in col.related] == [9]


def test_col01_when_no_floor(tmp_path):
    text = GRID.replace("level L2 3000 h:2700 slab:300", "level L2 3000 h:2700 slab:300\nlevel L3 6000 h:2700 slab:300")
    text = text.replace("column 700 L2 x:X2", "column 700 L2 x:X1 y:Y1\ncolumn 500 L3")
    model = _load(tmp_path, text)
    form = derive(model)
    # a site the first two left free stands; a storey with no space has no floor at all
    assert [c.ref for c in form.columns if c.decl == 2] == ["L2/X1/Y1"]
    assert not [c for c in form.columns if c.decl == 3]
    cols = [d for d in check(model) if d.code.startswith("COL")]
    assert [(d.code, d.line) for d in cols] == [("COL01", 13)]


def test_no_pitch_no_column_and_no_col01(tmp_path):
    text = """koyu 1.0
unit mm
grid X 0 3000
grid Y 0 3000
level L1 0 slab:300
space /L1/a room X1..X2 Y1..Y2
column 600 L1
"""
    model = _load(tmp_path, text)
    assert derive(model).columns == ()
    codes = [d.code for d in check(model)]
    assert "SUF01" in codes and not [c for c in codes if c.startswith("COL")]


def test_a_drawn_line_takes_the_floor_away(tmp_path):
    text = """koyu 1.0
unit mm
grid X 0 4000
grid Y 0 4000
level L1 0 h:2700 slab:300
space /L1/a room X1..X2 Y1..Y2
space /out exterior
boundary /L1/a /out
  line X1,Y2-1000 X1+1000,Y2
column 600 L1
"""
    form = derive(_load(tmp_path, text))
    # the corner cut takes X1/Y2 off the floor; the written rectangle still covers it
    assert [c.grid for c in form.columns] == ["X1/Y1", "X2/Y1", "X2/Y2"]


def test_plan_entity_cut_or_below(tmp_path):
    model = _load(tmp_path, GRID)
    plan = next(p for p in derive(model).plans if p.level == "L1")
    ents = [e for e in plan.entities if e.of == "column"]
    assert [e.ref for e in ents] == [c.ref for c in derive(model).columns if c.level == "L1"]
    e = ents[2]  # X1/Y1, 800 × 500
    assert e.klass == "cut" and e.role is None and e.lines is None
    assert [(p.x, p.y) for p in e.polygon] == [(-400, -250), (400, -250), (400, 250), (-400, 250)]
    high = next(p for p in derive(model, cut=3500).plans if p.level == "L1")
    assert {e.klass for e in high.entities if e.of == "column"} == {"below"}
