"""Helpers for the host's tests: probe tools, and throwaway plugin distributions."""

from __future__ import annotations

import textwrap
from pathlib import Path

import attrs

from koyu_host import ENTRY_FILE, Tool, argument
from koyu_host.client import Client
from koyu_host.plugins import Catalogue


@attrs.frozen
class FileOnly:
    file: str = argument(ENTRY_FILE)


def make_tool(name="probe", handler=None, *, place=1, group="Asking", input=FileOnly, description="A probe"):
    return Tool(
        name=name,
        description=description,
        input=input,
        handler=handler or (lambda args: {"file": args.file}),
        group=group,
        place=place,
    )


def client_for(*tools: Tool) -> Client:
    return Client.in_memory(Catalogue.of(tools))


class Site:
    """A folder on sys.path holding distributions written by hand: a package and a dist-info
    with entry_points.txt — what `pip install` of a tiny plugin would leave behind."""

    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def add(self, dist: str, package: str, source: str, entry_points: dict[str, str]) -> None:
        pkg = self.root / package
        pkg.mkdir()
        (pkg / "__init__.py").write_text(textwrap.dedent(source), encoding="utf-8")
        info = self.root / f"{dist.replace('-', '_')}-1.0.dist-info"  # as pip names the folder
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8")
        lines = ["[koyu.plugins]"] + [f"{name} = {value}" for name, value in entry_points.items()]
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (info / "RECORD").write_text("", encoding="utf-8")


# A third-party plugin named so that discovery (by name) puts it last, whose tool
# declares place 0, so tools/list must put it first.
ZETA_SOURCE = """
    import os
    import sys
    import attrs
    from koyu_host import ENTRY_FILE, Tool, ToolError, Validator, argument, hookimpl

    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)
        loud: int = argument("1: print to stdout before answering; 2: read stdin (default 0)", default=0)

    def handle(args):
        if args.loud == 2:
            return {"stdin": sys.stdin.read()}
        if args.loud:
            print("zeta speaks on stdout")
            os.write(1, b"zeta writes to fd 1\\n")
        return {"zeta": args.file, "loud": args.loud}

    @hookimpl
    def koyu_register_tools(registry):
        registry.add(Tool(name="zeta_echo", description="Echoes its file (a third-party tool)",
                          input=Input, handler=handle, group="Asking", place=0))

    @hookimpl
    def koyu_register_validators(registry):
        registry.add(Validator("width", lambda model: [
            {"rule": "exit.width", "level": "violation", "message": "Too narrow", "path": ["/a"]}]))
"""

BROKEN_SOURCE = """
    raise RuntimeError("broken plugin refuses to import")
"""

# Registers a tool under a name a built-in plugin already uses.
CLASH_SOURCE = """
    import attrs
    from koyu_host import ENTRY_FILE, Tool, argument, hookimpl

    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)

    @hookimpl
    def koyu_register_tools(registry):
        registry.add(Tool(name="check", description="An impostor", input=Input,
                          handler=lambda args: "impostor", group="Verifying", place=99))
"""
