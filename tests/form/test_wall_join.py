"""The wall join (0.27; form/bodies.md "Where two walls meet", ADR-0063): each expected
footprint below is worked out by hand from the page. A footprint runs start+n, end+n,
end−n, start−n, n the centre line's left normal times t/2; default walls are 100 thick."""

from __future__ import annotations

from pathlib import Path

from koyu_model import load
from koyu_model.form.derive import derive
from koyu_model.form.joins import Junctions, wall_line
from koyu_model.form.records import Segment
from koyu_model.release import KOYU_0_16, KOYU_0_27

HEAD = "koyu 1.1\nunit mm\n"


def _form(tmp_path: Path, text: str, release=KOYU_0_27, head=HEAD):
    p = tmp_path / "main.muro"
    p.write_text(head + text, encoding="utf-8")
    return derive(load(str(p), release=release))


def _bodies(form) -> dict[tuple, list[tuple[float, float]]]:
    """(ref, x1, y1, x2, y2, z0) of each panel → its footprint as (x, y) pairs."""
    out = {}
    for b in form.boundaries:
        for p in b.material.panels:
            out[(b.ref, p.x1, p.y1, p.x2, p.y2, p.z0)] = [(q.x, q.y) for q in p.footprint]
    return out


ROOM = """grid X 0 4000
grid Y 0 3000
level L1 0 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2
"""


def test_a_room_s_four_corners_tile_the_ring(tmp_path):
    # the page's own example: the west wall (first in coordinate order) runs through both
    # of its corners, south and north stop against it, east stops against both
    got = _bodies(_form(tmp_path, ROOM))
    out = "/L1/a|outside@0"
    assert got[(out, 0, 0, 0, 3000, 0)] == [(-50, -50), (-50, 3050), (50, 3050), (50, -50)]
    assert got[(out, 0, 0, 4000, 0, 0)] == [(50, 50), (4050, 50), (4050, -50), (50, -50)]
    assert got[(out, 0, 3000, 4000, 3000, 0)] == [(50, 3050), (4050, 3050), (4050, 2950), (50, 2950)]
    assert got[(out, 4000, 0, 4000, 3000, 0)] == [(3950, 50), (3950, 2950), (4050, 2950), (4050, 50)]


def test_the_plan_draws_the_footprints_and_the_centre_line_stays(tmp_path):
    form = _form(tmp_path, ROOM)
    walls = [e for e in form.plans[0].entities if e.of == "boundary"]
    west = next(e for e in walls if e.lines[0].x1 == 0 and e.lines[0].x2 == 0)
    assert [(q.x, q.y) for q in west.polygon] == [(-50, -50), (-50, 3050), (50, 3050), (50, -50)]
    assert (west.lines[0].y1, west.lines[0].y2) == (0, 3000)  # the centre line is untouched


TWO = """grid X 0 3000 6000
grid Y 0 3000
level L1 0 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
"""


def test_0_16_carries_no_footprint_and_draws_the_thickened_line(tmp_path):
    form = _form(tmp_path, TWO, release=KOYU_0_16, head="koyu 1.0\nunit mm\n")
    assert all(p.footprint is None for b in form.boundaries for p in b.material.panels)
    (wall,) = [e for e in form.plans[0].entities if e.of == "boundary"]
    assert [(q.x, q.y) for q in wall.polygon] == [(2950, 0), (2950, 3000), (3050, 3000), (3050, 0)]


def test_a_t_of_equal_walls_the_first_runs_on_and_the_one_beyond_it_butts_its_end(tmp_path):
    got = _bodies(_form(tmp_path, TWO))
    # at (3000, 0): a's south wall is first; it runs on by half the stem (50); the stem stops
    # at its face; b's south wall, on its line, starts where it ends
    assert got[("/L1/a|outside@1", 0, 0, 3000, 0, 0)] == [(50, 50), (3050, 50), (3050, -50), (50, -50)]
    assert got[("/L1/a|/L1/b@0", 3000, 0, 3000, 3000, 0)] == [(2950, 50), (2950, 2950), (3050, 2950), (3050, 50)]
    assert got[("/L1/b|outside@2", 3000, 0, 6000, 0, 0)] == [(3050, 50), (6050, 50), (6050, -50), (3050, -50)]


def test_a_t_whose_stem_is_thicker_the_stem_wins(tmp_path):
    got = _bodies(_form(tmp_path, TWO + "boundary /L1/a /L1/b t:200\n"))
    # the 200 stem runs through to y −50 / 3050 (half the 100 walls); both halves of the
    # crossbar stop at its faces x 2900 and 3100
    assert got[("/L1/a|/L1/b@0", 3000, 0, 3000, 3000, 0)] == [(2900, -50), (2900, 3050), (3100, 3050), (3100, -50)]
    assert got[("/L1/a|outside@1", 0, 0, 3000, 0, 0)] == [(50, 50), (2900, 50), (2900, -50), (50, -50)]
    assert got[("/L1/b|outside@2", 3000, 0, 6000, 0, 0)] == [(3100, 50), (6050, 50), (6050, -50), (3100, -50)]


def test_storeys_laid_out_alike_are_joined_alike_each_at_its_own_height(tmp_path):
    # L2 repeats L1's T: its walls are joined as L1's are (the cuts carried over are made by
    # L2's own walls, which span L2's heights; L1's would not, and the cut would give way)
    upper = "level L2 3000 h:2700 slab:150\nspace /L2/a room X1..X2 Y1..Y2\nspace /L2/b room X2..X3 Y1..Y2\n"
    form = _form(tmp_path, TWO + upper)
    by_level: dict[str, list] = {}
    for b in form.boundaries:
        for p in b.material.panels:
            by_level.setdefault(b.level, []).append([(q.x, q.y) for q in p.footprint])
    assert sorted(by_level["L2"]) == sorted(by_level["L1"])
    assert [(2950, 50), (2950, 2950), (3050, 2950), (3050, 50)] in by_level["L2"]  # the stem, cut at both ends


def test_a_cross_of_four_ends(tmp_path):
    text = """grid X 0 3000 6000
grid Y 0 3000 6000
level L1 0 h:2700 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /L1/c room X1..X2 Y2..Y3
space /L1/d room X2..X3 Y2..Y3
"""
    got = _bodies(_form(tmp_path, text))
    # at (3000, 3000) all four end; a|c (0,3000 → 3000,3000) is first: it runs on to 3050,
    # the two stems stop at its faces, b|d on its line starts at its end
    assert got[("/L1/a|/L1/c@1", 0, 3000, 3000, 3000, 0)] == [(50, 3050), (3050, 3050), (3050, 2950), (50, 2950)]
    assert got[("/L1/a|/L1/b@0", 3000, 0, 3000, 3000, 0)] == [(2950, 50), (2950, 2950), (3050, 2950), (3050, 50)]
    assert got[("/L1/c|/L1/d@5", 3000, 3000, 3000, 6000, 0)] == [(2950, 3050), (2950, 5950), (3050, 5950), (3050, 3050)]
    assert got[("/L1/b|/L1/d@3", 3000, 3000, 6000, 3000, 0)] == [(3050, 3050), (6050, 3050), (6050, 2950), (3050, 2950)]


def test_a_door_at_a_junction_cuts_the_head_wall_over_it(tmp_path):
    # the door (w 900, centre at 0.15 of 3000) reaches the node; the head over it is the
    # interval that ends there, and it is cut back to the south wall's face like a wall
    got = _bodies(_form(tmp_path, TWO + "boundary /L1/a /L1/b\n  door w:900 at:0.15 name:D\n"))
    ref = "/L1/a|/L1/b@0"
    assert got[(ref, 3000, 0, 3000, 900, 2000)] == [(2950, 50), (2950, 900), (3050, 900), (3050, 50)]
    assert got[(ref, 3000, 900, 3000, 3000, 0)] == [(2950, 900), (2950, 2950), (3050, 2950), (3050, 900)]


def _wall(x1, y1, x2, y2, t, z1=2900):
    """A wall on L1 from z 0 to z1, one panel its whole length."""
    return (Segment(x1=x1, y1=y1, x2=x2, y2=y2, horizontal=y1 == y2), t, z1)


def _prints(walls):
    """Each wall's footprint, the walls settled together."""
    lines = [wall_line((k, 0), "L1", seg, t, 0, z1) for k, (seg, t, z1) in enumerate(walls)]
    junctions = Junctions(lines)
    return [[(q.x, q.y) for q in junctions.footprints(w.key, [(w.x1, w.y1, w.x2, w.y2, w.z0, w.z1)])[0]] for w in lines]


def test_a_wall_running_through_beats_a_thicker_one_ending_on_it():
    through, stem = _prints([_wall(0, 0, 6000, 0, 100), _wall(3000, 0, 3000, 3000, 200)])
    assert through == [(0, 50), (6000, 50), (6000, -50), (0, -50)]  # does not move
    assert stem == [(2900, 50), (2900, 3000), (3100, 3000), (3100, 50)]


def test_a_cut_reaches_only_as_high_as_the_wall_that_made_it():
    # an 80 rail to 1100 beats a 60 wall at their corner and runs on by 30, but cannot cut
    # the wall's full height: the wall keeps its body
    rail, wall = _prints([_wall(0, 0, 3000, 0, 80, z1=1100), _wall(0, 0, 0, 3000, 60)])
    assert rail == [(-30, 40), (3000, 40), (3000, -40), (-30, -40)]
    assert wall == [(-30, 0), (-30, 3000), (30, 3000), (30, 0)]


def test_a_wall_swallowed_whole_keeps_its_body():
    big, stub = _prints([_wall(-3000, 0, 3000, 0, 200), _wall(0, 0, 0, 40, 100)])
    assert stub == [(-50, 0), (-50, 40), (50, 40), (50, 0)]  # the face at y 100 is past its end


def test_walls_only_running_along_each_other_butt():
    left, right = _prints([_wall(0, 0, 3000, 0, 100), _wall(3000, 0, 6000, 0, 200)])
    assert left == [(0, 50), (3000, 50), (3000, -50), (0, -50)]
    assert right == [(3000, 100), (6000, 100), (6000, -100), (3000, -100)]


def _plan_svg(tmp_path: Path, text: str, release, head: str) -> str:
    from koyu_model.drawing.plan import draw_plan
    from koyu_model.drawing.sheet import sheet_from_model

    p = tmp_path / "main.muro"
    p.write_text(head + text, encoding="utf-8")
    model = load(str(p), release=release)
    return draw_plan(derive(model, levels=["L1"]), "L1", sheet_from_model(model))


def test_the_0_27_plan_draws_joined_walls_and_repairs_no_corner(tmp_path):
    text = TWO.replace("grid Y 0 3000\n", "grid Y 0 3000 6000\n") + "space /L1/c room X2..X3 Y2..Y3\n"
    old = _plan_svg(tmp_path, text, KOYU_0_16, "koyu 1.0\nunit mm\n")
    new = _plan_svg(tmp_path, text, KOYU_0_27, HEAD)
    assert 'class="join"' in old  # 0.16's walls stop at their own ends: paper fills the corner
    assert 'class="join"' not in new  # 0.27's Form closed it
