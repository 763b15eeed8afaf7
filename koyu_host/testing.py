"""Testing a koyu plugin in-process, before it is installed (in the spirit of datasette's
``Datasette(...).client`` and pytest's ``pytester``).

``KoyuServer(plugins={"minarea": koyu_minarea})`` is a koyu-mcp server in this process,
serving koyu's own plugins and yours, registered under the names you give: the name is
your entry point's name, so rules come out namespaced as they will once installed
(``minarea/room.size``). It speaks the protocol as ``koyu-mcp`` does (the same server
answers), and ``call`` gives a tool's answer as a value::

    import json

    import koyu_minarea
    from koyu_host.testing import KoyuServer

    def test_a_small_bedroom_is_a_violation(tmp_path):
        entry = tmp_path / "main.muro"
        entry.write_text(BUILDING, encoding="utf-8")
        koyu = KoyuServer(plugins={"minarea": koyu_minarea})
        answer = koyu.call("validate", file=str(entry))
        assert [f["rule"] for f in answer.json["findings"]] == ["minarea/room.size"]
        assert koyu.call("validate", file="missing.muro").error.startswith("line 0: Cannot read file")

``surface="0.27"`` answers as ``koyu-mcp --as 0.27`` (a rule pack's ``validate``).
Installed third-party plugins are never served here, so a test does not depend on what
else the machine has; ``builtins=False`` leaves koyu's own out too. What a plugin
writes on stderr (a dropped finding's note, a traceback) is the test's to capture
(pytest's ``capsys``).
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import attrs

from koyu_host.client import Client, ProtocolError
from koyu_host.content import Image
from koyu_host.plugins import Catalogue, EntryPoint, discover, load
from koyu_host.surfaces import SURFACES

__all__ = ["Answer", "KoyuServer", "ProtocolError", "installed_environment", "is_installed"]

#: the distribution whose plugins are koyu's own (the built-in tools)
KOYU_DISTRIBUTION = "koyu-mcp"


@attrs.frozen
class Answer:
    """A tool's answer: ``content``, the MCP content items as sent, and ``is_error``.

    ``text``, ``json`` and ``images`` read an answer that succeeded; ``error`` reads one
    that failed. Each raises AssertionError, naming what came back, when the answer is
    of the other kind, so a test fails with the tool's own words."""

    tool: str
    content: tuple[dict[str, Any], ...]
    is_error: bool

    @property
    def error(self) -> str:
        """The failure's message (``isError: true``): a ToolError's bare message, say."""
        if not self.is_error:
            raise AssertionError(f"{self.tool} answered, it did not fail: {self._shown()}")
        return self._text()

    @property
    def text(self) -> str:
        """The answer's one text item: a ``str`` answer as it is, any other as its JSON."""
        if self.is_error:
            raise AssertionError(f"{self.tool} failed: {self._text()}")
        return self._text()

    @property
    def json(self) -> Any:
        """The answer parsed as JSON: what the handler returned, as a client reads it."""
        return json.loads(self.text)

    @property
    def images(self) -> list[Image]:
        """The image items of a ``koyu_host.Content`` answer, their bytes decoded."""
        if self.is_error:
            raise AssertionError(f"{self.tool} failed: {self._text()}")
        return [Image(base64.b64decode(i["data"]), i["mimeType"]) for i in self.content if i["type"] == "image"]

    def _text(self) -> str:
        texts = [item["text"] for item in self.content if item["type"] == "text"]
        if len(texts) != 1:
            raise AssertionError(f"{self.tool} answered {len(texts)} text items, not one: {self._shown()}")
        return str(texts[0])

    def _shown(self) -> str:
        shown = json.dumps(list(self.content), ensure_ascii=False)
        return shown if len(shown) <= 400 else shown[:400] + "…"


class KoyuServer:
    """A koyu-mcp server in this process (see the module docstring).

    ``plugins``: plugin name → plugin (a module, or any object with hook functions).
    ``surface``: the koyu release it answers as, ``"0.16"`` (the default) or ``"0.27"``.
    ``builtins``: whether koyu's own plugins (the twelve tools, ``validate`` among them)
    are served beside yours.
    """

    def __init__(
        self, plugins: Mapping[str, object] | None = None, *, surface: str = "0.16", builtins: bool = True
    ) -> None:
        plugins = plugins or {}
        if surface not in SURFACES:
            raise ValueError(f"no surface is named {surface!r} (there are {', '.join(SURFACES)})")
        own = _koyus_own() if builtins else []
        if builtins and not own:
            raise RuntimeError(
                f"koyu's own plugins are not installed here: install {KOYU_DISTRIBUTION} (pip install its checkout)"
            )
        for name in plugins:
            if name in {ep.name for ep in own}:
                raise ValueError(f"the plugin name {name!r} is one of koyu's own: give yours another")
        given = [EntryPoint(name, _where(plugin), plugin=plugin) for name, plugin in plugins.items()]
        self.surface = SURFACES[surface]
        #: what the plugins registered: ``.tools``, ``.validators``, ``.profiles``
        self.catalogue: Catalogue = load(sorted(own + given, key=lambda ep: ep.name), surface=self.surface.name)
        self._client = Client.in_memory(self.catalogue, surface=self.surface)

    @property
    def tools(self) -> list[dict[str, Any]]:
        """The ``tools/list`` entries: name, description, inputSchema (and annotations)."""
        return self._client.list_tools()

    def initialize(self) -> dict[str, Any]:
        """The ``initialize`` result: serverInfo, capabilities, instructions."""
        return self._client.initialize()

    def call(self, tool: str, arguments: Mapping[str, Any] | None = None, /, **more: Any) -> Answer:
        """``tools/call``: the tool's ``Answer``. Arguments as a mapping, as keywords, or
        both (a mapping for names Python cannot spell: ``{"from": "/L1/a"}``). A tool
        this server does not have raises ``ProtocolError`` (the protocol's -32602)."""
        result = self._client.call_tool(tool, {**(arguments or {}), **more})
        return Answer(tool, tuple(result["content"]), bool(result.get("isError")))


def _koyus_own() -> list[EntryPoint]:
    return [ep for ep in discover() if ep.dist == KOYU_DISTRIBUTION]


def _where(plugin: object) -> str:
    return str(getattr(plugin, "__name__", type(plugin).__name__))


def installed_environment() -> dict[str, str]:
    """This process's environment without ``PYTHONPATH``: a koyu-mcp started in it finds
    plugins through their installed entry points alone, as a user's does."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def is_installed(plugin: str, cwd: str | os.PathLike[str] | None = None) -> bool:
    """Whether an installed distribution declares the plugin ``plugin`` (an entry point in
    ``koyu.plugins``). Asked of a fresh Python in ``installed_environment()``, from ``cwd``
    (a folder away from the sources), so that a test's own ``sys.path``, and a build's
    egg-info beside the sources, do not count as installed."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlib.metadata import entry_points as e;"
            "print(any(p.name == sys.argv[1] for p in e(group='koyu.plugins')))",
            plugin,
        ],
        capture_output=True,
        text=True,
        cwd=None if cwd is None else str(cwd),
        env=installed_environment(),
    )
    return probe.stdout.strip() == "True"
