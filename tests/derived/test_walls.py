"""The boundary table: declared boundaries, then the default walls (koyu_model.derived.walls)."""

from __future__ import annotations

from derived_support import ROW

from koyu_model.derived import boundary_table, form_order


def test_default_walls_pairs_in_model_order_with_collated_sides(files):
    table = boundary_table(files.load(ROW))
    # c(0) touches b(2), a(1) touches b(2): pairs (0,2) then (1,2); sides by path collation
    assert [(w.a, w.b, w.kind, w.line, w.file) for w in table.default_walls] == [
        ("/L1/b", "/L1/c", "wall", 0, ""),
        ("/L1/a", "/L1/b", "wall", 0, ""),
    ]
    assert table.declared == 0 and table.boundaries == table.default_walls
    assert table.is_default_wall(0) and table.is_default_wall(1)


def test_no_default_wall_where_a_boundary_is_written_or_only_a_corner_touches(files):
    text = ROW + "space /L1/d room X1..X2 Y2..Y3\nspace /L1/e room X2..X3 Y2..Y3\nboundary /L1/c /L1/b type:open\n"
    table = boundary_table(files.load(text))
    pairs = {(w.a, w.b) for w in table.default_walls}
    assert ("/L1/b", "/L1/c") not in pairs  # written (as open, in the other orientation)
    assert ("/L1/a", "/L1/e") not in pairs and ("/L1/b", "/L1/d") not in pairs  # corners
    assert ("/L1/a", "/L1/d") in pairs and ("/L1/d", "/L1/e") in pairs
    assert table.declared == 1 and not table.is_default_wall(0) and table.is_default_wall(1)


def test_default_walls_between_spaces_without_level_but_not_across_levels(files):
    text = """grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
space /x/a room X1..X2 Y1..Y2
space /x/b room X2..X3 Y1..Y2
space /L1/a room X1..X2 Y1..Y2
space /L2/b room X2..X3 Y1..Y2
"""
    assert [(w.a, w.b) for w in boundary_table(files.load(text)).default_walls] == [("/x/a", "/x/b")]


def test_the_form_order_sorts_declared_and_default_walls_alike(files):
    m = files.load(ROW + "boundary /L1/b /out edge:S\nboundary /L1/a /out edge:S\n")
    every = boundary_table(m).boundaries
    # default walls join the same collation: /L1/a|/L1/b, /L1/a|/out, /L1/b|/L1/c, /L1/b|/out
    assert [(every[i].a, every[i].b) for i in form_order(m).order] == [
        ("/L1/a", "/L1/b"),
        ("/L1/a", "/out"),
        ("/L1/b", "/L1/c"),
        ("/L1/b", "/out"),
    ]
    assert form_order(m).index == {3: 0, 1: 1, 2: 2, 0: 3}
