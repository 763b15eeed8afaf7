"""``koyu doors FILE FROM TO`` — the fewest-doors route (spec: reference/cli/doors.md).

``<n> doors — a → b → c`` (``1 door`` for one), exit 0; ``Cannot reach TO from FROM``
when there is no route or a path names no space, exit 1; a read error ``✖ <message>`` on
stderr, exit 1; a missing path (once the file is read) ``Usage: koyu doors <file> /pathA
/pathB`` on stdout, exit 2.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, usage, write
from koyu_model.model import Model

USAGE = "Usage: koyu doors <file> /pathA /pathB"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("start", nargs="?")
    parser.add_argument("goal", nargs="?")


def route_line(doors: int, path) -> str:
    return f"{doors} {'door' if doors == 1 else 'doors'} — {' → '.join(path)}"


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    if not args.start or not args.goal:
        return usage(USAGE)
    from koyu_model.asking.route import doors_between

    route = doors_between(model, args.start, args.goal)
    if route is None:
        write(f"Cannot reach {args.goal} from {args.start}\n")
        return 1
    write(route_line(route.doors, route.path) + "\n")
    return 0
