"""The reader's two phases (koyu_model/reading): a layer's lines become statements knowing
nothing of other layers (statements.layer_lines), then one fold applies them in walk order.
An error phase one finds (an unclosed quote) is raised where a walk line by line reaches it:
after the lines before it, before the block it falls in ends, after a layer imported above it."""

from __future__ import annotations

import pytest
from model_support import HEAD

from koyu_model.errors import KoyuError
from koyu_model.reading.statements import layer_lines


def test_a_statement_is_a_declaration_and_the_indented_lines_under_it():
    text = (
        "  door w:900\n"  # under no declaration: a statement without a head
        "# a comment\n\n"
        "boundary /a /b\n  door w:900\n\n  seg w:500\n"
        "import ./other.muro\n  area X1..X2 Y1..Y2\n"  # an import has no members
        "space /a room\n"
    )
    got = [
        (line, tokens and tokens[0], [n for n, _ in members], uncut)
        for line, tokens, members, uncut in layer_lines("/v/m.muro", text)
    ]
    assert got == [
        (0, None, [1], None),
        (4, "boundary", [5, 7], None),
        (8, "import", [], None),
        (0, None, [9], None),
        (10, "space", [], None),
    ]


def test_the_first_unclosed_quote_ends_the_statements_in_the_statement_it_falls_in():
    assert layer_lines("/v/m.muro", 'boundary /a /b\n  door w:900\n  door name:"x\nspace /c room\n') == [
        (1, ["boundary", "/a", "/b"], [(2, ["door", "w:900"])], 3)
    ]
    # unindented, it still belongs to the statement before it: that block never ends
    assert layer_lines("/v/m.muro", 'space /a room\nspace /b "room\n')[-1] == (1, ["space", "/a", "room"], [], 2)
    # after an import, or on the first line, it stands alone
    assert layer_lines("/v/m.muro", 'import ./x.muro\nname "x\n')[-1] == (0, None, [], 2)
    assert layer_lines("/v/m.muro", '"x\nspace /a room\n') == [(0, None, [], 1)]


@pytest.mark.parametrize(
    "text, line, message",
    [
        # the band's block ends only after its lines: the quote is reached first
        (HEAD + 'band X X1..X3 Y1..Y2\nspace /L1/a "room\n', 5, "Unclosed quote"),
        (HEAD + "band X X1..X3 Y1..Y2\nspace /L1/a room\n", 4, "band takes one or more indented space lines below it"),
        # a member line's own error comes before a later quote
        (
            HEAD + 'boundary /L1/a /L1/b\n  door w:0\n  door "x\n',
            5,
            "door requires a width w:(mm) (the asset may supply it)",
        ),
        # an indented line after an import is under no declaration
        ("import ./main.muro\n  area X1..X2 Y1..Y2\n", 2, "area is written indented directly under space"),
    ],
)
def test_the_fold_raises_in_the_order_a_walk_line_by_line_does(files, text, line, message):
    with pytest.raises(KoyuError) as e:
        files.load(text)
    assert (e.value.line, e.value.raw) == (line, message)


def test_an_imported_layer_is_read_where_its_import_stands_before_a_quote_after_it(files):
    with pytest.raises(KoyuError) as e:
        files.load('import ./plan.muro\nname "x\n', plan="space /a\n")
    assert (e.value.file, e.value.line, e.value.raw) == (
        files.path("plan.muro"),
        1,
        "space /a requires a type (a word from the vocabulary)",
    )
    with pytest.raises(KoyuError) as e:
        files.load('import ./plan.muro\nname "x\n', plan="space /a room\n")
    assert (e.value.file, e.value.line, e.value.raw) == (files.path("main.muro"), 2, "Unclosed quote")
