"""The server keeps serving (issue #8; reference/mcp/protocol.md): garbage, invalid UTF-8, a
50 MB line, JSON nested ten thousand deep, a thousand requests in one burst and fields of
every wrong type are each answered as the protocol says, or dropped where it says so, and
the next request is still answered. A plugin that raises, prints or hangs does not corrupt
the stream nor stop the server (koyu_host/deadline.py). SIGTERM and a closed stdout end
the process with status 0.
"""

from __future__ import annotations

import json
import signal
import subprocess
import threading

import attrs
import pytest
import robust_support as rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from koyu_host import ENTRY_FILE, Tool, argument, deadline
from koyu_host.client import Client, server_command
from koyu_host.plugins import Catalogue

BUDGET = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _line(message) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n"


def _ping(request_id) -> bytes:
    return _line({"jsonrpc": "2.0", "id": request_id, "method": "ping"})


def _session(data: bytes):
    """Run a koyu-mcp over ``data`` (stdin closed after it); its replies, stderr, status."""
    done = subprocess.run(server_command(), input=data, capture_output=True, timeout=600)
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    return replies, done.stderr.decode("utf-8", "replace"), done.returncode


@pytest.fixture(scope="module")
def building(tmp_path_factory):
    return str(rs.write_building(tmp_path_factory.mktemp("one-file"), rs.ONE_FILE))


def test_garbage_is_dropped_and_the_next_request_answered():
    data = (
        b"\x00\x01\x02garbage\xff\xfe\n"
        + b'{"jsonrpc":"2.0","id":1,"method":"pi\xffng"}\n'
        + b"\xc3\x28\n"
        + b'{"unbalanced": [\n'
        + b"]]]}}}\n"
        + b'null\n[1,2]\n"s"\n'
        + b'{"jsonrpc":"2.0","id":2,"method":"ping","params":NaN}\n'
        + _ping(3)
    )
    replies, stderr, status = _session(data)
    assert status == 0 and "Traceback" not in stderr
    # The invalid byte inside "pi\xffng" leaves a method that is no method: -32601, not a crash.
    assert [r["id"] for r in replies] == [1, 3]
    assert replies[0]["error"]["code"] == -32601 and replies[1] == {"jsonrpc": "2.0", "id": 3, "result": {}}


def test_a_50_megabyte_line_and_deep_nesting(building):
    deep_array = b"[" * 10000 + b"]" * 10000 + b"\n"
    deep_params = (
        b'{"jsonrpc":"2.0","id":"deep","method":"ping","params":' + b'{"a":' * 10000 + b"1" + b"}" * 10000 + b"}\n"
    )
    big_id = "i" * 5_000_000
    data = (
        b"x" * 50_000_000
        + b"\n"
        + _ping(1)
        + deep_array
        + _ping(2)
        + deep_params
        + _ping(3)
        + _ping(big_id)
        + _line(
            {
                "jsonrpc": "2.0",
                "id": 4,
                "method": "tools/call",
                "params": {"name": "check", "arguments": {"file": building}},
            }
        )
    )
    replies, stderr, status = _session(data)
    assert status == 0 and "Traceback" not in stderr
    ids = [r["id"] for r in replies]
    # Ten thousand levels are either parsed (ping answered) or dropped as unreadable.
    assert ids in ([1, 2, 3, big_id, 4], [1, 2, "deep", 3, big_id, 4])
    assert json.loads(replies[-1]["result"]["content"][0]["text"])["spaces"] == 3


def test_a_burst_of_a_thousand_requests_is_answered_in_order(building):
    calls = []
    for i in range(1000):
        kind = i % 5
        if kind == 0:
            calls.append({"jsonrpc": "2.0", "id": i, "method": "ping"})
        elif kind == 1:
            calls.append(
                {
                    "jsonrpc": "2.0",
                    "id": i,
                    "method": "tools/call",
                    "params": {"name": "check", "arguments": {"file": building}},
                }
            )
        elif kind == 2:
            calls.append({"jsonrpc": "2.0", "id": i, "method": "no/such"})
        elif kind == 3:
            calls.append({"jsonrpc": "2.0", "method": "notifications/initialized"})  # no reply
        else:
            calls.append(
                {
                    "jsonrpc": "2.0",
                    "id": i,
                    "method": "tools/call",
                    "params": {"name": "plan_svg", "arguments": {"file": building, "level": "L9"}},
                }
            )
    replies, stderr, status = _session(b"".join(_line(c) for c in calls))
    assert status == 0 and "Traceback" not in stderr
    assert [r["id"] for r in replies] == [i for i in range(1000) if i % 5 != 3]
    assert all("result" in r for r in replies if r["id"] % 5 in (0, 1, 4))
    assert all(r["error"]["code"] == -32601 for r in replies if r["id"] % 5 == 2)
    assert all(r["result"].get("isError") for r in replies if r["id"] % 5 == 4)


WRONG = [5, 1.5, None, True, [], ["check"], {}, {"a": 1}, "", "\x00", "../../etc/passwd"]


def test_fields_of_every_wrong_type(building):
    messages = []
    for value in WRONG:
        messages += [
            {"jsonrpc": "2.0", "id": 1, "method": value},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": value},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": value}},
            {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "check", "arguments": value}},
            {
                "jsonrpc": "2.0",
                "id": 5,
                "method": "tools/call",
                "params": {"name": "doors", "arguments": {"file": building, "from": value, "to": value}},
            },
            {"jsonrpc": "2.0", "id": 6, "method": "initialize", "params": {"protocolVersion": value}},
            {"jsonrpc": value, "id": value, "method": "ping"},
        ]
    replies, stderr, status = _session(b"".join(_line(m) for m in messages) + _ping("last"))
    assert status == 0 and "Traceback" not in stderr
    assert len(replies) == len(messages) + 1 and replies[-1]["id"] == "last"
    for message, reply in zip(messages, replies):
        assert reply["id"] == message["id"]
        if "error" in reply:
            assert reply["error"]["code"] in (-32601, -32602)
        else:
            content = reply["result"].get("content")
            assert content is None or (len(content) == 1 and isinstance(content[0]["text"], str))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
KEYS = st.sampled_from(["file", "layer", "content", "from", "to", "level", "count"])
TOOLS = st.sampled_from(
    [
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
)


@settings(max_examples=100, **BUDGET)
@given(name=TOOLS, arguments=st.dictionaries(KEYS, JSON, max_size=5))
def test_every_tool_answers_arguments_of_any_type(logged, name, arguments):
    client, log = logged
    if isinstance(arguments.get("file"), str):
        arguments["file"] = "/nonexistent-koyu-robust/" + arguments["file"]  # never a real entry
    result = rs.answer_of(client, name, arguments)
    assert result.get("isError") is True  # no entry exists, or an argument is wrong
    assert log.take() == ""


# -- plugins that misbehave -------------------------------------------------------------


@attrs.frozen
class FileOnly:
    file: str = argument(ENTRY_FILE)


def _tool(name, handler, place=1):
    return Tool(name=name, description="a test tool", input=FileOnly, handler=handler, group="Asking", place=place)


def _raise(args):
    raise RuntimeError("the plugin broke")


def _exit(args):
    raise SystemExit(3)


def _print(args):
    print("a stray line on stdout")
    return {"ok": True}


def test_a_plugin_that_raises_exits_or_prints(capsys):
    client = Client.in_memory(
        Catalogue.of(
            [_tool("boom", _raise), _tool("bye", _exit, 2), _tool("loud", _print, 3), _tool("fine", lambda a: "ok", 4)]
        )
    )
    assert client.call_tool("boom", {"file": "x"}) == {
        "content": [{"type": "text", "text": "the plugin broke"}],
        "isError": True,
    }
    assert client.call_tool("bye", {"file": "x"})["isError"] is True
    assert client.call_tool("loud", {"file": "x"}) == {"content": [{"type": "text", "text": '{\n "ok": true\n}'}]}
    assert client.call_tool("fine", {"file": "x"}) == {"content": [{"type": "text", "text": "ok"}]}
    captured = capsys.readouterr()
    assert captured.out == "" and "a stray line on stdout" in captured.err


def test_a_plugin_that_hangs_is_abandoned_and_the_server_goes_on(monkeypatch, capsys):
    release = threading.Event()
    monkeypatch.setenv("KOYU_MCP_TOOL_SECONDS", "0.2")
    client = Client.in_memory(
        Catalogue.of([_tool("stuck", lambda a: release.wait(60) and "late"), _tool("fine", lambda a: "ok", 2)])
    )
    try:
        answer = client.call_tool("stuck", {"file": "x"})
        assert answer == {
            "content": [{"type": "text", "text": "stuck did not finish within 0.2 s; the call was abandoned"}],
            "isError": True,
        }
        assert client.call_tool("fine", {"file": "x"}) == {"content": [{"type": "text", "text": "ok"}]}
        assert client.transport.receive() is None  # the abandoned call never answers later
    finally:
        release.set()


@pytest.mark.parametrize(
    "raw, seconds",
    [
        ("", deadline.DEFAULT_SECONDS),
        ("0", 0.0),
        ("-1", 0.0),
        ("nan", 0.0),
        ("soon", deadline.DEFAULT_SECONDS),
        ("2.5", 2.5),
    ],
)
def test_the_time_limit_from_the_environment(monkeypatch, raw, seconds):
    monkeypatch.setenv("KOYU_MCP_TOOL_SECONDS", raw)
    assert deadline.limit() == seconds


def test_without_a_limit_the_call_runs_in_the_callers_thread():
    assert deadline.call(threading.current_thread, "t", seconds=0) is threading.current_thread()
    assert deadline.call(threading.current_thread, "t", seconds=5) is not threading.current_thread()
    with pytest.raises(KeyError):
        deadline.call(lambda: {}["x"], "t", seconds=5)  # the exception itself reaches the host


# -- ending the process -----------------------------------------------------------------


def test_sigterm_ends_the_server_with_status_0():
    process = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        process.stdin.write(_ping(1))
        process.stdin.flush()
        assert json.loads(process.stdout.readline()) == {"jsonrpc": "2.0", "id": 1, "result": {}}
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
        assert b"Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pipe in (process.stdin, process.stdout, process.stderr):
            pipe.close()


def test_a_closed_stdout_ends_the_server_with_status_0(building):
    process = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        process.stdout.close()  # the client stops reading
        try:
            for i in range(50):
                process.stdin.write(
                    _line(
                        {
                            "jsonrpc": "2.0",
                            "id": i,
                            "method": "tools/call",
                            "params": {"name": "check", "arguments": {"file": building}},
                        }
                    )
                )
            process.stdin.flush()
            process.stdin.close()
        except BrokenPipeError:
            pass  # it may already have left
        assert process.wait(timeout=120) == 0
        assert b"Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stderr.close()
