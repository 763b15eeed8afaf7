"""The ``koyu`` command: a thin dispatcher (spec: reference/cli/index.md).

Each subcommand lives in its own module of ``koyu_cli`` (``COMMANDS``), exposing
``add_arguments(parser)`` and ``run(args) -> int``; only the module of the subcommand
asked for is imported (``koyu json`` never imports the geometry). A missing subcommand or
a missing file prints the usage and exits 2; an unknown subcommand prints ``Unknown
command: <name>`` and exits 2 (cli/index.md). There is no ``--help``: it takes the same
path (exit 2). ``koyu --version`` prints the implementation's version and the muro
version it reads (exit 0), as ``koyu-mcp`` does. The command line stands on the core
alone: it imports neither the host nor a tool plugin.

``koyu --as <release> …`` answers as that koyu release (koyu_model/release.py: 0.16,
the default, or 0.27); each subcommand gets it as ``args.release``. What differs in the
command line between releases is one entry per release in the tables below (``USAGES``,
``VERSION_FLAGS``, ``HAS``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from koyu_model.release import DEFAULT, KOYU_0_16, KOYU_0_27, RELEASES, Release

# subcommand → module: the fourteen of reference/cli/, ours, then those koyu 0.27 adds
COMMANDS = {
    "check": "koyu_cli.check",
    "validate": "koyu_cli.validate",
    "layers": "koyu_cli.layers",
    "diff": "koyu_cli.diff",
    "plan": "koyu_cli.plan",
    "axo": "koyu_cli.axo",
    "doors": "koyu_cli.doors",
    "graph": "koyu_cli.graph",
    "stats": "koyu_cli.stats",
    "levels": "koyu_cli.levels",
    "runs": "koyu_cli.runs",
    "light": "koyu_cli.light",
    "site": "koyu_cli.site",
    "json": "koyu_cli.json_cmd",
    "form": "koyu_cli.form",
    "spaces": "koyu_cli.spaces",
    "section": "koyu_cli.section",
    "elevation": "koyu_cli.elevation",
}

# reference/cli/index.md of each release: its usage line, its version flags, and the
# subcommands of COMMANDS it has.
USAGES = {
    KOYU_0_16.name: (
        "Usage: koyu <check|validate|layers|diff|plan|axo|doors|graph|stats|levels|runs|light|site|json>"
        " <file.muro> [args...]"
    ),
    KOYU_0_27.name: (
        "Usage: koyu <check|validate|layers|diff|plan|axo|section|elevation|doors|graph|stats|levels|runs|light|site|json>"
        " <file.muro> [args...]"
    ),
}
VERSION_FLAGS = {KOYU_0_16.name: ("--version",), KOYU_0_27.name: ("--version", "-v")}
ADDED = ("section", "elevation")  # koyu 0.27's own: under 0.16 each is an unknown command
HAS = {
    KOYU_0_16.name: frozenset(COMMANDS) - frozenset(ADDED),
    KOYU_0_27.name: frozenset(COMMANDS),
}


class _Parser(argparse.ArgumentParser):
    """Usage mistakes exit 2 with the release's usage line (its ``usage``), argparse's own text never."""

    def error(self, message: str) -> NoReturn:
        print(self.usage, file=sys.stderr)
        sys.exit(2)

    def print_help(self, file=None) -> None:
        print(self.usage, file=file or sys.stderr)


def build_parser(command: str, release: Release = DEFAULT) -> argparse.ArgumentParser:
    """The argument parser of one subcommand (its module imported now)."""
    usage = USAGES[release.name]
    parser = _Parser(prog="koyu", usage=usage, add_help=False)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    module = importlib.import_module(COMMANDS[command])
    p = sub.add_parser(command, usage=usage, add_help=False)
    module.add_arguments(p)
    p.set_defaults(_run=module.run)
    return parser


def choose_release(argv: list[str]) -> tuple[Release, list[str]] | None:
    """A leading ``--as <release>`` (or ``--as=<release>``) taken off ``argv``. None, after
    one line on stderr, for a release that is not one of ours."""
    if not argv or not (argv[0] == "--as" or argv[0].startswith("--as=")):
        return DEFAULT, argv
    name, rest = (argv[0][len("--as=") :], argv[1:]) if "=" in argv[0] else (" ".join(argv[1:2]), argv[2:])
    release = RELEASES.get(name)
    if release is None:
        shown = f"unknown release {name!r}" if name else "--as names a release"
        print(f"koyu: {shown}: --as takes {' or '.join(RELEASES)}", file=sys.stderr)
        return None
    return release, rest


def main(argv: list[str] | None = None) -> int:
    chosen = choose_release(sys.argv[1:] if argv is None else argv)
    if chosen is None:
        return 2
    release, argv = chosen
    if len(argv) == 1 and argv[0] in VERSION_FLAGS[release.name]:
        print(release.version_line("koyu"))
        return 0
    if not argv or argv[0].startswith("-"):
        print(USAGES[release.name], file=sys.stderr)
        return 2
    if argv[0] not in HAS[release.name]:
        print(f"Unknown command: {argv[0]}", file=sys.stderr)
        return 2
    args = build_parser(argv[0], release).parse_args(argv)
    args.release = release
    try:
        return args._run(args)
    except Exception as e:  # the last resort: bad input never escapes as a traceback
        from koyu_cli.common import fail

        return fail(e)


if __name__ == "__main__":
    sys.exit(main())
