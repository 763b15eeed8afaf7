"""Rule packs as plugins: the profiles ``validate`` can run under koyu 0.27 (the
``koyu_register_profiles`` hook; its contract is on the hookspec, hookspecs.py).

A plugin registers ``koyu_model.assessment.Profile`` values; the host keeps each with the
plugin (the distribution's entry point name) that registered it. ``validate`` names one:

* by its bare id (``koyu.profile.schematic-screen``), optionally with ``@<revision>``;
* or qualified by its plugin, ``<plugin>/<id>`` — which always names one profile, so two
  packs that chose the same id never collide silently: the bare id is then refused as
  ambiguous, naming both qualified spellings.

``find`` returns the registered profile or raises ``UnknownProfile`` with the sentence to
answer (the original's, for the one built-in profile; a list of the installed ones
otherwise). ``listing`` names the installed ones in a phrase, ``names`` lists how each is
named, for a tool's description.

A third party's output is checked as a validator's findings are (``registered``): a value
the JSON writer cannot write becomes that rule's ``error`` (or that analysis's
``unavailable``) with a note on stderr, and never takes the whole report down.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from koyu_host.validators import unwritable

if TYPE_CHECKING:
    from koyu_model.assessment import Profile

__all__ = [
    "ProfileRegistry",
    "RegisteredProfile",
    "UnknownProfile",
    "find",
    "listing",
    "names",
    "registered",
    "BUILTIN_PLUGIN",
]

#: the plugin that registers koyu's own profile (koyu_verify's entry point)
BUILTIN_PLUGIN = "verify"


class UnknownProfile(LookupError):
    """No installed profile answers to the name ``validate`` was given."""


@attrs.frozen
class RegisteredProfile:
    plugin: str
    profile: Profile

    @property
    def qualified(self) -> str:
        return f"{self.plugin}/{self.profile.id}"

    @property
    def builtin(self) -> bool:
        return self.plugin == BUILTIN_PLUGIN


def registered(plugin: str, profile: Profile) -> RegisteredProfile:
    """``profile`` as the host keeps it for ``plugin``: a third party's with every analysis's
    and rule's output checked (``checked``), koyu's own as it is."""
    return RegisteredProfile(plugin, profile if plugin == BUILTIN_PLUGIN else checked(plugin, profile))


_Run = TypeVar("_Run", bound=Callable[..., Any])


def checked(plugin: str, profile: Profile) -> Profile:
    """``profile`` with each analysis's ``compute`` and each rule's ``judge`` checked as a
    validator's findings are (``koyu_host.validators.unwritable``): an output the JSON writer
    cannot write raises inside the call, so the assessment protocol makes it that analysis's
    ``unavailable`` or that rule's ``error``, and a note goes to stderr."""

    def guard(what: str, run: _Run) -> _Run:
        def guarded(*args: Any) -> Any:
            value = run(*args)
            why = unwritable(value)
            if why is not None:
                print(
                    f"koyu: rule pack {plugin}: {what} gave a value that cannot be written as JSON: {value!r}",
                    file=sys.stderr,
                )
                raise TypeError(f"its output cannot be written as JSON ({why})")
            return value

        return guarded  # type: ignore[return-value]

    return attrs.evolve(
        profile,
        rule_sets=tuple(
            attrs.evolve(rs, rules=tuple(attrs.evolve(r, judge=guard(f"rule {r.id}", r.judge)) for r in rs.rules))
            for rs in profile.rule_sets
        ),
        analyses=tuple(attrs.evolve(a, compute=guard(f"analysis {a.id}", a.compute)) for a in profile.analyses),
    )


class ProfileRegistry:
    """What ``koyu_register_profiles`` receives: ``registry.add(profile)``."""

    def __init__(self, plugin: str) -> None:
        self.plugin = plugin
        self.profiles: list[Profile] = []

    def add(self, profile: Profile) -> None:
        from koyu_model.assessment import Profile

        if not isinstance(profile, Profile):
            raise TypeError(f"registry.add takes a koyu_model.assessment.Profile, not {type(profile).__name__}")
        if not profile.id or "/" in profile.id or "@" in profile.id:
            raise ValueError(f"a profile id is a non-empty dotted name without / or @: {profile.id!r}")
        if any(p.id == profile.id for p in self.profiles):
            raise ValueError(f"plugin {self.plugin!r} registers the profile {profile.id!r} twice")
        self.profiles.append(profile)


def listing(registered: Sequence[RegisteredProfile]) -> str:
    """The installed profiles in a phrase (koyu's own first): ``koyu ships one: <id>``,
    ``installed: <id>, <id> (from <plugin>)`` or ``none is installed``."""
    if len(registered) == 1 and registered[0].builtin:
        return f"koyu ships one: {registered[0].profile.id}"
    if not registered:
        return "none is installed"
    ours_first = sorted(registered, key=lambda r: not r.builtin)
    return "installed: " + ", ".join(
        r.profile.id if r.builtin else f"{r.profile.id} (from {r.plugin})" for r in ours_first
    )


def names(registered: Sequence[RegisteredProfile]) -> list[str]:
    """How ``validate`` can name each installed profile: its bare id, or ``<plugin>/<id>``
    where another plugin registered the same id (koyu's own first)."""
    ours_first = sorted(registered, key=lambda r: not r.builtin)
    return [
        r.profile.id if sum(o.profile.id == r.profile.id for o in registered) == 1 else r.qualified for r in ours_first
    ]


def find(registered: Sequence[RegisteredProfile], name: str) -> RegisteredProfile:
    """The profile ``name`` names (see the module docstring); UnknownProfile otherwise."""
    wanted, _, revision = name.partition("@")
    plugin, slash, bare = wanted.rpartition("/")
    matches = [
        r
        for r in registered
        if r.profile.id == bare
        and (not slash or r.plugin == plugin)
        and (not revision or r.profile.revision == revision)
    ]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise UnknownProfile(
            f"Ambiguous profile: {name} is registered by "
            + " and by ".join(f"plugin {r.plugin!r}" for r in matches)
            + " (name one as "
            + " or ".join(r.qualified for r in matches)
            + ")"
        )
    raise UnknownProfile(f"Unknown profile: {name} ({listing(registered)})")
