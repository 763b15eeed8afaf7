"""Measures: areas from derived pieces, indoor totals, floors, uses, zones
(koyu_model.measures; api/queries.md, tools-read.md model_summary, COMPAT §1 and §9)."""

from __future__ import annotations

from model_support import HEAD

from koyu_model.measures import floor_totals, polygon_area_m2, space_area_m2, space_areas, zone_area_m2


def test_area_sums_every_rectangle_and_is_absent_without_a_region(files):
    m = files.load(HEAD + "space /L1/a room X1..X2 Y1..Y2 + X2..X3 Y1..Y1+1000\nspace /out exterior\n")
    assert space_area_m2(m, "/L1/a") == 18
    assert space_area_m2(m, "/out") is None
    assert list(space_areas(m)) == ["/L1/a"]


def test_area_follows_a_drawn_line_cut(files):
    m = files.load(
        HEAD + "space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\n"
        "boundary /L1/a /out\n  line X1,Y1+2000 X1+2000,Y2\n"
    )
    # The 2 m × 2 m corner triangle beyond the line is cut away: 14.4 − 2.
    assert space_area_m2(m, "/L1/a") == 12.4


def test_rounding_halves_go_up(files):
    m = files.load(
        "grid X 0 250 750\ngrid Y 0 500\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n"
    )
    assert space_area_m2(m, "/L1/a") == 0.13  # 0.125 → Math.round(12.5) = 13
    assert floor_totals(m).total == 0.38  # 0.13 + 0.25: rounded areas are summed


def test_only_indoor_spaces_on_a_level_count(files):
    m = files.load(
        HEAD + "level L2 3000\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /L1/v void X2..X3 Y1..Y2\n"
        "space /L2/t terrace X1..X2 Y1..Y2\nspace /out exterior\n"
        "space /free room X2..X3 Y1..Y2\n"
        "boundary /L2/t /out type:open\n"
    )
    t = floor_totals(m)
    assert t.total == 14.4
    assert t.semi_outdoor == 14.4
    assert [(f.level, f.rooms, f.subtotal) for f in t.floors] == [("L1", 1, 14.4)]
    assert t.indoor == frozenset({"/L1/a", "/free"})


def test_an_exterior_open_to_another_exterior_is_semi_outdoor(files):
    m = files.load(HEAD + "space /L1/yard exterior X1..X2 Y1..Y2\nspace /out exterior\nboundary /L1/yard /out air:1\n")
    assert floor_totals(m).semi_outdoor == 14.4


def test_use_is_inherited_from_the_deepest_zone(files):
    m = files.load(
        HEAD + "zone /L1 use:common\nzone /L1/A use:exclusive\n"
        "space /L1/A/x room X1..X2 Y1..Y2\nspace /L1/h hall X2..X3 Y1..Y2\n"
        "space /L1/A/y room X1..X2 Y1..Y2 use:shop\n"
    )
    assert floor_totals(m).by_use == (("exclusive", 14.4), ("common", 14.4), ("shop", 14.4))


def test_zone_areas(files):
    m = files.load(
        HEAD + "zone /site site:1\nzone /home\nzone /plain site:1\n"
        "polygon /site 0,0 10000,0 10000,10000 0,10000\n"
        "space /home/a room X1..X2 Y1..Y2\nspace /home/v void X2..X3 Y1..Y2\n"
        "space /plain/g room X2..X3 Y1..Y2\nspace /homely room X1..X2 Y1..Y2\n"
    )
    assert zone_area_m2(m, m.zones["/site"]) == 100  # the polygon
    assert zone_area_m2(m, m.zones["/home"]) == 14.4  # not the void, not /homely
    assert zone_area_m2(m, m.zones["/plain"]) == 14.4  # site zone without polygon: indoor sum


def test_polygon_area_is_unrounded_and_winding_free():
    assert polygon_area_m2([(0, 0), (0, 1234), (1234, 1234), (1234, 0)]) == 1.522756


def test_an_area_that_is_not_finite_reaches_every_total(files):
    # X3 overflows to Infinity: the room's area is NaN, and so is every total it joins,
    # by use as well (JSON spells them null) — no crash rounding it.
    model = files.load(
        "grid X 0 3600 " + "9" * 400 + "\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"
        "space /L1/a room X1..X2 Y1..Y2 use:office\nspace /L1/b room X2..X3 Y1..Y2 use:office\n"
    )
    t = floor_totals(model)
    assert t.total != t.total
    assert [(f.level, f.rooms) for f in t.floors] == [("L1", 2)] and t.floors[0].subtotal != t.floors[0].subtotal
    ((use, area),) = t.by_use
    assert use == "office" and area != area
