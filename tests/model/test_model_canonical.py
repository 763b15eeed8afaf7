"""Canonical JSON: the same composition gives the same bytes (json/index.md, COMPAT §6)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from model_support import HEAD

from koyu_model.canonical import boundary_order, canonical_json
from koyu_model.reading.compose import compose, freeze

# Lines whose order carries no meaning once grid and level come first. Columns are left
# out: their declaration order is meaning.
FREE_LINES = [
    "space /L1/b room X2..X3 Y1..Y2 name:B use:common",
    "space /L1/a room X1..X2 Y1..Y2 + X1..X2 Y2..Y2+500 floor:オーク name:A",
    "space /out exterior name:外部",
    "zone /L1 name:一階 use:exclusive",
    "asset D1 door w:900 h:2100 style:hinged name:片開き",
    "polygon /site 0,0 7200,0 7200,4000 0,4000",
    "boundary /L1/a /L1/b t:120 spec:LGS\n  door D1 at:0.3\n  door w:800 name:Z\n  seg w:600 spec:glass",
    "boundary /out /L1/b t:150 edge:S\n  window w:1200 h:1100 name:W\n  window w:1000 h:1100",
    "boundary /L1/a /out t:150 edge:W",
]


def _text(order):
    lines = [FREE_LINES[i] for i in order]
    # the asset must precede its use: keep it first among the reordered lines
    lines.sort(key=lambda ln: 0 if ln.startswith("asset") else 1)
    return HEAD + "\n".join(lines) + "\n"


def _bytes(text: str) -> str:
    return canonical_json(freeze(compose("/virtual/main.muro", text), "/virtual/main.muro"))


REFERENCE = _bytes(_text(range(len(FREE_LINES))))


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(len(FREE_LINES))))
def test_reordering_free_lines_keeps_the_bytes(order):
    assert _bytes(_text(order)) == REFERENCE


@settings(max_examples=25, deadline=None)
@given(st.permutations(["door w:900 name:D1", "door w:900 name:D2", "window w:1000 h:900", "seg w:500"]))
def test_member_order_carries_no_meaning_except_ties(members):
    text = HEAD + "boundary /L1/a /L1/b\n" + "".join(f"  {m}\n" for m in members)
    doc = _bytes(text)
    # two doors differing only in name stay in written order (attrs are blank in the key)
    d1, d2 = doc.index('"D1"'), doc.index('"D2"')
    assert (d1 < d2) == (members.index("door w:900 name:D1") < members.index("door w:900 name:D2"))
    assert doc.replace('"D1"', '"Dx"').replace('"D2"', '"Dx"') == _bytes(
        HEAD + "boundary /L1/a /L1/b\n  door w:900 name:D1\n  door w:900 name:D2\n  window w:1000 h:900\n  seg w:500\n"
    ).replace('"D1"', '"Dx"').replace('"D2"', '"Dx"')


def test_numbers_compare_as_text_and_strings_before_numbers():
    doc = _bytes(HEAD + "boundary /a /b\n  door w:900\n  door w:1000\n  door w:900 at:X1+10\n")
    ops = json.loads(doc)["boundaries"][0]["openings"]
    assert [(o["w"], o["at"]) for o in ops] == [(1000, 0.5), (900, "X1+10"), (900, 0.5)]


def test_boundary_order_is_by_between_then_content():
    m = freeze(
        compose("/v/m.muro", HEAD + "boundary /z /a\nboundary /b /c kind:x\nboundary /a /b t:100\nboundary /a /b\n"),
        "/v/m.muro",
    )
    # "t" present sorts before the closing brace of the entry without it
    assert [(m.boundaries[i].a, m.boundaries[i].b, m.boundaries[i].t) for i in boundary_order(m)] == [
        ("/a", "/b", 100),
        ("/a", "/b", None),
        ("/z", "/a", None),
        ("/b", "/c", None),
    ]


def test_collation_is_code_point_order_not_utf16():
    doc = _bytes("space /﨑 room\nspace /𠮟 room\nspace /B room\n")
    assert doc.index('"/B"') < doc.index('"/﨑"') < doc.index('"/𠮟"')


def test_columns_keep_declaration_order():
    doc = _bytes(HEAD + "level L2 3000 h:2400\ncolumn 800 L2\ncolumn 600 L1\n")
    assert doc.index('"size": 800') < doc.index('"size": 600')


def test_number_spelling_follows_javascript():
    doc = _bytes(HEAD + "space /a room acme.x:0.0000001 acme.y:12345678901234567890123 acme.z:2400.0\n")
    assert '"acme.x": 1e-7' in doc and '"acme.y": 1.2345678901234568e+22' in doc and '"acme.z": 2400' in doc


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=2), min_size=len(FREE_LINES), max_size=len(FREE_LINES)))
def test_splitting_into_layers_keeps_the_bytes(placement):
    """The same declarations spread over an entry and two imported layers: same bytes."""
    layers = {0: [], 1: [], 2: []}
    for line, where in zip(FREE_LINES, placement):
        layers[where].append(line)
    asset_first = lambda ls: sorted(ls, key=lambda ln: 0 if ln.startswith("asset") else 1)  # noqa: E731
    files = {f"/virtual/l{i}.muro": "\n".join(asset_first(layers[i])) + "\n" for i in (1, 2)}
    # an asset must be composed before the opening that uses it: put it in the entry's head
    entry_lines = asset_first(layers[0])
    assets = [ln for ln in FREE_LINES if ln.startswith("asset")]
    for k in files:
        text = files[k]
        for a in assets:
            if a in text:
                files[k] = text.replace(a + "\n", "")
                entry_lines = [a] + [ln for ln in entry_lines if ln != a]
    entry = HEAD + "\n".join(entry_lines) + "\nimport ./l1.muro\nimport ./l2.muro\n"
    c = compose("/virtual/main.muro", entry, overlay=files.get)
    assert canonical_json(freeze(c, "/virtual/main.muro")) == REFERENCE
