"""Pieces after the drawn-line cuts, and level plans (koyu_model.derived.layout)."""

from __future__ import annotations

from derived_support import ROW

from koyu_model.derived import boundaries_naming, layout, level_plans
from koyu_model.geometry import CUT, NOTHING, pieces_area_m2, rect_to_piece


def test_built_once_per_model(files):
    m = files.load(ROW)
    assert layout(m) is layout(m) and level_plans(m) is level_plans(m)
    other = files.load(ROW + "space /L1/z room X1..X2 Y2..Y3\n", name="other.muro")
    assert "/L1/z" in layout(other).pieces and "/L1/z" not in layout(m).pieces


def test_indexes_keep_model_order(files):
    m = files.load(ROW + "boundary /L1/b /out edge:S\nboundary /L1/a /out edge:W\n")
    assert layout(m).by_level == {"L1": ("/L1/c", "/L1/a", "/L1/b"), None: ("/out",)}
    assert boundaries_naming(m) == {"/L1/b": (0,), "/out": (0, 1), "/L1/a": (1,)}
    plans = level_plans(m)
    assert plans.paths == {"L1": ("/L1/c", "/L1/a", "/L1/b")}  # /out has no region
    assert [plans.where[p] for p in ("/L1/c", "/L1/a", "/L1/b")] == [("L1", 0, 0), ("L1", 0, 1), ("L1", 0, 2)]


def test_pieces_are_the_rectangles_in_canonical_order_until_a_line_cuts(files):
    text = """grid X 0 6000 9000
grid Y 0 6000
level L1 0 h:2700 slab:200
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2 + X1..X2 Y2..Y2+1000
space /out exterior
boundary /L1/a /out t:150
  line X1,Y2-3000 X1+3000,Y2
boundary /L1/a /out edge:S
  line X1,Y1 X2,Y1
"""
    lay = layout(files.load(text))
    assert lay.line_effect == {0: CUT, 1: NOTHING}
    assert pieces_area_m2(lay.pieces["/L1/a"]) == 36 - 4.5
    assert lay.rects["/L1/b"] == ((6000, 0, 9000, 6000), (0, 6000, 6000, 7000))  # as written
    # canonical order of the spelled quadruples: "X1" < "X2"
    assert lay.pieces["/L1/b"] == (rect_to_piece((0, 6000, 6000, 7000)), rect_to_piece((6000, 0, 9000, 6000)))
    assert "/out" not in lay.pieces


def test_cuts_follow_canonical_order_not_declaration_order(files):
    # regions.md: two crossing lines must give the same shape whichever is written first
    head = """grid X 0 6000
grid Y 0 6000
level L1 0 h:2700 slab:200
space /L1/a room X1..X2 Y1..Y2
space /out exterior
space /yard exterior
"""
    one = "boundary /L1/a /out\n  line X1,Y1+2000 X1+2000,Y1\n"
    two = "boundary /L1/a /yard\n  line X1,Y1+1000 X1+3000,Y1\n"
    first = layout(files.load(head + one + two))
    second = layout(files.load(head + two + one, name="swapped.muro"))
    assert first.pieces == second.pieces
    assert first.pieces["/L1/a"] != (rect_to_piece((0, 0, 6000, 6000)),)
    assert sorted(first.line_effect.values()) == sorted(second.line_effect.values())


def test_a_line_naming_a_missing_space_cuts_nothing_and_has_no_effect(files):
    text = ROW + "boundary /L1/a /nowhere\n  line X1,Y1+1000 X1+1000,Y1\n"
    lay = layout(files.load(text))
    assert lay.line_effect == {}
    assert lay.pieces["/L1/a"] == (rect_to_piece((0, 0, 3000, 4000)),)


def test_levels_laid_out_alike_share_one_plan(files):
    text = """grid X 0 3000 6000 9000
grid Y 0 4000
level L1..L3 0 pitch:3000 h:2400 slab:150
space /L1..L3/a room X1..X2 Y1..Y2
space /L1..L3/b room X2..X3 Y1..Y2
space /L2/c room X3..X4 Y1..Y2
"""
    plans = level_plans(files.load(text))
    assert plans.of_level["L1"] is plans.of_level["L3"]
    assert plans.of_level["L2"] is not plans.of_level["L1"]
    assert [p.number for p in plans.distinct] == [0, 1]
    # places: a, b, c in model order; a touches b, b touches c (each pair once)
    assert {tuple(sorted(pair)) for pair in plans.of_level["L2"].touching()} == {(0, 1), (1, 2)}
