"""One loading step for every tool (issue #30): the original's server resolves a tool's
``file`` against its working directory, then reads it, so a missing relative entry is
named absolutely by every tool of both surfaces — the answer of a tool that read the file
its own way would name it as written."""

from __future__ import annotations

import json

import pytest

from koyu_host.client import Client
from koyu_host.surfaces import SURFACES

# A plausible value for every required argument besides the entry, so that each call gets
# as far as reading the building.
ARGUMENTS = {
    "layer": "other.muro",  # not the entry: its content would stand in for the missing file
    "content": "grid X 0 1000\n",
    "from": "/L1/a",
    "to": "/out",
    "level": "L1",
    "at": "X1",
    "face": "S",
    "profile": "koyu.profile.schematic-screen",
    "asOf": "2026-01-01",
}


def _tools(surface: str):
    return [tool["name"] for tool in Client.in_memory(surface=SURFACES[surface]).list_tools()]


@pytest.mark.parametrize("surface, tool", [(surface, tool) for surface in ("0.16", "0.27") for tool in _tools(surface)])
def test_every_tool_names_a_missing_relative_entry_by_its_absolute_path(surface, tool, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    client = Client.in_memory(surface=SURFACES[surface])
    schema = next(t for t in client.list_tools() if t["name"] == tool)["inputSchema"]
    arguments = {name: ARGUMENTS[name] for name in schema["required"] if name != "file"}
    result = client.call_tool(tool, {"file": "gone/main.muro", **arguments})
    expected = f"line 0: Cannot read file: {tmp_path / 'gone' / 'main.muro'}"
    if tool == "write_layer":  # a building that does not compose is its answer, not its error
        assert json.loads(result["content"][0]["text"])["parseError"] == expected
    else:
        assert result == {"content": [{"type": "text", "text": expected}], "isError": True}
