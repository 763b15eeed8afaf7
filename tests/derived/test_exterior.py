"""The derived exterior walls (koyu_model.derived.exterior; form/boundaries.md "The rest of
the perimeter", ADR-0065) and BND08 (diagnostics/bnd.md#bnd08), worked by hand on small
buildings. 0.27 derives them; 0.16 never does."""

from __future__ import annotations

from koyu_model import load
from koyu_model.check import check, human
from koyu_model.derived import OUTSIDE, boundary_table, exterior_walls
from koyu_model.drawing.plan import draw_plan
from koyu_model.drawing.sheet import sheet_from_model
from koyu_model.form.derive import derive
from koyu_model.listings import boundary_count
from koyu_model.release import KOYU_0_16, KOYU_0_27

HEAD = """muro 1.4
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
"""


def _bnd08(model) -> list:
    """The BND08 diagnostics of check (the other 0.27 codes are another part's)."""
    return [d for d in check(model) if d.code == "BND08"]


def _read(files, text: str, release=KOYU_0_27):
    files.write("main.muro", text)
    return load(files.path(), release=release)


def _runs(model, path: str) -> list[tuple]:
    """(face, fixed, lo, hi) of each run of the space's exterior wall, in order."""
    found = exterior_walls(model)
    for wall, segments in zip(found.walls, found.segments):
        if wall.a == path:
            return [
                (s.edge_of_a, s.y1, s.x1, s.x2) if s.horizontal else (s.edge_of_a, s.x1, s.y1, s.y2) for s in segments
            ]
    return []


def _form_walls(model) -> list[tuple]:
    """(ref, face, z0, z1, t) of each FormBoundary to the outside."""
    return [
        (fb.ref, fb.segment.edge_of_a, fb.material.z0, fb.material.z1, fb.material.t)
        for fb in derive(model).boundaries
        if fb.b == OUTSIDE and fb.material is not None
    ]


def test_a_lone_room_gets_four_walls_to_the_outside(files):
    m = _read(files, HEAD + "space /L1/a room X1..X2 Y1..Y2\n")
    assert _runs(m, "/L1/a") == [("S", 0, 0, 3600), ("E", 3600, 0, 4000), ("N", 4000, 0, 3600), ("W", 0, 0, 4000)]
    walls = _form_walls(m)
    assert [w[1] for w in walls] == ["S", "E", "N", "W"]
    assert {w[0] for w in walls} == {"/L1/a|outside@0"}
    # the matter of a plain wall declared to a named outside: 100 mm, FL up to the pitch
    declared = _read(files, HEAD + "space /L1/a room X1..X2 Y1..Y2\nspace /out outside:1\nboundary /L1/a /out\n")
    (plain,) = {(fb.material.z0, fb.material.z1, fb.material.t) for fb in derive(declared).boundaries}
    assert {w[2:] for w in walls} == {plain} and plain[0] == 0 and plain[2] == 100
    m = _read(files, HEAD + "space /L1/a room X1..X2 Y1..Y2\n")
    assert all(fb.derived for fb in derive(m).boundaries)
    assert boundary_count(m) == 1
    assert [d.code for d in check(m)] == ["BND08"]
    assert human(check(m)[0]).endswith(
        "line 5: A default wall was derived where /L1/a faces the outside: S 3600mm / E 4000mm / N 3600mm / "
        "W 4000mm (15200mm over 4 runs) — write a boundary to say which outside it faces"
    )


def test_0_16_derives_no_exterior_wall(files):
    text = "koyu 1.0\n" + HEAD.split("\n", 1)[1] + "space /L1/a room X1..X2 Y1..Y2\n"
    m = _read(files, text, release=KOYU_0_16)
    assert exterior_walls(m).walls == ()
    assert boundary_count(m) == 0 and derive(m).boundaries == ()
    assert check(m) == ()


def test_two_rooms_side_by_side_share_a_default_wall_and_face_outside_elsewhere(files):
    m = _read(files, HEAD + "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n")
    assert _runs(m, "/L1/a") == [("S", 0, 0, 3600), ("N", 4000, 0, 3600), ("W", 0, 0, 4000)]
    assert _runs(m, "/L1/b") == [("S", 0, 3600, 7200), ("E", 7200, 0, 4000), ("N", 4000, 3600, 7200)]
    table = boundary_table(m)
    assert [(w.a, w.b) for w in table.default_walls] == [("/L1/a", "/L1/b")]  # the pair wall only
    assert [(w.a, w.b) for w in table.exterior_walls] == [("/L1/a", OUTSIDE), ("/L1/b", OUTSIDE)]
    # canonical order: the pair wall, then each space's wall to the outside ("/" sorts before "o")
    refs = [fb.ref for fb in derive(m).boundaries]
    assert refs[0] == "/L1/a|/L1/b@0"
    assert sorted(set(refs)) == ["/L1/a|/L1/b@0", "/L1/a|outside@1", "/L1/b|outside@2"]
    assert boundary_count(m) == 3
    assert [(d.code, d.line, d.path) for d in check(m)] == [("BND08", 5, ("/L1/a",)), ("BND08", 6, ("/L1/b",))]


def test_a_declared_boundary_to_an_outside_space_suppresses_by_run(files):
    text = HEAD + (
        "space /L1/a room X1..X2 Y1..Y2\n"
        "space /L1/b room X2..X3 Y1..Y2\n"
        "space /road outside:1 road:6000\n"
        "boundary /L1/a /road edge:S\n"
        "boundary /L1/a /road edge:N\n"
        "boundary /L1/a /road edge:W\n"
        "boundary /L1/b /road edge:S\n"
        "boundary /L1/b /road edge:E t:200\n"
    )
    m = _read(files, text)
    assert _runs(m, "/L1/a") == []  # three sides declared, the fourth shared: no wall
    assert _runs(m, "/L1/b") == [("N", 4000, 3600, 7200)]  # edge:S and edge:E leave N standing
    assert [(d.code, d.path) for d in _bnd08(m)] == [("BND08", ("/L1/b",))]
    assert _bnd08(m)[0].message.startswith(
        "A default wall was derived where /L1/b faces the outside: N 3600mm (3600mm over 1 run)"
    )
    # five declared, one pair wall, one exterior wall
    assert boundary_count(m) == 7
    # a boundary naming no edge takes the whole outline
    whole = text.replace("boundary /L1/b /road edge:E t:200\n", "").replace(
        "boundary /L1/b /road edge:S\n", "boundary /L1/b /road\n"
    )
    m = _read(files, whole)
    assert exterior_walls(m).walls == () and _bnd08(m) == []


def test_a_partial_stretch_the_rest_of_a_long_side(files):
    # /L1/b covers only part of /L1/a's north side: the rest of it faces the outside
    text = """muro 1.4
grid X 0 2000 6000
grid Y 0 3000 5000
level L1 0 h:2400 slab:150
space /L1/a room X1..X3 Y1..Y2
space /L1/b room X1..X2 Y2..Y3
space /out outside:1
boundary /L1/a /out edge:S
boundary /L1/a /out edge:E
boundary /L1/a /out edge:W
boundary /L1/b /out
"""
    m = _read(files, text)
    assert _runs(m, "/L1/a") == [("N", 3000, 2000, 6000)]
    assert [w.a for w in exterior_walls(m).walls] == ["/L1/a"]
    form = derive(m)
    (wall,) = [fb for fb in form.boundaries if fb.b == OUTSIDE]
    assert (wall.segment.x1, wall.segment.x2, wall.segment.y1, wall.derived) == (2000, 6000, 3000, True)
    assert "N 4000mm (4000mm over 1 run)" in _bnd08(m)[0].message


def test_an_l_of_two_rectangles_keeps_a_run_per_piece_edge(files):
    # the two S edges are not merged, and the seam between the pieces grows no wall
    text = """muro 1.4
grid X 0 3000 6000
grid Y 0 3000
level L1 0 h:2700 slab:150
space /L1/L room X1..X2 Y1..Y2 + X2..X3 Y1..Y2
space /out outside:1
boundary /L1/L /out edge:N
"""
    m = _read(files, text)
    assert _runs(m, "/L1/L") == [("S", 0, 0, 3000), ("W", 0, 0, 3000), ("S", 0, 3000, 6000), ("E", 6000, 0, 3000)]
    assert "S 3000mm / W 3000mm / S 3000mm / E 3000mm (12000mm over 4 runs)" in _bnd08(m)[0].message


def test_who_gets_no_exterior_wall(files):
    text = HEAD + (
        "space /L1/yard outside:1 X1..X2 Y1..Y2\n"  # the outside itself
        "space /L1/bal balcony X2..X3 Y1..Y2\n"  # semi-outdoor: open to the outside
        "space /out outside:1\n"
        "boundary /L1/bal /out type:open edge:S\n"
        "space /nowhere/a room X1..X2 Y1..Y2\n"  # no level
    )
    m = _read(files, text)
    assert exterior_walls(m).walls == ()
    assert _bnd08(m) == []


def test_a_void_on_the_edge_is_walled_like_a_room(files):
    m = _read(files, HEAD + "space /L1/a room X1..X2 Y1..Y2\nspace /L1/v X2..X3 Y1..Y2 void:1\n")
    assert [w.a for w in exterior_walls(m).walls] == ["/L1/a", "/L1/v"]
    assert _runs(m, "/L1/v") == [("S", 0, 3600, 7200), ("E", 7200, 0, 4000), ("N", 4000, 3600, 7200)]


def test_bnd08_comes_after_the_boundary_section_and_before_the_areas(files):
    text = """muro 1.4
grid X 0 3600
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
boundary /L1/a /L1/zzz
space /out outside:1
  area X1..X2 Y1..Y2 floor:tile
"""
    m = _read(files, text)
    codes = [d.code for d in check(m)]
    assert [c for c in codes if c in ("REF01", "BND08", "SEG01")] == ["REF01", "BND08", "SEG01"]


def test_a_drawn_line_to_the_outside_takes_its_stretch_and_leaves_the_rest(files):
    # a corner cut off by a drawn line: the diagonal is the declared wall, and the pieces the
    # cut leaves keep a run per edge (the east side twice, once per piece)
    text = """muro 1.4
grid X 0 5000
grid Y 0 5000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /out outside:1
boundary /L1/a /out
  line X1,Y2-2000 X1+2000,Y2
"""
    m = _read(files, text)
    assert _runs(m, "/L1/a") == [
        ("S", 0, 0, 5000),
        ("E", 5000, 0, 3000),
        ("W", 0, 0, 3000),
        ("E", 5000, 3000, 5000),
        ("N", 5000, 2000, 5000),
    ]
    # one face twice is named twice, in outline order, never summed
    assert "S 5000mm / E 3000mm / W 3000mm / E 2000mm / N 3000mm (16000mm over 5 runs)" in _bnd08(m)[0].message
    assert boundary_count(m) == 2  # the drawn boundary and the exterior wall


def test_a_run_to_infinity_is_spelled_as_javascript_prints_it_and_the_plan_still_draws(files):
    # a grid coordinate too long for a double is Infinity: the message spells String(Infinity)
    text = (
        "muro 1.4\ngrid X 0 3600\ngrid Y 0 "
        + "9" * 400
        + "\nlevel L1 0 h:2400 slab:150\nspace /L1/a room X1..X2 Y1..Y2\n"
    )
    model = _read(files, text)
    (found,) = _bnd08(model)
    assert "E Infinitymm" in found.message and "null" not in found.message
    svg = draw_plan(derive(model), "L1", sheet_from_model(model))
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
