"""The JSON-RPC envelope (reference/mcp/protocol.md), pinned through the in-memory transport."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from host_support import client_for, make_tool

from koyu_host import ToolError
from koyu_host.client import Client
from koyu_host.protocol import js_string
from koyu_host.surfaces import DEFAULT
from koyu_model.jsjson import compact_text, tool_text

DATA = Path(__file__).parent / "data"


def exchange(client: Client, line: str) -> list[dict]:
    """Send one raw line; every reply it caused, parsed."""
    client.transport.send(line)
    replies = []
    while (reply := client.transport.receive()) is not None:
        replies.append(json.loads(reply))
    return replies


def raw_reply(client: Client, line: str) -> str:
    client.transport.send(line)
    reply = client.transport.receive()
    assert reply is not None and client.transport.receive() is None
    return reply


# -- framing -------------------------------------------------------------------


@pytest.mark.parametrize("line", ["", "   ", " \t ", "\r"])
def test_blank_lines_are_skipped(client, line):
    assert exchange(client, line) == []


@pytest.mark.parametrize(
    "line",
    [
        '{"jsonrpc":"2.0","id":26,"method":',  # cut short
        "not json at all",
        '{"jsonrpc":"2.0","id":1,"method":"ping"} trailing',
        '{"id":1,"method":"ping","params":NaN}',  # JSON.parse refuses NaN and Infinity
        '{"id":1,"method":"ping","params":Infinity}',
    ],
)
def test_a_line_that_is_not_json_is_dropped_in_silence(client, line):
    assert exchange(client, line) == []


@pytest.mark.parametrize("line", ['[{"jsonrpc":"2.0","id":34,"method":"ping"}]', "null", '"ping"', "5", "true"])
def test_json_that_is_not_an_object_is_dropped(client, line):
    assert exchange(client, line) == []


@pytest.mark.parametrize(
    "line",
    [
        '{"jsonrpc":"2.0","id":30,"result":{}}',
        '{"jsonrpc":"2.0","id":32,"error":{"code":-32000,"message":"client-side error"}}',
    ],
)
def test_responses_are_dropped(client, line):
    assert exchange(client, line) == []


@pytest.mark.parametrize("method", ["notifications/initialized", "ping", "no/such/method", "tools/list"])
def test_notifications_get_no_reply(client, method):
    assert exchange(client, json.dumps({"jsonrpc": "2.0", "method": method})) == []


def test_a_tools_call_notification_runs_nothing():
    calls = []
    client = client_for(make_tool(handler=lambda args: calls.append(args) or "ran"))
    assert (
        exchange(client, '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"probe","arguments":{"file":"x"}}}')
        == []
    )
    assert calls == []
    assert client.call_tool("probe", {"file": "x"}) == {"content": [{"type": "text", "text": "ran"}]}
    assert len(calls) == 1


@pytest.mark.parametrize("request_id", ["req-α", 0, -7, 1.5, None, "", [1, "a"], {"k": 1}, 2**53 + 10])
def test_an_id_of_any_json_type_is_echoed(client, request_id):
    [reply] = exchange(client, json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "ping"}))
    assert reply == {
        "jsonrpc": "2.0",
        "id": float(request_id) if request_id == 2**53 + 10 else request_id,
        "result": {},
    }


def test_a_huge_integer_id_is_spelled_as_javascript_does(client):
    # JSON.parse reads 12345678901234567890 as a double; JSON.stringify writes it back so.
    assert (
        raw_reply(client, '{"id":12345678901234567890,"method":"ping"}')
        == '{"jsonrpc":"2.0","id":12345678901234567000,"result":{}}'
    )


def test_a_lone_surrogate_in_an_id_is_escaped_as_json_stringify_does(client):
    assert raw_reply(client, '{"id":"a\\ud800b","method":"ping"}') == '{"jsonrpc":"2.0","id":"a\\ud800b","result":{}}'


def test_only_lone_surrogates_are_escaped_a_pair_stays_one_character(client):
    # a reversed pair is two lone surrogates; a proper pair is U+1F600, written raw;
    # other non-ASCII text is written raw too
    line = '{"id":"\\udc00\\ud800|\\ud83d\\ude00|間","method":"ping"}'
    assert raw_reply(client, line) == '{"jsonrpc":"2.0","id":"\\udc00\\ud800|\U0001f600|間","result":{}}'


def test_a_request_without_the_jsonrpc_member_is_answered(client):
    assert exchange(client, '{"id":20,"method":"ping"}') == [{"jsonrpc": "2.0", "id": 20, "result": {}}]


@pytest.mark.parametrize(
    "line", ['{"jsonrpc":"2.0","id":21,"method":"ping"}\r', '  {"jsonrpc":"2.0","id":21,"method":"ping"}  ']
)
def test_whitespace_and_a_carriage_return_around_a_message_are_fine(client, line):
    assert exchange(client, line) == [{"jsonrpc": "2.0", "id": 21, "result": {}}]


def test_the_reply_is_one_compact_line(client):
    assert raw_reply(client, '{"jsonrpc":"2.0","id":3,"method":"ping"}') == '{"jsonrpc":"2.0","id":3,"result":{}}'


def test_deeply_nested_json_is_survived(client):
    assert exchange(client, "[" * 200_000) == []
    assert exchange(client, '{"id":1,"method":"ping","params":' + "[" * 200_000 + "]" * 200_000 + "}") == []
    assert exchange(client, '{"id":2,"method":"ping"}') == [{"jsonrpc": "2.0", "id": 2, "result": {}}]


# -- methods -------------------------------------------------------------------


def initialize_result(version):
    return {
        "protocolVersion": version,
        "capabilities": {"tools": {}},
        "serverInfo": {"name": "koyu", "version": "0.16.0"},
        "instructions": DEFAULT.instructions,
    }


@pytest.mark.parametrize(
    "params, version",
    [
        ('{"protocolVersion":"2025-06-18"}', "2025-06-18"),
        ('{"protocolVersion":"2024-11-05"}', "2024-11-05"),
        ('{"protocolVersion":"1999-01-01"}', "1999-01-01"),  # neither negotiated nor rejected
        ("{}", "2025-06-18"),
        ("null", "2025-06-18"),
        (None, "2025-06-18"),
    ],
)
def test_initialize_echoes_the_protocol_version_or_announces_2025_06_18(client, params, version):
    line = '{"jsonrpc":"2.0","id":2,"method":"initialize"' + (f',"params":{params}' if params else "") + "}"
    assert exchange(client, line) == [{"jsonrpc": "2.0", "id": 2, "result": initialize_result(version)}]


def test_initialize_bytes_and_instructions_are_the_originals(client):
    assert raw_reply(
        client, '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}'
    ) == (
        '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},'
        '"serverInfo":{"name":"koyu","version":"0.16.0"},"instructions":"Server for koyu, a space-first '
        "architectural description. Grasp the building with model_summary, read the original layers with "
        "layers, and edit with write_layer. check is the gatekeeper of the build and returns errors tagged "
        "layer:line — it guarantees structural consistency only. validate delivers the architectural "
        "verdicts, which are a separate and unfrozen surface. doors/light/site/spaces are different "
        'questions put to the same description. Form (plan_svg) is generated, never written."}}'
    )


def test_initialize_creates_no_state_a_tools_call_works_without_it():
    client = client_for(make_tool(handler=lambda args: "answered"))
    assert client.call_tool("probe", {"file": "x"})["content"][0]["text"] == "answered"


@pytest.mark.parametrize("params", [None, "{}"])
def test_ping_answers_an_empty_object(client, params):
    line = '{"jsonrpc":"2.0","id":9,"method":"ping"' + (f',"params":{params}' if params else "") + "}"
    assert raw_reply(client, line) == '{"jsonrpc":"2.0","id":9,"result":{}}'


def test_resources_and_prompts_are_always_empty(client):
    assert client.result("resources/list") == {"resources": []}
    assert client.result("prompts/list") == {"prompts": []}


@pytest.mark.parametrize(
    "method",
    [
        "completion/complete",
        "resources/read",
        "prompts/get",
        "logging/setLevel",
        "roots/list",
        "tools/List",
        "",
        "toString",
        "__proto__",
    ],
)
def test_every_other_method_is_minus_32601(client, method):
    assert client.request(method, {"uri": "file:///x"}) == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {"code": -32601, "message": f"Unsupported method: {method}"},
    }


def test_a_method_that_is_not_a_string_is_unsupported_too(client):
    assert exchange(client, '{"id":4,"method":5}') == [
        {"jsonrpc": "2.0", "id": 4, "error": {"code": -32601, "message": "Unsupported method: 5"}}
    ]


def test_tools_list_is_the_twelve_tools_to_the_byte(client):
    expected = json.loads((DATA / "tools-list.json").read_text(encoding="utf-8"))
    reply = raw_reply(client, '{"jsonrpc":"2.0","id":10,"method":"tools/list"}')
    assert reply == compact_text({"jsonrpc": "2.0", "id": 10, "result": expected})
    assert [t["name"] for t in expected["tools"]] == [
        "model_summary",
        "check",
        "layers",
        "write_layer",
        "new_uids",
        "doors",
        "spaces",
        "light",
        "validate",
        "site",
        "plan_svg",
        "canonical_json",
    ]


def test_tools_list_has_no_cursor_and_each_schema_only_three_keys(client):
    result = client.result("tools/list")
    assert list(result) == ["tools"]
    for tool in result["tools"]:
        assert list(tool) == ["name", "description", "inputSchema"]
        assert list(tool["inputSchema"]) == ["type", "properties", "required"]
        assert tool["inputSchema"]["properties"]["file"]["type"] == "string"


# -- tools/call ------------------------------------------------------------------


@pytest.mark.parametrize(
    "params, shown",
    [
        ('{"name":"blueprint","arguments":{"file":"a.muro"}}', "blueprint"),
        (None, "undefined"),
        ("{}", "undefined"),
        ('{"name":null}', "null"),
        ('{"name":5}', "5"),
        ('{"name":true}', "true"),
        ('{"name":["a","b"]}', "a,b"),
        ('{"name":{"a":1}}', "[object Object]"),
        ('{"name":""}', ""),
        ('{"name":"Check"}', "Check"),
    ],
)
def test_an_unknown_tool_is_minus_32602(client, params, shown):
    line = '{"jsonrpc":"2.0","id":15,"method":"tools/call"' + (f',"params":{params}' if params else "") + "}"
    assert exchange(client, line) == [
        {"jsonrpc": "2.0", "id": 15, "error": {"code": -32602, "message": f"Unknown tool: {shown}"}}
    ]


@pytest.mark.parametrize("value, shown", [(None, "null"), (2.5, "2.5"), (1e21, "1e+21"), ([1, None, "x"], "1,,x")])
def test_js_string_spells_values_as_a_template_literal_does(value, shown):
    assert js_string(value) == shown


def test_a_string_result_is_sent_verbatim():
    svg = '<svg xmlns="http://www.w3.org/2000/svg">\n  <text>居室 "A"</text>\n</svg>\n'
    client = client_for(make_tool(handler=lambda args: svg))
    assert client.call_tool("probe", {"file": "x"}) == {"content": [{"type": "text", "text": svg}]}


def test_a_value_is_sent_as_json_stringify_with_one_space_indent():
    value = {"name": "二室", "areaM2": 16.2, "z": 0.0, "small": 1e-7, "10": True, "2": None, "list": [1, []], "o": {}}
    client = client_for(make_tool(handler=lambda args: value))
    text = client.call_tool("probe", {"file": "x"})["content"][0]["text"]
    assert text == (
        '{\n "2": null,\n "10": true,\n "name": "二室",\n "areaM2": 16.2,\n "z": 0,\n'
        ' "small": 1e-7,\n "list": [\n  1,\n  []\n ],\n "o": {}\n}'
    )


def test_a_value_answer_on_the_wire_is_its_text_as_a_json_string():
    # written straight as the reply's string: the same as writing the text, then escaping it
    value = {'a\n"q"': ["\\ 間", 0.1, {"1": None}], "t": "\u2028\t"}
    client = client_for(make_tool(handler=lambda args: value))
    line = '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"probe","arguments":{"file":"f"}}}'
    reply = raw_reply(client, line)
    text = tool_text(value)
    assert reply == compact_text({"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": text}]}})
    assert "間" in reply  # non-ASCII stays raw, as JSON.stringify leaves it


@pytest.mark.parametrize(
    "line",
    [
        '{"jsonrpc":"2.0","id":"a\\ud800b","method":"ping"}',
        '{"jsonrpc":"2.0","id":"間\\n\\"","method":"ping"}',
        '{"jsonrpc":"2.0","id":1,"method":"nope"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    ],
)
def test_handle_bytes_is_the_line_and_its_break_in_utf_8(line):
    server = client_for(make_tool()).transport.server
    assert server.handle_bytes(line.encode()) == (server.handle_line(line) + "\n").encode("utf-8")


def test_handle_bytes_escapes_a_lone_surrogate_in_a_tool_text():
    # strict UTF-8 fails on it: the escaped line, never an exception nor a dropped reply
    client = client_for(make_tool(handler=lambda args: "x\ud800y"))
    server = client.transport.server
    line = '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"probe","arguments":{"file":"f"}}}'
    assert server.handle_bytes(line.encode()) == (
        b'{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"x\\ud800y"}]}}\n'
    )


def test_a_tool_result_has_no_is_error_key_when_it_succeeds():
    client = client_for(make_tool())
    assert "isError" not in client.call_tool("probe", {"file": "x"})


def test_a_tool_error_is_is_error_with_the_bare_message(capsys):
    def fail(args):
        raise ToolError("There is no space with a region on level L9")

    client = client_for(make_tool(handler=fail))
    assert client.call_tool("probe", {"file": "x"}) == {
        "content": [{"type": "text", "text": "There is no space with a region on level L9"}],
        "isError": True,
    }
    assert "Traceback" not in capsys.readouterr().err  # expected: no traceback


@pytest.mark.parametrize(
    "exc",
    [
        ValueError("line 0: Cannot read file: /tmp/x.muro"),
        SystemExit("exit wanted"),
        RecursionError("maximum recursion depth exceeded"),
    ],
)
def test_any_other_exception_is_is_error_with_its_message_and_a_traceback_on_stderr(capsys, exc):
    def fail(args):
        raise exc

    client = client_for(make_tool(handler=fail))
    assert client.call_tool("probe", {"file": "x"}) == {
        "content": [{"type": "text", "text": str(exc)}],
        "isError": True,
    }
    err = capsys.readouterr().err
    assert "Traceback" in err and "probe" in err
    assert client.result("ping") == {}  # the server goes on


def test_a_value_that_is_not_json_able_is_a_tool_failure_not_a_crash():
    client = client_for(make_tool(handler=lambda args: {"x": object()}))
    result = client.call_tool("probe", {"file": "x"})
    assert result["isError"] is True
    assert client.result("ping") == {}


def test_a_plugin_that_prints_does_not_reach_stdout(capsys):
    def loud(args):
        print("a plugin talking on stdout")
        return {"ok": True}

    client = client_for(make_tool(handler=loud))
    capsys.readouterr()
    assert client.call_tool("probe", {"file": "x"})["content"][0]["text"] == '{\n "ok": true\n}'
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "a plugin talking on stdout" in captured.err


@pytest.mark.parametrize(
    "params",
    [
        '{"name":"probe"}',
        '{"name":"probe","arguments":null}',
        '{"name":"probe","arguments":[1]}',
        '{"name":"probe","arguments":"file"}',
    ],
)
def test_missing_arguments_are_an_empty_object_and_the_tool_says_what_is_missing(params):
    client = client_for(make_tool())
    assert exchange(client, '{"jsonrpc":"2.0","id":17,"method":"tools/call","params":' + params + "}") == [
        {
            "jsonrpc": "2.0",
            "id": 17,
            "result": {"content": [{"type": "text", "text": "file (a string) is required"}], "isError": True},
        }
    ]
