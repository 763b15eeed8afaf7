"""The canonical document in both profiles (json/index.md; COMPAT §1 integer-like keys, §6
sort keys): ``koyu json``'s text, and the tool text, which is that text parsed as
JSON.parse does and printed as JSON.stringify(v, null, 1) does. The big sections write
themselves entry by entry: they must print as plain dicts of the same content would."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from koyu_host.wire import answer_string
from koyu_model.canonical import boundary_key, boundary_sorted, canonical_document, canonical_json
from koyu_model.jsjson import canonical_text, tool_text
from koyu_model.model import Boundary
from koyu_model.reading.compose import compose, freeze

# Everything the document can hold: integer-like keys in levels, assets, zones, polygons
# and attrs; odd numbers; quotes and backslashes; multi-rectangle regions, areas,
# columns with x/y, drawn lines, segs, hinges, swings, air, ties between boundaries.
RICH = r"""koyu 1.0
name 試験 "棟 二"
unit mm
grid X 0 3600 7200 10800.5
grid Y 0 4000 8000
level 10 6000 h:2400 slab:150
level 2 3000 h:2400 slab:150.25
level L1 0 h:2400 slab:150
level B1 -3000 h:2400 slab:150 underground:1
asset 7 window w:1200 h:1000 name:窓
asset D1 door w:900 h:2100 style:hinged name:扉 10:x 2:y
zone /L1 name:一階 9:九 use:exclusive
zone /10 name:十階
polygon /site 0,0 10800.5,0 10800.5,8000 0,8000
polygon /3 0,0 1,0 1,1
space /out exterior name:外部
space /L1/a room X1..X2 Y1..Y2 + X1..X2 Y2..Y2+500 name:"A q" floor:オーク 12:n 3:m 0.5:h
  area X1..X1+1800 Y1..Y2 name:土間 floor:モルタル
  area X1..X1+900 Y1..Y2
space /L1/b room X2..X3 Y1..Y2 name:B use:common ratio:0.000001 big:12345678901234567890123 tiny:0.0000000015
space /L1/c room X3..X4 Y1..Y3 name:C
space /L1/10 room X2..X3 Y2..Y3 name:\\back
space /10/r room X1..X2 Y1..Y2 level:10 name:R
boundary /L1/b /L1/a t:120 spec:LGS
  door D1 at:0.3
  door w:800 name:Z
  door w:800 name:Y
  seg w:600 spec:glass
  seg w:600 at:X2+100 edge:N
boundary /L1/a /L1/b t:100
boundary /out /L1/b t:150.5 edge:S
  window 7 at:X2+1000
  window w:1000 h:1100 hinge:E swing:b
boundary /L1/c /L1/b air:1 type:open
boundary /L1/c /out t:200 spec:RC
  line X4,Y1+1000 X4-1000,Y1
  door w:900 at:0.5 name:入口
column 300 L1 x:X1,X2 spec:SRC 5:c
column 200 2 d:250
column 250 B1 d:250 y:Y2
"""


def _model(text: str):
    return freeze(compose("/virtual/main.muro", text), "/virtual/main.muro")


def write_tool(model) -> str:
    return tool_text(canonical_document(model))


def write_tool_string(model) -> str:
    """The tool text as the host puts it on the reply line: a JSON string."""
    return answer_string(canonical_document(model)).json


def _both_profiles_match(model) -> None:
    text = canonical_json(model)
    parsed = json.loads(text)  # keys in the text's order, as plain dicts
    assert text == canonical_text(parsed)
    assert write_tool(model) == tool_text(parsed)


def test_the_rich_building_writes_as_its_document():
    model = _model(RICH)
    _both_profiles_match(model)
    # the building really has what it is meant to exercise
    doc = json.loads(canonical_json(model))
    assert {"assets", "polygons", "zones", "columns"} <= set(doc)
    assert any("areas" in e for e in doc["spaces"].values())
    assert any(len(e.get("openings", ())) > 1 for e in doc["boundaries"])


def test_the_tool_profile_moves_integer_like_keys_first_and_koyu_json_does_not():
    model = _model(RICH)
    canonical = json.loads(canonical_json(model))
    tool = write_tool(model)
    # the canonical text keeps code-point order, the tool text is JSON.parse's object order
    assert list(canonical["levels"]) == ["10", "2", "B1", "L1"]
    assert tool.index('\n  "2": {') < tool.index('\n  "10": {') < tool.index('\n  "B1": {')
    assert list(canonical["spaces"]["/L1/a"]["attrs"]) == ["0.5", "12", "3", "floor", "name"]
    attrs_at = tool.index('"0.5": "h"')
    assert tool.index('"3": "m"') < tool.index('"12": "n"') < attrs_at < tool.index('"floor": "オーク"')
    # one-space indent, no final newline; two-space indent and a final newline
    assert tool.startswith('{\n "format": ') and not tool.endswith("\n")
    assert canonical_json(model).startswith('{\n  "format": ') and canonical_json(model).endswith("}\n")


def test_odd_numbers_are_spelled_as_javascript_does():
    text = canonical_json(_model(RICH))
    assert '"ratio": 0.000001' in text
    assert '"tiny": 1.5e-9' in text
    assert '"big": 1.2345678901234568e+22' in text
    assert "10800.5" in text and '"slab": 150.25' in text


def test_an_empty_building_writes_as_its_document():
    _both_profiles_match(_model("grid X 0 1000\ngrid Y 0 1000\n"))


NAMES = st.text(alphabet='ab"\\! /é\x01~09', min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(NAMES, NAMES, st.sampled_from([None, 100, 90.5, 1000])), max_size=12))
def test_boundary_sorted_equals_sorting_by_the_whole_key(rows):
    # quotes, backslashes and characters below '"' in paths: the escaped pair decides
    bs = [
        Boundary(
            a=a,
            b=b,
            kind="wall",
            t=t,
            air=False,
            edge=None,
            drawn=None,
            attrs={},
            attr_src={},
            openings=(),
            segs=(),
            line=1,
            file="f",
        )
        for a, b, t in rows
    ]
    keys = [boundary_key(b) for b in bs]
    assert boundary_sorted(bs) == sorted(range(len(bs)), key=keys.__getitem__)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.sampled_from(["1", "01", "7", "x", "10", "-1", "4294967295", "4294967294", "é", "A"]),
        min_size=1,
        max_size=5,
        unique=True,
    ),
    st.lists(
        st.sampled_from(["1", "0.5", "-0", "2400.0", "1e", "名", "q\\", "1000000000000000000000"]),
        min_size=5,
        max_size=5,
    ),
)
def test_attribute_bags_with_any_keys_and_values(keys, values):
    attrs = " ".join(f"{k}:{v}" for k, v in zip(keys, values))
    _both_profiles_match(
        _model(
            "grid X 0 1000\ngrid Y 0 1000\nlevel L1 0\n"
            f"space /L1/a room X1..X2 Y1..Y2 {attrs}\n"
            f"space /L1/b room X1..X2 Y1..Y2\nboundary /L1/a /L1/b {attrs}\n  door w:900 {attrs}\n"
        )
    )


# A span writes one line on every level (the writer spells an entry once per line and
# content); each level's text must still be its own, and a pair written twice is ordered
# by the rest of its key.
SPANNED = r"""koyu 1.0
grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2800
level L2 3000 h:2800
level L3 6000 h:2800
space /out exterior
space /L1..L3/a room X1..X2 Y1..Y2 name:A use:exclusive
space /L1..L3/b room X2..X3 Y1..Y2 name:B
space /L2/c room X1..X2 Y1..Y2 name:A use:exclusive
boundary /L1..L3/b /L1..L3/a t:120 spec:LGS
  door w:800 name:Z
  window w:900 at:0.25 name:Y
boundary /out /L1..L3/a t:150 spec:RC
boundary /L1..L3/a /out t:200 spec:RC
  window w:1200 name:W
"""


def test_a_span_writes_every_level_as_its_document():
    model = _model(SPANNED)
    _both_profiles_match(model)
    doc = json.loads(canonical_json(model))
    assert [p for p in doc["spaces"] if p.endswith("/a")] == ["/L1/a", "/L2/a", "/L3/a"]
    out = [e for e in doc["boundaries"] if e["between"][0] == "/L2/a" and e["between"][1] == "/out"]
    assert [e["t"] for e in out] == [200, 150]  # the repeated pair, by the rest of its key ("a")
    tool = json.loads(write_tool(model))
    assert tool["spaces"]["/L3/b"]["at"] == ["X2", "Y1", "X3", "Y2"]
    assert tool["spaces"]["/L2/c"]["attrs"] == {"name": "A", "use": "exclusive"}
    assert sum(len(e.get("openings", ())) for e in tool["boundaries"]) == 9


# Quoting can turn an order round: '"/L1/a"' < '"/L1/aA"' but '\"/L1/a\"' > '\"/L1/aA\"'
# ('\' is above 'A'), and '"X2"' < '"X2-500"' but '\"X2\"' > '\"X2-500\"'.
ORDER_TURNS_WHEN_QUOTED = """grid X 0 1000 2000 3000
grid Y 0 1000
level L1 0
space /L1/aA room X1..X2 Y1..Y2 name:"t\tab" note:a\\\\b
  area X1..X2-500 Y1..Y2
  area X1..X2 Y1..Y2
space /L1/a room X2..X3 Y1..Y2 name:"q x"
space /L1/b room X3..X4 Y1..Y2 name:間
boundary /L1/aA /L1/b t:100
boundary /L1/a /L1/b t:100
  door w:800 name:d\\1
"""


def _json_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # as JSON.stringify(text) (no lone surrogates here)


def test_the_quoted_profile_is_the_tool_text_as_a_json_string():
    for text in (RICH, ORDER_TURNS_WHEN_QUOTED):
        model = _model(text)
        assert write_tool_string(model) == _json_string(write_tool(model))


def test_the_order_turning_building_really_turns():
    model = _model(ORDER_TURNS_WHEN_QUOTED)
    doc = json.loads(canonical_json(model))
    assert [e["between"][0] for e in doc["boundaries"]] == ["/L1/a", "/L1/aA"]
    assert [e["at"][2] for e in doc["spaces"]["/L1/aA"]["areas"]] == ["X2", "X2-500"]
    _both_profiles_match(model)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="ab!A~09é\\", min_size=1, max_size=3), min_size=2, max_size=5, unique=True),
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 4), st.sampled_from([100, 90.5, 120])), min_size=1, max_size=14
    ),
)
def test_boundaries_in_any_order_and_repeated_pairs_write_as_their_document(names, rows):
    # ends ranked by their spelling ('!' sorts below '"', '\\' is escaped), runs of one pair
    # written several times (in both directions), in every profile
    lines = ["grid X 0 1000", "grid Y 0 1000", "level L1 0"]
    lines += [f"space /L1/{n} room X1..X2 Y1..Y2" for n in names]
    lines += [f"boundary /L1/{names[i % len(names)]} /L1/{names[j % len(names)]} t:{t}" for i, j, t in rows]
    model = _model("\n".join(lines) + "\n")
    _both_profiles_match(model)
    assert write_tool_string(model) == _json_string(write_tool(model))
