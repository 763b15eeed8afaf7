"""The ``diff`` tool on buildings of its own: against another entry, against git revisions
of a throwaway repository, and the clear errors (unknown revision, no work tree, a broken
building)."""

import json
import os
import subprocess
import sys

import koyu_diff
import pytest
from gitrepo import git

from koyu_host import Tool
from koyu_host.client import Client
from koyu_host.plugins import Catalogue, discover, load
from koyu_host.testing import installed_environment, is_installed
from koyu_host.tools import ToolRegistry

MAIN = """koyu 1.0
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
import ./rooms.muro
"""
ROOMS = """space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b room X2..X3 Y1..Y2 name:居室B
boundary /L1/a /L1/b t:120
  door w:780
"""


@pytest.fixture(scope="module")
def client():
    """The built-in tools and this one (from its source, whether or not it is installed),
    served in this process."""
    registry = ToolRegistry("diff")
    koyu_diff.koyu_register_tools(registry)
    others = [t for t in load([ep for ep in discover() if ep.dist == "koyu-mcp"]).tools]  # koyu's own alone
    return Client.in_memory(Catalogue.of(others + registry.tools))


def call(client, **arguments):
    answer = client.call_tool("diff", arguments)
    text = answer["content"][0]["text"]
    return (text, True) if answer.get("isError") else (json.loads(text), False)


def building(folder, rooms=ROOMS):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.muro").write_text(MAIN, encoding="utf-8")
    (folder / "rooms.muro").write_text(rooms, encoding="utf-8")
    return str(folder / "main.muro")


@pytest.fixture
def repo(tmp_path):
    """A git work tree holding one committed building."""
    entry = building(tmp_path / "repo")
    git(tmp_path / "repo", "init", "-q")
    git(tmp_path / "repo", "add", ".")
    git(tmp_path / "repo", "commit", "-q", "-m", "the plan")
    return tmp_path / "repo", entry


def test_one_tool_in_the_verifying_group_after_the_standard_twelve(client):
    registry = ToolRegistry("diff")
    koyu_diff.koyu_register_tools(registry)
    (tool,) = registry.tools
    assert isinstance(tool, Tool) and tool.name == "diff" and tool.group == "Verifying"
    listed = client.list_tools()
    assert len(listed) == 13 and listed[-1]["name"] == "diff"
    assert listed[-1]["inputSchema"]["required"] == ["file", "against"]


def test_against_another_entry(client, tmp_path):
    before = building(tmp_path / "before")
    after = building(tmp_path / "after", ROOMS.replace("居室B", "書斎"))
    found, failed = call(client, file=after, against=before)
    assert not failed
    assert found["spaces"]["changed"] == [
        {"path": "/L1/b", "fields": [{"field": "name", "from": "居室B", "to": "書斎"}]}
    ]
    same, _ = call(client, file=before, against=before)
    assert all(not v for section in same.values() if isinstance(section, dict) for v in section.values())


def test_git_head_is_what_changed_since_the_last_commit_and_the_tree_is_untouched(client, repo):
    folder, entry = repo
    unchanged, _ = call(client, file=entry, against="git:HEAD")
    assert unchanged["boundaries"] == {"added": [], "removed": [], "changed": []}
    edited = ROOMS.replace("w:780", "w:900")
    (folder / "rooms.muro").write_text(edited, encoding="utf-8")  # as write_layer would
    found, failed = call(client, file=entry, against="git:HEAD")
    assert not failed
    assert found["boundaries"]["changed"] == [
        {"between": ["/L1/a", "/L1/b"], "fields": [{"field": "door at:0.5 w", "from": "780", "to": "900"}]}
    ]
    # read out of git: nothing checked out, the edit still there, the index as it was
    assert (folder / "rooms.muro").read_text(encoding="utf-8") == edited
    status = subprocess.run(["git", "status", "--porcelain"], cwd=folder, capture_output=True, text=True).stdout
    assert status == " M rooms.muro\n"


def test_an_older_revision(client, repo):
    folder, entry = repo
    (folder / "rooms.muro").write_text(ROOMS + "space /out exterior\n", encoding="utf-8")
    git(folder, "commit", "-q", "-am", "the outside")
    found, _ = call(client, file=entry, against="git:HEAD~1")
    assert found["spaces"]["added"] == [{"path": "/out", "type": "exterior"}]
    since_head, _ = call(client, file=entry, against="git:HEAD")
    assert since_head["spaces"]["added"] == []


def test_an_unknown_revision(client, repo):
    _, entry = repo
    message, failed = call(client, file=entry, against="git:no-such-branch")
    assert failed and message.startswith("Unknown git revision: no-such-branch")
    message, failed = call(client, file=entry, against="git:--output=/tmp/x")
    assert failed and message.startswith("Unknown git revision: --output=/tmp/x")


def test_outside_a_git_work_tree(client, tmp_path, monkeypatch):
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # never the folders above
    entry = building(tmp_path / "loose")
    message, failed = call(client, file=entry, against="git:HEAD")
    assert (
        failed and message == f"{tmp_path / 'loose'} is not in a git work tree, so there is no git:HEAD to compare with"
    )


def test_a_layer_the_revision_does_not_hold(client, repo):
    folder, entry = repo
    (folder / "main.muro").write_text(MAIN + "import ./more.muro\n", encoding="utf-8")
    (folder / "more.muro").write_text("space /out exterior\n", encoding="utf-8")
    git(folder, "commit", "-q", "-am", "imports a layer never added")  # more.muro untracked
    message, failed = call(client, file=entry, against="git:HEAD")
    assert failed and message == "more.muro is not in git revision HEAD: the building did not hold it then"


def test_a_broken_building_on_either_side(client, repo, tmp_path):
    folder, entry = repo
    broken = building(tmp_path / "broken", ROOMS.replace("Y1..Y2 name:居室A", "Y1..Y9 name:居室A"))
    message, failed = call(client, file=broken, against=entry)
    assert failed and message == f"{tmp_path / 'broken' / 'rooms.muro'}:line 1: Undefined grid line name: Y9"
    message, failed = call(client, file=entry, against=broken)
    assert failed and message.endswith("rooms.muro:line 1: Undefined grid line name: Y9")
    (folder / "rooms.muro").write_text(ROOMS.replace("X2..X3", "X2..X5"), encoding="utf-8")
    git(folder, "commit", "-q", "-am", "broken")
    (folder / "rooms.muro").write_text(ROOMS, encoding="utf-8")
    message, failed = call(client, file=entry, against="git:HEAD")
    assert failed and message.startswith("At git revision HEAD: ") and "Undefined grid line name: X5" in message


@pytest.mark.parametrize(("surface", "originals"), [([], 12), (["--as", "0.27"], 14)])
def test_installed_it_is_served_by_koyu_mcp(tmp_path, surface, originals):
    """Through the entry point only: a real koyu-mcp in a fresh process, where this test's
    sys.path trick does not reach, on each surface after the originals' tools. Runs when
    the plugin is installed (tox installs it)."""
    env = installed_environment()
    if not is_installed("diff", cwd=tmp_path):
        if os.environ.get("KOYU_DIFF_INSTALLED"):
            pytest.fail("koyu-diff should be installed here, but its entry point is missing")
        pytest.skip("koyu-diff is not installed (pip install ./plugins/diff)")
    entry = building(tmp_path / "b")
    server = Client.process([sys.executable, "-m", "koyu_host", *surface], cwd=str(tmp_path), env=env)
    try:
        server.initialize()
        names = [t["name"] for t in server.list_tools()]
        # the originals' first; the other agent tools may be installed beside this one
        assert "diff" in names[originals:]
        answer = server.call_tool("diff", {"file": entry, "against": entry})
        assert json.loads(answer["content"][0]["text"])["columns"] == {"added": [], "removed": [], "changed": []}
    finally:
        server.close()
