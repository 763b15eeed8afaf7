"""The sheet's words come from the written model, never from derived shape."""

from koyu_model import load
from koyu_model.drawing.sheet import AreaMark, GridLine, PlanSheet, RoadMark, SegMark, sheet_from_model

BUILDING = """koyu 1.0
name 試し <家>
unit mm
grid X 0 4000 8000
grid Y 0 5000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:居間
  area X1..X1+1000 Y1..Y2 name:土間 floor:モルタル
space /L1/b room X2..X3 Y1..Y2 name:123
space /out/road exterior name:南道路 road:6000
space /out/n exterior road:wide
boundary /L1/a /L1/b
  seg w:800 spec:CW
boundary /L1/a /out/road edge:S
"""


def test_sheet_from_model(tmp_path):
    entry = tmp_path / "main.muro"
    entry.write_text(BUILDING, encoding="utf-8")
    sheet = sheet_from_model(load(str(entry)))
    assert sheet.title == "試し <家>"
    assert sheet.name_of("/L1/a") == "居間"
    assert sheet.name_of("/L1/b") == "b"  # a numeric name falls back to the last segment
    assert sheet.name_of("/nowhere/x") == "x"
    assert sheet.grids == (
        GridLine("X", "X1", 0),
        GridLine("X", "X2", 4000),
        GridLine("X", "X3", 8000),
        GridLine("Y", "Y1", 0),
        GridLine("Y", "Y2", 5000),
    )
    assert sheet.areas == (AreaMark("/L1/a", "L1", "土間 · モルタル", 0, 0, 1000, 5000),)
    assert sheet.segs == (SegMark("/L1/a", "/L1/b", 800, "CW"),)
    assert sheet.roads == (RoadMark("/out/road", "南道路", 6000),)  # road:wide is no width


def test_untitled_by_default(tmp_path):
    entry = tmp_path / "main.muro"
    entry.write_text(
        "grid X 0 1000\ngrid Y 0 1000\nlevel L1 0 h:2400\nspace /L1/a room X1..X2 Y1..Y2\n", encoding="utf-8"
    )
    sheet = sheet_from_model(load(str(entry)))
    assert sheet.title == "Untitled"
    assert PlanSheet().title == "Untitled"
