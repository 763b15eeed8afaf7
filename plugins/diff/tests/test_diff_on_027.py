"""The ``diff`` tool on the koyu 0.27.0 surface (``koyu-mcp --as 0.27``): both sides read as
0.27 reads them — muro 1.4, untyped and ``outside:1`` spaces, ``origin``/``azimuth``, the
derived exterior walls — against another entry and against git revisions, answering what
``koyu --as 0.27 diff A B --json`` writes; its place after the fourteen tools of 0.27 and
its annotations on both surfaces; the clear errors."""

import json
import shutil

import koyu_diff
import pytest
from gitrepo import git

from koyu_cli.main import main
from koyu_host.client import Client
from koyu_host.plugins import Catalogue, discover, load
from koyu_host.surfaces import SURFACES
from koyu_host.tools import ToolRegistry

BEFORE = """muro 1.4
name 二室
unit mm
origin epsg:6677 easting:-8000 northing:-34000
azimuth Y 15
grid X 0 3600 7200 9200
grid Y 0 4000
level L1 0 h:2400 slab:150
import ./rooms.muro
"""
ROOMS = """space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b X2..X3 Y1..Y2 name:居室B
space /out outside:1
boundary /L1/a /L1/b t:120
  door w:780
boundary /L1/a /out t:150 edge:S
  window w:1200
"""
# /L1/c, written with no type, takes the east face of /L1/b from the outside
MORE_ROOMS = ROOMS.replace("name:居室B", "name:書斎") + "space /L1/c X3..X4 Y1..Y2\n"


def diff_tool():
    registry = ToolRegistry("diff")
    koyu_diff.koyu_register_tools(registry)
    (tool,) = registry.tools
    return tool


def serve(surface: str) -> Client:
    """The built-in tools of ``surface`` and this one (from its source), served in this process."""
    others = load([ep for ep in discover() if ep.dist == "koyu-mcp"], surface=surface).tools  # koyu's own alone
    return Client.in_memory(Catalogue.of([*others, diff_tool()], surface=surface), surface=SURFACES[surface])


@pytest.fixture(scope="module")
def client27():
    return serve("0.27")


def building(folder, rooms=ROOMS):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.muro").write_text(BEFORE, encoding="utf-8")
    (folder / "rooms.muro").write_text(rooms, encoding="utf-8")
    return str(folder / "main.muro")


def tool_text(client, **arguments):
    answer = client.call_tool("diff", arguments)
    return answer["content"][0]["text"], bool(answer.get("isError"))


def cli_json(capsys, before: str, after: str) -> tuple[str, int]:
    capsys.readouterr()
    code = main(["--as", "0.27", "diff", before, after, "--json"])
    return capsys.readouterr().out, code


def test_listed_after_the_originals_tools_on_each_surface_with_its_hints():
    hints = {"title": "Diff the building", "readOnlyHint": True, "openWorldHint": False}
    for surface, originals in (("0.16", 12), ("0.27", 14)):
        listed = serve(surface).list_tools()
        assert len(listed) == originals + 1, surface
        last = listed[-1]
        assert last["name"] == "diff" and last["title"] == "Diff the building"
        assert last["annotations"] == hints
        assert last["inputSchema"]["required"] == ["file", "against"]
        assert all("annotations" not in t for t in listed[:-1])  # the originals' carry none


def test_against_another_entry_it_answers_what_the_command_line_writes(client27, tmp_path, capsys):
    before = building(tmp_path / "before")
    after = building(tmp_path / "after", MORE_ROOMS)
    text, failed = tool_text(client27, file=after, against=before)
    assert not failed
    written, code = cli_json(capsys, before, after)
    assert code == 1 and written == text + "\n"  # byte for byte, the command line ending its line
    found = json.loads(text)
    # read as 0.27 reads muro 1.4: the untyped space has no type, the outside is a wall
    assert found["spaces"]["added"] == [{"path": "/L1/c", "areaM2": 8}]
    assert found["spaces"]["changed"] == [
        {"path": "/L1/b", "fields": [{"field": "name", "from": "居室B", "to": "書斎"}]}
    ]
    assert {"between": ["/L1/c", "outside"], "kind": "wall"} in found["boundaries"]["added"]
    assert {"between": ["/L1/b", "/L1/c"], "kind": "wall"} in found["boundaries"]["added"]


def test_the_same_building_is_no_difference(client27, tmp_path):
    entry = building(tmp_path / "b")
    text, failed = tool_text(client27, file=entry, against=entry)
    assert not failed
    sections = json.loads(text)
    assert sections.pop("grid") == []
    assert all(not items for section in sections.values() for items in section.values())


def test_against_git_head_the_committed_building_read_as_0_27(client27, tmp_path, capsys):
    folder = tmp_path / "repo"
    entry = building(folder)
    git(folder, "init", "-q")
    git(folder, "add", ".")
    git(folder, "commit", "-q", "-m", "the plan")
    text, failed = tool_text(client27, file=entry, against="git:HEAD")
    assert not failed and json.loads(text)["boundaries"] == {"added": [], "removed": [], "changed": []}
    committed = shutil.copytree(folder, tmp_path / "committed", ignore=shutil.ignore_patterns(".git"))
    (folder / "rooms.muro").write_text(MORE_ROOMS.replace("w:780", "w:900"), encoding="utf-8")
    text, failed = tool_text(client27, file=entry, against="git:HEAD")
    assert not failed
    written, code = cli_json(capsys, str(committed / "main.muro"), entry)
    assert code == 1 and written == text + "\n"
    assert {"between": ["/L1/a", "/L1/b"], "fields": [{"field": "door at:0.5 w", "from": "780", "to": "900"}]} in (
        json.loads(text)["boundaries"]["changed"]
    )


def test_the_0_16_surface_reads_muro_1_4_as_0_16_does(tmp_path):
    entry = building(tmp_path / "b")
    message, failed = tool_text(serve("0.16"), file=entry, against=entry)
    assert failed and message == f"{entry}:line 1: Unknown keyword: muro"


def test_a_broken_building_on_either_side(client27, tmp_path):
    entry = building(tmp_path / "fine")
    broken = building(tmp_path / "broken", ROOMS.replace("X2..X3 Y1..Y2", "X2..X3 Y1..Y7"))
    where = f"{tmp_path / 'broken' / 'rooms.muro'}:line 2: Undefined grid line name: Y7"
    assert tool_text(client27, file=broken, against=entry) == (where, True)
    assert tool_text(client27, file=entry, against=broken) == (where, True)
    # a version 0.27 does not read yet
    newer = building(tmp_path / "newer")
    (tmp_path / "newer" / "main.muro").write_text(BEFORE.replace("muro 1.4", "muro 1.5"), encoding="utf-8")
    message, failed = tool_text(client27, file=entry, against=newer)
    assert failed and message.startswith(f"{newer}:line 1: ")


def test_an_unknown_revision_and_a_broken_one(client27, tmp_path):
    folder = tmp_path / "repo"
    entry = building(folder, ROOMS.replace("X2..X3", "X2..X9"))
    git(folder, "init", "-q")
    git(folder, "add", ".")
    git(folder, "commit", "-q", "-m", "broken")
    (folder / "rooms.muro").write_text(ROOMS, encoding="utf-8")
    message, failed = tool_text(client27, file=entry, against="git:no-such-branch")
    assert failed and message.startswith("Unknown git revision: no-such-branch")
    message, failed = tool_text(client27, file=entry, against="git:HEAD")
    assert failed and message.startswith("At git revision HEAD: ") and "Undefined grid line name: X9" in message
