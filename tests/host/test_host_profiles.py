"""The ``koyu_register_profiles`` hook: rule packs as plugins (koyu_host.profiles; the
contract is on the hookspec). One test per promise of that docstring."""

from __future__ import annotations

import io

import pytest
from koyu_verify.validate import assessment

from koyu_host import plugins
from koyu_host.profiles import UnknownProfile, find
from koyu_model import load
from koyu_model.release import KOYU_0_27

TWO_ROOMS = """muro 1.4
grid X 0 3000 6000
grid Y 0 4000
level L1 0 h:2400 slab:150
space /out outside:1
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b t:120
  door w:800
boundary /L1/b /out t:150
  door w:900 edge:S
"""

# A rule pack: one analysis counting spaces, three rules on it — one judging, one that
# raises, one that tries to change the model it is given.
PACK_SOURCE = """
    from koyu_host import hookimpl
    from koyu_model.assessment import Analysis, Profile, Rule, RuleSet, applicable, not_applicable, outcome

    SEEN = []

    def count(model):
        return {"spaces": len(model.spaces)}, []

    def at_least_two(model, artifacts):
        n = artifacts["PREFIX.analysis.count"]["spaces"]
        status = "pass" if n >= 2 else "fail"
        return applicable([outcome("/", status, [{"kind": "model", "ref": "/"}], f"{n} spaces")])

    def broken(model, artifacts):
        raise KeyError("nothing here")

    def meddler(model, artifacts):
        SEEN.append(model)
        model.spaces["/L1/z"] = None
        return not_applicable("never reached")

    RULES = RuleSet("PREFIX.ruleset", "1", (
        Rule("PREFIX.count.two", "1", "violation", ("PREFIX.analysis.count",), at_least_two),
        Rule("PREFIX.broken", "1", "caution", ("PREFIX.analysis.count",), broken),
        Rule("PREFIX.meddler", "1", "caution", ("PREFIX.analysis.count",), meddler),
    ))
    PROFILE = Profile("PROFILE_ID", "1", (RULES,), (Analysis("PREFIX.analysis.count", "1", count),))

    @hookimpl
    def koyu_register_profiles(registry):
        registry.add(PROFILE)
"""


def pack(prefix: str, profile_id: str) -> str:
    return PACK_SOURCE.replace("PREFIX", prefix).replace("PROFILE_ID", profile_id)


@pytest.fixture
def building(tmp_path):
    path = tmp_path / "main.muro"
    path.write_text(TWO_ROOMS, encoding="utf-8")
    return load(str(path), release=KOYU_0_27)


def test_the_builtin_profile_registers_through_the_hook_like_any_other():
    catalogue = plugins.load()
    [builtin] = [r for r in catalogue.profiles if r.profile.id == "koyu.profile.schematic-screen"]
    assert builtin.plugin == "verify" and builtin.profile.revision == "1"
    rules = [rule.id for rs in builtin.profile.rule_sets for rule in rs.rules]
    assert len(rules) == 15 and rules[0] == "koyu.schematic.daylight.ratio"
    assert len(builtin.profile.analyses) == 5


def test_validate_runs_exactly_the_profile_it_names(site, building):
    site.add("acme-rules", "acme_rules", pack("acme", "acme.profile.screen"), {"acme": "acme_rules"})
    catalogue = plugins.load()
    report = assessment(building, "acme.profile.screen", "2026-01-02", catalogue)
    assert report["profile"] == {"id": "acme.profile.screen", "revision": "1"}
    assert [r["rule"]["id"] for r in report["rules"]] == ["acme.count.two", "acme.broken", "acme.meddler"]
    assert report["context"] == {"asOf": "2026-01-02", "schema": "koyu-context/1", "values": {}}
    builtin = assessment(building, "koyu.profile.schematic-screen@1", "2026-01-02", catalogue)
    assert not any(r["rule"]["id"].startswith("acme.") for r in builtin["rules"])


def test_a_rule_that_raises_is_its_own_error_and_the_rest_stands(site, building):
    site.add("acme-rules", "acme_rules", pack("acme", "acme.profile.screen"), {"acme": "acme_rules"})
    report = assessment(building, "acme.profile.screen", "2026-01-02", plugins.load())
    counted, broken, _ = report["rules"]
    assert counted["state"] == "evaluated"
    assert counted["evaluation"]["outcomes"][0]["status"] == "pass"
    assert broken["state"] == "error"
    assert "nothing here" in broken["issues"][0]["message"]
    assert report["summary"]["rules"] == {"error": 2, "evaluated": 1, "indeterminate": 0, "notApplicable": 0}
    assert report["summary"]["state"] == "incomplete"


def test_a_rule_sees_a_read_only_model(site, building):
    site.add("acme-rules", "acme_rules", pack("acme", "acme.profile.screen"), {"acme": "acme_rules"})
    report = assessment(building, "acme.profile.screen", "2026-01-02", plugins.load())
    meddler = report["rules"][2]
    assert meddler["state"] == "error"  # the change was refused, so the rule raised
    assert "/L1/z" not in building.spaces
    import acme_rules

    [seen] = acme_rules.SEEN
    assert seen is not building and seen.stash is not building.stash


def test_two_packs_with_one_id_never_collide_silently(site, building):
    site.add("acme-rules", "acme_rules", pack("acme", "shared.profile"), {"acme": "acme_rules"})
    site.add("beta-rules", "beta_rules", pack("beta", "shared.profile"), {"beta": "beta_rules"})
    catalogue = plugins.load()
    with pytest.raises(UnknownProfile) as refused:
        find(catalogue.profiles, "shared.profile")
    assert str(refused.value) == (
        "Ambiguous profile: shared.profile is registered by plugin 'acme' and by plugin 'beta' "
        "(name one as acme/shared.profile or beta/shared.profile)"
    )
    report = assessment(building, "beta/shared.profile", "2026-01-02", catalogue)
    assert report["rules"][0]["rule"]["id"] == "beta.count.two"


def test_one_plugin_registering_an_id_twice_is_left_out_and_reported(site):
    twice = """
        from koyu_host import hookimpl
        from koyu_model.assessment import Profile

        @hookimpl
        def koyu_register_profiles(registry):
            registry.add(Profile("twice.profile", "1", (), ()))
            registry.add(Profile("twice.profile", "2", (), ()))
    """
    site.add("twice-rules", "twice_rules", twice, {"twice": "twice_rules"})
    log = io.StringIO()
    catalogue = plugins.load(log=log)
    assert not [r for r in catalogue.profiles if r.plugin == "twice"]
    assert "registers the profile 'twice.profile' twice" in log.getvalue()
    assert "koyu.profile.schematic-screen" in [r.profile.id for r in catalogue.profiles]


def test_an_unknown_profile_lists_the_installed_ones(site):
    catalogue = plugins.load()
    with pytest.raises(UnknownProfile) as alone:
        find(catalogue.profiles, "x")
    assert str(alone.value) == "Unknown profile: x (koyu ships one: koyu.profile.schematic-screen)"
    site.add("acme-rules", "acme_rules", pack("acme", "acme.profile.screen"), {"acme": "acme_rules"})
    with pytest.raises(UnknownProfile) as more:
        find(plugins.load().profiles, "x")
    assert str(more.value) == (
        "Unknown profile: x (installed: koyu.profile.schematic-screen, acme.profile.screen (from acme))"
    )
    with pytest.raises(UnknownProfile):
        find(catalogue.profiles, "koyu.profile.schematic-screen@2")  # no such revision


def test_an_analysis_that_raises_leaves_its_rules_indeterminate(site, building):
    failing = pack("acme", "acme.profile.screen").replace(
        'return {"spaces": len(model.spaces)}, []', 'raise RuntimeError("cannot count")'
    )
    site.add("acme-rules", "acme_rules", failing, {"acme": "acme_rules"})
    report = assessment(building, "acme.profile.screen", "2026-01-02", plugins.load())
    assert report["analyses"][0]["artifact"]["state"] == "unavailable"
    assert {r["state"] for r in report["rules"]} == {"indeterminate"}


def test_a_model_with_a_core_error_is_judged_by_no_rule(tmp_path):
    path = tmp_path / "main.muro"
    path.write_text(TWO_ROOMS.replace("room X1..X2 Y1..Y2", "room X1..X2 Y1..Y2 h:35OO"), encoding="utf-8")
    model = load(str(path), release=KOYU_0_27)
    report = assessment(model, "koyu.profile.schematic-screen", "2026-01-02", plugins.load())
    assert report["model"]["state"] == "inconsistent"
    assert {r["state"] for r in report["rules"]} == {"indeterminate"}
    assert report["summary"]["rules"]["indeterminate"] == 15 and report["findings"] == []


def test_a_hook_that_raises_leaves_its_plugins_profiles_out(site):
    raising = """
        from koyu_host import hookimpl

        @hookimpl
        def koyu_register_profiles(registry):
            raise RuntimeError("no pack today")
    """
    site.add("sad-rules", "sad_rules", raising, {"sad": "sad_rules"})
    log = io.StringIO()
    catalogue = plugins.load(log=log)
    assert "no pack today" in log.getvalue()
    assert "sad" not in [r.plugin for r in catalogue.profiles]
    assert "verify" in [r.plugin for r in catalogue.profiles]


# A rule pack handing back what the JSON writer cannot write: a set in one analysis's
# value, an object in one rule's outcome; beside them a rule whose outcome has no status.
UNWRITABLE_SOURCE = """
    from koyu_host import hookimpl
    from koyu_model.assessment import Analysis, Profile, Rule, RuleSet, applicable, outcome

    def count(model):
        return {"spaces": len(model.spaces)}, []

    def as_a_set(model):
        return {"paths": set(model.spaces)}, []

    def fine(model, artifacts):
        return applicable([outcome("/", "pass", [{"kind": "model", "ref": "/"}], "fine")])

    def an_object(model, artifacts):
        return applicable([outcome("/", "fail", [{"kind": "space", "ref": model.spaces["/L1/a"]}], "odd")])

    def no_status(model, artifacts):
        return applicable([{"id": "/", "message": "no status"}])

    def reads_the_set(model, artifacts):
        return applicable([])

    PROFILE = Profile("odd.profile", "1", (RuleSet("odd.ruleset", "1", (
        Rule("odd.fine", "1", "violation", ("odd.count",), fine),
        Rule("odd.object", "1", "violation", ("odd.count",), an_object),
        Rule("odd.status", "1", "caution", ("odd.count",), no_status),
        Rule("odd.set", "1", "caution", ("odd.set",), reads_the_set),
    )),), (Analysis("odd.count", "1", count), Analysis("odd.set", "1", as_a_set)))

    @hookimpl
    def koyu_register_profiles(registry):
        registry.add(PROFILE)
"""


def test_a_rule_pack_handing_back_what_cannot_be_written_errs_there_alone(site, tmp_path, capsys):
    """As a validator's finding is: the rule's ``error`` (the analysis's ``unavailable``),
    a note on stderr, and every other rule's outcome answered through the MCP tool."""
    import json

    from koyu_host.client import Client
    from koyu_host.surfaces import SURFACES

    site.add("odd-rules", "odd_rules", UNWRITABLE_SOURCE, {"odd": "odd_rules"})
    (tmp_path / "main.muro").write_text(TWO_ROOMS, encoding="utf-8")
    client = Client.in_memory(plugins.load(surface="0.27"), surface=SURFACES["0.27"])
    arguments = {"file": str(tmp_path / "main.muro"), "profile": "odd.profile", "asOf": "2026-01-02"}
    answer = client.call_tool("validate", arguments)
    assert not answer.get("isError"), answer
    report = json.loads(answer["content"][0]["text"])
    states = {r["rule"]["id"]: r["state"] for r in report["rules"]}
    assert states == {"odd.fine": "evaluated", "odd.object": "error", "odd.status": "error", "odd.set": "indeterminate"}
    [fine] = [r for r in report["rules"] if r["rule"]["id"] == "odd.fine"]
    assert fine["evaluation"]["outcomes"][0]["status"] == "pass"
    [odd] = [r for r in report["rules"] if r["rule"]["id"] == "odd.object"]
    assert odd["issues"][0]["message"] == (
        "odd.object failed: its output cannot be written as JSON (not JSON-serialisable: Space)"
    )
    artifacts = {a["analysis"]["id"]: a["artifact"] for a in report["analyses"]}
    assert artifacts["odd.count"]["state"] == "complete" and artifacts["odd.set"]["state"] == "unavailable"
    assert "odd.set failed: its output cannot be written as JSON" in artifacts["odd.set"]["issues"][0]["message"]
    assert report["summary"]["rules"] == {"error": 2, "evaluated": 1, "indeterminate": 1, "notApplicable": 0}
    notes = [line for line in capsys.readouterr().err.splitlines() if "cannot be written as JSON" in line]
    assert len(notes) == 2
    assert notes[0].startswith("koyu: rule pack odd: analysis odd.set gave a value")
    assert notes[1].startswith("koyu: rule pack odd: rule odd.object gave a value")


def _validate_description(catalogue) -> str:
    [validate] = [t for t in catalogue.tools if t.name == "validate"]
    return validate.listing()["description"]


def test_validate_names_the_installed_profiles_only_when_a_pack_is_installed(site):
    """An agent learns the profiles from tools/list, without a failing call; with koyu's
    alone the description is the original's, to the byte."""
    from koyu_verify.validate import DESCRIPTION_0_27

    assert _validate_description(plugins.load(surface="0.27")) == DESCRIPTION_0_27
    site.add("acme-rules", "acme_rules", pack("acme", "acme.profile.screen"), {"acme": "acme_rules"})
    assert _validate_description(plugins.load(surface="0.27")) == (
        DESCRIPTION_0_27
        + ". Installed profiles (name one as `profile`): koyu.profile.schematic-screen, acme.profile.screen"
    )
    site.add("beta-rules", "beta_rules", pack("beta", "acme.profile.screen"), {"beta": "beta_rules"})
    assert _validate_description(plugins.load(surface="0.27")).endswith(
        ": koyu.profile.schematic-screen, acme/acme.profile.screen, beta/acme.profile.screen"
    )
    assert "Installed profiles" not in _validate_description(plugins.load())  # 0.16's validate runs no profile


def test_the_command_line_loads_no_rule_pack(site, tmp_path):
    """``koyu --as 0.27 validate`` stands on the core: an installed pack is unknown to it."""
    import os
    import subprocess
    import sys

    site.add("acme-rules", "acme_rules", pack("acme", "acme.profile.screen"), {"acme": "acme_rules"})
    (tmp_path / "main.muro").write_text(TWO_ROOMS, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "koyu_cli.main", "--as", "0.27", "validate", "main.muro"]
        + ["--profile", "acme.profile.screen", "--as-of", "2026-01-02"],
        capture_output=True,
        text=True,
        cwd=str(tmp_path),
        env={**os.environ, "PYTHONPATH": str(site.root)},
        timeout=60,
    )
    # the command line's own sentence (koyu 0.27.0's, on two lines): koyu's profile alone is known
    assert done.stderr.splitlines()[:2] == [
        "Unknown profile: acme.profile.screen",
        "  koyu ships one: koyu.profile.schematic-screen",
    ]
    assert done.returncode != 0
