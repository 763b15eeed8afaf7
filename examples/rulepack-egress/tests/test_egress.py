"""The example rule pack on buildings of its own, served in-process by koyu's testing kit
(koyu_host.testing) as ``koyu-mcp --as 0.27`` serves it once installed."""

import json
import os

import koyu_egress
import pytest

from koyu_host.testing import KoyuServer, installed_environment, is_installed

BUILDING = """muro 1.4
grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2400 slab:150
space /out outside:1
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b t:120
  door w:700
boundary /L1/a /out t:150
  door w:800 edge:S
boundary /L1/b /out t:150
  door w:900 edge:S
"""


def _validate(tmp_path, text=BUILDING, profile="egress.profile.exit-doors"):
    path = tmp_path / "main.muro"
    path.write_text(text, encoding="utf-8")
    koyu = KoyuServer(plugins={"egress": koyu_egress}, surface="0.27")
    return koyu.call("validate", file=str(path), profile=profile, asOf="2026-08-03")


def test_only_doors_to_the_outside_are_judged_and_the_narrow_one_fails(tmp_path):
    answer = _validate(tmp_path).json
    assert answer["profile"] == {"id": "egress.profile.exit-doors", "revision": "1"}
    [rule] = answer["rules"]
    assert rule["state"] == "evaluated"
    outcomes = rule["evaluation"]["outcomes"]
    # the 700mm door between the rooms leads nowhere outside: not a subject
    assert [(o["id"], o["status"]) for o in outcomes] == [("/L1/a|/out@1/0", "fail"), ("/L1/b|/out@2/0", "pass")]
    assert [f["outcome"]["message"] for f in answer["findings"]] == [
        "Exit door /L1/a|/out@1/0 is 800mm wide, under 850mm"
    ]
    assert answer["summary"]["outcomes"] == {"fail": 1, "indeterminate": 0, "pass": 1}


def test_no_door_outside_is_not_applicable_not_a_pass(tmp_path):
    text = BUILDING.replace("  door w:800 edge:S\n", "").replace("  door w:900 edge:S\n", "")
    [rule] = _validate(tmp_path, text).json["rules"]
    assert rule["state"] == "not-applicable"


def test_it_is_named_by_its_id_or_by_its_plugin_and_listed_by_validate(tmp_path):
    qualified = _validate(tmp_path, profile="egress/egress.profile.exit-doors").json
    assert qualified["profile"]["id"] == "egress.profile.exit-doors"
    assert _validate(tmp_path, profile="egress.profile.none").error == (
        "Unknown profile: egress.profile.none "
        "(installed: koyu.profile.schematic-screen, egress.profile.exit-doors (from egress))"
    )
    [validate] = [
        t for t in KoyuServer(plugins={"egress": koyu_egress}, surface="0.27").tools if t["name"] == "validate"
    ]
    assert "egress.profile.exit-doors" in validate["description"]


def test_installed_it_is_found_by_the_servers_validate(tmp_path):
    """Through the entry point only: validate of a fresh `koyu-mcp --as 0.27` process. Runs
    when the example is installed (tox installs it; KOYU_EGRESS_INSTALLED makes it fail
    instead of skip)."""
    env = installed_environment()
    if not is_installed("egress", cwd=tmp_path):
        if os.environ.get("KOYU_EGRESS_INSTALLED"):
            pytest.fail("koyu-egress should be installed here, but its entry point is missing")
        pytest.skip("koyu-egress is not installed (pip install examples/rulepack-egress)")
    (tmp_path / "main.muro").write_text(BUILDING, encoding="utf-8")
    from koyu_host.client import Client, server_command

    client = Client.process([*server_command(), "--as", "0.27"], cwd=str(tmp_path), env=env)
    try:
        client.initialize()
        answer = client.call_tool(
            "validate", {"file": "main.muro", "profile": "egress.profile.exit-doors", "asOf": "2026-08-03"}
        )
        unknown = client.call_tool("validate", {"file": "main.muro", "profile": "x", "asOf": "2026-08-03"})
    finally:
        client.close()
    assert not answer.get("isError"), answer
    found = json.loads(answer["content"][0]["text"])
    assert [f["rule"]["id"] for f in found["findings"]] == ["egress.exit-door.width"]
    assert unknown["isError"]
    assert unknown["content"][0]["text"] == (
        "Unknown profile: x (installed: koyu.profile.schematic-screen, egress.profile.exit-doors (from egress))"
    )
