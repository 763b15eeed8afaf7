"""Validators are plugins: the built-in rules come through koyu_register_validators like a
third party's; an installed distribution's findings appear beside them, namespaced; a
validator that raises is one caution of its own and never takes validate down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from koyu_verify import validate as tool

from koyu_host import Validator, plugins
from koyu_host.client import Client
from koyu_host.plugins import Catalogue
from koyu_host.validators import RegisteredValidator
from koyu_model import load
from koyu_model.listings.verdicts import NOTE

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "validator-min-area"

#: One room too small for its zone's minimum, one door to the outside, no window rule.
BUILDING = """koyu 1.0
grid X 0 2400 6000
grid Y 0 3000
level L1 0 h:2400 slab:150
zone /L1/A minarea.m2:9
space /out exterior
space /L1/A/bed room X1..X2 Y1..Y2
space /L1/A/living room X2..X3 Y1..Y2
boundary /L1/A/bed /L1/A/living
  door w:800
boundary /L1/A/living /out
  door w:900 edge:E
"""

MINAREA = "/L1/A/bed is 7.20 m2, under its minimum of 9 m2"


@pytest.fixture(autouse=True)
def _keep_active_catalogue(monkeypatch):
    monkeypatch.setattr(plugins, "_active", None)


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The example distribution installed into a throwaway site folder: its package on the
    path and a dist-info carrying its entry point (what pip writes), nothing downloaded."""
    site = tmp_path / "site"
    info = site / "koyu_minarea-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: koyu-minarea\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[koyu.plugins]\nminarea = koyu_minarea\n")
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.syspath_prepend(str(site))
    return site


def _building(tmp_path) -> str:
    p = tmp_path / "main.muro"
    p.write_text(BUILDING, encoding="utf-8")
    return str(p)


def test_builtin_rules_are_registered_through_the_hook():
    catalogue = plugins.load()
    mine = [r for r in catalogue.validators if r.validator in tool.BUILTIN]
    assert [r.validator.name for r in mine] == list(tool.CHAPTER_NAMES)
    assert {r.plugin for r in mine} == {"verify"}
    from koyu_model.validate import CHAPTERS

    assert [name for name, _ in CHAPTERS] == list(tool.CHAPTER_NAMES)


def test_installed_validator_findings_appear_beside_the_builtin_ones(tmp_path, installed):
    catalogue = plugins.load()
    assert "minarea" in catalogue.plugins
    found = tool.findings(load(_building(tmp_path)), catalogue)
    # the built-in ones first (here the envelope holes), then the plugin's, its rule
    # namespaced by the entry point's name
    assert [f["rule"] for f in found] == ["envelope.gap", "minarea/room.size"]
    assert found[-1]["message"] == MINAREA
    assert found[-1]["line"] == 7 and found[-1]["path"] == ["/L1/A/bed"]


def test_the_mcp_tool_answers_with_the_plugin_findings(tmp_path, installed):
    client = Client.in_memory(plugins.load())
    result = client.call_tool("validate", {"file": _building(tmp_path)})
    assert not result.get("isError")
    answer = json.loads(result["content"][0]["text"])
    assert list(answer) == ["findings", "violations", "cautions", "note"]
    assert [f["rule"] for f in answer["findings"]] == ["envelope.gap", "minarea/room.size"]
    assert (answer["violations"], answer["cautions"]) == (1, 1)
    assert answer["note"] == NOTE


def test_koyu_validate_command_runs_the_built_in_rules_only(tmp_path, installed):
    # an installed plugin's validators are the server's: the command line stands on the core
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(installed), str(EXAMPLE)]))
    done = subprocess.run(
        [sys.executable, "-m", "koyu_cli.main", "validate", _building(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(tmp_path),
    )
    assert "minarea" not in done.stdout
    assert done.stdout.splitlines()[-1] == "Validation — 0 violations / 1 caution"
    assert done.returncode == 0


def test_a_validator_that_raises_is_one_caution_and_validate_goes_on(tmp_path, capsys):
    def explode(model):
        raise RuntimeError("no idea")

    def impostor(model):
        return [{"rule": "envelope.gap", "level": "caution", "message": "not the real one"}]

    builtin = [RegisteredValidator("verify", v) for v in tool.BUILTIN]
    catalogue = Catalogue.of(
        [],
        [
            RegisteredValidator("boom", Validator("explode", explode)),
            RegisteredValidator("acme", Validator("copy", impostor)),
        ]
        + builtin,
    )
    text = BUILDING.replace("  door w:900 edge:E\n", "")  # now /L1/A/* cannot get out
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    found = tool.findings(load(str(p)), catalogue)
    assert [(f["rule"], f["level"]) for f in found] == [
        ("envelope.gap", "caution"),
        ("access.unreachable", "violation"),
        ("access.unreachable", "violation"),
        ("boom/explode", "caution"),
        ("acme/envelope.gap", "caution"),
    ]
    assert found[3]["message"] == "Validator boom/explode failed: no idea"
    assert "RuntimeError" in capsys.readouterr().err
