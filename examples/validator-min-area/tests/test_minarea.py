"""The example validator on buildings of its own: its check on a Model, and the whole
plugin served in-process by koyu's testing kit (koyu_host.testing), as it will be once
installed."""

import koyu_minarea

from koyu_host.testing import KoyuServer, installed_environment, is_installed
from koyu_model import load

BUILDING = """koyu 1.0
grid X 0 2400 6000
grid Y 0 3000
level L1 0 h:2400 slab:150
zone /L1/A minarea.m2:9
space /L1/A/bed room X1..X2 Y1..Y2
space /L1/A/store room X2..X3 Y1..Y2 minarea.m2:20
space /L1/hall hall X1..X3 Y1..Y2 level:L1
"""


def _model(tmp_path, text=BUILDING):
    path = tmp_path / "main.muro"
    path.write_text(text, encoding="utf-8")
    return load(str(path))


def test_spaces_under_their_minimum(tmp_path):
    found = list(koyu_minarea.check(_model(tmp_path, BUILDING.replace("space /L1/hall", "space /L2/hall"))))
    # bed: 2.4 x 3 = 7.20 m2 < 9 (the zone's); store: 3.6 x 3 = 10.80 m2 < 20 (its own)
    assert [f["path"] for f in found] == [["/L1/A/bed"], ["/L1/A/store"]]
    assert found[0]["message"] == "/L1/A/bed is 7.20 m2, under its minimum of 9 m2"
    assert found[1]["message"] == "/L1/A/store is 10.80 m2, under its minimum of 20 m2"
    assert found[0]["line"] == 6 and found[0]["level"] == "violation"


def test_a_space_with_no_minimum_says_nothing(tmp_path):
    text = BUILDING.replace(" minarea.m2:9", "").replace(" minarea.m2:20", " minarea.m2:10")
    assert list(koyu_minarea.check(_model(tmp_path, text))) == []


def test_validate_answers_its_findings_namespaced_beside_the_built_in_ones(tmp_path):
    entry = tmp_path / "main.muro"
    entry.write_text(BUILDING.replace("space /L1/hall", "space /L2/hall"), encoding="utf-8")
    koyu = KoyuServer(plugins={"minarea": koyu_minarea})
    assert [v.validator.name for v in koyu.catalogue.validators if v.plugin == "minarea"] == ["room.size"]
    answer = koyu.call("validate", file=str(entry))
    mine = [f for f in answer.json["findings"] if f["rule"].startswith("minarea/")]
    assert [(f["rule"], f["path"]) for f in mine] == [
        ("minarea/room.size", ["/L1/A/bed"]),
        ("minarea/room.size", ["/L1/A/store"]),
    ]
    assert answer.json["violations"] >= 2
    assert koyu.call("validate", file=str(tmp_path / "none.muro")).error.startswith("line 0: Cannot read file")


def test_the_namespaced_key_is_carried_without_att03(tmp_path):
    from koyu_model.check import check as check_model

    codes = [d.code for d in check_model(_model(tmp_path))]
    assert "ATT03" not in codes
    text = BUILDING.replace("minarea.m2:9", "minarea:9")  # no dot: not a namespace
    assert "ATT03" in [d.code for d in check_model(_model(tmp_path, text))]


def test_installed_it_is_found_by_the_servers_validate(tmp_path):
    """Through the entry point only: the validate tool of a fresh `koyu-mcp` process, where
    this test's sys.path trick does not reach. Runs when the example is installed (tox
    installs it). Validators are the server's: `koyu validate` runs the built-in rules."""
    import json
    import os

    import pytest

    env = installed_environment()
    if not is_installed("minarea", cwd=tmp_path):
        if os.environ.get("KOYU_MINAREA_INSTALLED"):
            pytest.fail("koyu-minarea should be installed here, but its entry point is missing")
        pytest.skip("koyu-minarea is not installed (pip install examples/validator-min-area)")
    entry = tmp_path / "main.muro"
    entry.write_text(BUILDING.replace("space /L1/hall", "space /L2/hall"), encoding="utf-8")
    from koyu_host.client import Client

    client = Client.process(cwd=str(tmp_path), env=env)
    try:
        client.initialize()
        answer = client.call_tool("validate", {"file": str(entry)})
    finally:
        client.close()
    assert not answer.get("isError"), answer
    rules = [f["rule"] for f in json.loads(answer["content"][0]["text"])["findings"]]
    assert rules.count("minarea/room.size") == 2, answer
