"""How a line is read: tokens, quotes, comments, whitespace, numbers (lines.md, COMPAT §1–2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from koyu_model.errors import NotationError
from koyu_model.reading.lexing import JS_SPACE, NUMBER_RE, Line, read_number, read_value, scan, split_lines, tokenize


def test_quotes_toggle_anywhere_and_vanish():
    assert tokenize('space /L1/a room name:"居間 と 食堂" acme.note:"#3 と #4"') == [
        "space",
        "/L1/a",
        "room",
        "name:居間 と 食堂",
        "acme.note:#3 と #4",
    ]
    assert tokenize('name:南"の"部屋') == ["name:南の部屋"]


def test_comment_runs_to_end_of_line_outside_quotes():
    assert tokenize("space /L1/a room   # a trailing comment") == ["space", "/L1/a", "room"]
    assert tokenize("# whole line") == []


def test_empty_quoted_token_is_dropped():
    assert tokenize('name ""') == ["name"]
    assert tokenize('name:""') == ["name:"]


def test_unclosed_quote_stops_with_the_line():
    with pytest.raises(NotationError) as e:
        tokenize('space /L1/a room name:"open', 7, "/x/a.muro")
    assert str(e.value) == "/x/a.muro:line 7: Unclosed quote"


def test_javascript_whitespace_set():
    # U+3000 and U+FEFF separate; U+001C does not (Python's str.split would split it).
    assert tokenize("a\u3000b\ufeffc") == ["a", "b", "c"]
    assert tokenize("a\x1cb") == ["a\x1cb"]


def test_lines_split_on_lf_and_crlf_only_and_skip_blank_lines():
    lines = split_lines("a 1\r\nb 2\rc\n\n   \n# only\n  door w:1\n")
    assert [(ln.number, ln.indented, ln.tokens) for ln in lines] == [
        (1, False, ["a", "1"]),
        (2, False, ["b", "2", "c"]),  # a lone CR is whitespace, not a break
        (6, True, ["door", "w:1"]),
    ]


def test_bom_makes_the_first_line_indented():
    assert split_lines("\ufeffkoyu 1.0")[0].indented is True


def test_source_is_read_as_nfc():
    decomposed = "space /L1/か\u3099 room"
    assert split_lines(decomposed)[0].tokens[1] == "/L1/が"


@pytest.mark.parametrize(
    "spelling, value",
    [("2400", 2400), ("2400.0", 2400), ("0123", 123), ("1.50", 1.5), ("-0", 0), ("-12.25", -12.25)],
)
def test_ascii_numbers_read_as_numbers(spelling, value):
    got = read_number(spelling)
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize("spelling", ["24OO", "１２", "1e3", "+5", ".5", "5.", "2400mm"])
def test_other_spellings_stay_strings(spelling):
    assert read_number(spelling) is None
    assert read_value(spelling) == spelling


def test_huge_numbers_are_doubles():
    assert read_value("12345678901234567890123") == 1.2345678901234568e22


# Characters that matter to a line: spaces of both kinds, the comment mark, digits (also
# full-width and superscript), and a few letters.
_LINE_CHARS = st.sampled_from(list("ab:/#.-09 \t\u3000\ufeff\x1c\u0085\u00a0\u00b2\uff11"))


@given(st.text(_LINE_CHARS, max_size=30))
def test_the_fast_tokenizer_agrees_with_the_scanner(line):
    assert tokenize(line) == scan(line)


@given(st.text(st.sampled_from(list("0123456789-.\uff11\u00b2\u0663")), max_size=20))
def test_numbers_are_read_alike_on_every_path(spelling):
    got = read_number(spelling)
    if not NUMBER_RE.match(spelling):
        assert got is None
    else:
        value = float(spelling)
        exact = value.is_integer() and abs(value) < 2**53
        assert got == value and type(got) is (int if exact else float)


@given(st.lists(st.text(st.sampled_from(list('ab:#" \t\r\u3000\x1c\x85\ufeff')), max_size=12), max_size=6))
def test_split_lines_reads_each_line_as_tokenize_does(rows):
    text = "\n".join(rows)
    expected = []
    for number, row in enumerate(rows, start=1):
        row = row[:-1] if row.endswith("\r") else row
        try:
            tokens = tokenize(row) if row else []
        except NotationError:  # an unclosed quote: the line stays, uncut, where it stands
            tokens = None
        if tokens is None or tokens:
            expected.append((number, row[0] in JS_SPACE, tokens))
    lines = split_lines(text)
    assert all(type(ln) is Line for ln in lines)
    assert [(ln.number, ln.indented, ln.tokens) for ln in lines] == expected


def test_a_layer_is_cut_the_javascript_way_where_python_would_differ():
    # str.split() cuts at U+001C–U+001F and U+0085 and not at U+FEFF; JavaScript's \s the
    # reverse. A layer holding any of them anywhere is cut by the JavaScript set throughout.
    assert [ln.tokens for ln in split_lines("a\x85b c\nd e\n")] == [["a\x85b", "c"], ["d", "e"]]
    assert [ln.tokens for ln in split_lines("a\x1cb\nc\ufeffd\n")] == [["a\x1cb"], ["c", "d"]]
    assert [ln.tokens for ln in split_lines("a b\r\n  c\u3000d\r\n")] == [["a", "b"], ["c", "d"]]
