"""The section as a function of the Form (0.27: form/section.md, ADR-0064, ADR-0066).

Every expected number is worked out by hand from the notation and the derivation
constants: walls 100 thick (±50 about the centre line) rising FL → FL + pitch, a floor
FL − slab … FL, a ceiling FL + h − 30 … FL + h, a roof on the top storey
FL + h … FL + h + 200, and a 0.27 building walled to the outside on every open side.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from koyu_model import load
from koyu_model.form.derive import derive
from koyu_model.form.prism import run_prism
from koyu_model.form.records import Rect, RunSolid
from koyu_model.form.section import (
    Body,
    LookAlongPlane,
    UndefinedGridReference,
    axis_plane,
    bodies,
    classify,
    elevation_form,
    line_plane,
    named_plane,
    section_form,
)
from koyu_model.release import KOYU_0_27

# two storeys over an 8000 × 3000 plan; on L2 a room c and, beside it, a void v over a
STOREYS = """muro 1.4
grid X 0 4000 8000
grid Y 0 3000
level L1 0 h:2400 slab:200
level L2 3000 h:2400 slab:200
space /L1/a room X1..X3 Y1..Y2
space /L2/c room X1..X2 Y1..Y2
space /L2/v room X2..X3 Y1..Y2 void:1
space /yard X1..X3 Y1..Y2 outside:1
"""


def _load(tmp_path: Path, text: str):
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    return load(str(p), release=KOYU_0_27)


def _section(tmp_path: Path, text: str, at: str, look: str | None = None):
    model = _load(tmp_path, text)
    return section_form(derive(model, plans=False), named_plane(model.grid, at, look))


def _found(section, klass: str, of: str) -> dict[tuple[str, str | None], list]:
    """(ref, kind) → the polygons of that class and subject, each as sorted (u, z) pairs."""
    out: dict[tuple[str, str | None], list] = {}
    for e in section.entities:
        if e.klass == klass and e.of == of:
            out.setdefault((e.ref, e.kind), []).append(sorted(e.polygon))
    return out


def test_a_cut_slab_is_the_floor_the_ceiling_and_the_roof_across_the_plane(tmp_path):
    slabs = _found(_section(tmp_path, STOREYS, "Y1+1500"), "cut", "slab")
    # looking N (the Y default), u is x: each slab spans its piece's x extent
    assert slabs[("/L1/a", "floor")] == [[(0, -200), (0, 0), (8000, -200), (8000, 0)]]
    assert slabs[("/L1/a", "ceiling")] == [[(0, 2370), (0, 2400), (8000, 2370), (8000, 2400)]]
    assert slabs[("/L2/c", "floor")] == [[(0, 2800), (0, 3000), (4000, 2800), (4000, 3000)]]
    assert slabs[("/L2/c", "roof")] == [[(0, 5400), (0, 5600), (4000, 5400), (4000, 5600)]]


def test_a_void_is_cut_open_as_air_with_no_floor_and_no_ceiling_but_a_roof(tmp_path):
    section = _section(tmp_path, STOREYS, "Y1+1500")
    rooms = _found(section, "cut", "space")
    assert rooms[("/L2/v", "room")] == [[(4000, 3000), (4000, 5400), (8000, 3000), (8000, 5400)]]
    slabs = _found(section, "cut", "slab")
    assert {kind for ref, kind in slabs if ref == "/L2/v"} == {"roof"}
    assert slabs[("/L2/v", "roof")] == [[(4000, 5400), (4000, 5600), (8000, 5400), (8000, 5600)]]


def test_the_ground_outside_is_never_cut_and_air_is_never_seen_beyond(tmp_path):
    section = _section(tmp_path, STOREYS, "Y1+1500")
    assert "/yard" not in {e.ref for e in section.entities}  # ground, not floor: no volume
    assert not [e for e in section.entities if e.of == "space" and e.klass == "beyond"]


def test_the_far_wall_stands_beyond_at_its_distance_and_the_near_one_is_behind_the_viewer(tmp_path):
    section = _section(tmp_path, STOREYS, "Y1+1500")
    walls = [e for e in section.entities if e.of == "boundary"]
    far = [e for e in walls if e.klass == "beyond"]
    # the north walls (y = 3000, face at 2950) stand 1450 behind the plane; each storey's
    # runs from the west wall's face (x 50) to the east wall's far face (8050 on L1)
    assert {e.depth for e in far} == {1450}
    assert sorted(e.polygon for e in far if e.ref == "/L1/a|outside@0") == [
        ((50, 0), (8050, 0), (8050, 3000), (50, 3000))
    ]
    # the south walls (y = 0) stand in front of the plane: not produced at all
    assert all(e.klass == "cut" or e.depth > 0 for e in walls)
    assert len([e for e in walls if e.klass == "cut"]) == 5  # west, east on L1; west, c|v, east on L2


def test_a_plane_along_a_wall_face_does_not_cut_it(tmp_path):
    # X2+50 is the east face of the c|v partition: looking W, the wall is just beyond
    section = _section(tmp_path, STOREYS, "X2+50", "W")
    partition = [e for e in section.entities if e.ref == "/L2/c|/L2/v@1"]
    assert [(e.klass, e.depth) for e in partition] == [("beyond", 0)]
    # and looking E it stands behind the viewer
    assert not [e for e in _section(tmp_path, STOREYS, "X2+50", "E").entities if e.ref == "/L2/c|/L2/v@1"]


def test_looking_the_other_way_mirrors_the_sheet(tmp_path):
    west = _found(_section(tmp_path, STOREYS, "X1+2000", "W"), "cut", "slab")
    east = _found(_section(tmp_path, STOREYS, "X1+2000", "E"), "cut", "slab")
    # looking W, u is +y; looking E, u is −y
    assert west[("/L1/a", "floor")] == [[(0, -200), (0, 0), (3000, -200), (3000, 0)]]
    assert east[("/L1/a", "floor")] == [[(-3000, -200), (-3000, 0), (0, -200), (0, 0)]]


STAIR = """muro 1.4
grid X 0 2000
grid Y 0 5000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/st stair X1..X2 Y1..Y2 stair:N
space /L2/st room X1..X2 Y1..Y2
boundary /L1/st /L2/st type:stair
"""


def test_a_stair_cut_along_its_run_shows_every_tread(tmp_path):
    # rise 3000 in 17 risers of 3000/17; 16 tread boards, each riser + 200 thick, the
    # first over y 1100 … 1275 topping at one riser (tests/form/test_runs.py works these)
    treads = sorted(
        (e.polygon for e in _section(tmp_path, STAIR, "X1+1000").entities if e.of == "run" and e.klass == "cut"),
        key=lambda p: p[0][0],
    )
    assert len(treads) == 16
    (u0, z0), (u1, _), _, (_, top) = treads[0]
    assert (u0, u1) == (1100, 1275)
    assert top == pytest.approx(3000 / 17) and z0 == pytest.approx(-200)
    assert treads[-1][3][1] == pytest.approx(16 * 3000 / 17)


def test_a_ramp_cut_across_its_rise_is_level_and_along_it_leans_by_the_whole_rise():
    ramp = run_prism(RunSolid(kind="incline", rect=Rect(x1=0, x2=4000, y1=0, y2=1000), up="E", z0=0, z1=400, t=150))
    body = Body("run", "/L1/r", "ramp", tuple((p.x, p.y) for p in ramp.poly), ramp.bottom, ramp.top)
    across = classify(body, axis_plane("X", 1000, "W"))  # x = 1000, a quarter of the way up
    assert across is not None and across.klass == "cut"
    assert across.polygon == ((0, -50), (1000, -50), (1000, 100), (0, 100))
    along = classify(body, axis_plane("Y", 500, "N"))
    assert along is not None and along.polygon == ((0, -150), (4000, 250), (4000, 400), (0, 0))


def test_an_elevation_cuts_nothing_and_sees_the_face_head_on(tmp_path):
    form = derive(_load(tmp_path, STOREYS), plans=False)
    south = elevation_form(form, "S")
    assert south is not None and south.entities
    assert {e.klass for e in south.entities} == {"beyond"}
    # the plane stands on the south walls' outer face (y = −50): they are seen at depth 0
    assert min(e.depth for e in south.entities) == 0
    assert south.plane.facing == "N" and south.plane.at == -50
    assert elevation_form(form, "E").plane.facing == "W"


def test_an_elevation_of_a_form_with_no_body_is_none(tmp_path):
    bare = "muro 1.4\ngrid X 0 4000\ngrid Y 0 3000\nlevel L1 0\nspace /house/a room X1..X2 Y1..Y2\n"  # no level
    form = derive(_load(tmp_path, bare), plans=False)
    assert elevation_form(form, "S") is None


def test_a_directed_line_names_its_own_frame(tmp_path):
    form = derive(_load(tmp_path, STOREYS), plans=False)
    # the line y = 1500 from x = 1000 eastward: the Y plane looking N, with u from x = 1000
    line = section_form(form, line_plane(1000, 1500, 9000, 1500))
    axis = section_form(form, axis_plane("Y", 1500, "N"))
    shifted = [(e.klass, e.ref, tuple((u - 1000, z) for u, z in e.polygon), e.depth) for e in axis.entities]
    assert [(e.klass, e.ref, e.polygon, e.depth) for e in line.entities] == shifted
    # reversed, the sheet is mirrored and the other half of the model stands beyond
    back = section_form(form, line_plane(9000, 1500, 1000, 1500))
    south = section_form(form, axis_plane("Y", 1500, "S"))
    mirrored = [(e.klass, e.ref, tuple((u + 9000, z) for u, z in e.polygon), e.depth) for e in south.entities]
    assert [(e.klass, e.ref, e.polygon, e.depth) for e in back.entities] == mirrored
    assert {e.depth for e in back.entities if e.klass == "beyond"} == {1450}  # the south walls now
    assert line_plane(0, 0, 1, 1).facing is None and line_plane(0, 0, 0, 1).facing == "W"


def test_an_oblique_line_cuts_a_floor_in_the_interval_of_its_diagonal(tmp_path):
    form = derive(_load(tmp_path, STOREYS), plans=False)
    # corner to corner of the 8000 × 3000 floor of /L1/a: the cut runs the whole diagonal
    section = section_form(form, line_plane(0, 0, 8000, 3000))
    (floor,) = [e for e in section.entities if e.ref == "/L1/a" and e.kind == "floor"]
    us = [u for u, _ in floor.polygon]
    assert min(us) == pytest.approx(0) and max(us) == pytest.approx((8000**2 + 3000**2) ** 0.5)
    with pytest.raises(ValueError):
        line_plane(5, 5, 5, 5)


def test_a_cut_is_named_by_a_grid_reference_and_the_look_must_cross_it(tmp_path):
    model = _load(tmp_path, STOREYS)
    assert named_plane(model.grid, "X2+450", None).at == 4450
    assert named_plane(model.grid, "X2", None).facing == "W"
    assert named_plane(model.grid, "Y2-600", None).facing == "N"
    with pytest.raises(UndefinedGridReference) as raised:
        named_plane(model.grid, "X9", None)
    assert str(raised.value) == "Undefined grid reference: X9 (declared: X1 X2 X3 Y1 Y2)"
    for wrong in ("x2", "X2+", "Z1", "X2+4.5"):
        with pytest.raises(UndefinedGridReference):
            named_plane(model.grid, wrong, None)
    with pytest.raises(LookAlongPlane) as along:
        named_plane(model.grid, "Y1+1500", "E")
    assert str(along.value) == (
        "E runs along Y1+1500 rather than across it (an X reference is looked at from E or W,"
        " a Y reference from N or S)"
    )


@pytest.mark.parametrize("look", ["N", "E", "S", "W"])
def test_a_plane_on_an_axis_classifies_as_the_general_rule_does(tmp_path, look):
    # section_form reads an axis plane's depths and u off one coordinate each; classify
    # takes every vertex through the frame: both must agree body for body, for every
    # look, on walls, slabs, spaces and a stair's sloped solids (the general case)
    model = _load(tmp_path, STOREYS.replace("grid Y 0 3000\n", "grid Y 0 3000 8000\n") + STAIR_OVER)
    form = derive(model, plans=False)
    at = {"E": "X1+2000", "W": "X1+2000", "N": "Y1+1500", "S": "Y2+2500"}[look]  # the stair beyond or cut
    plane = named_plane(model.grid, at, look)
    every = list(bodies(form))
    expected = [e for e in (classify(b, plane) for b in every) if e is not None]
    got = section_form(form, plane, every).entities
    assert [e._replace(depth=e.depth + 0.0) for e in got] == [e._replace(depth=e.depth + 0.0) for e in expected]
    assert {e.klass for e in got} == {"cut", "beyond"} and any(e.of == "run" for e in got)


# a stair beside the storeys, north of them, rising north
STAIR_OVER = """space /L1/st stair X1..X2 Y2..Y3 stair:N
space /L2/st room X1..X2 Y2..Y3
boundary /L1/st /L2/st type:stair
"""


def test_a_form_for_bodies_alone_has_every_body_and_no_plan_symbols(tmp_path):
    doors = STOREYS.replace(
        "space /L2/c room X1..X2 Y1..Y2\n", "space /L2/c room X1..X2 Y1..Y2\nboundary /L2/c /L2/v\n  door w:800\n"
    )
    model = _load(tmp_path, doors)
    whole, alone = derive(model), derive(model, plans=False)
    assert list(bodies(alone)) == list(bodies(whole))
    swings = [o.swing for o in whole.openings if o.kind == "door"]
    assert len(swings) == 1 and swings[0] is not None
    assert [o.swing for o in alone.openings] == [None] and alone.plans == ()
