"""The ``koyu`` command: a thin dispatcher (spec: reference/cli/index.md).

Each subcommand lives in its own module of ``koyu_cli`` (``COMMANDS``), exposing
``add_arguments(reader)`` and ``run(args) -> int``; only the module of the subcommand
asked for is imported (``koyu json`` never imports the geometry). The call is read as the
original reads it (koyu_cli.call). A call with no subcommand or no file prints the usage
text (stdout, exit 2; koyu_cli.common says which words go where); so do ``--help`` and
``-h``, which fill neither place. The file is read before the subcommand is looked up: a
file that cannot be read is that error (exit 1) whatever the subcommand, and only then
does an unknown one print ``Unknown command: <name>`` (exit 2). The command line stands on
the core alone: it imports neither the host nor a tool plugin.

``koyu --as <release> …`` answers as that koyu release (koyu_model/release.py: 0.16,
the default, or 0.27); each subcommand gets it as ``args.release``. What differs in the
command line between releases is one entry per release in the tables below (``USAGES``,
``VERSION_FLAGS``, ``HAS``): koyu 0.16 has no ``--version`` (it is a subcommand like any
unknown word), koyu 0.27 answers ``--version`` and ``-v`` alone and refuses them with more.
"""

from __future__ import annotations

import importlib
import sys

from koyu_cli.call import CallReader
from koyu_cli.common import fail, refuse, usage, write
from koyu_model import KoyuError, load
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

# reference/cli/index.md of each release: its usage text, its version flags, and the
# subcommands of COMMANDS it has.
_CHECK = "  check:    --json (emit Diagnostic[] as JSON) / --strict (exit 1 if there are warnings) — structural consistency only"
_LAYERS = (
    "  layers:   the layers that took part in composition, weakest first. --attrs for the provenance of each attribute"
)
_DIFF = (
    "  diff:  koyu diff <a.muro> <b.muro> [--json] — the difference in the language of composition"
    " (0=no difference / 1=differences / 2=the input is broken)"
)


def _usage(commands: str, validate: str) -> str:
    """The usage text: the common shape, then four subcommands' flags (not every one's)."""
    return "\n".join((f"Usage: koyu <{commands}> <file.muro> [args...]", _CHECK, validate, _LAYERS, _DIFF))


USAGES = {
    KOYU_0_16.name: _usage(
        "check|validate|layers|diff|plan|axo|doors|graph|stats|levels|runs|light|site|json",
        "  validate: --json (emit Finding[] as JSON) — architectural judgement (not what check guarantees)",
    ),
    KOYU_0_27.name: _usage(
        "check|validate|layers|diff|plan|axo|section|elevation|doors|graph|stats|levels|runs|light|site|json",
        "  validate: --profile <id> --as-of <YYYY-MM-DD> [--json] — architectural judgement"
        " (not what check guarantees)",
    ),
}
VERSION_FLAGS = {KOYU_0_16.name: (), KOYU_0_27.name: ("--version", "-v")}
ADDED = ("section", "elevation")  # koyu 0.27's own: under 0.16 each is an unknown command
HAS = {
    KOYU_0_16.name: frozenset(COMMANDS) - frozenset(ADDED),
    KOYU_0_27.name: frozenset(COMMANDS),
}


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
    if argv and argv[0] in VERSION_FLAGS[release.name]:
        if len(argv) > 1:
            return refuse(f"--version takes no arguments: {' '.join(argv[1:])}")
        write(release.version_line("koyu") + "\n")
        return 0
    if len(argv) < 2:
        return usage(USAGES[release.name])
    command, file = argv[0], argv[1]
    if command not in HAS[release.name]:
        try:
            load(file, release=release)
        except KoyuError as e:
            return fail(e)
        return usage(f"Unknown command: {command}")
    module = importlib.import_module(COMMANDS[command])
    reader = CallReader()
    module.add_arguments(reader)
    try:
        args = reader.read(argv)
    except ValueError:  # a value our own flags (form's --cut) cannot take
        return usage(USAGES[release.name])
    args.release = release
    try:
        return module.run(args)
    except Exception as e:  # the last resort: bad input never escapes as a traceback
        return fail(e)


if __name__ == "__main__":
    sys.exit(main())
