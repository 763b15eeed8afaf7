"""plan_svg and koyu plan: two thin adapters over one core drawing (reference/mcp/tools-ask.md
#plan_svg, cli/plan.md)."""

from __future__ import annotations

import sys

import pytest

from koyu_cli.main import main
from koyu_host import plugins
from koyu_host.client import Client

BUILDING = """koyu 1.0
name Two rooms
grid X 0 4000 7000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:Study
space /L1/b room X2..X3 Y1..Y2 name:Shop
space /out exterior
boundary /L1/a /L1/b
  door w:800
"""


@pytest.fixture(scope="module")
def client():
    return Client.in_memory(plugins.load())


def test_the_tool_and_the_command_draw_the_same_bytes(files, client, tmp_path):
    entry = files.write("main.muro", BUILDING)
    result = client.call_tool("plan_svg", {"file": str(entry), "level": "L1"})
    assert not result.get("isError")
    out = tmp_path / "plan.svg"
    assert main(["plan", str(entry), "-l", "L1", "-o", str(out)]) == 0
    assert result["content"][0]["text"] == out.read_text(encoding="utf-8")
    assert ">Study</text>" in result["content"][0]["text"]


def test_a_level_with_no_region_is_the_bare_sentence(files, client):
    entry = files.write("main.muro", BUILDING)
    result = client.call_tool("plan_svg", {"file": str(entry), "level": "L9"})
    assert result["isError"] and result["content"][0]["text"] == "There is no space with a region on level L9"


def test_a_derivation_that_cannot_be_imported_names_itself(files, client, monkeypatch, capsys):
    # never "not available yet": the missing module is the answer
    entry = files.write("main.muro", BUILDING)
    monkeypatch.setitem(sys.modules, "koyu_model.form.derive", None)
    result = client.call_tool("plan_svg", {"file": str(entry), "level": "L1"})
    assert result["isError"] and "koyu_model.form.derive" in result["content"][0]["text"]
    assert "Traceback" in capsys.readouterr().err


def test_koyu_plan_loads_no_plugin(files, tmp_path):
    """The command line stands on the core: drawing a plan imports neither the host nor a
    tool plugin (in a fresh interpreter, where nothing else has imported them)."""
    import subprocess

    entry = files.write("main.muro", BUILDING)
    probe = (
        "import sys; from koyu_cli.main import main; main(['plan', sys.argv[1], '-o', sys.argv[2]]);"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('koyu_host', 'koyu_form', 'koyu_read', 'koyu_verify', 'koyu_ask', 'koyu_write', 'pluggy')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(entry), str(tmp_path / "p.svg")], capture_output=True, text=True
    )
    assert done.stdout.splitlines()[-1] == "[]", done.stdout + done.stderr
