"""``koyu validate FILE [--json]`` (spec: reference/cli/validate.md).

The findings of the built-in rules (koyu_model.validate); third-party validators are the
MCP server's (koyu-mcp's validate runs them after these). Human form: one line per finding,
``✖`` for a violation and ``⚠`` for a caution, ``[rule]``, the position
``<file>:line <n>:`` when the finding has one, the message; then the count. Nothing caught
gives the one green line. ``--json`` writes the Finding array (one-space indent). Exit 1
when there is a violation (cautions alone give 0), whatever the form; a file that cannot
be read prints one ``✖`` on stderr and exits 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.common import answers, write
from koyu_model.jsjson import tool_text
from koyu_model.model import Model

GREEN = "✔ Nothing caught by validation (this is a judgement, not a guarantee about the composition)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def human_line(f: dict) -> str:
    """``✖ [rule] <file>:line <n>: message`` (no position when the finding has none)."""
    mark = "✖" if f.get("level") == "violation" else "⚠"
    line = f.get("line")
    where = ""
    if line:
        where = f"{f['file']}:line {line}: " if f.get("file") else f"line {line}: "
    return f"{mark} [{f['rule']}] {where}{f['message']}"


def human_lines(found: list) -> list:
    if not found:
        return [GREEN]
    violations = sum(1 for f in found if f.get("level") == "violation")
    return [human_line(f) for f in found] + [
        f"Validation — {_count(violations, 'violation')} / {_count(len(found) - violations, 'caution')}"
    ]


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.validate import validate

    found = [f.to_json() for f in validate(model)]
    code = 1 if any(f.get("level") == "violation" for f in found) else 0
    if args.json:
        write(tool_text(found) + "\n")
    else:
        write("\n".join(human_lines(found)) + "\n")
    return code
