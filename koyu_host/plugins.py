"""Finding plugins through entry points and collecting what they register.

Every plugin — the five built-in ones and a third party's — is an entry point in the
group ``koyu.plugins``; there is no other way in. Plugins are loaded in entry-point
name order, so that what depends on order (the validators' findings) does not depend
on how the installation happens to list its distributions; ``tools/list`` order comes
from each tool's declared ``place`` alone.

Failures are kept apart: a plugin that fails to import or whose hook raises is
reported on stderr and left out, and the rest is served. Two things with one name stop
start-up (``StartupError``), since answering with either would be a guess: two
distributions declaring one plugin name (``DuplicatePluginError``: a third party's
``form`` never silently replaces the built-in one), and two tools with one name
(``DuplicateToolError``). ``KOYU_MCP_PLUGINS`` narrows which installed plugins load, for
debugging an installation (``Choice``).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TextIO

import attrs
import pluggy

from koyu_host import hookspecs
from koyu_host.profiles import ProfileRegistry, RegisteredProfile, registered
from koyu_host.tools import Tool, ToolRegistry
from koyu_host.validators import RegisteredValidator, ValidatorRegistry
from koyu_model.release import DEFAULT

__all__ = [
    "Catalogue",
    "Choice",
    "EntryPoint",
    "chosen",
    "StartupError",
    "DuplicatePluginError",
    "DuplicateToolError",
    "discover",
    "load",
    "active",
    "activate",
    "serving",
]


class StartupError(Exception):
    """The installed plugins cannot be served together; the message says why."""


class DuplicatePluginError(StartupError):
    """Two distributions declare an entry point of one name in ``koyu.plugins``."""


class DuplicateToolError(StartupError):
    """Two plugins (or one, twice) registered tools with the same name."""


@attrs.frozen
class Catalogue:
    """Everything the plugins registered for one surface: its tools in ``tools/list`` order
    (each as ``Tool.on(surface)`` gives it), the validators, and the profiles (rule packs);
    the names of the plugins loaded, and which plugin added each tool (``owners``: tool name
    → plugin name)."""

    tools: tuple[Tool, ...]
    validators: tuple[RegisteredValidator, ...] = ()
    plugins: tuple[str, ...] = ()
    profiles: tuple[RegisteredProfile, ...] = ()
    owners: Mapping[str, str] = attrs.field(factory=dict, eq=False)
    _by_name: dict[str, Tool] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(lambda c: {t.name: t for t in c.tools}, takes_self=True)
    )

    def tool(self, name: str) -> Tool | None:
        return self._by_name.get(name)

    @classmethod
    def of(
        cls,
        tools: Iterable[Tool],
        validators: Iterable[RegisteredValidator] = (),
        plugins: Iterable[str] = (),
        surface: str = DEFAULT.name,
        profiles: Iterable[RegisteredProfile] = (),
        owners: Mapping[str, str] | None = None,
    ) -> Catalogue:
        """The catalogue of ``surface`` from tools in any order (those that do not serve it
        left out); duplicate names raise DuplicateToolError. A description that is a
        ``Describe`` callable is written from the whole catalogue."""
        tools = [served for tool in tools if (served := tool.on(surface)) is not None]
        seen: dict[str, Tool] = {}
        for tool in tools:
            if tool.name in seen:
                raise DuplicateToolError(f"two tools are named {tool.name!r}")
            seen[tool.name] = tool
        ordered = sorted(tools, key=lambda t: (t.place, t.name))
        catalogue = cls(tuple(ordered), tuple(validators), tuple(plugins), tuple(profiles), dict(owners or {}))
        if all(isinstance(t.description, str) for t in ordered):
            return catalogue
        return attrs.evolve(catalogue, tools=tuple(t.described(catalogue) for t in ordered))


@attrs.frozen
class EntryPoint:
    """The part of an entry point we use: ``name = module[:attr.path]``, and the
    distribution that declares it (for messages). ``plugin``: an object already imported,
    which ``load`` hands back (koyu_host.testing registers a module so, uninstalled)."""

    name: str
    value: str
    dist: str = ""
    plugin: object = attrs.field(default=None, eq=False, repr=False)

    def load(self) -> Any:
        if self.plugin is not None:
            return self.plugin
        import importlib

        module_name, _, attr_path = self.value.partition(":")
        obj = importlib.import_module(module_name.strip())
        for part in filter(None, attr_path.strip().split(".")):
            obj = getattr(obj, part)
        return obj


def discover(group: str = hookspecs.ENTRY_POINT_GROUP, wanted: Callable[[str], bool] | None = None) -> list[EntryPoint]:
    """The entry points of ``group`` in every installed distribution, by name (those
    ``wanted(name)`` accepts, when it is given).

    The same answer as ``importlib.metadata.entry_points(group=group)`` (a test holds
    them equal), read straight from each ``*.dist-info``/``*.egg-info`` folder's
    ``entry_points.txt`` on ``sys.path``: parsing every distribution's metadata the
    general way costs more start-up time than all the rest of the host. A name declared
    twice raises DuplicatePluginError naming both declarations.
    """
    found: dict[str, EntryPoint] = {}
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:  # missing folders, zip files
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            dist = _normalise(name.rpartition(".")[0].split("-")[0])
            if dist in seen:  # the first distribution of a name on sys.path wins
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            if f"[{group}]" in text:
                for ep in _section(text, group, dist):
                    if wanted is not None and not wanted(ep.name):
                        continue
                    if ep.name in found:
                        raise DuplicatePluginError(_clash(found[ep.name], ep))
                    found[ep.name] = ep
    return [found[name] for name in sorted(found)]


def _clash(first: EntryPoint, second: EntryPoint) -> str:
    return (
        f"the plugin name {first.name!r} is declared by distribution {first.dist!r} ({first.value}) and by "
        f"distribution {second.dist!r} ({second.value}). Plugin names must be unique: uninstall one of them "
        "or rename its entry point."
    )


def _normalise(dist: str) -> str:
    return re.sub(r"[-_.]+", "-", dist).lower()


def _section(text: str, group: str, dist: str) -> list[EntryPoint]:
    """The ``name = value`` lines of one section of an entry_points.txt (an ini file)."""
    inside, entries = False, []
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            entries.append(EntryPoint(name.strip(), value.strip(), dist))
    return entries


#: the environment variable that narrows which installed plugins load (``Choice``)
CHOICE_VARIABLE = "KOYU_MCP_PLUGINS"


@attrs.frozen
class Choice:
    """Which installed plugins to load, as ``KOYU_MCP_PLUGINS`` spells it: plugin names
    (entry point names) separated by commas. ``read,verify`` loads those alone;
    ``no:acme`` loads every plugin but acme (pytest's ``-p no:`` spelling). Unset or empty:
    every installed plugin."""

    only: frozenset[str] = frozenset()
    without: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str) -> Choice:
        words = [w.strip() for w in text.split(",")]
        return cls(
            frozenset(w for w in words if w and not w.startswith("no:")),
            frozenset(w[3:].strip() for w in words if w.startswith("no:") and w[3:].strip()),
        )

    @classmethod
    def from_environment(cls) -> Choice:
        return cls.parse(os.environ.get(CHOICE_VARIABLE, ""))

    def wants(self, name: str) -> bool:
        return (not self.only or name in self.only) and name not in self.without

    def unknown(self, installed: Iterable[str]) -> list[str]:
        """The names it gives that no installed distribution declares (a typo, most likely)."""
        return sorted((self.only | self.without) - set(installed))


def chosen(log: TextIO | None = None) -> tuple[list[EntryPoint], list[str]]:
    """The installed plugins ``KOYU_MCP_PLUGINS`` lets load, and the names of those it
    leaves out; a name it gives that nothing declares is said on stderr."""
    choice = Choice.from_environment()
    declared: list[str] = []

    def wanted(name: str) -> bool:
        declared.append(name)
        return choice.wants(name)

    entry_points = discover(wanted=wanted)
    unknown = choice.unknown(declared)
    if unknown:
        print(
            f"koyu-mcp: {CHOICE_VARIABLE} names {', '.join(map(repr, unknown))}, which no installed "
            "distribution declares (koyu-mcp --plugins lists them)",
            file=log or sys.stderr,
        )
    return entry_points, sorted({name for name in declared if not choice.wants(name)})


def _report(log: TextIO, message: str, with_traceback: bool = True) -> None:
    print(f"koyu-mcp: {message}", file=log)
    if with_traceback:
        import traceback

        traceback.print_exc(file=log)


def _call(impl: pluggy.HookImpl, registry: ToolRegistry | ValidatorRegistry | ProfileRegistry) -> None:
    impl.function(**{name: registry for name in impl.argnames})


def load(
    entry_points: Iterable[EntryPoint] | None = None, *, log: TextIO | None = None, surface: str = DEFAULT.name
) -> Catalogue:
    """Import every plugin, collect its tools, validators and profiles, and check the tool
    names; the catalogue of ``surface``. ``entry_points``: the plugins to load, by default
    the installed ones (``discover``) that ``KOYU_MCP_PLUGINS`` lets load (``Choice``)."""
    log = log or sys.stderr
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    names: list[str] = []
    for ep in chosen(log)[0] if entry_points is None else entry_points:
        try:
            plugin = ep.load()
        except (Exception, SystemExit) as exc:
            _report(log, f"plugin {ep.name!r} ({ep.value}) failed to import and is left out: {exc!r}")
            continue
        try:
            manager.register(plugin, name=ep.name)
        except Exception as exc:
            _report(
                log,
                f"plugin {ep.name!r} ({ep.value}) cannot be registered and is left out: {exc}",
                with_traceback=False,
            )
            continue
        names.append(ep.name)

    owners: dict[str, list[str]] = {}
    tools: list[Tool] = []
    for impl in _in_plugin_order(manager.hook.koyu_register_tools.get_hookimpls(), names):
        tool_registry = ToolRegistry(impl.plugin_name)
        try:
            _call(impl, tool_registry)
        except Exception as exc:
            _report(log, f"plugin {impl.plugin_name!r} failed to register its tools, which are left out: {exc}")
            continue
        for tool in tool_registry.tools:
            owners.setdefault(tool.name, []).append(impl.plugin_name)
            tools.append(tool)
    clashes = {name: who for name, who in owners.items() if len(who) > 1}
    if clashes:
        raise DuplicateToolError(
            "; ".join(
                f"the tool name {name!r} is registered by " + " and by ".join(f"plugin {p!r}" for p in who)
                for name, who in clashes.items()
            )
            + ". Tool names must be unique: uninstall or rename one of them."
        )

    validators: list[RegisteredValidator] = []
    for impl in _in_plugin_order(manager.hook.koyu_register_validators.get_hookimpls(), names):
        validator_registry = ValidatorRegistry(impl.plugin_name)
        try:
            _call(impl, validator_registry)
        except Exception as exc:
            _report(log, f"plugin {impl.plugin_name!r} failed to register its validators: {exc}")
            continue
        validators.extend(RegisteredValidator(impl.plugin_name, v) for v in validator_registry.validators)

    profiles: list[RegisteredProfile] = []
    for impl in _in_plugin_order(manager.hook.koyu_register_profiles.get_hookimpls(), names):
        profile_registry = ProfileRegistry(impl.plugin_name)
        try:
            _call(impl, profile_registry)
        except Exception as exc:
            _report(log, f"plugin {impl.plugin_name!r} failed to register its profiles, which are left out: {exc}")
            continue
        profiles.extend(registered(impl.plugin_name, p) for p in profile_registry.profiles)
    owned = {name: who[0] for name, who in owners.items()}
    return Catalogue.of(tools, validators, names, surface, profiles, owned)


def _in_plugin_order(impls: Iterable[pluggy.HookImpl], names: list[str]) -> list[pluggy.HookImpl]:
    rank = {name: i for i, name in enumerate(names)}
    return sorted(impls, key=lambda impl: rank.get(impl.plugin_name, len(rank)))


_active: Catalogue | None = None


def activate(catalogue: Catalogue) -> None:
    """Make ``catalogue`` the one ``active()`` returns (the server does this at start-up)."""
    global _active
    _active = catalogue


@contextmanager
def serving(catalogue: Catalogue) -> Iterator[None]:
    """``catalogue`` active inside the block, the one before it again after: a server in
    this process runs its tools with its own catalogue (validate reads ``active()``)."""
    global _active
    before, _active = _active, catalogue
    try:
        yield
    finally:
        _active = before


def active() -> Catalogue:
    """The catalogue the running server loaded; loaded from entry points if there is none.

    ``validate`` uses ``active().validators``.
    """
    if _active is None:
        activate(load())
    assert _active is not None
    return _active
