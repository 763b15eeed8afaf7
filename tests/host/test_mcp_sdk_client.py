"""The installed koyu-mcp driven by the official MCP Python SDK over the SDK's own stdio
transport: the client most Python users will use must accept every answer.

One session (module scope) starts the real ``koyu-mcp``, lets the SDK negotiate as it
does by default (``server/discover`` first, then ``initialize`` when the server does not
know it), lists the tools and makes one good and one failing call of each of the twelve
on a small building of our own; the tests read what it recorded.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from koyu_host.client import server_command

try:  # the SDK (2.x) installs on Python 3.10 and later, with `pip install '.[test]'`
    import jsonschema  # the test extra names it; the SDK itself validates with it
    import mcp
    from mcp_types.version import LATEST_HANDSHAKE_VERSION
except ImportError:
    pytest.skip("the MCP Python SDK (mcp, the test extra) is not installed on this Python", allow_module_level=True)

SECONDS = 60  # a hung server fails the session instead of hanging the suite

ENTRY = """koyu 1.0
name sdk
unit mm

grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2500 slab:200
space /out exterior

import ./rooms.muro
"""

ROOMS = """space /L1/a room X1..X2 Y1..Y2 name:A daylight:1
space /L1/b room X2..X3 Y1..Y2 name:B
boundary /L1/a /L1/b t:100
  door w:800 h:2000
boundary /L1/a /out t:180
  door w:900 h:2000 edge:W
  window w:1200 h:1200 edge:S
"""

# A grid line nobody declared: the building does not compose.
BROKEN = "koyu 1.0\nspace /L1/a room X1..X2 Y1..Y2\n"


@attrs.frozen
class Session:
    """What one SDK session saw, in SDK types."""

    protocol_version: str
    server_info: object
    tools: list
    answers: dict  # (tool, "good" | "bad") → CallToolResult
    unknown_tool: object  # the MCPError
    stderr: str


@attrs.frozen
class Building:
    entry: str
    missing: str
    broken: str


@attrs.frozen
class Case:
    """One tool's two calls: ``good`` succeeds and its answer ``holds``; ``bad`` (well-typed,
    so the SDK sends it) is ``isError`` and ``says`` the bare message (reference/mcp/)."""

    good: dict
    holds: Callable[[Any], bool]
    bad: dict
    says: str


def cases(b: Building) -> dict[str, Case]:
    entry, missing, broken = {"file": b.entry}, {"file": b.missing}, {"file": b.broken}
    cannot_read = f"line 0: Cannot read file: {b.missing}"
    does_not_compose = f"{b.broken}:line 2: Undefined grid line name: X1"
    renamed = ROOMS.replace("name:B", "name:B2")
    return {
        "model_summary": Case(
            entry, lambda a: a["spaces"] == 3 and a["check"] == {"errors": 0, "warnings": 0}, missing, cannot_read
        ),
        "check": Case(entry, lambda a: a["ok"] is True and a["errors"] == [], broken, does_not_compose),
        "layers": Case(
            entry,
            lambda a: [layer["file"] for layer in a] == [b.entry, str(Path(b.entry).with_name("rooms.muro"))],
            missing,
            cannot_read,
        ),
        "write_layer": Case(
            {**entry, "layer": "rooms.muro", "content": renamed},
            lambda a: a["written"].endswith("rooms.muro") and a["ok"] is True,
            {**entry, "layer": "notes.md", "content": "hello"},
            "Only .muro files can be written",
        ),
        "new_uids": Case(
            {**entry, "count": 2},
            lambda a: len(a["uids"]) == 2 and all(uid.startswith("u-") for uid in a["uids"]),
            {**entry, "count": 0},
            "count is an integer between 1 and 1000",
        ),
        "doors": Case(
            {**entry, "from": "/L1/b", "to": "/out"},
            lambda a: a == {"doors": 2, "path": ["/L1/b", "/L1/a", "/out"]},
            {**broken, "from": "/L1/a", "to": "/out"},
            does_not_compose,
        ),
        "spaces": Case(
            {**entry, "level": "L1"},
            lambda a: [(s["path"], s["areaM2"]) for s in a] == [("/L1/a", 12), ("/L1/b", 12)],
            broken,
            does_not_compose,
        ),
        "light": Case(
            entry, lambda a: [(s["path"], s["windowM2"]) for s in a] == [("/L1/a", 1.44)], missing, cannot_read
        ),
        "validate": Case(
            entry,
            lambda a: a["violations"] == 1 and "daylight.ratio" in {f["rule"] for f in a["findings"]},
            broken,
            does_not_compose,
        ),
        "site": Case(entry, lambda a: a["footprintM2"] == 24, missing, cannot_read),
        "plan_svg": Case(
            {**entry, "level": "L1"},
            lambda a: a.startswith("<svg") and "sdk — L1 plan" in a,
            {**entry, "level": "L9"},
            "There is no space with a region on level L9",
        ),
        "canonical_json": Case(
            entry, lambda a: a["format"] == "koyu-canonical/1.0" and "/L1/b" in a["spaces"], broken, does_not_compose
        ),
    }


TOOLS = [
    *("model_summary", "check", "layers", "write_layer", "new_uids", "doors"),
    *("spaces", "light", "validate", "site", "plan_svg", "canonical_json"),
]


async def drive(building: Building, stderr_path) -> Session:
    command = server_command()
    params = mcp.StdioServerParameters(command=command[0], args=command[1:])
    with open(stderr_path, "w", encoding="utf-8") as errlog:
        # The transport is the SDK's own stdio_client; Client's default mode negotiates.
        async with mcp.Client(mcp.stdio_client(params, errlog=errlog), read_timeout_seconds=SECONDS) as c:
            tools = (await c.list_tools()).tools
            answers = {}
            for tool, case in cases(building).items():
                answers[tool, "good"] = await c.call_tool(tool, case.good)
                answers[tool, "bad"] = await c.call_tool(tool, case.bad)
            try:
                await c.call_tool("no_such_tool", {"file": building.entry})
            except mcp.MCPError as error:
                unknown = error
            else:
                unknown = None
            version, info = c.protocol_version, c.server_info
    return Session(version, info, tools, answers, unknown, stderr_path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def building(tmp_path_factory) -> Building:
    root = tmp_path_factory.mktemp("sdk")
    (root / "main.muro").write_text(ENTRY, encoding="utf-8")
    (root / "rooms.muro").write_text(ROOMS, encoding="utf-8")
    (root / "broken.muro").write_text(BROKEN, encoding="utf-8")
    return Building(entry=str(root / "main.muro"), missing=str(root / "none.muro"), broken=str(root / "broken.muro"))


@pytest.fixture(scope="module")
def session(building, tmp_path_factory) -> Session:
    return asyncio.run(drive(building, tmp_path_factory.mktemp("sdk-log") / "stderr.txt"))


def text_of(result) -> str:
    [block] = result.content
    assert block.type == "text"
    return block.text


def test_the_sdk_initializes_with_its_default_protocol_version(session):
    assert session.protocol_version == LATEST_HANDSHAKE_VERSION
    assert (session.server_info.name, session.server_info.version) == ("koyu", "0.16.0")


def test_all_twelve_tools_parse_and_every_input_schema_is_valid_json_schema(session):
    assert sorted(tool.name for tool in session.tools) == sorted(TOOLS)
    for tool in session.tools:
        schema = tool.input_schema
        jsonschema.validators.validator_for(schema).check_schema(schema)  # raises on an invalid schema
        assert schema["type"] == "object" and "file" in schema["required"]
        assert tool.description


@pytest.mark.parametrize("tool", TOOLS)
def test_a_good_call_of_each_tool_is_accepted_and_answers(session, building, tool):
    result = session.answers[tool, "good"]
    assert result.is_error is False
    text = text_of(result)
    assert cases(building)[tool].holds(text if tool == "plan_svg" else json.loads(text))


@pytest.mark.parametrize("tool", TOOLS)
def test_a_failing_call_of_each_tool_is_is_error_with_the_bare_message(session, building, tool):
    result = session.answers[tool, "bad"]
    assert result.is_error is True
    assert text_of(result) == cases(building)[tool].says


def test_write_layer_wrote_the_layer_and_nothing_that_is_not_notation(session, building):
    folder = Path(building.entry).parent
    assert (folder / "rooms.muro").read_text(encoding="utf-8") == ROOMS.replace("name:B", "name:B2")
    assert not (folder / "notes.md").exists()


def test_an_unknown_tool_is_a_protocol_error(session):
    assert session.unknown_tool is not None
    assert (session.unknown_tool.code, session.unknown_tool.message) == (-32602, "Unknown tool: no_such_tool")


def test_the_server_said_nothing_alarming_on_stderr(session):
    assert "Traceback" not in session.stderr
