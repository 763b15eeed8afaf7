"""The three hooks a koyu plugin may implement — the whole plugin contract.

A plugin is any importable object (usually a module) named by an entry point in the
group ``koyu.plugins``::

    [project.entry-points."koyu.plugins"]
    acme = "acme_koyu"

The host imports it at start-up and registers it with pluggy under the entry point's
name (the *plugin name*). The built-in tools (``koyu_read``, ``koyu_write``,
``koyu_verify``, ``koyu_ask``, ``koyu_form``) are found exactly this way.

Implement a hook with the marker exported here::

    from koyu_host import hookimpl, Tool

    @hookimpl
    def koyu_register_tools(registry):
        registry.add(Tool(...))

``koyu_register_tools`` adds tools (both surfaces), ``koyu_register_validators`` adds
findings to koyu 0.16.0's ``validate``, ``koyu_register_profiles`` adds rule packs for koyu
0.27.0's ``validate``. They are served by ``koyu-mcp`` only: the ``koyu`` command line
stands on the core alone and loads no plugin. docs/plugins.md is the author's guide, with
a whole example of each; ``koyu_host.testing`` serves a plugin in a test, uninstalled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from koyu_host.profiles import ProfileRegistry
    from koyu_host.tools import ToolRegistry
    from koyu_host.validators import ValidatorRegistry

PROJECT = "koyu"
ENTRY_POINT_GROUP = "koyu.plugins"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def koyu_register_tools(registry: ToolRegistry) -> None:
    """Add this plugin's tools: call ``registry.add(tool)`` once per ``koyu_host.Tool``.

    Called once at start-up. Each tool declares its own ``place``; ``tools/list``
    sorts by it (then by name), never by the order plugins were discovered in. Two
    tools with one name, from one plugin or two, stop start-up with a message naming
    both plugins. A hook that raises is reported on stderr and its plugin's tools are
    left out; the server serves the rest.
    """


@hookspec
def koyu_register_validators(registry: ValidatorRegistry) -> None:
    """Add architectural validators: ``registry.add(koyu_host.Validator(name, check))``.

    Used by the ``validate`` tool of koyu 0.16.0's surface (``koyu-mcp`` without ``--as``),
    which runs every registered validator after its own rules, on every call, through
    ``koyu_host.validators.run_validators``. Neither 0.27's ``validate`` (which runs one
    profile) nor ``koyu validate`` on the command line (which loads no plugin) runs them.

    Contract of ``check(model) -> iterable of finding dicts``:

    * ``model`` is a read-only copy of the composed model ``validate`` works on
      (``koyu_model.model.Model``; ``koyu_host.validators.read_only``): every mapping in
      it refuses a change, and its stash is its own, so nothing the server derived is
      reachable from it and nothing a validator derives outlives the call. The core's
      functions read it as they read any Model.
    * A finding is ``{"rule": str, "level": "violation" | "caution", "message": str,
      ...}``; optional keys as in reference/mcp/tools-verify.md (``line``, ``file``,
      ``path``) are passed through after the three required ones.
    * ``rule`` is namespaced by the host: rule ``exit.width`` from the plugin named
      ``acme`` comes out as ``acme/exit.width``, so it can never pass for a built-in
      rule (those have no ``/``).
    * A finding of the wrong shape, or one the JSON writer cannot write (a set, an
      object), is dropped and reported on stderr; every other finding is answered.
    * A validator that raises contributes no findings of its own but one caution,
      rule ``<plugin>/<validator name>``, message ``Validator <plugin>/<name> failed:
      <error>``, with the traceback on stderr. It never takes ``validate`` down.
    """


@hookspec
def koyu_register_profiles(registry: ProfileRegistry) -> None:
    """Add rule packs for koyu 0.27's ``validate``: ``registry.add(profile)``, one
    ``koyu_model.assessment.Profile`` each (its id, revision, rule sets and the analyses
    they read). koyu's own ``koyu.profile.schematic-screen@1`` registers this way too.

    Contract (each promise is pinned by tests/host/test_host_profiles.py):

    * ``validate`` (the tool under ``--as 0.27``) runs exactly the profile named by its
      ``profile`` argument; nothing runs because it was installed. ``koyu --as 0.27
      validate`` on the command line loads no plugin: it knows koyu's own profile alone.
    * With a profile installed beside koyu's own, ``validate``'s description names the
      installed profiles, so an agent learns them from ``tools/list``.
    * A profile is named by its id (``@<revision>`` may follow), or by
      ``<plugin>/<id>``, the plugin being the entry point's name. Two plugins that
      register one id never collide silently: the bare id is refused as ambiguous, with
      both qualified spellings, and each still runs by its qualified name. One plugin
      registering one id twice is refused at registration (its profiles are left out,
      reported on stderr).
    * An unknown name answers ``Unknown profile: <name> (...)`` listing the installed
      profiles (with koyu's alone: ``koyu ships one: koyu.profile.schematic-screen``).
    * A rule's ``judge(model, artifacts)`` and an analysis's ``compute(model)`` read a
      read-only copy of the model (``koyu_host.validators.read_only``): every mapping
      refuses a change, and its stash is its own.
    * A rule that raises becomes that rule's ``error`` state (``summary.rules.error``
      counts it, the report's ``summary.state`` is ``incomplete``); every other rule's
      outcome stands. An analysis that raises is ``unavailable``, and the rules reading
      it are ``indeterminate``. A rule's evaluation, or an analysis's value and evidence,
      that the JSON writer cannot write (a set, an object) is checked as a validator's
      finding is: that rule's ``error`` (that analysis's ``unavailable``), with a note on
      stderr; every other rule's outcome is answered.
    * A model with a core error is judged by no rule: every rule is ``indeterminate``.
    * A hook that raises is reported on stderr and its plugin's profiles are left out.
    """
