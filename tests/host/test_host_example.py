"""Our own example through the whole host: the README's main job, in-process."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "two-rooms.muro"


def ask(client, tool, **arguments):
    result = client.call_tool(tool, {"file": str(EXAMPLE), **arguments})
    assert "isError" not in result, result
    return json.loads(result["content"][0]["text"])


def test_the_example_is_green_and_reaches_the_outside_through_the_workshop(client):
    checked = ask(client, "check")
    assert checked["ok"] is True and checked["diagnostics"] == []
    assert (checked["spaces"], checked["boundaries"]) == (3, 3)
    assert ask(client, "doors", **{"from": "/L1/study", "to": "/out"}) == {
        "doors": 2,
        "path": ["/L1/study", "/L1/shop", "/out"],
    }
    areas = {s["path"]: s.get("areaM2") for s in ask(client, "spaces")}
    assert areas == {"/L1/study": 12, "/L1/shop": 18, "/out": None}
