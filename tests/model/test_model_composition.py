"""Composition across layers: import order, strength, over, drop, set edits (composition.md)."""

from __future__ import annotations

import pytest
from model_support import HEAD

from koyu_model.errors import CompositionError

BASE = HEAD + "space /L1/a room X1..X2 Y1..Y2 h:2500\nspace /L1/b room X2..X3 Y1..Y2\n"


def test_layer_order_is_depth_first_preorder_and_first_position_wins(files):
    m = files.load(
        "import ./a.muro\nimport ./c.muro\n",
        a="import ./b.muro\n",
        b="import ./a.muro\n",
        c="import ./b.muro\n",
    )
    assert [layer.path.rsplit("/", 1)[1] for layer in m.layers] == ["main.muro", "a.muro", "b.muro", "c.muro"]
    assert [layer.index for layer in m.layers] == [0, 1, 2, 3]
    assert m.layers[1].source == "import ./b.muro\n"


def test_import_resolves_relative_to_the_importing_file(files):
    files.write("floors/L1.muro", "space /L1/a room X1..X2 Y1..Y2\n")
    files.write("floors/all.muro", "import ./L1.muro\n")
    m = files.load(HEAD + "import ./floors/all.muro\n")
    assert "/L1/a" in m.spaces


def test_model_order_inlines_an_import_where_its_line_stands(files):
    m = files.load(HEAD + "space /L1/x room\nimport ./mid.muro\nspace /L1/z room\n", mid="space /L1/y room\n")
    assert list(m.spaces) == ["/L1/x", "/L1/y", "/L1/z"]


def test_one_file_and_five_files_give_the_same_bytes(files):
    one = files.canonical(BASE + "zone /L1 name:一階\n", name="one.muro")
    split = files.canonical("import ./g.muro\nimport ./s.muro\n", g=HEAD, s=BASE[len(HEAD) :] + "zone /L1 name:一階\n")
    assert one == split


def test_stronger_layer_wins_and_entry_over_after_import_is_weakest(files):
    m = files.load(
        "import ./plan.muro\nover /L1/a h:9999\nimport ./asbuilt.muro\n",
        plan=BASE,
        asbuilt="over /L1/a spec:as-built\n",
    )
    a = m.spaces["/L1/a"]
    assert a.attrs["h"] == 2500  # the defining layer (1) is stronger than the entry (0)
    assert a.attrs["spec"] == "as-built"
    assert a.attr_src["spec"].file.endswith("asbuilt.muro")
    assert m.attr_layers == {"space:/L1/a:spec": 2}


def test_over_written_as_over_equals_written_directly(files):
    direct = files.canonical(BASE.replace("h:2500", "h:2400"), name="direct.muro")
    over = files.canonical("import ./base.muro\nimport ./patch.muro\n", base=BASE, patch="over /L1/a h:2400\n")
    assert direct == over


def test_one_layer_two_opinions_is_an_error(files):
    with pytest.raises(CompositionError) as e:
        files.load(BASE + "over /L1/a h:2600\n")
    assert str(e.value).endswith(
        "main.muro:line 6: One layer holds two opinions about h on /L1/a (which one wins is undetermined)"
    )


def test_boundary_fields_always_carry_the_defining_layers_opinion(files):
    text = BASE + "boundary /L1/a /L1/b\nover /L1/b /L1/a t:150\n"
    with pytest.raises(CompositionError) as e:
        files.load(text)
    assert "One layer holds two opinions about t on boundary /L1/a|/L1/b" in str(e.value)
    m = files.load("import ./b.muro\n", b=BASE + "boundary /L1/a /L1/b\n", name="m2.muro")
    files.write("m3.muro", "over /L1/a /L1/b t:150\nimport ./b.muro\n")
    with pytest.raises(CompositionError):
        files.load(None, name="m3.muro")  # the target does not exist yet
    assert m.boundaries[0].t is None


def test_set_edits_remove_replace_add(files):
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=BASE + "boundary /L1/a /L1/b t:120\n  door w:900 name:D1\n  door w:800 at:0.8 name:D2\n",
        edit="over /L1/a /L1/b\n  - door D2\n  = door D1 w:1000 at:0.1\n  + window w:600 h:1200 at:0.9 name:W1\n",
    )
    ops = m.boundaries[0].openings
    assert [(o.kind, o.w, o.at, o.attrs) for o in ops] == [
        ("door", 1000, 0.5, {"name": "D1", "at": 0.1}),  # = moves nothing: at stays an attribute
        ("window", 600, 0.9, {"name": "W1"}),
    ]
    assert ops[1].line == 4 and ops[1].src_file.endswith("edit.muro")
    assert [e.word for e in m.edits] == ["over", "-", "=", "+"]
    assert m.edits[0].subject == "/L1/a /L1/b"


@pytest.mark.parametrize(
    "edit, message",
    [
        ("  + door w:700\n", "A door added with + requires name: (it is the name later statements point to)"),
        ("  + door w:700 name:D1\n", "Duplicate door name: D1"),
        ("  - door D9\n", "No such door: D9"),
        ("  door w:700\n", "Only + (add) / - (remove) / = (replace) may sit directly under over: door"),
    ],
)
def test_set_edit_errors(files, edit, message):
    with pytest.raises(Exception) as e:
        files.load(BASE + "boundary /L1/a /L1/b\n  door w:900 name:D1\nover /L1/a /L1/b\n" + edit)
    assert str(e.value).endswith(": " + message)


def test_drop_space_takes_its_boundaries_and_drop_column_needs_a_unique_name(files):
    m = files.load(
        BASE + "boundary /L1/a /L1/b\nboundary /L1/a /out\ncolumn 600 L1 name:C1\ndrop /L1/b\ndrop column C1\n"
    )
    assert list(m.spaces) == ["/L1/a"]
    assert [(b.a, b.b) for b in m.boundaries] == [("/L1/a", "/out")]
    assert m.columns == ()
    with pytest.raises(CompositionError) as e:
        files.load(HEAD + "column 600 L1 name:C1\ncolumn 500 L1 name:C1\ndrop column C1\n", name="c.muro")
    assert str(e.value).endswith("c.muro:line 6: The column name C1 is not unique")


def test_over_a_zone_when_no_space_has_the_path(files):
    m = files.load(HEAD + "zone /site name:敷地\nover /site area:1097.80\n")
    assert m.zones["/site"].attrs == {"name": "敷地", "area": 1097.8}


def test_over_level_reaches_only_typed_fields(files):
    m = files.load("import ./l.muro\nover level L1 h:2900\n", l=HEAD, name="a.muro")
    assert m.levels["L1"].h == 2400  # the defining layer is stronger
    with pytest.raises(CompositionError):
        files.load(HEAD + "over level L1 h:2900\n", name="b.muro")  # level fields are typed
    with pytest.raises(Exception) as e:
        files.load(HEAD + "over level L1 spec:x\n", name="c.muro")
    assert str(e.value).endswith("Only h / slab / underground may be overridden on a level: spec")


def test_a_remembered_model_is_handed_out_only_while_every_layer_is_unchanged(files):
    first = files.load(HEAD + "import ./l.muro\n", l="space /L1/a room\n")
    assert files.load() is first  # nothing changed: the same immutable Model
    files.write("l.muro", "space /L1/b room\n")
    second = files.load()
    assert second is not first and list(second.spaces) == ["/L1/b"]


def test_an_overlay_replaces_a_layer_without_touching_the_disk(files):
    from koyu_model import load

    files.write("l.muro", "space /L1/a room\n")
    entry = files.write("main.muro", HEAD + "import ./l.muro\n")
    m = load(str(entry), overlay=lambda p: "space /L1/z room\n" if p.endswith("l.muro") else None)
    assert list(m.spaces) == ["/L1/z"] and m.layers[1].source == "space /L1/z room\n"
    assert list(load(str(entry)).spaces) == ["/L1/a"]


def test_replace_on_a_seg_lifts_only_w(files):
    m = files.load(
        BASE + "boundary /L1/a /L1/b\n  seg w:900 name:S1\nover /L1/a /L1/b\n  = seg S1 w:1200 h:300 spec:x\n"
    )
    seg = m.boundaries[0].segs[0]
    assert seg.w == 1200 and seg.attrs == {"name": "S1", "h": 300, "spec": "x"}


def test_a_space_dropped_and_written_again_starts_with_no_opinions(files):
    # the opinions belong to the element, not to its path: the new /L1/a is a new element
    m = files.load(
        "import ./plan.muro\nimport ./edit.muro\n",
        plan=BASE,
        edit="over /L1/a spec:x\ndrop /L1/a\nspace /L1/a room X1..X2 Y1..Y2\nover /L1/a spec:y\n",
    )
    a = m.spaces["/L1/a"]
    assert a.attrs == {"spec": "y"} and a.attr_src["spec"].line == 4
    assert list(m.spaces) == ["/L1/b", "/L1/a"]
