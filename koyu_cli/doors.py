"""``koyu doors FILE FROM TO`` — the fewest-doors route (spec: reference/cli/doors.md).

``<n> doors — a → b → c`` (``1 door`` for one), exit 0; ``Cannot reach TO from FROM``
when there is no route or a path names no space, exit 1; a read error ``✖ <message>`` on
stderr, exit 1; a missing path ``Usage: koyu doors <file> /pathA /pathB``, exit 2.
"""

from __future__ import annotations

import argparse
import sys

from koyu_model import KoyuError, load

USAGE = "Usage: koyu doors <file> /pathA /pathB"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("start", nargs="?")
    parser.add_argument("goal", nargs="?")


def route_line(doors: int, path) -> str:
    return f"{doors} {'door' if doors == 1 else 'doors'} — {' → '.join(path)}"


def _out(text: str) -> None:
    sys.stdout.buffer.write((text + "\n").encode("utf-8"))
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    if not args.start or not args.goal:
        print(USAGE, file=sys.stderr)
        return 2
    from koyu_model.asking.route import doors_between

    try:
        model = load(args.file)
        route = doors_between(model, args.start, args.goal)
    except KoyuError as e:
        print(f"✖ {e}", file=sys.stderr)
        return 1
    except Exception as e:  # never a traceback for bad input; say what broke
        print(f"✖ {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    if route is None:
        _out(f"Cannot reach {args.goal} from {args.start}")
        return 1
    _out(route_line(route.doors, route.path))
    return 0
