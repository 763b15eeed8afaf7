"""``koyu diff <a.muro> <b.muro> [--json]`` (spec: reference/cli/diff.md).

Both files are composed as entries, ``a`` the before and ``b`` the after, and compared in
the language of composition (koyu_model.diff). Text: one line per difference, or
``No differences`` (a changed version line headed as the release says it:
``Release.diff_version_word``); ``--json``: the ModelDiff (one-space indent). Exit 0 when they are the
same, 1 when they differ, 2 when either input is broken (``✖ <message>`` on stderr: the
question went unanswered) or the second file is missing (the usage line).

The two files are the first two words after ``diff``, whatever they look like, and
``--json`` may stand anywhere after the first: ``koyu diff a.muro --json`` reads a file
named ``--json`` (the original's ``✖ line 0: Cannot read file: --json``).
"""

from __future__ import annotations

import argparse
import sys

from koyu_cli.call import CallReader
from koyu_cli.common import write
from koyu_model import KoyuError, load

USAGE = "Usage: koyu diff <a.muro> <b.muro> [--json]"
SAME, DIFFERENT, BROKEN = 0, 1, 2


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("other")  # the second word after diff, whatever it looks like
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    from koyu_model.diff import diff_lines, diff_value, semantic_diff
    from koyu_model.jsjson import tool_text

    if args.other is None:
        write(USAGE + "\n")
        return BROKEN
    try:
        before = load(args.file, release=args.release)
        after = load(args.other, release=args.release)
    except KoyuError as e:
        print(f"✖ {e}", file=sys.stderr)
        return BROKEN
    d = semantic_diff(before, after)
    if args.json:
        write(tool_text(diff_value(d)) + "\n")
    else:
        write("\n".join(diff_lines(d, args.release.diff_version_word) or ["No differences"]) + "\n")
    return SAME if d.empty else DIFFERENT
