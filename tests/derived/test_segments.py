"""Each boundary's segments and its members' placements (koyu_model.derived.segments,
placements): the answers of the kernel's segments_for and place_band, boundary by boundary."""

from __future__ import annotations

import random

from derived_support import ROW, random_rooms

from koyu_model.derived import boundary_segments, boundary_table, layout, placements
from koyu_model.geometry import LevelEdges, place_band, segments_for


def test_shared_outline_edge_vertical_and_missing(files):
    text = (
        ROW
        + """level L2 3000 h:2400 slab:150
space /L2/a room X1..X2 Y1..Y2
boundary /L1/a /L1/b
boundary /L1/a /out
boundary /L1/a /out edge:N
boundary /L1/a /L2/a type:stair
boundary /L1/a /nowhere
boundary /L1/a /L2/a
"""
    )
    segments = boundary_segments(files.load(text))
    (s,) = segments.of(0)
    assert (s.x1, s.y1, s.x2, s.y2, s.edge_of_a) == (3000, 0, 3000, 4000, "E")
    assert [x.edge_of_a for x in segments.of(1)] == ["S", "N", "W"]  # E is faced by /L1/b
    assert [x.edge_of_a for x in segments.of(2)] == ["N"]
    assert segments.of(3) == () and segments.of(4) == () and segments.of(5) == ()  # across levels
    assert [segments.none_derive(i) for i in range(6)] == [False, False, False, False, False, True]


def _kernels(m, i, b):
    """segments_for itself, over the whole level's pieces: the definition."""
    pieces = layout(m).pieces
    spaces = m.spaces
    if b.a not in spaces or b.b not in spaces:
        return ()
    line = (b.drawn.a, b.drawn.b) if b.drawn is not None else None
    side = b.a if b.a in pieces else b.b
    level = LevelEdges({p: pieces[p] for p in pieces if spaces[p].level == spaces[side].level})
    found = segments_for(
        pieces.get(b.a),
        pieces.get(b.b),
        vertical=b.vertical,
        same_level=spaces[b.a].level == spaces[b.b].level,
        line=line,
        edge=b.edge,
        level=level,
        a_key=b.a,
        b_key=b.b,
    )
    return tuple(found)


def _typed(segments):
    return [(type(s.x1), type(s.y1), type(s.x2), type(s.y2)) for s in segments]


def test_segments_are_the_kernels_on_an_irregular_plan(files):
    # partial contacts, L shapes, a drawn line, edge: words, default walls, one storey
    # repeating another: every boundary's segments are exactly segments_for's
    rng = random.Random(7)
    xs = [0, 1500, 2700, 3000, 4200, 6000, 7500, 9000]
    ys = [0, 2000, 3500, 4000, 6000]
    text = "grid X " + " ".join(map(str, xs)) + "\ngrid Y " + " ".join(map(str, ys)) + "\n"
    text += "level L1 0 h:2400 slab:150\nlevel L2 3000 h:2400 slab:150\nspace /out exterior\n"
    rooms, names = random_rooms(rng, xs, ys, "L1")
    text += rooms + rooms.replace("/L1/", "/L2/")
    for _ in range(40):
        a, b = rng.sample(names + ["/out"], 2)
        edge = rng.choice(["", "", " edge:N", " edge:S", " edge:E", " edge:W"])
        text += f"boundary {a} {b}{edge}\n" + f"boundary {a} {b}{edge}\n".replace("/L1/", "/L2/")
    text += f"boundary {names[0]} /out\n  line X1,Y1+500 X2,Y1+900\n"
    m = files.load(text)
    table = boundary_table(m)
    segments = boundary_segments(m)
    assert len(table.boundaries) > 80 and table.default_walls
    nonempty = 0
    for i, b in enumerate(table.boundaries):
        want = _kernels(m, i, b)
        assert segments.of(i) == want and _typed(segments.of(i)) == _typed(want)
        nonempty += bool(want)
    assert nonempty > 40


def test_none_derive_is_exactly_the_boundaries_with_no_segment(files):
    # check asks "no segment?" of every boundary without making Segment records: the
    # answer must be `not segments` in every case — touching or not, partial contacts,
    # L shapes, edge: words, outlines (with and without a surviving edge), other levels,
    # spaces without a level, vertical kinds, missing spaces, drawn lines (never "none").
    rng = random.Random(11)
    xs = [0, 1500, 2700, 3000, 4200, 6000]
    ys = [0, 2000, 3500, 4000]
    text = "grid X " + " ".join(map(str, xs)) + "\ngrid Y " + " ".join(map(str, ys)) + "\n"
    text += "level L1 0 h:2400 slab:150\nlevel L2 3000 h:2400 slab:150\n"
    text += "space /out exterior\nspace /L1/hall room\n"
    names = ["/out", "/L1/hall", "/nowhere"]
    for level in ("L1", "L2", None):
        rooms, made = random_rooms(rng, xs, ys, level or "x")
        text += rooms
        names += made
    for _ in range(160):
        a, b = rng.sample(names, 2)
        kind = rng.choice(["", "", "", " type:open", " type:stair"])
        edge = rng.choice(["", "", " edge:N", " edge:S", " edge:E", " edge:W"])
        text += f"boundary {a} {b}{kind}{edge}\n"
    text += f"boundary {names[3]} /out\n  line X1,Y1+500 X2,Y1+900\n"
    m = files.load(text)
    segments = boundary_segments(m)
    asked = [segments.none_derive(i) for i in range(len(m.boundaries))]  # before any segment is made
    want = []
    for i, b in enumerate(m.boundaries):
        counted = b.drawn is None and b.a in m.spaces and b.b in m.spaces and b.kind in ("wall", "open")
        want.append(counted and not segments.of(i))
    assert asked == want and sum(want) > 20
    assert sum(want) < sum(1 for b in m.boundaries if b.drawn is None) - 20
    assert asked[-1] is False  # the drawn line's boundary


def test_a_road_over_a_cut_across_levels_and_to_nowhere(files):
    text = """grid X 0 6000 12000
grid Y 0 6000 12000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
space /lot/yard exterior X1..X3 Y2..Y3
space /L1/house room X1..X2 Y1..Y2
space /L1/cut room X2..X3 Y1..Y2
space /L2/house room X1..X2 Y1..Y2
space /road exterior road:6000
boundary /road /lot/yard
boundary /road /lot/yard edge:W
boundary /road /L1/house edge:N
boundary /road /L2/house
boundary /road /L1/house type:stair
boundary /road /nowhere
boundary /L1/cut /road
  line X2,Y2-1000 X2+1000,Y2
"""
    m = files.load(text)
    segments = boundary_segments(m)
    found = [segments.of(i) for i in range(len(m.boundaries))]
    assert found == [_kernels(m, i, b) for i, b in enumerate(m.boundaries)]
    assert sum(1 for f in found if f) == 5  # none across the stair, none to nowhere


def test_placements_are_place_band_on_the_segments(files):
    text = ROW + "boundary /L1/a /out\n  door w:800\n  door w:800 edge:S at:0.25\n  seg w:900 edge:W\n"
    m = files.load(text)
    placed = placements(m)
    segs = boundary_segments(m).of(0)
    failed, door = placed.openings(0)
    assert failed.kind == "ambiguous"
    assert door == place_band(segs, 800, at=0.25, edge="S") and (door.cx, door.cy) == (750.0, 0.0)
    (seg,) = placed.segs(0)
    assert (seg.cx, seg.cy) == (0.0, 2000.0)
    assert placed.openings(1) == () and placed.segs(1) == ()  # a default wall carries nothing
