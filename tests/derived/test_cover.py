"""Semi-outdoor, indoor and covered spaces (koyu_model.derived.cover)."""

from __future__ import annotations

from koyu_model.derived import covered, indoor, semi_outdoor


def test_semi_outdoor_across_open_or_air_to_an_exterior(files):
    text = """grid X 0 3000 6000 9000 12000
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/bal balcony X1..X2 Y1..Y2
space /L1/rail balcony X2..X3 Y1..Y2
space /L1/room room X3..X4 Y1..Y2
space /L1/yard exterior X4..X5 Y1..Y2
space /out exterior
boundary /L1/bal /out type:open edge:S
boundary /out /L1/rail air:1 edge:S
boundary /L1/room /out edge:S
boundary /L1/yard /out type:open edge:E
"""
    m = files.load(text)
    assert semi_outdoor(m) == {"/L1/bal", "/L1/rail", "/L1/yard"}  # an exterior with a region too
    assert indoor(m) == {"/L1/room"}


def test_covered_by_an_overlapping_space_on_a_higher_level(files):
    text = """grid X 0 3000 6000
grid Y 0 4000
level L2 3000 h:2400 slab:150
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
"""
    assert covered(files.load(text)) == {"/L1/a"}  # /L1/b only touches it along an edge
    wider = text.replace("/L2/a room X1..X2 ", "/L2/a room X1..X2+1 ")
    assert covered(files.load(wider, name="wider.muro")) == {"/L1/a", "/L1/b"}


def test_indoor_is_a_region_neither_exterior_nor_void_nor_semi_outdoor(files):
    text = """grid X 0 3000 6000 9000
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 3000 slab:150
space /L1/a room X1..X2 Y1..Y2 h:2700
space /L1/b room X2..X3 Y1..Y2
space /L1/v void X3..X4 Y1..Y2
space /L2/c room X1..X2 Y1..Y2
space /L2/none room
space /out exterior
boundary /L1/b /out type:open edge:S
"""
    assert indoor(files.load(text)) == {"/L1/a", "/L2/c"}
