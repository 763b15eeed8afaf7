"""The installed koyu-mcp with this plugin, driven by the official MCP Python SDK over its own
stdio transport: the SDK receives the drawing as an ImageContent, and the line as a
TextContent. Runs where koyu-view is installed (tox's agent-tools env installs it)."""

import asyncio
import base64
import struct
import sys

import pytest
from test_view_tool import OLD, installed_or_skip

try:  # the SDK (2.x): the test extra of koyu-mcp
    import mcp
except ImportError:
    pytest.skip("the MCP Python SDK (mcp, the test extra) is not installed on this Python", allow_module_level=True)

SECONDS = 60  # a hung server fails the test instead of hanging the suite


async def call_view(entry: str, env: dict):
    params = mcp.StdioServerParameters(command=sys.executable, args=["-m", "koyu_host"], env=env)
    async with mcp.Client(mcp.stdio_client(params), read_timeout_seconds=SECONDS) as client:
        tools = (await client.list_tools()).tools
        answer = await client.call_tool("view", {"file": entry, "kind": "plan", "level": "L1", "width": 480})
    return tools, answer


def test_the_sdk_receives_an_image_content(tmp_path):
    env = installed_or_skip(tmp_path)
    entry = tmp_path / "main.muro"
    entry.write_text(OLD, encoding="utf-8")
    tools, answer = asyncio.run(call_view(str(entry), env))
    [view] = [tool for tool in tools if tool.name == "view"]
    assert view.annotations.title == "View a drawing" and view.annotations.read_only_hint is True
    assert answer.is_error is False
    image, line = answer.content
    assert (image.type, image.mime_type, line.type) == ("image", "image/png", "text")
    png = base64.b64decode(image.data)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24])[0] == 480
    assert line.text.startswith(f"Plan of L1, {entry}, 480×")
