"""A span's levels are read once and share what their line wrote; an edit of one level
reaches that level only (reference/muro/space.md spans, over-drop.md; building.py)."""

from __future__ import annotations

import pytest

from koyu_model.errors import CompositionError, NotationError

LEVELS = "grid X 0 3600 7200\ngrid Y 0 4000\nlevel L1 0 h:2400\nlevel L2 3000 h:2400\nlevel L3 6000 h:2400\n"
SPAN = (
    LEVELS
    + "zone /L1..L3/u name:住戸\n"
    + "space /L1..L3/a room X1..X2 Y1..Y2 floor:木\n  area X1..X1+900 Y1..Y1+900 name:収納\n"
    + "space /L1..L3/b room X2..X3 Y1..Y2\n"
    + "boundary /L1..L3/a /L1..L3/b t:100 spec:LGS\n  door w:800 name:D1\n  seg w:500 name:S1\n"
    + "  line X2,Y1 X2,Y2\n"
)


def test_every_level_of_a_span_gets_the_line_and_its_members(files):
    m = files.load(SPAN)
    assert [p for p in m.spaces] == ["/L1/a", "/L2/a", "/L3/a", "/L1/b", "/L2/b", "/L3/b"]
    assert [(s.level, s.attrs, [a.attrs["name"] for a in s.areas]) for s in list(m.spaces.values())[:3]] == [
        ("L1", {"floor": "木"}, ["収納"]),
        ("L2", {"floor": "木"}, ["収納"]),
        ("L3", {"floor": "木"}, ["収納"]),
    ]
    assert [
        (b.a, b.b, b.t, [o.name for o in b.openings], [s.name for s in b.segs], b.drawn.a_ref) for b in m.boundaries
    ] == [(f"/{lv}/a", f"/{lv}/b", 100, ["D1"], ["S1"], "X2,Y1") for lv in ("L1", "L2", "L3")]
    assert list(m.zones) == ["/L1/u", "/L2/u", "/L3/u"]


def test_over_one_level_leaves_the_other_levels_as_written(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=SPAN,
        edit="over /L2/a floor:石 note:x\nover /L2/a /L2/b t:150 spec:RC\nover /L3/u name:別\n",
    )
    floors = {p: (s.attrs, s.attr_src["floor"].file.rsplit("/", 1)[1]) for p, s in m.spaces.items() if p.endswith("/a")}
    assert floors == {
        "/L1/a": ({"floor": "木"}, "plan.muro"),
        "/L2/a": ({"floor": "石", "note": "x"}, "edit.muro"),
        "/L3/a": ({"floor": "木"}, "plan.muro"),
    }
    assert [(b.t, b.attrs["spec"]) for b in m.boundaries] == [(100, "LGS"), (150, "RC"), (100, "LGS")]
    assert [z.attrs["name"] for z in m.zones.values()] == ["住戸", "住戸", "別"]


def test_set_edits_on_one_level_leave_the_other_levels_members(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=SPAN,
        edit=(
            "over /L1/a /L1/b\n  = door D1 w:900 name:玄関\n  = seg S1 spec:x\n"
            "over /L2/a /L2/b\n  - door D1\n  + window w:600 name:W1\n"
            "over /L3/a\n  = area 収納 floor:石\n"
        ),
    )
    b1, b2, b3 = m.boundaries
    assert [(o.kind, o.w, o.name, o.name_claimed) for o in b1.openings] == [("door", 900, "玄関", True)]
    assert [(o.kind, o.w, o.name, o.name_claimed) for o in b2.openings] == [("window", 600, "W1", True)]
    assert [(o.kind, o.w, o.name, o.name_claimed) for o in b3.openings] == [("door", 800, "D1", True)]
    assert [s.attrs for s in (b1.segs[0], b2.segs[0], b3.segs[0])] == [
        {"name": "S1", "spec": "x"},
        {"name": "S1"},
        {"name": "S1"},
    ]
    assert b1.openings[0].attr_src["name"].line == 2 and b3.openings[0].attr_src["name"].line == 11
    areas = [m.spaces[p].areas[0].attrs for p in ("/L1/a", "/L2/a", "/L3/a")]
    assert areas == [{"name": "収納"}, {"name": "収納"}, {"name": "収納", "floor": "石"}]


def test_an_added_member_reaches_every_level_the_over_names(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=SPAN,
        edit="over /L2..L3/a /L2..L3/b\n  + door w:700 name:D2\nover /L3/a /L3/b\n  = door D2 w:750\n",
    )
    assert [[(o.name, o.w) for o in b.openings] for b in m.boundaries] == [
        [("D1", 800)],
        [("D1", 800), ("D2", 700)],
        [("D1", 800), ("D2", 750)],
    ]
    # one name on several levels' boundaries of one over is not one member
    with pytest.raises(CompositionError) as e:
        files.load(
            "import ./plan.muro\nimport ./edit2.muro\n",
            name="m2.muro",
            edit2="over /L2..L3/a /L2..L3/b\n  = door D1 w:750\n",
        )
    assert str(e.value).endswith("edit2.muro:line 2: The door name D1 is not unique")


def test_a_spanned_boundary_carries_one_line(files):
    with pytest.raises(NotationError) as e:
        files.load(SPAN + "  line X2,Y1 X2,Y1+10\n")
    assert str(e.value).endswith(":line 14: One boundary carries one line: /L1/a | /L1/b")


def test_a_level_declared_later_joins_the_next_spans(files):
    m = files.load(LEVELS + "space /L1..L3/a room\nlevel L4 9000\nspace /L1..L4/b room\nzone /L2..L4/z\n")
    assert list(m.spaces) == ["/L1/a", "/L2/a", "/L3/a", "/L1/b", "/L2/b", "/L3/b", "/L4/b"]
    assert list(m.zones) == ["/L2/z", "/L3/z", "/L4/z"]


def test_composed_elements_are_exactly_their_frozen_records(files):
    import attrs

    from koyu_model.model import Boundary, Space, Zone

    m = files.load("import ./plan.muro\nimport ./edit.muro\n", plan=SPAN, edit="over /L2/a /L2/b t:150\n")
    for records, cls in ((m.spaces.values(), Space), (m.zones.values(), Zone), (m.boundaries, Boundary)):
        for r in records:
            assert type(r) is cls
            assert set(attrs.asdict(r, recurse=False)) == {f.name for f in attrs.fields(cls)}  # every slot set
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                r.line = 0
    assert m.boundaries[1] == attrs.evolve(m.boundaries[0], a="/L2/a", b="/L2/b", t=150)


def test_the_boundaries_at_a_path_are_found_however_their_line_was_written():
    from koyu_model.reading.compose import compose
    from koyu_model.reading.state import boundaries_between, boundaries_touching

    text = (
        LEVELS + "level L2/m 4500\n"  # a level name holding "/" still expands and is found
        "boundary /L1..L3/a /L1..L3/b\nboundary /L1..L3/a /out\nboundary /L2/a /L2/b t:1\n"
        "stack st L1..L3 type:stair\nboundary /out /L1..L3/a\nboundary /L1/st /L1/st\n"
        "boundary /L2/m/a /L3/b\n"
    )
    c = compose("/v/m.muro", text)
    c.boundaries[1] = None  # as drop leaves it
    paths = {b.a for b in c.boundaries if b} | {b.b for b in c.boundaries if b} | {"/L4/a", "/L2", "/"}
    for p in sorted(paths):
        assert boundaries_touching(c, p) == [
            i for i, b in enumerate(c.boundaries) if b is not None and p in (b.a, b.b)
        ], p
        for q in sorted(paths):
            assert boundaries_between(c, p, q) == [
                i for i, b in enumerate(c.boundaries) if b is not None and {b.a, b.b} == {p, q} and p in (b.a, b.b)
            ], (p, q)
    assert "/L2/m/a" in paths and "/L2/m/st" in paths


BAND_OVER_SPAN = (
    LEVELS
    + "band X X1..X3 Y1..Y2\n"
    + "  space /L1..L3/a room w:3000 daylight:1\n"
    + "  space /L1..L3/b room w:rest daylight:1\n"
)


def test_a_band_over_a_span_is_laid_out_level_by_level(files):
    # All the band's members on L1, then all on L2 … (model order), not member by member.
    m = files.load(BAND_OVER_SPAN)
    assert list(m.spaces) == ["/L1/a", "/L1/b", "/L2/a", "/L2/b", "/L3/a", "/L3/b"]
    assert [(s.rects[0].xa, s.rects[0].xb) for s in m.spaces.values()] == [("X1", "X1+3000"), ("X1+3000", "X3")] * 3
