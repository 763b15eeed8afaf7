"""The ground: derivations built once per Model (koyu_model/ground.py)."""

from __future__ import annotations

from koyu_model.geometry import CUT, NOTHING, pieces_area_m2
from koyu_model.ground import ground_of

ROW = """grid X 0 3000 6000 9000
grid Y 0 4000 8000
level L1 0 h:2400 slab:150
space /L1/c room X3..X4 Y1..Y2
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /out exterior
"""


def test_same_ground_for_the_same_model(files):
    m = files.load(ROW)
    assert ground_of(m) is ground_of(m)
    other = files.load(ROW + "space /L1/z room X1..X2 Y2..Y3\n", name="other.muro")
    assert ground_of(other) is not ground_of(m)
    assert "/L1/z" in ground_of(other).pieces and "/L1/z" not in ground_of(m).pieces


def test_indexes_keep_model_order(files):
    g = ground_of(files.load(ROW + "boundary /L1/b /out edge:S\nboundary /L1/a /out edge:W\n"))
    assert g.spaces_by_level == {"L1": ("/L1/c", "/L1/a", "/L1/b"), None: ("/out",)}
    assert g.boundaries_of["/out"] == (0, 1)
    assert g.boundaries_of["/L1/a"] == (1,)
    assert g.space_index["/L1/b"] == 2


def test_derived_walls_pairs_in_model_order_with_collated_sides(files):
    g = ground_of(files.load(ROW))
    # c(0) touches b(2), a(1) touches b(2): pairs (0,2) then (1,2); sides by path collation
    assert [(w.a, w.b, w.kind, w.line) for w in g.derived] == [
        ("/L1/b", "/L1/c", "wall", 0),
        ("/L1/a", "/L1/b", "wall", 0),
    ]
    assert g.derived_walls == g.derived
    assert g.boundaries[len(g.declared) :] == g.derived
    assert g.is_derived(len(g.declared)) and not g.is_derived(len(g.declared) - 1)


def test_no_derived_wall_where_a_boundary_is_written_or_only_a_corner_touches(files):
    text = ROW + "space /L1/d room X1..X2 Y2..Y3\nspace /L1/e room X2..X3 Y2..Y3\nboundary /L1/c /L1/b type:open\n"
    g = ground_of(files.load(text))
    pairs = {(w.a, w.b) for w in g.derived}
    assert ("/L1/b", "/L1/c") not in pairs  # written (as open, in the other orientation)
    assert ("/L1/a", "/L1/e") not in pairs and ("/L1/b", "/L1/d") not in pairs  # corners
    assert ("/L1/a", "/L1/d") in pairs and ("/L1/d", "/L1/e") in pairs


def test_derived_walls_between_spaces_without_level_but_not_across_levels(files):
    text = """grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
space /x/a room X1..X2 Y1..Y2
space /x/b room X2..X3 Y1..Y2
space /L1/a room X1..X2 Y1..Y2
space /L2/b room X2..X3 Y1..Y2
"""
    g = ground_of(files.load(text))
    assert [(w.a, w.b) for w in g.derived] == [("/x/a", "/x/b")]


def test_pieces_after_a_drawn_line_and_its_effect(files):
    text = """grid X 0 6000
grid Y 0 6000
level L1 0 h:2700 slab:200
space /L1/a room X1..X2 Y1..Y2
space /out exterior
boundary /L1/a /out t:150
  line X1,Y2-3000 X1+3000,Y2
boundary /L1/a /out edge:S
  line X1,Y1 X2,Y1
"""
    g = ground_of(files.load(text))
    assert g.line_effect == {0: CUT, 1: NOTHING}
    assert pieces_area_m2(g.pieces["/L1/a"]) == 31.5
    assert g.initial_pieces["/L1/a"] == (((0, 0), (6000, 0), (6000, 6000), (0, 6000)),)
    assert "/out" not in g.pieces


def test_segments_shared_outline_edge_vertical_and_missing(files):
    text = (
        ROW
        + """level L2 3000 h:2400 slab:150
space /L2/a room X1..X2 Y1..Y2
boundary /L1/a /L1/b
boundary /L1/a /out
boundary /L1/a /out edge:N
boundary /L1/a /L2/a type:stair
boundary /L1/a /nowhere
"""
    )
    g = ground_of(files.load(text))
    (s,) = g.segments(0)
    assert (s.x1, s.y1, s.x2, s.y2, s.edge_of_a) == (3000, 0, 3000, 4000, "E")
    assert [x.edge_of_a for x in g.segments(1)] == ["S", "N", "W"]  # E is faced by /L1/b
    assert [x.edge_of_a for x in g.segments(2)] == ["N"]
    assert g.segments(3) == () and g.segments(4) == ()
    assert g.segments(0) is g.segments(0)  # computed once


def test_placements_come_from_the_segments(files):
    text = ROW + "boundary /L1/a /out\n  door w:800\n  door w:800 edge:S at:0.25\n  seg w:900 edge:W\n"
    g = ground_of(files.load(text))
    failed, placed = g.opening_places(0)
    assert failed.kind == "ambiguous"
    assert (placed.cx, placed.cy) == (750.0, 0.0)
    (seg,) = g.seg_places(0)
    assert (seg.cx, seg.cy) == (0.0, 2000.0)


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
    g = ground_of(files.load(text))
    assert g.semi_outdoor == frozenset({"/L1/bal", "/L1/rail", "/L1/yard"})


def test_covered_by_an_overlapping_space_on_a_higher_level(files):
    text = """grid X 0 3000 6000
grid Y 0 4000
level L2 3000 h:2400 slab:150
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
"""
    g = ground_of(files.load(text))
    assert g.covered == frozenset({"/L1/a"})  # /L1/b only touches it along an edge
    g = ground_of(files.load(text.replace("/L2/a room X1..X2 ", "/L2/a room X1..X2+1 ")))
    assert g.covered == frozenset({"/L1/a", "/L1/b"})


def test_canonical_and_form_orders(files):
    text = ROW + "boundary /L1/b /out edge:S\nboundary /L1/a /out edge:S\n"
    g = ground_of(files.load(text))
    assert g.canonical_order == (1, 0)
    # derived walls join the same collation: /L1/a|/L1/b, /L1/a|/out, /L1/b|/L1/c, /L1/b|/out
    assert [(g.boundaries[i].a, g.boundaries[i].b) for i in g.form_order] == [
        ("/L1/a", "/L1/b"),
        ("/L1/a", "/out"),
        ("/L1/b", "/L1/c"),
        ("/L1/b", "/out"),
    ]


def test_level_rank_follows_z(files):
    text = "level B 0\nlevel A 3000\nlevel C -3000\n"
    g = ground_of(files.load(text))
    assert g.level_rank == {"C": 0, "B": 1, "A": 2}


def test_indoor_and_effective_ceiling_height(files):
    text = """grid X 0 3000 6000 9000
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 3000 slab:150
space /L1/a room X1..X2 Y1..Y2 h:2700
space /L1/b room X2..X3 Y1..Y2
space /L1/v void X3..X4 Y1..Y2
space /L2/c room X1..X2 Y1..Y2
space /out exterior
boundary /L1/b /out type:open edge:S
"""
    g = ground_of(files.load(text))
    assert g.indoor == frozenset({"/L1/a", "/L2/c"})
    assert (g.heff("/L1/a"), g.heff("/L1/b"), g.heff("/L2/c"), g.heff("/out")) == (2700, 2400, None, None)


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
    g1 = ground_of(files.load(head + one + two))
    g2 = ground_of(files.load(head + two + one, name="swapped.muro"))
    assert g1.pieces == g2.pieces
    assert g1.pieces != g1.initial_pieces
    assert sorted(g1.line_effect.values()) == sorted(g2.line_effect.values())


def _random_rooms(rng, xs, ys, folder):
    """Rooms ``/<folder>/r<row><col>`` along each grid row, one or two bays wide, some left
    out, some with an L-shaped second rectangle: an irregular plan's ``space`` lines."""
    text, names = "", []
    for row in range(len(ys) - 1):
        i = 0
        while i < len(xs) - 1:
            j = min(len(xs) - 1, i + rng.choice([1, 1, 2]))
            name = f"/{folder}/r{row}{i}"
            if rng.random() < 0.85:
                rect = f"X{i + 1}..X{j + 1} Y{row + 1}..Y{row + 2}"
                if rng.random() < 0.2 and row + 2 < len(ys):
                    rect += f" + X{i + 1}..X{i + 2} Y{row + 2}..Y{row + 2}+700"
                text += f"space {name} room {rect}\n"
                names.append(name)
            i = j
    return text, names


def test_segments_are_the_kernels_segments_for_on_an_irregular_plan(files):
    # The ground shortcuts segments_for (rectangle pairs, edges read once, outlines on a
    # level index): on a plan with partial contacts, L shapes, a drawn line and edge:
    # words, every boundary's segments are still exactly the kernel's.
    import random

    from koyu_model.geometry import LevelEdges, segments_for

    rng = random.Random(7)
    xs = [0, 1500, 2700, 3000, 4200, 6000, 7500, 9000]
    ys = [0, 2000, 3500, 4000, 6000]
    text = "grid X " + " ".join(map(str, xs)) + "\ngrid Y " + " ".join(map(str, ys)) + "\n"
    text += "level L1 0 h:2400 slab:150\nspace /out exterior\n"
    rooms, names = _random_rooms(rng, xs, ys, "L1")
    text += rooms
    for k in range(40):
        a, b = rng.sample(names + ["/out"], 2)
        edge = rng.choice(["", "", " edge:N", " edge:S", " edge:E", " edge:W"])
        text += f"boundary {a} {b}{edge}\n"
    text += f"boundary {names[0]} /out\n  line X1,Y1+500 X2,Y1+900\n"
    g = ground_of(files.load(text))
    level = LevelEdges({p: g.pieces[p] for p in g.pieces})
    assert len(g.boundaries) > 40 and g.derived
    nonempty = 0
    for i, b in enumerate(g.boundaries):
        line = (b.drawn.a, b.drawn.b) if b.drawn is not None else None
        want = tuple(
            segments_for(
                g.pieces.get(b.a), g.pieces.get(b.b), line=line, edge=b.edge, level=level, a_key=b.a, b_key=b.b
            )
        )
        assert g.segments(i) == want
        assert [(type(s.x1), type(s.y1), type(s.x2), type(s.y2)) for s in g.segments(i)] == [
            (type(s.x1), type(s.y1), type(s.x2), type(s.y2)) for s in want
        ]
        nonempty += bool(want)
    assert nonempty > 20


def test_a_declared_boundary_is_placed_without_deriving_default_walls(files):
    # the asking tools place a few declared boundaries: no contact search for that
    g = ground_of(files.load(ROW + "boundary /L1/a /out edge:S\n  door w:800\n"))
    assert g.opening_places(0)[0].segment in g.segments(0)
    assert g.seg_places(0) == ()
    assert "derived" not in g.__dict__
    n = len(g.declared)
    assert g.segments(n) and g.opening_places(n) == () and "derived" in g.__dict__


def test_without_segments_is_exactly_the_boundaries_with_no_segment(files):
    # check asks "no segment?" of every boundary without making Segment records: the
    # answer must be `not segments(i)` in every case — touching or not, partial contacts,
    # L shapes, edge: words, outlines (with and without a surviving edge), other levels,
    # spaces without a level, vertical kinds, missing spaces, drawn lines (never listed).
    import random

    rng = random.Random(11)
    xs = [0, 1500, 2700, 3000, 4200, 6000]
    ys = [0, 2000, 3500, 4000]
    text = "grid X " + " ".join(map(str, xs)) + "\ngrid Y " + " ".join(map(str, ys)) + "\n"
    text += "level L1 0 h:2400 slab:150\nlevel L2 3000 h:2400 slab:150\n"
    text += "space /out exterior\nspace /L1/hall room\n"
    names = ["/out", "/L1/hall", "/nowhere"]
    for level in ("L1", "L2", None):
        rooms, made = _random_rooms(rng, xs, ys, level or "x")
        text += rooms
        names += made
    for k in range(160):
        a, b = rng.sample(names, 2)
        kind = rng.choice(["", "", "", " type:open", " type:stair"])
        edge = rng.choice(["", "", " edge:N", " edge:S", " edge:E", " edge:W"])
        text += f"boundary {a} {b}{kind}{edge}\n"
    text += f"boundary {names[3]} /out\n  line X1,Y1+500 X2,Y1+900\n"
    m = files.load(text)
    g = ground_of(m)
    bare = g.without_segments()  # before any segment is made
    want = set()
    for i, b in enumerate(m.boundaries):
        if b.drawn is None and b.a in m.spaces and b.b in m.spaces and b.kind in ("wall", "open"):
            if not g.segments(i):
                want.add(i)
            else:
                assert i not in bare
    assert bare == want and len(want) > 20
    assert len(want) < sum(1 for b in m.boundaries if b.drawn is None) - 20
    assert g.without_segments() == want  # and again, with every segment made
    assert len(m.boundaries) - 1 not in bare  # the drawn line's boundary is never listed
