"""The ``koyu`` command: a thin dispatcher (spec: reference/cli/index.md).

Each subcommand lives in its own module of ``koyu_cli`` (``COMMANDS``), exposing
``add_arguments(parser)`` and ``run(args) -> int``; only the module of the subcommand
asked for is imported (``koyu json`` never imports the geometry). A missing subcommand or
a missing file prints the usage and exits 2; an unknown subcommand prints ``Unknown
command: <name>`` and exits 2 (cli/index.md). There is no ``--help``: it takes the same
path (exit 2). ``koyu --version`` prints the implementation's version and the muro
version it reads (exit 0), as ``koyu-mcp`` does. The command line stands on the core
alone: it imports neither the host nor a tool plugin.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

# subcommand → module: the fourteen of reference/cli/, then ours
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
}

USAGE = (
    "Usage: koyu <check|validate|layers|diff|plan|axo|doors|graph|stats|levels|runs|light|site|json>"
    " <file.muro> [args...]"
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # usage mistakes exit 2 with the usage line
        print(USAGE, file=sys.stderr)
        sys.exit(2)

    def print_help(self, file=None) -> None:
        print(USAGE, file=file or sys.stderr)


def build_parser(command: str) -> argparse.ArgumentParser:
    """The argument parser of one subcommand (its module imported now)."""
    parser = _Parser(prog="koyu", add_help=False)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    module = importlib.import_module(COMMANDS[command])
    p = sub.add_parser(command, add_help=False)
    module.add_arguments(p)
    p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--version"]:
        from importlib.metadata import version

        from koyu_model.model import VERSIONS  # the language versions it reads, oldest first (muro/version.md)

        print(f"koyu {version('koyu-mcp')} (muro {VERSIONS[-1]})")
        return 0
    if not argv or argv[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] not in COMMANDS:
        print(f"Unknown command: {argv[0]}", file=sys.stderr)
        return 2
    args = build_parser(argv[0]).parse_args(argv)
    try:
        return args._run(args)
    except Exception as e:  # the last resort: bad input never escapes as a traceback
        from koyu_cli.common import fail

        return fail(e)


if __name__ == "__main__":
    sys.exit(main())
