"""JSON text as JavaScript writes it (COMPAT §1): numbers, key order, the three profiles."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from koyu_model.jsjson import canonical_text, compact_text, js_number, js_object_order, js_round, tool_text


@pytest.mark.parametrize(
    "x, spelled",
    [
        (0, "0"),
        (-0.0, "0"),
        (2400.0, "2400"),
        (1.5, "1.5"),
        (-2.25, "-2.25"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (123456789012345680000.0, "123456789012345680000"),
        (1.2345678901234568e22, "1.2345678901234568e+22"),
        (1e-6, "0.000001"),
        (1e-7, "1e-7"),
        (1.5e-9, "1.5e-9"),
        (0.00001, "0.00001"),
        (1e16, "10000000000000000"),
        (2**53 - 1, "9007199254740991"),
        (2**53, "9007199254740992"),
        (2**60, "1152921504606847000"),
        (12345678901234567890, "12345678901234567000"),
        (-(2**70), "-1.1805916207174113e+21"),
        (float("nan"), "null"),
        (float("inf"), "null"),
        (True, "true"),
        (5e-324, "5e-324"),
    ],
)
def test_numbers_are_spelled_as_javascript_does(x, spelled):
    assert js_number(x) == spelled
    # and so in every profile, inside containers too
    assert tool_text([x]) == f"[\n {spelled}\n]"
    assert compact_text({"v": x}) == f'{{"v":{spelled}}}'


def test_math_round_sends_halves_up():
    assert [js_round(x) for x in (2.5, -2.5, 0.49999999999999994, -0.4)] == [3.0, -2.0, 0.0, -0.0]


def test_integer_like_keys_move_first_in_numeric_order():
    obj = {"b": 1, "10": 2, "01": 3, "2": 4, "-1": 5, "4294967295": 6, "4294967294": 7}
    assert list(js_object_order(obj)) == ["2", "10", "4294967294", "b", "01", "-1", "4294967295"]
    assert tool_text(obj).index('"2"') < tool_text(obj).index('"b"')
    assert compact_text(obj).startswith('{"2":4,"10":2,')
    # koyu json keeps the caller's order
    assert canonical_text(obj).startswith('{\n  "b": 1,')


def test_the_same_keys_reordered_or_not_by_their_content_every_time():
    # a remembered "nothing to reorder" for one key set must not leak to another
    assert compact_text({"a": 1, "b": 2}) == '{"a":1,"b":2}'
    assert compact_text({"a": 1, "3": 2}) == '{"3":2,"a":1}'
    assert compact_text({"a": 1, "b": 2}) == '{"a":1,"b":2}'
    assert tool_text({"a": 1, "3": 2}) == '{\n "3": 2,\n "a": 1\n}'


def _reference(v, indent: str, js_order: bool, level: int = 0) -> str:
    """JSON.stringify(v, null, indent) written the plain way (no fast paths)."""
    if v is None or isinstance(v, (bool, int, float)):
        return js_number(v) if v is not None else "null"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    pad, inner = "\n" + indent * level, "\n" + indent * (level + 1)
    sep = ","
    colon = ": " if indent else ":"
    if isinstance(v, list):
        if not v:
            return "[]"
        parts = [_reference(x, indent, js_order, level + 1) for x in v]
        return "[" + sep.join((inner if indent else "") + p for p in parts) + (pad if indent else "") + "]"
    if not v:
        return "{}"
    items = (js_object_order(v) if js_order else v).items()
    parts = [json.dumps(k, ensure_ascii=False) + colon + _reference(x, indent, js_order, level + 1) for k, x in items]
    return "{" + sep.join((inner if indent else "") + p for p in parts) + (pad if indent else "") + "}"


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([0.5, -0.0, 3.0, 1e21, 1e-7])
    | st.text(alphabet='ab"\\\n\t\x01é間\U0001f600', max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet="ab1é_0", max_size=3), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_the_profiles_print_what_json_stringify_prints(v):
    assert tool_text(v) == _reference(v, " ", True)
    assert canonical_text(v) == _reference(v, "  ", False) + "\n"
    assert compact_text(v) == _reference(v, "", True)


def test_js_string_spells_the_non_finite_as_string_does():
    from koyu_model.jsjson import js_string

    assert [js_string(x) for x in (2400, 2400.0, 1e21, float("inf"), -float("inf"), float("nan"))] == [
        "2400",
        "2400",
        "1e+21",
        "Infinity",
        "-Infinity",
        "NaN",
    ]


def test_js_to_fixed_rounds_the_binary_value_half_away_and_keeps_javascripts_edges():
    from koyu_model.jsjson import js_to_fixed

    assert js_to_fixed(14.4, 2) == "14.40"
    assert js_to_fixed(0.125, 2) == "0.13"  # an exact binary tie goes up
    assert js_to_fixed(1.005, 2) == "1.00"  # 1.005 is 1.00499999… in binary
    assert js_to_fixed(-0.0, 2) == "0.00" and js_to_fixed(-0.001, 2) == "-0.00"
    assert js_to_fixed(3.6e18, 2) == "3600000000000000000.00"
    assert js_to_fixed(1e21, 2) == "1e+21" and js_to_fixed(float("nan"), 2) == "NaN"


def test_writing_leaves_nothing_for_the_garbage_collector():
    # the host pauses the collector during a tool call: a cycle in a writer would keep its
    # pieces (megabytes for a big building) alive until some later collection
    import gc

    value = {"a": [{"b": [1, 2.5, "x"]}, [[]]], "10": {"c": None}}
    gc.collect()
    gc.disable()
    try:
        texts = [tool_text(value), canonical_text(value), compact_text(value)]
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert texts[2] == '{"10":{"c":null},"a":[{"b":[1,2.5,"x"]},[[]]]}'
