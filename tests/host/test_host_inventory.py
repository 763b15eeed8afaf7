"""``koyu-mcp --plugins`` (koyu_host/inventory.py) and ``KOYU_MCP_PLUGINS``, which narrows
the plugins that load: pinned with a plugin distribution of our own."""

from __future__ import annotations

import io
import os
import subprocess
from importlib import metadata

import pytest
from host_support import BROKEN_SOURCE, CLASH_SOURCE
from test_host_profiles import pack

from koyu_host import plugins, server
from koyu_host.client import server_command

# A tool on each surface, a validator and a rule pack, in one distribution.
ACME_SOURCE = (
    pack("acme", "acme.profile.screen")
    + """
    import attrs
    from koyu_host import ENTRY_FILE, Serving, Tool, Validator, argument

    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)

    @hookimpl
    def koyu_register_tools(registry):
        registry.add(Tool("acme_count", "Counts", Input, lambda a: 1, group="Asking", place=40))
        registry.add(Tool("acme_section", "Cuts", Input, lambda a: 2, group="Asking", place=41,
                          serves=(Serving("0.27"),)))

    @hookimpl
    def koyu_register_validators(registry):
        registry.add(Validator("exit.width", lambda model: []))
"""
)

ACME_ON_0_16 = """acme: acme-koyu 1.0 (acme_rules)
  tools: acme_count
  validators: exit.width
  profiles: acme.profile.screen@1
"""


@pytest.fixture
def acme(site):
    site.add("acme-koyu", "acme_rules", ACME_SOURCE, {"acme": "acme_rules"})
    return site


def plugins_listing(capsys, *argv: str) -> str:
    assert server.main([*argv, "--plugins"]) == 0
    out, _ = capsys.readouterr()
    return out


def test_each_plugin_its_distribution_version_tools_validators_and_profiles(acme, capsys):
    out = plugins_listing(capsys)
    version = metadata.version("koyu-mcp")
    assert out.startswith(f"koyu-mcp {version} (muro 1.0)\nplugins (koyu.plugins): 6 of 6 installed loaded\n")
    assert ACME_ON_0_16 in out
    assert f"verify: koyu-mcp {version} (koyu_verify)\n  tools: check, validate\n" in out
    assert out.index("acme:") < out.index("ask:")  # in load order: by name


def test_the_tools_listed_are_the_surfaces(acme, capsys):
    out = plugins_listing(capsys, "--as", "0.27")
    assert out.startswith("koyu-mcp 0.27.0 — ")
    assert ACME_ON_0_16.replace("acme_count", "acme_section") in out
    assert "section_svg" in out and "section_svg" not in plugins_listing(capsys)


def test_a_plugin_that_failed_to_load_is_listed_as_such(site, capsys):
    site.add("broken-koyu", "broken_koyu", BROKEN_SOURCE, {"broken": "broken_koyu"})
    out = plugins_listing(capsys)
    assert "plugins (koyu.plugins): 5 of 6 installed loaded\n" in out
    assert "broken: broken-koyu 1.0 (broken_koyu)\n  not loaded: it failed (the note on stderr says why)\n" in out


def test_the_variable_loads_only_the_plugins_it_names(acme, monkeypatch, capsys):
    monkeypatch.setenv("KOYU_MCP_PLUGINS", "acme, verify")
    catalogue = plugins.load()
    assert catalogue.plugins == ("acme", "verify")
    assert [t.name for t in catalogue.tools] == ["check", "validate", "acme_count"]
    out = plugins_listing(capsys)
    assert "plugins (koyu.plugins): 2 of 6 installed loaded (KOYU_MCP_PLUGINS chooses)\n" in out
    assert ACME_ON_0_16 in out and "read: not loaded: KOYU_MCP_PLUGINS leaves it out\n" in out


def test_no_colon_leaves_one_out_and_so_a_clashing_install_can_start(site, monkeypatch, capsys):
    site.add("clash-koyu", "clash_koyu", CLASH_SOURCE, {"clash": "clash_koyu"})
    site.add("acme-koyu", "acme_form", CLASH_SOURCE, {"form": "acme_form"})
    with pytest.raises(plugins.StartupError):
        plugins.load()
    monkeypatch.setenv("KOYU_MCP_PLUGINS", "no:clash,no:form")
    assert plugins.load().plugins == ("ask", "read", "verify", "write")
    out = plugins_listing(capsys)
    assert "clash: not loaded: KOYU_MCP_PLUGINS leaves it out\n" in out
    assert "form: not loaded: KOYU_MCP_PLUGINS leaves it out\n" in out


def test_a_name_nothing_declares_is_said_on_stderr(monkeypatch):
    monkeypatch.setenv("KOYU_MCP_PLUGINS", "verify,veryfy")
    log = io.StringIO()
    assert plugins.load(log=log).plugins == ("verify",)
    assert log.getvalue() == (
        "koyu-mcp: KOYU_MCP_PLUGINS names 'veryfy', which no installed distribution declares "
        "(koyu-mcp --plugins lists them)\n"
    )


def test_a_clash_is_said_as_start_up_says_it(site, capsys):
    site.add("acme-koyu", "acme_form", CLASH_SOURCE, {"form": "acme_form"})
    assert server.main(["--plugins"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("koyu-mcp: cannot start: the plugin name 'form' is declared by")


def test_the_installed_command_prints_on_stdout_and_a_server_started_so_serves_the_chosen_plugins():
    done = subprocess.run(
        [*server_command(), "--plugins"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stderr == ""
    assert f"verify: koyu-mcp {metadata.version('koyu-mcp')} (koyu_verify)\n" in done.stdout
    served = subprocess.run(
        server_command(),
        input='{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n',
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "KOYU_MCP_PLUGINS": "form"},
    )
    assert served.returncode == 0 and '"name":"plan_svg"' in served.stdout and '"name":"check"' not in served.stdout


def test_the_variables_spelling():
    from koyu_host.plugins import Choice

    choice = Choice.parse(" read , no:acme,, no: ,verify")
    assert choice == Choice(frozenset({"read", "verify"}), frozenset({"acme"}))
    assert [n for n in ("read", "acme", "verify", "write") if choice.wants(n)] == ["read", "verify"]
    assert Choice.parse("no:acme").wants("write") and not Choice.parse("no:acme").wants("acme")
    assert Choice.parse("") == Choice() and Choice().wants("anything")
