"""The doors tool over MCP: the building is read before from/to, an unknown path is
unreachable, not an error (mcp/tools-ask.md#doors)."""

from __future__ import annotations

import pytest
from ask_support import TWO_STOREYS
from koyu_ask import doors

from koyu_host import ArgumentError, ToolError


def call(file, start, goal):
    return doors.handle(doors.Input(file=file, from_=start, to=goal))


def test_the_answer_shapes(files):
    files.load(TWO_STOREYS)
    assert call(files.path(), "/L2/bed", "/out") == {
        "doors": 3,
        "path": ["/L2/bed", "/L2/st", "/L1/st", "/L1/hall", "/out"],
    }
    assert call(files.path(), "/out", "/out") == {"doors": 0, "path": ["/out"]}
    assert call(files.path(), "/L2/bed", "/no/such/space") == {"unreachable": True}
    assert call(files.path(), "/nope", "/nope") == {"unreachable": True}


def test_a_broken_building_is_reported_before_a_missing_argument(files):
    files.write("main.muro", "space /L1/a room X1..X2 Y1..Y2\n")
    with pytest.raises(ToolError) as err:
        call(files.path(), "/L1/a", None)
    assert "Undefined grid line name: X1" in str(err.value)


def test_a_missing_argument_is_named_once_the_building_reads(files):
    files.load(TWO_STOREYS)
    with pytest.raises(ArgumentError) as err:
        call(files.path(), "/L1/hall", None)
    assert str(err.value) == "to (a string) is required"
