"""The spaces answer (koyu_model.listings): its text pinned by hand for one level, and
areas read off the rectangles equal to the areas of the pieces."""

from __future__ import annotations

import json

import pytest

from koyu_model import load
from koyu_model.canonical import sorted_rects
from koyu_model.derived import layout
from koyu_model.geometry import pieces_area_mm2, rect_to_piece, round2
from koyu_model.listings import space_list
from koyu_model.measures import areas_of, space_areas

# Integer rectangles (read off directly), a non-integer grid line and coordinates past
# 16 km (the pieces' float path), a span sharing its rectangles, an L of two rectangles,
# a corner cut by a drawn line, an escaped name, a space with no level, one with no region.
MIXED = """koyu 1.0
grid X 0 3333.3 7000 10000 20000000
grid Y 0 2500 5000 30000000
level L1 0 h:2600
level L2..L3 3000 pitch:3000
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y3 name:"b \\"q\\""
space /L2..L3/c room X1..X2 Y1..Y2 + X1..X3 Y2..Y3 name:シー
space /L2..L3/d room X3..X4 Y1..Y2
space /L1/e room X3..X4 Y1..Y3 daylight:1
space /L1/far yard X4..X5 Y3..Y4
space /out exterior
space /loose room X3..X4 Y2..Y3
boundary /L1/e /out
  line X3,Y3-1000 X3+1000,Y3
boundary /L1/b /out type:open
"""

L1_TEXT = (
    '[\n {\n  "path": "/L1/a",\n  "type": "room",\n  "name": "a",\n  "level": "L1",\n'
    '  "areaM2": 8.33,\n  "semiOutdoor": false,\n  "layer": "@"\n },\n'
    ' {\n  "path": "/L1/b",\n  "type": "room",\n  "name": "b \\\\q\\\\",\n  "level": "L1",\n'
    '  "areaM2": 18.33,\n  "semiOutdoor": true,\n  "layer": "@"\n },\n'
    ' {\n  "path": "/L1/e",\n  "type": "room",\n  "name": "e",\n  "level": "L1",\n'
    '  "areaM2": 14.5,\n  "semiOutdoor": false,\n  "layer": "@"\n },\n'
    ' {\n  "path": "/L1/far",\n  "type": "yard",\n  "name": "far",\n  "level": "L1",\n'
    '  "areaM2": 599600050,\n  "semiOutdoor": false,\n  "layer": "@"\n }\n]'
)


@pytest.fixture
def mixed(tmp_path):
    p = tmp_path / "main.muro"
    p.write_text(MIXED, encoding="utf-8")
    return str(p)


def test_level_text_is_pinned(folder):
    path = folder.write("main.muro", MIXED)
    assert folder.text("spaces", file=path, level="L1") == L1_TEXT.replace("@", json.dumps(path)[1:-1])


def test_whole_building_text(mixed):
    entries = space_list(load(mixed))
    assert [(e["path"], e.get("areaM2")) for e in entries] == [
        ("/L1/a", 8.33),
        ("/L1/b", 18.33),
        ("/L2/c", 25.83),
        ("/L3/c", 25.83),
        ("/L2/d", 7.5),
        ("/L3/d", 7.5),
        ("/L1/e", 14.5),
        ("/L1/far", 599600050),
        ("/out", None),
        ("/loose", 7.5),
    ]
    assert "level" not in entries[-1] and "level" not in entries[-2]


def test_areas_equal_the_pieces_shoelace(mixed):
    model = load(mixed)
    pieces = layout(model).pieces
    expected = {p: round2(pieces_area_mm2(pc) / 1e6) for p, pc in pieces.items()}
    assert space_areas(model) == expected
    assert list(space_areas(model)) == list(expected)
    # a part of the building: the same numbers for those spaces only
    on_l2 = [(p, s) for p, s in model.spaces.items() if s.level == "L2"]
    assert areas_of(model, on_l2) == {"/L2/c": 25.83, "/L2/d": 7.5}


def test_empty_answer(mixed):
    assert space_list(load(mixed), "nowhere") == []


def _named_by_lines(model):
    """The region spaces a drawn line names, in boundary order."""
    spaces = model.spaces
    named = (p for b in model.boundaries if b.drawn is not None and b.a in spaces and b.b in spaces for p in (b.a, b.b))
    return [p for p in dict.fromkeys(named) if spaces[p].rects]


def _written_pieces(space):
    """A space's rectangles as counter-clockwise quads, in canonical order: its pieces when no line cuts it."""
    return tuple(rect_to_piece((r.x1, r.y1, r.x2, r.y2)) for r in sorted_rects(space))


def test_a_drawn_line_cuts_only_the_spaces_it_names(mixed):
    model = load(mixed)
    pieces = layout(model).pieces
    assert _named_by_lines(model) == ["/L1/e"]
    assert len(pieces["/L1/e"]) > 1 or len(pieces["/L1/e"][0]) != 4  # the corner is gone
    for path, space in model.spaces.items():
        if space.rects and path != "/L1/e":
            assert pieces[path] == _written_pieces(space)


SPAN_CUTS = """koyu 1.0
grid X 0 6000 9000
grid Y 0 6000
level L1..L3 0 pitch:3000 h:2400
space /L1..L3/a room X1..X2 Y1..Y2
space /L1..L3/b room X2..X3 Y1..Y2
space /L1/c room X1..X2 Y1..Y2 level:L1
space /out exterior
boundary /L1..L3/a /out
  line X1,Y2-3000 X1+3000,Y2
boundary /L1..L3/a /out
  line X2-1000,Y1 X2,Y1+1000
boundary /L2/a /L2/b
  line X2-2000,Y2 X2+1000,Y1
"""


def test_line_pieces_over_a_span_and_lines_in_sequence(tmp_path):
    p = tmp_path / "main.muro"
    p.write_text(SPAN_CUTS, encoding="utf-8")
    model = load(str(p))
    pieces = layout(model).pieces
    assert set(_named_by_lines(model)) == {"/L1/a", "/L2/a", "/L3/a", "/L2/b"}
    for path in ("/L1/a", "/L2/a", "/L3/a", "/L2/b"):
        assert pieces[path] != _written_pieces(model.spaces[path])  # each is cut
    assert pieces["/L1/a"] == pieces["/L3/a"] != pieces["/L2/a"]  # L2 has a third line
    expected = {q: round2(pieces_area_mm2(pc) / 1e6) for q, pc in pieces.items()}
    assert space_areas(model) == expected
    assert space_areas(model)["/L1/a"] == 36 - 4.5 - 0.5
