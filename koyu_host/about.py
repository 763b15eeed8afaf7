"""What ``koyu-mcp`` says to a person: ``--help``, ``--version``, ``--plugins``
(inventory.py), a calling mistake, and the one line a terminal gets when the server
starts on it.

None of this is the protocol (reference/mcp/protocol.md): it is for someone who typed
the command. When serving, stdout carries responses only, so the terminal's line goes
to stderr.
"""

from __future__ import annotations

import json
import os
import shlex
import sys

from koyu_host.plugins import CHOICE_VARIABLE
from koyu_host.surfaces import DEFAULT, SURFACES, Surface

PROGRAM = "koyu-mcp"

USAGE = f"""Usage: {PROGRAM}            serve MCP over stdin/stdout (an MCP client starts it)
       {PROGRAM} --help     this text
       {PROGRAM} --version  the version, and the muro version it reads
       {PROGRAM} --plugins  the installed plugins: distribution, version, tools, validators, profiles
       {PROGRAM} --as {"|".join(SURFACES)} ...  answer as that koyu release (default {DEFAULT.name})
Environment: {CHOICE_VARIABLE}=read,verify loads only the plugins named; {CHOICE_VARIABLE}=no:acme
       all but acme (for debugging an installation; unset: every installed plugin)"""

# --help's line on the surfaces, from the releases themselves (koyu_model/release.py).
SURFACES_HELP = "It answers as one koyu release, chosen when it starts: " + "; ".join(
    f"--as {s.name}, koyu {s.release.koyu} (muro {s.release.reads[0]}–{s.release.newest})"
    + (" — the default" if s is DEFAULT else "")
    for s in SURFACES.values()
)

HELP = """{version}: the MCP server of koyu, a text notation for architecture.

A building is written as .muro files (spaces, the boundaries between them, their
doors and windows). Through this server an LLM agent reads a building, edits it
and confirms what it did: the tools come from the installed koyu plugins (twelve
built in: reading, writing, verifying, asking). Every call names the entry .muro
file; pass it as an absolute path.

{surfaces}.

It speaks JSON-RPC 2.0 on stdin and stdout, one message per line: requests in on
stdin, responses out on stdout and nothing else there; notes go to stderr.
Closing stdin ends it (status 0). It needs no environment variables, no
authentication and no network.

Register it with an MCP client by this command's absolute path:

  Claude Code:
    claude mcp add koyu -- {shell_command}
  and, for files in today's notation (muro 1.4), koyu 0.27 beside it:
    claude mcp add koyu-027 -- {shell_command} --as 0.27

  A client reading the mcpServers JSON (Claude Desktop's
  claude_desktop_config.json, a project's .mcp.json):
    {servers}

{usage}
"""

WAITING = (
    f"{PROGRAM}: waiting for JSON-RPC requests on stdin, one per line; an MCP client"
    f" normally starts this for you ({PROGRAM} --help). Ctrl-D ends it."
)


def version_line(surface: Surface = DEFAULT) -> str:
    """The release it answers as, and the muro versions that release reads."""
    return surface.release.version_line(PROGRAM)


def choose_surface(argv: list[str]) -> tuple[Surface, list[str]] | None:
    """``--as <release>`` (or ``--as=<release>``) taken out of ``argv``: the surface chosen
    and the rest. None, after one line on stderr, when the release is not one of ours."""
    for i, word in enumerate(argv):
        if word == "--as" or word.startswith("--as="):
            name = word[len("--as=") :] if "=" in word else (argv[i + 1] if i + 1 < len(argv) else "")
            surface = SURFACES.get(name)
            if surface is None:
                shown = f"unknown release {name!r}" if name else "--as names a release"
                print(f"{PROGRAM}: {shown}: --as takes {' or '.join(SURFACES)}", file=sys.stderr)
                return None
            return surface, argv[:i] + argv[i + (1 if "=" in word else 2) :]
    return DEFAULT, argv


def installed_command() -> str:
    """The absolute path a client should be given: this console script, where it is one."""
    from koyu_host.client import server_command

    command = server_command()
    return command[0] if len(command) == 1 else "/absolute/path/to/.venv/bin/koyu-mcp"


def answer(argv: list[str], surface: Surface = DEFAULT) -> int:
    """Answer a command line that asks for something other than serving; the exit status."""
    if argv in (["--help"], ["-h"]):
        command = installed_command()
        servers = json.dumps({"mcpServers": {"koyu": {"command": command, "args": []}}}, ensure_ascii=False)
        print(
            HELP.format(
                version=version_line(surface),
                shell_command=shlex.quote(command),
                servers=servers,
                surfaces=SURFACES_HELP,
                usage=USAGE,
            ),
            end="",
        )
        return 0
    if argv == ["--version"]:
        print(version_line(surface))
        return 0
    if argv == ["--plugins"]:
        from koyu_host import inventory
        from koyu_host.plugins import StartupError

        try:
            print(inventory.listing(surface, version_line(surface)), end="")
        except StartupError as err:
            print(f"{PROGRAM}: cannot start: {err}", file=sys.stderr)
            return 2
        return 0
    print(f"{PROGRAM}: unexpected arguments: {' '.join(argv)}\n{USAGE}", file=sys.stderr)
    return 2


def greet_a_terminal(stdin_fd: int) -> None:
    """Say once on stderr, when a person started the server at a terminal, what it waits for."""
    if os.isatty(stdin_fd):
        print(WAITING, file=sys.stderr, flush=True)
