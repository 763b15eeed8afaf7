"""Plugins: found through entry points only, ordered by declared place, failures kept apart."""

from __future__ import annotations

import inspect
import io
import json

import pytest
import test_host_profiles
import test_host_validators
from host_support import BROKEN_SOURCE, CLASH_SOURCE, ZETA_SOURCE, make_tool

from koyu_host import GROUPS, Validator, hookspecs, plugins
from koyu_host.client import Client
from koyu_host.plugins import Catalogue, DuplicatePluginError, DuplicateToolError, EntryPoint
from koyu_host.validators import RegisteredValidator, run_validators

BUILT_IN = [
    "model_summary",
    "check",
    "layers",
    "write_layer",
    "new_uids",
    "doors",
    "spaces",
    "light",
    "validate",
    "site",
    "plan_svg",
    "canonical_json",
]


def test_the_built_in_tools_come_through_the_entry_point_group():
    found = {ep.name: ep.value for ep in plugins.discover()}
    assert {
        "read": "koyu_read",
        "write": "koyu_write",
        "verify": "koyu_verify",
        "ask": "koyu_ask",
        "form": "koyu_form",
    }.items() <= found.items()


def test_discovery_agrees_with_importlib_metadata(site):
    from importlib import metadata

    site.add("zeta-koyu", "zeta_koyu", ZETA_SOURCE, {"zeta": "zeta_koyu"})
    site.add("other-koyu", "other_koyu", "", {"other": "other_koyu:sub.attr"})
    expected = {}
    for ep in metadata.entry_points(group="koyu.plugins"):
        expected.setdefault(ep.name, ep.value)
    assert {ep.name: ep.value for ep in plugins.discover()} == expected
    assert expected["other"] == "other_koyu:sub.attr" and "zeta" in expected


def test_an_entry_point_may_name_an_object_inside_a_module(site):
    site.add("deep-koyu", "deep_koyu", "class sub:\n    attr = 42\n", {"deep": "deep_koyu:sub.attr"})
    [ep] = [ep for ep in plugins.discover() if ep.name == "deep"]
    assert ep.load() == 42


def test_the_installed_catalogue_is_the_twelve_in_declared_order(installed):
    assert [t.name for t in installed.tools] == BUILT_IN
    assert [t.place for t in installed.tools] == list(range(1, 13))
    groups = {t.name: t.group for t in installed.tools}
    assert groups["plan_svg"] == "Asking" and groups["check"] == "Verifying" and groups["new_uids"] == "Writing"
    assert {t.group for t in installed.tools} == set(GROUPS)


def test_tools_list_order_comes_from_place_not_discovery_order(installed):
    shuffled = list(reversed(installed.tools))
    assert [t.name for t in Catalogue.of(shuffled).tools] == BUILT_IN


def test_places_that_tie_are_ordered_by_name():
    tools = [make_tool("b", place=1), make_tool("a", place=1), make_tool("c", place=0)]
    assert [t.name for t in Catalogue.of(tools).tools] == ["c", "a", "b"]


def test_a_tool_declares_a_known_group():
    with pytest.raises(ValueError):
        make_tool(group="Drawing")


def test_every_reading_tool_reports_an_unreadable_entry_as_the_bare_message(installed):
    # A core read error is an exception whose str() is the documented message; the host
    # passes it on as isError (reference/mcp/protocol.md, "Tool errors").
    # (write_layer answers {written: false, ...} instead; validate is left to its own tests.)
    client = Client.in_memory(installed)
    for name in (
        "model_summary",
        "check",
        "layers",
        "new_uids",
        "doors",
        "spaces",
        "light",
        "site",
        "plan_svg",
        "canonical_json",
    ):
        result = client.call_tool(name, {"file": "/nonexistent/x.muro", "from": "/a", "to": "/b", "level": "L1"})
        assert result == {
            "content": [{"type": "text", "text": "line 0: Cannot read file: /nonexistent/x.muro"}],
            "isError": True,
        }, name


# -- a third party's plugin ----------------------------------------------------------


def test_a_third_party_tool_plugin_appears_at_its_declared_place(site):
    site.add("zeta-koyu", "zeta_koyu", ZETA_SOURCE, {"zeta": "zeta_koyu"})
    catalogue = plugins.load()
    assert "zeta" in catalogue.plugins and catalogue.plugins[-1] == "zeta"  # discovered last...
    names = [t["name"] for t in Client.in_memory(catalogue).list_tools()]
    assert names == ["zeta_echo"] + BUILT_IN  # ...listed first: it declared place 0
    result = Client.in_memory(catalogue).call_tool("zeta_echo", {"file": "a.muro"})
    assert json.loads(result["content"][0]["text"]) == {"zeta": "a.muro", "loud": 0}


def test_a_plugin_that_raises_on_import_is_reported_and_the_rest_is_served(site):
    site.add("broken-koyu", "broken_koyu", BROKEN_SOURCE, {"broken": "broken_koyu"})
    site.add("zeta-koyu", "zeta_koyu", ZETA_SOURCE, {"zeta": "zeta_koyu"})
    log = io.StringIO()
    catalogue = plugins.load(log=log)
    assert "plugin 'broken'" in log.getvalue() and "refuses to import" in log.getvalue()
    assert "broken" not in catalogue.plugins
    assert [t.name for t in catalogue.tools] == ["zeta_echo"] + BUILT_IN


def test_an_entry_point_naming_a_missing_module_is_reported(site):
    site.add("ghost-koyu", "ghost_pkg", "", {"ghost": "no_such_module_anywhere"})
    log = io.StringIO()
    catalogue = plugins.load(log=log)
    assert "plugin 'ghost'" in log.getvalue() and "No module named" in log.getvalue()
    assert len(catalogue.tools) == 12


def test_a_duplicate_tool_name_stops_start_up_naming_both_plugins(site):
    site.add("clash-koyu", "clash_koyu", CLASH_SOURCE, {"clash": "clash_koyu"})
    with pytest.raises(DuplicateToolError) as caught:
        plugins.load()
    message = str(caught.value)
    assert "'check'" in message and "plugin 'verify'" in message and "plugin 'clash'" in message


def test_a_third_party_plugin_named_like_a_built_in_stops_start_up_naming_both(site):
    # zeta's module imports and registers fine: were it loaded under the name "form", it
    # would replace plan_svg without a word
    site.add("acme-koyu", "acme_form", ZETA_SOURCE, {"form": "acme_form"})
    with pytest.raises(DuplicatePluginError) as caught:
        plugins.load()
    message = str(caught.value)
    assert "plugin name 'form'" in message
    assert "distribution 'koyu-mcp' (koyu_form)" in message and "distribution 'acme-koyu' (acme_form)" in message


def test_a_duplicate_within_one_catalogue_is_refused():
    with pytest.raises(DuplicateToolError):
        Catalogue.of([make_tool("same"), make_tool("same", place=2)])


class _RaisingHook:
    @hookspecs.hookimpl
    def koyu_register_tools(self, registry):
        registry.add(make_tool("half", place=50))
        raise RuntimeError("registration went wrong")


class _WrongValue:
    @hookspecs.hookimpl
    def koyu_register_tools(self, registry):
        registry.add({"name": "not a Tool"})


def test_a_hook_that_raises_leaves_its_plugin_out(monkeypatch):
    log = io.StringIO()
    entry_points = [EntryPoint("bad", "x"), EntryPoint("worse", "y")]
    objects = {"x": _RaisingHook(), "y": _WrongValue()}
    monkeypatch.setattr(EntryPoint, "load", lambda self: objects[self.value])
    catalogue = plugins.load(entry_points, log=log)
    assert catalogue.tools == ()
    assert "plugin 'bad'" in log.getvalue() and "plugin 'worse'" in log.getvalue()


# -- validators --------------------------------------------------------------------


def test_a_third_party_validator_is_registered_under_its_plugin(site):
    site.add("zeta-koyu", "zeta_koyu", ZETA_SOURCE, {"zeta": "zeta_koyu"})
    catalogue = plugins.load()
    [registered] = [v for v in catalogue.validators if v.plugin == "zeta"]
    assert registered.validator.name == "width"
    assert catalogue.validators[-1] == registered  # plugins in name order: zeta comes last
    assert run_validators([registered], model=None) == [
        {"rule": "zeta/exit.width", "level": "violation", "message": "Too narrow", "path": ["/a"]}
    ]


def test_run_validators_namespaces_keeps_order_drops_bad_shapes_and_survives_a_raise():
    def good(model):
        yield {"message": "Suspect", "level": "caution", "rule": "door.swing", "line": 3, "file": "/a.muro"}
        yield {"rule": "door.swing", "level": "fatal", "message": "no such level"}
        yield "not a finding"

    def broken(model):
        raise KeyError("spaces")

    log = io.StringIO()
    findings = run_validators(
        [
            RegisteredValidator("acme", Validator("doors", good)),
            RegisteredValidator("acme", Validator("crash", broken)),
            RegisteredValidator(
                "beta", Validator("fine", lambda m: [{"rule": "r", "level": "violation", "message": str(m)}])
            ),
        ],
        model="M",
        log=log,
    )
    assert findings == [
        {"rule": "acme/door.swing", "level": "caution", "message": "Suspect", "line": 3, "file": "/a.muro"},
        {"rule": "acme/crash", "level": "caution", "message": "Validator acme/crash failed: 'spaces'"},
        {"rule": "beta/r", "level": "violation", "message": "M"},
    ]
    assert list(findings[0]) == ["rule", "level", "message", "line", "file"]
    text = log.getvalue()
    assert "wrong shape" in text and "Traceback" in text and "acme/crash" in text


def test_active_is_what_the_server_loaded():
    catalogue = Catalogue.of([make_tool()])
    plugins.activate(catalogue)
    try:
        assert plugins.active() is catalogue
    finally:
        plugins.activate(None)  # type: ignore[arg-type]


# -- every hookspec is tested -----------------------------------------------------------

HOOK_TESTS = {
    "koyu_register_tools": [
        test_a_third_party_tool_plugin_appears_at_its_declared_place,
        test_a_duplicate_tool_name_stops_start_up_naming_both_plugins,
        test_a_hook_that_raises_leaves_its_plugin_out,
    ],
    "koyu_register_validators": [
        test_a_third_party_validator_is_registered_under_its_plugin,
        test_host_validators.test_validate_of_0_27_runs_no_validator,
        test_host_validators.test_a_finding_that_cannot_be_written_as_json_is_dropped_with_a_note_and_the_rest_kept,
        test_host_validators.test_every_mapping_a_validator_can_reach_refuses_a_change,
        test_run_validators_namespaces_keeps_order_drops_bad_shapes_and_survives_a_raise,
    ],
    "koyu_register_profiles": [
        test_host_profiles.test_the_builtin_profile_registers_through_the_hook_like_any_other,
        test_host_profiles.test_validate_runs_exactly_the_profile_it_names,
        test_host_profiles.test_two_packs_with_one_id_never_collide_silently,
        test_host_profiles.test_one_plugin_registering_an_id_twice_is_left_out_and_reported,
        test_host_profiles.test_an_unknown_profile_lists_the_installed_ones,
        test_host_profiles.test_a_rule_sees_a_read_only_model,
        test_host_profiles.test_a_rule_that_raises_is_its_own_error_and_the_rest_stands,
        test_host_profiles.test_an_analysis_that_raises_leaves_its_rules_indeterminate,
        test_host_profiles.test_a_model_with_a_core_error_is_judged_by_no_rule,
        test_host_profiles.test_a_hook_that_raises_leaves_its_plugins_profiles_out,
        test_host_profiles.test_a_rule_pack_handing_back_what_cannot_be_written_errs_there_alone,
        test_host_profiles.test_validate_names_the_installed_profiles_only_when_a_pack_is_installed,
        test_host_profiles.test_the_command_line_loads_no_rule_pack,
    ],
}


def test_every_hookspec_has_a_test():
    specs = {
        name
        for name, obj in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(obj, hookspecs.PROJECT + "_spec")
    }
    assert specs == set(HOOK_TESTS)
    for tests in HOOK_TESTS.values():
        assert all(t.__name__.startswith("test_") for t in tests)
