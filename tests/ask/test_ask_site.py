"""site: site area declared and derived, footprint, total floor, roads and frontage
(api/queries.md siteReport, cli/site.md, validate/site.md, COMPAT §9)."""

from __future__ import annotations

from koyu_ask import site as site_tool

from koyu_model.asking.site import site_report
from koyu_model.geometry import pieces_union_mm2, union_area_mm2

# A 12 m x 10 m plot: a two-storey house over X1..X2 Y2..Y3, a yard south of it, a road
# south of the yard. Only the yard (under /lot) fronts the road across open; the house's
# own wall to the road is no frontage, nor is the kiosk's (east of the road, off the lot).
PLOT = """\
grid X 0 8000 12000 14000
grid Y -3000 0 4000 10000
level L1 0 h:2700 slab:200
level L2 2900 h:2700 slab:200
zone /lot name:敷地 site:1 {area}
space /lot/yard garden X1..X3 Y2..Y3 level:L1
space /L1/house room X1..X2 Y3..Y4
space /L2/house room X1..X2 Y3..Y4
space /L1/shed room X2..X3 Y3..Y4
space /road exterior X1..X3 Y1..Y2 level:L1 road:6000 name:前面道路
space /lane exterior road:wide
space /L1/kiosk room X3..X4 Y1..Y2
{polygon}boundary /lot/yard /road type:open
boundary /L1/house /road edge:S
  door w:900
boundary /L1/shed /lot/yard type:open
boundary /road /L1/kiosk
  door w:900
"""


def test_polygon_area_declared_area_and_frontage(files):
    model = files.load(PLOT.format(area="area:120.5", polygon="polygon /lot 0,0 12000,0 12000,10000 0,10000\n"))
    r = site_report(model)
    assert r.site_zone.path == "/lot"
    assert len(r.polygon.points) == 4
    assert r.declared == 120.5
    assert r.derived == 120
    # Indoor: both houses and the shed (it opens onto the yard, not onto an exterior);
    # the yard is semi-outdoor (open to the road).
    assert r.footprint == 8 * 6 + 4 * 6 + 6
    assert r.total_floor == 48 + 48 + 24 + 6
    # /lane's road: is not a number, so it is no road; the yard fronts the road 12 m.
    assert [(x.road.path, x.width, x.frontage) for x in r.roads] == [("/road", 6000, 12000)]


def test_without_a_polygon_the_written_rectangles_are_unioned_once(files):
    r = site_report(files.load(PLOT.format(area="", polygon="")))
    # The yard (12 x 4) and the indoor spaces (12 x 6 over two storeys, the kiosk 2 x 3)
    # counted once; the road is neither.
    assert r.derived == 12 * 4 + 12 * 6 + 6
    assert r.declared is None


def test_the_tool_shapes_the_ratios_over_the_declared_area(files):
    files.load(PLOT.format(area="area:150", polygon="polygon /lot 0,0 12000,0 12000,10000 0,10000\n"))
    out = site_tool.handle(site_tool.Input(file=files.path()))
    assert list(out) == [
        "siteZone",
        "polygonVertices",
        "declaredAreaM2",
        "derivedAreaM2",
        "areaMatch",
        "footprintM2",
        "totalFloorM2",
        "coverageRatio",
        "floorAreaRatio",
        "roads",
    ]
    assert out["areaMatch"] is False
    assert out["coverageRatio"] == 52  # 78 / 150
    assert out["floorAreaRatio"] == 84  # 126 / 150
    assert out["roads"] == [{"path": "/road", "name": "前面道路", "widthMm": 6000, "frontageMm": 12000}]


def test_no_site_no_level_and_no_denominator(files):
    text = """\
grid X 0 3600
grid Y 0 4000
space /L1/x room X1..X2 Y1..Y2
"""
    files.load(text)
    out = site_tool.handle(site_tool.Input(file=files.path()))
    # A space on no level counts nowhere; with a derived area of 0 there is no ratio.
    assert out == {"derivedAreaM2": 0, "footprintM2": 0, "totalFloorM2": 0, "roads": []}


def test_a_building_with_no_site_is_its_own_site(files):
    text = """\
grid X 0 3600 7200
grid Y 0 4500
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
"""
    files.load(text)
    out = site_tool.handle(site_tool.Input(file=files.path()))
    assert out == {
        "derivedAreaM2": 32.4,
        "footprintM2": 32.4,
        "totalFloorM2": 32.4,
        "coverageRatio": 100,
        "floorAreaRatio": 100,
        "roads": [],
    }


def test_union_area_counts_overlaps_once():
    assert union_area_mm2([]) == 0
    assert union_area_mm2([(0, 0, 10, 10), (5, 5, 15, 15)]) == 175
    assert union_area_mm2([(0, 0, 10, 10), (0, 0, 10, 10), (2, 2, 3, 3)]) == 100
    assert union_area_mm2([(0, 0, 10, 10), (10, 0, 20, 5)]) == 150
    assert union_area_mm2([(0, 0, 4, 1), (1, -1, 2, 5), (3, -2, 5, 0)]) == 4 + 5 + 4 - 0


def test_footprint_follows_a_corner_cut_by_a_drawn_line(files):
    text = """\
grid X 0 6000 9000
grid Y 0 6000
level L1 0 h:2700 slab:200
level L2 3000 h:2700 slab:200
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
space /out exterior
boundary /L1/a /out t:150
  line X1,Y2-3000 X1+3000,Y2
"""
    r = site_report(files.load(text))
    # The north-west triangle (4.5 m2) is cut from /L1/a but /L2/a above still covers it:
    # the footprint is the whole 54 m2; the floor counts the cut.
    assert r.footprint == 54
    assert r.total_floor == 31.5 + 18 + 36
    # The derived area reads the written rectangles.
    assert r.derived == 54


def test_footprint_of_a_single_cut_storey_loses_the_corner(files):
    text = """\
grid X 0 6000
grid Y 0 6000
level L1 0 h:2700 slab:200
space /L1/a room X1..X2 Y1..Y2
space /out exterior
boundary /L1/a /out t:150
  line X1,Y2-3000 X1+3000,Y2
"""
    r = site_report(files.load(text))
    assert r.footprint == 31.5
    assert r.derived == 36


def test_a_road_with_no_region_fronts_the_outline_it_meets(files):
    # /lane2 has no region: its boundary to the yard runs along the yard's outline where
    # no other space of level L1 meets it — west 4 m and east 4 m (the road /road takes
    # the south, /L1/house and /L1/shed the north).
    text = (
        PLOT.format(area="", polygon="")
        + """\
space /lane2 exterior road:4000
boundary /lane2 /lot/yard
"""
    )
    roads = site_report(files.load(text)).roads
    assert [(x.road.path, x.width, x.frontage) for x in roads] == [("/road", 6000, 12000), ("/lane2", 4000, 8000)]


def test_slanted_pieces_add_only_what_the_rectangles_leave_uncovered():
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    far = ((100, 100), (110, 100), (110, 110), (100, 110))
    triangle = ((5, 0), (15, 0), (5, 10))  # half inside the square: 12.5 beyond x = 10
    assert pieces_union_mm2([square, far, triangle, square]) == 212.5
    assert pieces_union_mm2([triangle]) == 50
    assert pieces_union_mm2([square, far]) == 200


def test_a_room_running_to_an_infinite_grid_line_adds_nothing_to_the_derived_area(files):
    # 400 nines overflow a double: X3 reads as Infinity. The derived area asks each cell of
    # the compressed grid whether its midpoint is inside a rectangle; the cell out to
    # Infinity has an infinite midpoint and is inside nothing (the original: 14.4, not
    # null). The footprint is a union of shapes and goes infinite.
    model = files.load(
        "grid X 0 3600 " + "9" * 400 + "\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n"
    )
    r = site_report(model)
    assert r.derived == 14.4
    assert r.footprint != r.footprint or r.footprint == float("inf")
    assert union_area_mm2([(0, 0, 10, 10), (10, 0, float("inf"), 10)]) == float("inf")
    assert union_area_mm2([(0, 0, 10, 10), (10, 0, float("inf"), 10)], cells_by_midpoint=True) == 100
