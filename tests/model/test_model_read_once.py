"""What a composition reads once and uses again (reading/state.py, Composition): lines
written alike share what their words mean, never their line, their sources or an edit
made to one of them; words read again after what they depend on changed are read
afresh."""

from __future__ import annotations

import pytest
from model_support import HEAD

from koyu_model.errors import NotationError

LEVELS = "grid X 0 3600 7200\ngrid Y 0 4000 8000\nlevel L1 0\nlevel L2 3000\n"
ROOMS = (
    LEVELS
    + "asset D1 door w:800 h:2000 spec:木 name:D\n"
    + "space /L1..L2/a room X1..X2 Y1..Y2\nspace /L1..L2/b room X2..X3 Y1..Y2\n"
    + "space /L1..L2/c room X1..X2 Y2..Y3\n"
)


def _name(path: str) -> str:
    return path.rsplit("/", 1)[1]


def test_boundaries_written_alike_keep_their_own_line_and_edits(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=ROOMS + "boundary /L1..L2/a /L1..L2/b t:100 spec:LGS\nboundary /L1..L2/a /L1..L2/c t:100 spec:LGS\n",
        edit="over /L2/a /L2/c spec:RC t:150\n",
    )
    got = [
        (b.a, b.b, b.t, b.attrs, b.line, b.attr_src["spec"].line, _name(b.attr_src["spec"].file)) for b in m.boundaries
    ]
    assert got == [
        ("/L1/a", "/L1/b", 100, {"spec": "LGS"}, 9, 9, "plan.muro"),
        ("/L2/a", "/L2/b", 100, {"spec": "LGS"}, 9, 9, "plan.muro"),
        ("/L1/a", "/L1/c", 100, {"spec": "LGS"}, 10, 10, "plan.muro"),
        ("/L2/a", "/L2/c", 150, {"spec": "RC"}, 10, 1, "edit.muro"),
    ]


def test_openings_written_alike_keep_their_own_line_and_sources(files):
    m = files.load(
        ROOMS + ("boundary /L1..L2/a /L1..L2/b\n  door D1 name:戸\nboundary /L1..L2/a /L1..L2/c\n  door D1 name:戸\n")
    )
    first, second = m.boundaries[0].openings[0], m.boundaries[2].openings[0]
    assert (first.line, second.line) == (10, 12)
    for o, line in ((first, 10), (second, 12)):
        assert (o.w, o.h, o.attrs) == (800, 2000, {"spec": "木", "name": "戸"})
        assert {k: s.line for k, s in o.attr_src.items()} == {"spec": 5, "name": line}
        assert o.name_claimed


def test_an_opening_written_again_after_over_asset_reads_the_edited_asset(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=ROOMS + "boundary /L1/a /L1/b\n  door D1 name:戸\n",
        edit="over asset D1 w:900 spec:鋼\nboundary /L1/a /L1/c\n  door D1 name:戸\n",
    )
    before, after = m.boundaries[0].openings[0], m.boundaries[1].openings[0]
    assert (before.w, before.attrs["spec"], before.attr_src["spec"].line) == (800, "木", 5)
    assert (after.w, after.attrs["spec"], after.attr_src["spec"].line) == (900, "鋼", 1)
    assert _name(after.attr_src["spec"].file) == "edit.muro" and after.attr_src["name"].line == 3


def test_an_edited_opening_leaves_the_one_written_alike(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=ROOMS + "boundary /L1/a /L1/b\n  door w:700 name:x\nboundary /L1/a /L1/c\n  door w:700 name:x\n",
        edit="over /L1/a /L1/c\n  = door x w:750 spec:鋼\n",
    )
    assert [(o.w, o.attrs) for b in m.boundaries for o in b.openings] == [
        (700, {"name": "x"}),
        (750, {"name": "x", "spec": "鋼"}),
    ]


def test_band_members_written_alike_in_two_bands(files):
    band = "band X X1..X3 Y{0}..Y{1}\n  space /L1/{2}1 room w:2000 name:r\n  space /L1/{2}2 room w:rest name:q\n"
    m = files.load(LEVELS + band.format(1, 2, "s") + band.format(2, 3, "n"))
    got = [(p, s.rects[0].xa, s.rects[0].xb, s.rects[0].ya, s.attrs, s.line) for p, s in m.spaces.items()]
    assert got == [
        ("/L1/s1", "X1", "X1+2000", "Y1", {"name": "r"}, 6),
        ("/L1/s2", "X1+2000", "X3", "Y1", {"name": "q"}, 7),
        ("/L1/n1", "X1", "X1+2000", "Y2", {"name": "r"}, 9),
        ("/L1/n2", "X1+2000", "X3", "Y2", {"name": "q"}, 10),
    ]
    # the remainder is still claimed once per band, with the line that claims it twice
    with pytest.raises(NotationError) as e:
        files.load(LEVELS + band.format(1, 2, "s") + band.format(2, 3, "n") + "  space /L1/n3 room w:rest name:q\n")
    assert str(e.value).endswith(":line 11: Only one member per band absorbs the remainder (w:rest): /L1/n2, /L1/n3")


def test_a_line_written_like_a_good_one_still_fails_where_it_is_wrong(files):
    with pytest.raises(NotationError) as e:
        files.load(
            ROOMS + "boundary /L1..L2/a /L1..L2/b t:100\nboundary /L1..L2/a /L1/c t:100\n"
            "boundary /L1..L2/b /L1..L2/c t:100 t:120\n"
        )
    assert str(e.value).endswith(":line 11: Duplicate attribute key: t")
    with pytest.raises(NotationError) as e:
        files.load(ROOMS + "boundary /L1..L2/a /L1..L2/b t:100\nboundary /L1..L2/a /L1..L3/b t:100\n")
    assert str(e.value).endswith(":line 10: Level ranges on one line must agree: L1..L2, L1..L3")


def test_a_written_end_beside_a_span_repeats_on_every_level(files):
    m = files.load(ROOMS + "boundary /L1..L2/a /out t:100\nboundary /out /L1..L2/b t:100\n")
    assert [(b.a, b.b) for b in m.boundaries] == [
        ("/L1/a", "/out"),
        ("/L2/a", "/out"),
        ("/out", "/L1/b"),
        ("/out", "/L2/b"),
    ]
    assert m.boundaries[0].a is m.spaces["/L1/a"].path  # a span's path strings are shared


def test_a_range_reads_against_the_grid_it_names(files):
    with pytest.raises(NotationError) as e:
        files.load("grid X 0 3600\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2\n")
    assert str(e.value).endswith(":line 3: Undefined grid line name: Y1")
    m = files.load(HEAD + "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room Y1..Y2 X1..X2\n")
    assert m.spaces["/L1/a"].rects == m.spaces["/L1/b"].rects
