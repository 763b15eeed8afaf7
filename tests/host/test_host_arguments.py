"""Arguments: inputSchema derived from the input class, and the original's argument errors."""

from __future__ import annotations

import math
from typing import ClassVar

import attrs
import pytest
from host_support import client_for, make_tool
from koyu_ask import doors
from koyu_form import plan_svg
from koyu_read import spaces
from koyu_verify import check
from koyu_write import new_uids, write_layer

from koyu_host import ENTRY_FILE, ArgumentError, ToolError, argument, check_late
from koyu_host.arguments import input_schema, js_to_number, register_input, structure


def echo_client(module):
    """A server whose tool is named as the real tool's module, has its input class, and
    echoes what it got."""
    tool = make_tool(module.__name__.rpartition(".")[2], handler=lambda args: attrs.asdict(args), input=module.Input)
    return client_for(tool)


def answer(client, name, arguments):
    result = client.call_tool(name, arguments)
    return ("error" if result.get("isError") else "ok"), result["content"][0]["text"]


# -- inputSchema -------------------------------------------------------------------


def test_the_schema_comes_from_the_fields_in_field_order():
    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)
        from_: str = argument("Where from")
        count: int = argument("How many", default=1)
        ratio: float = argument("A ratio", default=0.5)
        strict: bool = argument("Strictly", default=False)
        label: str = argument("Spelled otherwise", name="x-label", default="")

    assert input_schema(Input) == {
        "type": "object",
        "properties": {
            "file": {"type": "string", "description": ENTRY_FILE},
            "from": {"type": "string", "description": "Where from"},
            "count": {"type": "integer", "description": "How many"},
            "ratio": {"type": "number", "description": "A ratio"},
            "strict": {"type": "boolean", "description": "Strictly"},
            "x-label": {"type": "string", "description": "Spelled otherwise"},
        },
        "required": ["file", "from"],
    }


def test_the_four_required_lists_of_the_original():
    assert input_schema(write_layer.Input)["required"] == ["file", "layer", "content"]
    assert input_schema(doors.Input)["required"] == ["file", "from", "to"]
    assert input_schema(plan_svg.Input)["required"] == ["file", "level"]
    assert input_schema(new_uids.Input)["required"] == ["file"]
    assert list(input_schema(new_uids.Input)["properties"]) == ["file", "count"]


@pytest.mark.parametrize(
    "cls, problem",
    [
        (dict, "attrs class"),
        (attrs.make_class("NoDescription", {"file": attrs.field(type=str)}), "argument()"),
        (attrs.make_class("Listy", {"file": attrs.field(type=list, metadata={"description": "d"})}), "str, int"),
    ],
)
def test_an_input_class_we_cannot_describe_is_refused_at_registration(cls, problem):
    with pytest.raises(TypeError, match=problem):
        register_input(cls)


def test_check_order_must_name_every_field():
    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)
        level: str = argument("Level")
        check_order: ClassVar[tuple[str, ...]] = ("level",)

    with pytest.raises(TypeError, match="check_order"):
        register_input(Input)


# -- structuring: the original's texts ------------------------------------------------


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"file": 5},
        {"file": ""},
        {"file": None},
        {"file": ["a"]},
        {"file": {"p": 1}},
        {"file": True},
        {"File": "a.muro"},
    ],
)
def test_file_must_be_a_non_empty_string(arguments):
    assert answer(echo_client(check), "check", arguments) == ("error", "file (a string) is required")


def test_a_good_file_reaches_the_handler():
    assert answer(echo_client(check), "check", {"file": "a.muro", "extra": 1}) == ("ok", '{\n "file": "a.muro"\n}')


def test_doors_names_the_missing_end_only_when_its_handler_asks():
    # The original composes the building before it reads from and to, so a broken file
    # is the answer even when `to` is missing: the host passes them through raw.
    seen = []
    client = client_for(
        make_tool("doors", handler=lambda args: seen.append(args) or attrs.asdict(check_late(args)), input=doors.Input)
    )
    assert answer(client, "doors", {"file": "a.muro", "to": "/out"}) == ("error", "from (a string) is required")
    assert seen[-1] == doors.Input(file="a.muro", from_=None, to="/out")
    assert answer(client, "doors", {"file": "a.muro", "from": "/L1/a"}) == ("error", "to (a string) is required")
    assert answer(client, "doors", {"file": "a.muro", "from": "/L1/a", "to": 3}) == (
        "error",
        "to (a string) is required",
    )
    assert seen[-1].to == 3
    assert answer(client, "doors", {"from": "/L1/a"}) == ("error", "file (a string) is required")
    ok, text = answer(client, "doors", {"file": "a.muro", "from": "/L1/a", "to": "/out"})
    assert ok == "ok" and '"from_": "/L1/a"' in text


def test_a_broken_file_comes_before_a_missing_late_argument():
    def load_first(args):
        raise ToolError("<abs>/main.muro:line 2: Undefined grid line name: X1")

    client = client_for(make_tool("doors", handler=load_first, input=doors.Input))
    assert answer(client, "doors", {"file": "main.muro", "from": "/a"}) == (
        "error",
        "<abs>/main.muro:line 2: Undefined grid line name: X1",
    )


def test_a_late_argument_takes_no_attrs_validator():
    with pytest.raises(TypeError, match="late"):
        argument("x", late=True, validator=attrs.validators.instance_of(str))


def test_write_layer_checks_content_before_layer():
    client = echo_client(write_layer)
    assert answer(client, "write_layer", {"file": "a.muro", "layer": "a.muro"}) == (
        "error",
        "content (a string) is required",
    )
    assert answer(client, "write_layer", {"file": "a.muro", "layer": "a.muro", "content": ""}) == (
        "error",
        "content (a string) is required",
    )
    assert answer(client, "write_layer", {"file": "a.muro", "content": "x\n"}) == (
        "error",
        "layer (a string) is required",
    )
    assert answer(client, "write_layer", {}) == ("error", "content (a string) is required")


def test_plan_svg_needs_a_level():
    assert answer(echo_client(plan_svg), "plan_svg", {"file": "a.muro"}) == ("error", "level (a string) is required")


@pytest.mark.parametrize("level, seen", [(None, ""), ("", ""), (5, ""), ("L1", "L1")])
def test_spaces_level_is_optional_and_empty_means_no_filter(level, seen):
    arguments = {"file": "a.muro"} if level is None else {"file": "a.muro", "level": level}
    ok, text = answer(echo_client(spaces), "spaces", arguments)
    assert ok == "ok" and f'"level": "{seen}"' in text


COUNT_ERROR = "count is an integer between 1 and 1000"


@pytest.mark.parametrize(
    "count, got",
    [
        (None, 1),
        ("absent", 1),
        (1, 1),
        (1000, 1000),
        ("2", 2),
        (" 7 ", 7),
        ("0x10", 16),
        (3.0, 3),
        ("1e2", 100),
        (True, 1),
        ([5], 5),
    ],
)
def test_new_uids_count_is_read_as_javascripts_number(count, got):
    arguments = {"file": "a.muro"} if count == "absent" else {"file": "a.muro", "count": count}
    ok, text = answer(echo_client(new_uids), "new_uids", arguments)
    assert ok == "ok" and f'"count": {got}' in text


@pytest.mark.parametrize("count", [0, -1, 1001, 2.5, "", "two", "2.5", [], [1, 2], {}, "Infinity", False, [True]])
def test_new_uids_count_out_of_range_or_not_an_integer(count):
    assert answer(echo_client(new_uids), "new_uids", {"file": "a.muro", "count": count}) == ("error", COUNT_ERROR)


def test_new_uids_checks_count_before_file():
    client = echo_client(new_uids)
    assert answer(client, "new_uids", {"count": 0}) == ("error", COUNT_ERROR)
    assert answer(client, "new_uids", {"count": 3}) == ("error", "file (a string) is required")


def test_an_integer_argument_without_its_own_message():
    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)
        floors: int = argument("How many floors")

    client = client_for(make_tool(input=Input, handler=lambda args: args.floors))
    assert answer(client, "probe", {"file": "a", "floors": "x"}) == ("error", "floors (an integer) is required")
    assert answer(client, "probe", {"file": "a", "floors": "4"}) == ("ok", "4")


def test_structure_outside_a_server():
    assert structure({"file": "a.muro", "count": "3"}, new_uids.Input) == new_uids.Input(file="a.muro", count=3)
    with pytest.raises(ArgumentError, match="count is an integer"):
        structure({"file": "a.muro", "count": "x"}, new_uids.Input)
    with pytest.raises(ArgumentError, match="file"):
        structure("not an object", check.Input)


@pytest.mark.parametrize(
    "value, number",
    [
        ("  12  ", 12),
        ("\u3000\ufeff3\n", 3),
        ("+4", 4),
        ("-4.5", -4.5),
        (".5", 0.5),
        ("5.", 5),
        ("1E3", 1000),
        ("0b101", 5),
        ("0o17", 15),
        ("-Infinity", -math.inf),
        ("", 0),
        (None, 0),
        ([], 0),
        (False, 0),
    ],
)
def test_js_to_number(value, number):
    assert js_to_number(value) == number


@pytest.mark.parametrize("value", ["1_000", "-0x10", "12px", "infinity", "\u00851", {}, [1, 2], "١٢"])
def test_js_to_number_gives_nan(value):
    assert math.isnan(js_to_number(value))
