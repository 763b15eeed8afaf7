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
otherwise). ``listing`` names the installed ones in a phrase, for a tool's description.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from koyu_model.assessment import Profile

__all__ = ["ProfileRegistry", "RegisteredProfile", "UnknownProfile", "find", "listing", "BUILTIN_PLUGIN"]

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
