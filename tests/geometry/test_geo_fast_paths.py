"""The kernel's fast paths give the very numbers of the plain walk they shortcut
(rectangle edges, one-cover outlines, merging on tuples, segment records, Math.hypot with
a zero term). Each reference here is the plain algorithm spelled out in the test."""

import math
import random
import struct

from hypothesis import given
from hypothesis import strategies as st

from koyu_model.geometry import (
    EPS,
    LevelEdges,
    Segment,
    edge_orientation,
    edge_segment,
    js_hypot,
    merge_collinear,
    outline,
    rect_to_piece,
    subtract_intervals,
)
from koyu_model.geometry.segments import edge_tuples, merge_edges, outline_edges


def _typed(values):
    """Values with their types: 3000 and 3000.0 are equal but print differently."""
    return [(type(v), v) for v in values]


def _plain_edges(piece):
    """The walk edge by edge through edge_orientation, min/max per edge."""
    out = []
    n = len(piece)
    for i in range(n):
        p, q = piece[i], piece[(i + 1) % n]
        face = edge_orientation(p, q)
        if face in ("S", "N"):
            out.append((face, p[1], min(p[0], q[0]), max(p[0], q[0])))
        elif face is not None:
            out.append((face, p[0], min(p[1], q[1]), max(p[1], q[1])))
    return out


coord = st.one_of(st.integers(-50000, 50000), st.floats(-50000, 50000, allow_nan=False))


@given(coord, coord, st.integers(0, 9000) | st.floats(0, 9000), st.integers(0, 9000) | st.floats(0, 9000))
def test_edge_tuples_of_a_rectangle_are_the_plain_walks(x1, y1, w, h):
    piece = rect_to_piece((x1, y1, x1 + w, y1 + h))
    got = edge_tuples(piece)
    want = _plain_edges(piece)
    assert got == want
    assert [_typed(e) for e in got] == [_typed(e) for e in want]


def test_edge_tuples_of_other_pieces_are_the_plain_walks():
    pieces = [
        ((0, 0), (3600, 0), (3600, 4000), (0, 4000)),
        ((0, 0), (3600.0, 0), (3600, 4000), (0, 4000.0)),  # mixed int and float corners
        ((0.0, 2000.0), (3000.0, 0.0), (6000, 0), (6000, 6000), (0, 6000)),  # a chamfer
        ((0, 0), (0.4, 0), (0.4, 5), (0, 5)),  # too narrow: only E and W have a face
        ((0, 0), (0.4, 0), (0.4, 5), (0, 5.3)),  # a sliver
        ((10, 10), (10, 10.2), (5, 10.2), (5, 10)),  # clockwise: faces flip
        ((0, 0), (1000, 0.3), (1000, 2000), (0, 2000)),  # axis-parallel within EPS only
    ]
    for pc in pieces:
        assert [_typed(e) for e in edge_tuples(pc)] == [_typed(e) for e in _plain_edges(pc)]


def test_edge_segment_is_the_record_its_constructor_makes():
    for face, fixed, lo, hi in [
        ("S", 0, 100, 3600.5),
        ("N", 4000.0, 0, 3600),
        ("E", 3600, 0, 4000),
        ("W", -1.5, -2, 7),
    ]:
        horizontal = face in ("S", "N")
        if horizontal:
            want = Segment(x1=lo, y1=fixed, x2=hi, y2=fixed, horizontal=True, edge_of_a=face)
        else:
            want = Segment(x1=fixed, y1=lo, x2=fixed, y2=hi, horizontal=False, edge_of_a=face)
        got = edge_segment(face, fixed, lo, hi)
        assert type(got) is Segment
        assert got == want and hash(got) == hash(want) and repr(got) == repr(want)
        assert _typed((got.x1, got.y1, got.x2, got.y2)) == _typed((want.x1, want.y1, want.x2, want.y2))


def _bits(x):
    return struct.pack("<d", x)


def test_hypot_with_a_zero_term_has_the_bits_of_the_full_computation():
    values = [0, -0.0, 1, -3, 3068, 8420.5, 1e-310, 1.7e308, 0.1, -2.5e-7, math.inf, -math.inf]
    for v in values:
        for args in ((v, 0), (0, v), (v, -0.0)):
            # three terms take the unshortened path: the same sum with one more zero
            assert _bits(js_hypot(*args)) == _bits(js_hypot(*args, 0))
    assert math.isnan(js_hypot(math.nan, 0)) and math.isnan(js_hypot(0, math.nan))
    assert js_hypot(3, 4) == 5.0


def _plain_outline(pieces, level_pieces, owner):
    """outline's definition with every facing edge found by scanning the level."""
    own = [_plain_edges(pc) for pc in pieces]
    others = [(who, _plain_edges(pc)) for who, pcs in level_pieces.items() if who != owner for pc in pcs]
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    out = []
    for index, edges in enumerate(own):
        for face, fixed, lo, hi in edges:
            want = opposite[face]
            covers = []
            for _, edges_b in others:
                for f, x, c0, c1 in edges_b:
                    if f == want and abs(x - fixed) <= EPS and c1 > lo and c0 < hi:
                        covers.append((c0, c1))
            for other, edges_b in enumerate(own):
                if other != index:
                    for f, x, c0, c1 in edges_b:
                        if f == want and abs(x - fixed) <= EPS and c1 > lo and c0 < hi:
                            covers.append((c0, c1))
            for g0, g1 in subtract_intervals(lo, hi, covers):
                if g1 - g0 > EPS:
                    out.append((face, fixed, g0, g1))
    return out


def _random_plan(seed):
    rng = random.Random(seed)
    spaces = {}
    y = 0
    for row in range(6):
        depth = rng.choice([3000, 4000, 4500.5])
        x = rng.choice([0, 0, 250, 0.25])
        while x < 20000:
            w = rng.choice([1500, 2000, 2500.5, 3600])
            if rng.random() < 0.8:
                pieces = [rect_to_piece((x, y, x + w, y + depth))]
                if rng.random() < 0.25:  # an L
                    pieces.append(rect_to_piece((x, y + depth, x + w / 2, y + depth + 1000)))
                spaces[f"r{row}-{x}"] = pieces
            x += w + rng.choice([0, 0, 0, 0.3, 600])
        y += depth + rng.choice([0, 0, 0.4, 1000])
    return spaces


def test_outline_agrees_with_a_scan_of_the_level():
    for seed in range(8):
        spaces = _random_plan(seed)
        level = LevelEdges(spaces)
        for owner, pieces in spaces.items():
            want = _plain_outline(pieces, spaces, owner)
            got = outline_edges([edge_tuples(pc) for pc in pieces], level, owner)
            assert [_typed(e) for e in got] == [_typed(e) for e in want]
            assert outline(pieces, level, owner) == [edge_segment(*e) for e in want]


@given(
    st.lists(
        st.tuples(
            st.sampled_from("SNEW"),
            st.sampled_from([0, 0.0, 10, 10.25, 3000]),
            st.integers(-50, 50),
            st.integers(1, 40),
        ),
        max_size=12,
    )
)
def test_merge_edges_is_merge_collinear_on_tuples(raw):
    edges = [(face, fixed, lo / 4, lo / 4 + length / 2) for face, fixed, lo, length in raw]
    want = merge_collinear([edge_segment(*e) for e in edges])
    got = merge_edges(edges)
    assert [edge_segment(*e) for e in got] == want
    assert [_typed((s.x1, s.y1, s.x2, s.y2)) for s in map(lambda e: edge_segment(*e), got)] == [
        _typed((s.x1, s.y1, s.x2, s.y2)) for s in want
    ]


def _plain_touching(spaces):
    """Every pair (in ``spaces`` order) whose edges face each other over more than EPS,
    by comparing all pairs of edges: the slow reference the level index must equal."""
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    names = list(spaces)
    want = set()
    for n, a in enumerate(names):
        for b in names[n + 1 :]:
            for ea in [e for pc in spaces[a] for e in _plain_edges(pc)]:
                for eb in [e for pc in spaces[b] for e in _plain_edges(pc)]:
                    if eb[0] == opposite[ea[0]] and abs(ea[1] - eb[1]) <= EPS:
                        start = max(ea[2], eb[2])
                        if ea[3] > start + EPS and eb[3] > start + EPS:
                            want.add((a, b))
    return want


def test_level_touching_is_the_pairs_sharing_an_edge():
    for seed in range(8):
        spaces = _random_plan(seed)
        names = list(spaces)
        want = _plain_touching(spaces)
        got = {(x, y) if names.index(x) < names.index(y) else (y, x) for x, y in LevelEdges(spaces).touching()}
        assert got == want
        assert len(want) > 10


def test_a_long_corridor_among_many_rooms():
    # Lines of many short edges and one long one are indexed apart (LevelEdges._split):
    # outlines and contacts must not change.
    rng = random.Random(3)
    spaces = {"corridor": [rect_to_piece((0, 6000, 120000, 7800))]}
    for side, (y1, y2) in (("s", (0, 6000)), ("n", (7800, 13000))):
        x = 0
        k = 0
        while x < 60000:
            w = rng.choice([1800, 2400, 3000.5, 3600])
            if rng.random() < 0.85:
                spaces[f"{side}{k}"] = [rect_to_piece((x, y1, min(x + w, 60000), y2))]
            x += w
            k += 1
        # one long room on the same line as the short ones
        spaces[f"{side}-hall"] = [rect_to_piece((60000, y1, 119000.5, y2))]
    spaces["stub"] = [rect_to_piece((120000, 6000, 121000, 7800))]
    level = LevelEdges(spaces)
    assert level._split  # the case under test
    for owner, pieces in spaces.items():
        want = _plain_outline(pieces, spaces, owner)
        got = outline_edges([edge_tuples(pc) for pc in pieces], level, owner)
        assert [_typed(e) for e in got] == [_typed(e) for e in want]
    names = list(spaces)
    want = _plain_touching(spaces)
    got = {(x, y) if names.index(x) < names.index(y) else (y, x) for x, y in level.touching()}
    assert got == want and ("corridor", "stub") in got and ("corridor", "s-hall") in got
    assert len(got) > 30


def test_a_placed_band_is_the_clamped_ratio_along_its_segment():
    from koyu_model.geometry import PlacedBand, place_band

    seg = edge_segment("S", 0, 0, 4000)
    for w, at in ((800, 0.5), (800, 0), (800, 1), (4000, 0.1), (900, 0.25)):
        band = place_band([seg], w, at=at)
        t = min(1 - w / 2 / 4000, max(w / 2 / 4000, at))
        want = PlacedBand(segment=seg, cx=seg.x1 + (seg.x2 - seg.x1) * t, cy=seg.y1 + 0 * t)
        assert band == want and _typed((band.cx, band.cy)) == _typed((want.cx, want.cy))
    # an integer ratio at a tie keeps the number the plain min/max keep
    for at in (0, 1, 0.0, 1.0):
        whole = place_band([edge_segment("E", 0, 0, 2)], 0, at=at)
        t = min(1 - 0 / 2 / 2.0, max(0 / 2 / 2.0, at))
        assert _typed((whole.cx, whole.cy)) == _typed((0 + 0 * t, 0 + 2 * t))


def test_an_outline_is_the_callers_own_and_follows_the_pieces_given():
    spaces = {"a": (rect_to_piece((0, 0, 3000, 4000)),), "b": (rect_to_piece((3000, 0, 6000, 4000)),)}
    level = LevelEdges(spaces)
    first = outline(spaces["a"], level, "a")
    assert [s.edge_of_a for s in first] == ["S", "N", "W"]
    first.clear()  # a caller's list is its own
    assert [s.edge_of_a for s in outline(spaces["a"], level, "a")] == ["S", "N", "W"]
    # other pieces for the same owner are outlined afresh
    wider = (rect_to_piece((0, 0, 3000, 5000)),)
    assert [s.edge_of_a for s in outline(wider, level, "a")] == ["S", "E", "N", "W"]
    assert [(s.y1, s.y2) for s in outline(wider, level, "a") if s.edge_of_a == "E"] == [(4000, 5000)]
