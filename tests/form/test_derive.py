"""derive(model) → Form: the promises of reference/form/index.md pinned on small buildings
of our own, and the opening/panel arithmetic of bodies.md on a worked example."""

from __future__ import annotations

from pathlib import Path

import pytest

from koyu_model import load
from koyu_model.canonical import canonical_json
from koyu_model.form import form_to_json
from koyu_model.form.derive import derive
from koyu_model.geometry import shoelace2


def _load(tmp_path: Path, text: str, name: str = "main.muro"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return load(str(p))


HEAD = "koyu 1.0\nunit mm\ngrid X 0 3600 7200\ngrid Y 0 4000\n"

# --- promise 1: shape is a function of the canonical form ------------------------------

CUT_A = (
    HEAD
    + """level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 + X2..X3 Y1..Y1+1000
space /L1/b room X2..X3 Y1+1000..Y2
space /out exterior
boundary /L1/a /L1/b
  line X2,Y1+1000 X3,Y2
boundary /L1/a /out edge:S
  window w:900 at:0.25
  door w:800 at:0.75
boundary /L1/b /out edge:E
"""
)

# The same building spelled otherwise: declarations reordered, the union written the
# other way round, the drawn line's endpoints swapped, the openings swapped.
CUT_B = (
    HEAD
    + """level L1 0 h:2400 slab:150
space /out exterior
boundary /L1/b /out edge:E
space /L1/b room X2..X3 Y1+1000..Y2
boundary /L1/a /out edge:S
  door w:800 at:0.75
  window w:900 at:0.25
space /L1/a room X2..X3 Y1..Y1+1000 + X1..X2 Y1..Y2
boundary /L1/a /L1/b
  line X3,Y2 X2,Y1+1000
"""
)


def test_two_spellings_of_one_building_derive_equal_forms(tmp_path):
    a = _load(tmp_path, CUT_A, "a.muro")
    b = _load(tmp_path, CUT_B, "b.muro")
    assert canonical_json(a) == canonical_json(b)  # the premise, else the pair proves nothing
    fa, fb = form_to_json(derive(a)), form_to_json(derive(b))
    assert fa == fb
    # and the drawn line really cut: /L1/b lost a triangle to /L1/a
    areas = {s["path"]: s["areaM2"] for s in fa["spaces"]}
    assert areas == {"/L1/a": 14.4 + 3.6 + 5.4, "/L1/b": 10.8 - 5.4}


def test_a_boundary_written_b_a_keeps_the_same_shape(tmp_path):
    a = _load(tmp_path, CUT_A, "a.muro")
    swapped = _load(tmp_path, CUT_A.replace("boundary /L1/a /L1/b", "boundary /L1/b /L1/a"), "s.muro")
    fa, fs = derive(a), derive(swapped)

    # the same pieces and areas (the order of pieces may follow the written a/b)
    def shape(form):
        return [(s.path, sorted(tuple((p.x, p.y) for p in pc) for pc in s.outline), s.area_m2) for s in form.spaces]

    assert shape(fa) == shape(fs)
    assert [b.segment for b in fa.boundaries] == [b.segment for b in fs.boundaries]


# --- promise 4: pieces run counter-clockwise -------------------------------------------


def test_every_outline_runs_counter_clockwise(tmp_path):
    form = derive(_load(tmp_path, CUT_A))
    outlines = [pc for s in form.spaces for pc in s.outline] + [s.outline for s in form.slabs]
    outlines += [e.polygon for p in form.plans for e in p.entities if e.of == "space"]
    assert len(outlines) > 5
    for pc in outlines:
        assert shoelace2([(p.x, p.y) for p in pc]) > 0


# --- promise 3: no invented defaults ---------------------------------------------------

BARE = (
    HEAD
    + """level L1 0
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b
  door w:800
"""
)


def test_no_ceiling_height_no_slab_means_no_floor_ceiling_pitch_or_wall_matter(tmp_path):
    form = derive(_load(tmp_path, BARE))
    assert form.levels[0].pitch is None and form.levels[0].h is None
    assert all(s.z0 is None and s.z1 is None for s in form.spaces)
    kinds = [s.kind for s in form.slabs]
    assert "floor" not in kinds and "ceiling" not in kinds
    (wall,) = form.boundaries
    assert wall.material is None
    # nothing made up in JSON either: absent, never null
    j = form_to_json(form)
    assert "pitch" not in j["levels"][0] and "material" not in j["boundaries"][0]
    assert "z0" not in j["spaces"][0]
    # the plan still carries the centre line of a wall without matter
    plan = form.plans[0]
    assert [(e.klass, e.of) for e in plan.entities if e.of == "boundary"] == [("cut", "boundary")]


def test_a_roof_under_a_level_above_needs_no_ceiling_height(tmp_path):
    form = derive(
        _load(
            tmp_path,
            HEAD
            + """level L1 0
level L2 3000 slab:250
space /L1/a room X1..X2 Y1..Y2
""",
        )
    )
    (roof,) = [s for s in form.slabs if s.kind == "roof"]
    assert (roof.z0, roof.z1) == (2750, 3000)
    assert form.levels[0].pitch == 3000 and form.levels[1].pitch is None


# --- a worked example: openings, panels and their classification -----------------------

WORKED = (
    HEAD
    + """level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b t:120
  door w:800 at:0.25
  window w:1000 h:900 at:0.75
"""
)


def test_worked_example_openings_and_panels(tmp_path):
    form = derive(_load(tmp_path, WORKED))
    # pitch: top storey, tallest ceiling 2400 + ROOF_T 200
    assert form.levels[0].pitch == 2600
    (wall,) = form.boundaries
    assert wall.ref == "/L1/a|/L1/b@0"
    seg = wall.segment
    assert (seg.x1, seg.y1, seg.x2, seg.y2, seg.edge_of_a) == (3600, 0, 3600, 4000, "E")
    door, window = form.openings
    # door: at 0.25 of 4000 → centre 1000, band 600…1400, floor to OPENING_HEAD
    assert (door.cy, door.z0, door.z1, door.t) == (1000, 0, 2000, 120)
    # window: centre 3000, band 2500…3500, hangs 900 from the head: 1100…2000
    assert (window.cy, window.z0, window.z1) == (3000, 1100, 2000)
    assert window.swing is None
    got = [(p.y1, p.y2, p.z0, p.z1) for p in wall.material.panels]
    assert got == [
        (0, 600, 0, 2600),  # full height
        (600, 1400, 2000, 2600),  # head over the door (its sill has no height)
        (1400, 2500, 0, 2600),
        (2500, 3500, 0, 1100),  # sill wall
        (2500, 3500, 2000, 2600),  # head wall
        (3500, 4000, 0, 2600),
    ]
    # the door opens into a (a has a region), hinged at the south end, leaf towards a
    sw = door.swing
    assert sw.into == "/L1/a"
    assert (sw.hinge.x, sw.hinge.y, sw.leaf.x, sw.leaf.y, sw.jamb.x, sw.jamb.y) == (3600, 600, 2800, 600, 3600, 1400)
    assert sw.ccw is False


@pytest.mark.parametrize("cut, sill", [(1200, "below"), (900, "cut")])
def test_worked_example_plan_classes(tmp_path, cut, sill):
    form = derive(_load(tmp_path, WORKED), cut=cut)
    (plan,) = form.plans
    assert (plan.cut, plan.cut_z) == (cut, cut)
    walls = [e for e in plan.entities if e.of == "boundary"]
    assert [e.klass for e in walls] == ["cut", "above", "cut", sill, "above", "cut"]
    # footprint: the panel thickened by t/2 each side; the centre line rides along
    first = walls[0]
    assert [(p.x, p.y) for p in first.polygon] == [(3540, 0), (3540, 600), (3660, 600), (3660, 0)]
    assert [(s.x1, s.y1, s.x2, s.y2) for s in first.lines] == [(3600, 0, 3600, 600)]
    ops = [(e.klass, e.ref, e.arc is not None) for e in plan.entities if e.of == "opening"]
    assert ops == [
        ("cut", "/L1/a|/L1/b@0/0", False),
        ("swing", "/L1/a|/L1/b@0/0", True),
        ("cut", "/L1/a|/L1/b@0/1", False),
    ]


def test_a_sliding_door_has_no_arc(tmp_path):
    form = derive(_load(tmp_path, WORKED.replace("door w:800 at:0.25", "door w:800 at:0.25 style:sliding")))
    door = form.openings[0]
    assert door.sliding is True
    swings = [e for e in form.plans[0].entities if e.klass == "swing"]
    assert len(swings) == 1 and swings[0].arc is None and swings[0].lines


# --- roofs over the uncovered part; a partial Form for one level ------------------------

TOWER = (
    HEAD
    + """level L1 0 h:2700 slab:150
level L2 3000 h:2700 slab:200
space /L1/podium room X1..X3 Y1..Y2
space /L2/tower room X1..X2 Y1..Y2
space /L2/void void X2..X2+1000 Y1..Y2
space /L1/hall room X1..X1+10 Y1..Y1+10
"""
)


def test_roof_only_where_nothing_is_stacked_above(tmp_path):
    model = _load(tmp_path, TOWER.replace("space /L1/hall room X1..X1+10 Y1..Y1+10\n", ""))
    form = derive(model)
    roofs = [s for s in form.slabs if s.kind == "roof"]
    podium = [r for r in roofs if r.space == "/L1/podium"]
    # 7200 × 4000 minus the tower (3600 wide) and the void (1000 wide) above it
    xs = sorted({p.x for r in podium for p in r.outline})
    assert xs == [4600, 7200]
    assert all((r.z0, r.z1) == (2800, 3000) for r in podium)  # under L2: its slab 200
    # top storey: apex at FL + h + ROOF_T; a void is roofed too
    assert {(r.space, r.z0, r.z1) for r in roofs if r.level == "L2"} == {
        ("/L2/tower", 5700, 5900),
        ("/L2/void", 5700, 5900),
    }


STACKED = (
    WORKED.replace("space /L1/b room X2..X3 Y1..Y2", "space /L1/b stair X2..X3 Y1..Y2 stair:N")
    + """level L2 3000 h:2400 slab:150
level L3 6000 h:2400 slab:150
space /L2/c room X1..X2 Y1..Y2
space /L2/b room X2..X3 Y1..Y2
space /L3/d room X1..X3 Y1..Y2
boundary /L1/b /L2/b type:stair
column 300 L1..L3
"""
)


@pytest.mark.parametrize("level", ["L1", "L2", "L3"])
def test_one_level_derives_the_same_plan_as_the_whole(tmp_path, level):
    model = _load(tmp_path, STACKED)
    whole = derive(model)
    part = derive(model, levels=[level])
    assert [p.level for p in part.plans] == [level]
    assert part.plans[0] == next(p for p in whole.plans if p.level == level)
    assert {s.level for s in part.spaces} == {level}
    assert part.levels == whole.levels
    assert part.columns == tuple(c for c in whole.columns if c.level == level)
    # the stair from L1 shows on L1 (ascending) and on L2 (descending), not on L3
    runs_on_plan = {e.ref for e in part.plans[0].entities if e.of == "run"}
    assert runs_on_plan == (set() if level == "L3" else {"/L1/b"})


def test_overlapping_openings_leave_no_backwards_wall(tmp_path):
    # two 2000-wide doors centred 800 apart overlap by 1200: between them there is no
    # wall, only the head over each (bodies.md; OPN02 says so as an error)
    form = derive(
        _load(
            tmp_path,
            HEAD
            + """level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b t:120
  door w:2000 at:0.4
  door w:2000 at:0.6
""",
        )
    )
    (wall,) = form.boundaries
    full = [(p.y1, p.y2) for p in wall.material.panels if p.z0 == 0]
    assert full == [(0, 600), (3400, 4000)]
    assert all(p.y2 > p.y1 for p in wall.material.panels)


def test_a_void_drops_the_upper_shape_onto_the_lower_plan(tmp_path):
    form = derive(
        _load(
            tmp_path,
            HEAD
            + """level L1 0 h:5400 slab:400
level L2 3000 h:2400 slab:400
space /L1/a room X1..X3 Y1..Y2
space /L2/v void X1..X2 Y1..Y2
space /L2/b room X2..X3 Y1..Y2
boundary /L1/a /L2/v type:void
""",
        )
    )
    low, high = form.plans
    above = [e for e in low.entities if e.klass == "above" and e.of == "space"]
    assert [(e.ref, [(p.x, p.y) for p in e.polygon]) for e in above] == [
        ("/L2/v", [(0, 0), (3600, 0), (3600, 4000), (0, 4000)])
    ]
    assert not [e for e in high.entities if e.klass == "above" and e.of == "space"]
    # a vertical boundary has no segment, so it is no entry of Form.boundaries
    assert all(b.kind != "void" for b in form.boundaries)
    # the void has no floor and no ceiling, but is roofed (nothing above it)
    assert sorted(s.kind for s in form.slabs if s.space == "/L2/v") == ["roof"]


def test_site_polygons_in_declaration_order_with_unrounded_area(tmp_path):
    form = derive(
        _load(
            tmp_path,
            HEAD
            + """level L1 0 h:2700 slab:200
zone /site site:1
zone /annex
polygon /site 0,0 10000,0 10000,3333 0,3333
polygon /annex 0,0 1,0 0,1
space /site/a room X1..X2 Y1..Y2 level:L1
""",
        )
    )
    assert [(s.path, s.area_m2) for s in form.site] == [("/site", 33.33), ("/annex", 5e-07)]
    assert [(p.x, p.y) for p in form.site[1].points] == [(0, 0), (1, 0), (0, 1)]


def test_a_door_opening_out_to_the_exterior_swings_away_from_the_room(tmp_path):
    form = derive(
        _load(
            tmp_path,
            HEAD
            + """level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /out exterior
boundary /L1/a /out edge:S
  door w:900 swing:b hinge:E
  door w:900 at:0.2
""",
        )
    )
    out, into = sorted(form.openings, key=lambda o: o.cx)[::-1]
    assert out.swing.into == "/out"
    # hinge at the east end of the band 1350…2250; the leaf drops south, out of the room
    assert (out.swing.hinge.x, out.swing.hinge.y) == (2250, 0)
    assert (out.swing.leaf.x, out.swing.leaf.y) == (2250, -900)
    assert into.swing.into == "/L1/a" and into.swing.leaf.y == 900


# Two storeys laid out alike, their pieces cut by a drawn line (so not rectangles); on the
# upper one, an exterior stands over /L1/c with /L1/c's very outline.
ALIKE = (
    HEAD
    + """level L1 0 h:2700 slab:150
level L2 3000 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2 + X2..X3 Y1..Y1+1000
space /L1/b room X2..X3 Y1+1000..Y2
space /L1/c room X3..X3+1000 Y1..Y2
boundary /L1/a /L1/b
  line X2,Y1+1000 X3,Y2
space /L2/a room X1..X2 Y1..Y2 + X2..X3 Y1..Y1+1000
space /L2/b room X2..X3 Y1+1000..Y2
space /L2/c exterior X3..X3+1000 Y1..Y2
boundary /L2/a /L2/b
  line X2,Y1+1000 X3,Y2
"""
)


def test_a_piece_under_its_twin_is_not_roofed_but_one_under_an_exterior_is(tmp_path):
    form = derive(_load(tmp_path, ALIKE))
    lower = [s for s in form.spaces if s.level == "L1"]
    assert any(len(pc) != 4 for s in lower for pc in s.outline)  # the drawn line cut them
    roofs = [s for s in form.slabs if s.kind == "roof" and s.level == "L1"]
    # /L1/a and /L1/b lie wholly under their twins; an exterior covers nothing
    assert [(r.space, sorted((p.x, p.y) for p in r.outline)) for r in roofs] == [
        ("/L1/c", [(7200, 0), (7200, 4000), (8200, 0), (8200, 4000)])
    ]
    assert (roofs[0].z0, roofs[0].z1) == (2850, 3000)
