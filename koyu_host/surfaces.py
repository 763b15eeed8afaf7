"""What the server says about the release it answers as: one ``Surface`` per release.

``koyu-mcp`` answers as koyu 0.16.0 (the default) or, started with ``--as 0.27``, as koyu
0.27.0 (koyu_model/release.py holds the two releases). Where the protocol differs
between them, the difference is a field here: the ``instructions`` paragraph and whether
``serverInfo`` names the muro versions. Which tools a surface serves, and how, is each
tool's own declaration (``koyu_host.Tool.serves``); framing, methods and error codes are
the same on every surface (reference/mcp/protocol.md of both releases).
"""

from __future__ import annotations

from typing import Any

import attrs

from koyu_model.release import KOYU_0_16, KOYU_0_27, Release

__all__ = ["Surface", "SURFACES", "DEFAULT", "surface_named"]

SERVER_NAME = "koyu"


@attrs.frozen
class Surface:
    """The protocol's face of one release."""

    release: Release
    #: the original's instructions paragraph, to the byte (protocol.md, initialize)
    instructions: str
    #: serverInfo carries ``muro: {reads, newest, undeclared}`` (0.27's protocol.md)
    names_muro: bool

    @property
    def name(self) -> str:
        return self.release.name

    def server_info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"name": SERVER_NAME, "version": self.release.koyu}
        if self.names_muro:
            release = self.release
            info["muro"] = {"reads": list(release.reads), "newest": release.newest, "undeclared": release.undeclared}
        return info


_GUIDE = (
    "Server for koyu, a space-first architectural description. Grasp the building with "
    "model_summary, read the original layers with layers, and edit with write_layer. check is "
    "the gatekeeper of the build and returns errors tagged layer:line — it guarantees structural "
    "consistency only. validate delivers the architectural verdicts, which are a separate and "
    "unfrozen surface. doors/light/site/spaces are different questions put to the same "
    "description. "
)

SURFACES = {
    surface.name: surface
    for surface in (
        Surface(KOYU_0_16, _GUIDE + "Form (plan_svg) is generated, never written.", names_muro=False),
        Surface(
            KOYU_0_27,
            _GUIDE + "Form (the drawings — plan_svg, section_svg, elevation_svg) is generated, never written.",
            names_muro=True,
        ),
    )
}
DEFAULT = SURFACES[KOYU_0_16.name]


def surface_named(name: str) -> Surface | None:
    """The surface ``--as <name>`` selects, or None."""
    return SURFACES.get(name)
