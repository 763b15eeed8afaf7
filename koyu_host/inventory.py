"""``koyu-mcp --plugins``: what is installed, for a person debugging an installation (what
``llm plugins`` and ``pytest --trace-config`` tell their users).

One paragraph per plugin of the entry point group ``koyu.plugins``, in load order: its
name, the distribution that declares it and its version, the module, then the tools it
serves on the chosen surface (``--as``), its validators and its profiles. A plugin that
``KOYU_MCP_PLUGINS`` keeps out, or that failed to load (the note on stderr says why), is
listed as such. Printed on stdout; nothing is served.
"""

from __future__ import annotations

from importlib import metadata
from typing import TextIO

from koyu_host import plugins
from koyu_host.hookspecs import ENTRY_POINT_GROUP
from koyu_host.plugins import CHOICE_VARIABLE, Catalogue, EntryPoint
from koyu_host.surfaces import Surface

__all__ = ["listing"]


def listing(surface: Surface, heading: str, log: TextIO | None = None) -> str:
    """The text ``--plugins`` prints (StartupError when the plugins cannot be served together)."""
    entry_points, left_out = plugins.chosen(log)
    catalogue = plugins.load(entry_points, surface=surface.name, log=log)
    counted = f"{len(catalogue.plugins)} of {len(entry_points) + len(left_out)} installed loaded"
    lines = [
        heading,
        f"plugins ({ENTRY_POINT_GROUP}): {counted}" + (f" ({CHOICE_VARIABLE} chooses)" if left_out else ""),
    ]
    paragraphs = {name: [f"{name}: not loaded: {CHOICE_VARIABLE} leaves it out"] for name in left_out}
    for ep in entry_points:
        paragraphs[ep.name] = [f"{ep.name}: {_distribution(ep)} ({ep.value})"]
        if ep.name not in catalogue.plugins:
            paragraphs[ep.name].append("  not loaded: it failed (the note on stderr says why)")
        else:
            added = [f"  {kind}: {', '.join(names)}" for kind, names in _registered(catalogue, ep.name) if names]
            paragraphs[ep.name].extend(added or [f"  nothing for koyu {surface.release.koyu}"])
    for name in sorted(paragraphs):
        lines.extend(paragraphs[name])
    return "\n".join(lines) + "\n"


def _distribution(ep: EntryPoint) -> str:
    try:
        return f"{ep.dist} {metadata.version(ep.dist)}"
    except metadata.PackageNotFoundError:
        return ep.dist


def _registered(catalogue: Catalogue, plugin: str) -> list[tuple[str, list[str]]]:
    return [
        ("tools", [t.name for t in catalogue.tools if catalogue.owners.get(t.name) == plugin]),
        ("validators", [r.validator.name for r in catalogue.validators if r.plugin == plugin]),
        ("profiles", [f"{r.profile.id}@{r.profile.revision}" for r in catalogue.profiles if r.plugin == plugin]),
    ]
