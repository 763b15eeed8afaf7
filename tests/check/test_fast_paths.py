"""The check's shortcuts give the plain rule's answer (speed never buys a different one).

* refs.utf16_pair compares BMP strings directly: it must still order as UTF-16 code
  units (JavaScript), where an astral character sorts below U+E000–U+FFFF.
* regions._overlapping (levels laid out alike share their pairs) must find exactly the
  pairs of geometry.overlapping_pairs over the whole model (more than EPS on both axes,
  same level, sorted).
"""

from types import SimpleNamespace

from diag_support import codes, run
from hypothesis import given, settings
from hypothesis import strategies as st

from koyu_model.check.refs import utf16_key, utf16_pair
from koyu_model.check.regions import _overlapping
from koyu_model.geometry import overlapping_pairs


def test_utf16_pair_astral_sorts_below_private_use():
    # code point order would put U+E000 first; UTF-16 puts the surrogate pair (D800…) first
    assert utf16_pair("/\ue000", "/\U0001f600") == ("/\U0001f600", "/\ue000")
    assert utf16_pair("/\U0001f600", "/\ue000") == ("/\U0001f600", "/\ue000")


def test_utf16_pair_plain_strings_in_code_point_order():
    assert utf16_pair("/b", "/a") == ("/a", "/b")
    assert utf16_pair("/部屋", "/a") == ("/a", "/部屋")
    assert utf16_pair("", "/a") == ("", "/a")


_ALPHABET = st.sampled_from(["a", "b", "\u00e9", "\u90e8", "\ue000", "\uffff", "\U0001f600", "\U00010000"])


@given(st.text(_ALPHABET, max_size=4), st.text(_ALPHABET, max_size=4))
def test_utf16_pair_agrees_with_the_code_unit_key(a, b):
    expect = (a, b) if utf16_key(a) <= utf16_key(b) else (b, a)
    assert utf16_pair(a, b) == expect


_COORD = st.sampled_from([0, 0.25, 0.5, 0.75, 1, 1000, 1000.4, 1000.5, 1000.6, 2000, 3000])


@st.composite
def _rect(draw):
    x1, x2 = sorted((draw(_COORD), draw(_COORD)))
    y1, y2 = sorted((draw(_COORD), draw(_COORD)))
    return (x1, y1, x2, y2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["L1", "L2", None]), st.lists(_rect(), min_size=0, max_size=3)), max_size=8))
def test_overlapping_is_geometry_overlapping_pairs(spaces):
    records = [SimpleNamespace(path=f"/s{i}", level=lv) for i, (lv, _) in enumerate(spaces)]
    rects = {f"/s{i}": tuple(rs) for i, (_, rs) in enumerate(spaces) if rs}
    expect = overlapping_pairs([(i, lv, rs) for i, (lv, rs) in enumerate(spaces) if rs])
    assert _overlapping(records, rects) == expect


def test_geo02_overlap_by_one_millimetre_and_not_by_half(tmp_path):
    grid = "grid X 0 3599.5 3600 3601 7200\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"
    near = grid + "space /L1/a room X1..X4 Y1..Y2\nspace /L1/b room X3..X5 Y1..Y2\n"
    assert codes(run(tmp_path, near)).count("GEO02") == 1
    half = grid + "space /L1/a room X1..X3 Y1..Y2\nspace /L1/b room X2..X5 Y1..Y2\n"
    assert "GEO02" not in codes(run(tmp_path, half))


def test_diag_record_and_its_string_and_json_forms():
    from koyu_model.check.diagnostic import Diagnostic, diag, human, related

    d = diag("BND04", "The spaces do not touch", 7, "/b/L1.muro", ["/a", "/b"], [related(3, "")])
    assert isinstance(d, Diagnostic) and d.severity == "error" and d.path == ("/a", "/b")
    assert d.related[0].file is None and human(d) == "/b/L1.muro:line 7: The spaces do not touch"
    assert d.to_json() == {
        "code": "BND04",
        "severity": "error",
        "message": "The spaces do not touch",
        "line": 7,
        "file": "/b/L1.muro",
        "path": ["/a", "/b"],
        "related": [{"line": 3}],
    }
    # no file: "line N"; no line: the bare message, and a file is not kept without a line
    assert human(diag("OPN03", "m", 4)) == "line 4: m"
    bare = diag("UID03", "Duplicate uid: x", 0, "/b/L1.muro")
    assert (bare.file, human(bare), bare.severity) == (None, "Duplicate uid: x", "error")
    assert list(bare.to_json()) == ["code", "severity", "message"]
    assert diag("OPN03", "m", 4).severity == "warning"


def test_bnd02_same_edge_twice_and_bnd05_only_among_boundaries_without_a_line(tmp_path):
    two = (
        "grid X 0 3600 7200\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n"
    )
    diags = run(tmp_path, two + "boundary /L1/a /L1/b edge:E\nboundary /L1/b /L1/a edge:E\n")
    assert codes(diags).count("BND02") == 1
    # a drawn line's boundary is no member of its pair for BND05
    text = two + "boundary /L1/a /L1/b edge:E\nboundary /L1/a /L1/b\n  line X2,Y1 X2+100,Y2\n"
    assert "BND05" not in codes(run(tmp_path, text))
    # two speaking pairs, in first-seen order of their members
    three = two + "space /L1/c room X1..X2 Y2..Y2+3000\n"
    grid = three.replace("grid Y 0 4000", "grid Y 0 4000 7000")
    text = grid.replace("Y2..Y2+3000", "Y2..Y3") + (
        "boundary /L1/c /L1/a\nboundary /L1/a /L1/b edge:E\nboundary /L1/a /L1/c edge:S\nboundary /L1/b /L1/a\n"
    )
    found = [d for d in run(tmp_path, text) if d.code == "BND05"]
    assert [d.path for d in found] == [("/L1/a", "/L1/c"), ("/L1/a", "/L1/b")]
