"""The collector is paused for a tool call and resumed after it (koyu_host/collector.py)."""

import gc

from host_support import client_for, make_tool

from koyu_host import ToolError


def _recording(seen):
    def handler(args):
        seen.append(gc.isenabled())
        return {"ok": True}

    return handler


def test_a_tool_call_runs_with_the_collector_paused_and_resumes_it():
    seen = []
    client = client_for(make_tool(handler=_recording(seen)))
    assert gc.isenabled()
    client.call_tool("probe", {"file": "x.muro"})
    assert seen == [False]
    assert gc.isenabled()


def test_a_failing_tool_resumes_the_collector_too():
    def fail(args):
        raise ToolError("no")

    client = client_for(make_tool(handler=fail))
    client.call_tool("probe", {"file": "x.muro"})
    assert gc.isenabled()


def test_a_collector_already_off_stays_off():
    seen = []
    client = client_for(make_tool(handler=_recording(seen)))
    gc.disable()
    try:
        client.call_tool("probe", {"file": "x.muro"})
        assert not gc.isenabled()
    finally:
        gc.enable()
