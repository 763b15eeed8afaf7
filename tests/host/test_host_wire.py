"""The reply line (koyu_host.wire): JSON.stringify of the message, in UTF-8, strings
well-formed; a tool's answer written straight as the reply's JSON string."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from koyu_host.wire import JsonString, answer_string, reply_bytes, reply_line
from koyu_model.jsjson import compact_text, tool_text

TEXTS = st.text(alphabet='ab12"\\\n\t\x01\x1f\x7fé間\U0001f600\u2028\ud800', max_size=12)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXTS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
    max_leaves=12,
)


def _stringify(text: str) -> str:
    """JSON.stringify(text): JSON escapes, non-ASCII raw, lone surrogates as \\udxxx."""
    return "".join(
        c if 0xD800 > ord(c) or ord(c) > 0xDFFF else f"\\u{ord(c):04x}" for c in json.dumps(text, ensure_ascii=False)
    )


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_an_answer_on_the_line_is_its_tool_text_as_json_stringify_writes_that_string(v):
    answer = [v]  # a value; a str answer is its own text
    line = reply_line({"text": answer_string(answer)})
    assert line == '{"text":' + _stringify(tool_text(answer)) + "}"
    assert reply_bytes({"text": answer_string(answer)}) == (line + "\n").encode("utf-8")


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_the_reply_line_has_well_formed_strings_and_its_bytes_are_its_utf_8(v):
    line = reply_line(v)
    assert json.loads(line) == json.loads(compact_text(v))
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in line)
    assert reply_bytes(v) == (line + "\n").encode("utf-8")


@pytest.mark.parametrize("text", ["plain", 'q"\\\n間', "lone \ud800 surrogate"])
def test_a_str_answer_is_its_own_text(text):
    expected = '{"id":"\\udc00","text":' + _stringify(text) + "}"
    assert reply_line({"id": "\udc00", "text": answer_string(text)}) == expected
    assert reply_line({"text": JsonString('"x"')}) == '{"text":"x"}'


def test_an_answer_that_is_not_json_is_a_type_error():
    with pytest.raises(TypeError):
        answer_string({"a": object()})
