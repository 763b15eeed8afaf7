"""``koyu json FILE``: canonical JSON on stdout (spec: reference/cli/json.md).

Exit 0 with the canonical bytes; a read error prints ``✖ <message>`` on stderr, exit 1.
``json`` does not run check: an inconsistent model still has canonical JSON.
"""

from __future__ import annotations

import argparse
import sys

from koyu_cli.common import fail
from koyu_model import load
from koyu_model.canonical import canonical_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")


def run(args: argparse.Namespace) -> int:
    try:
        model = load(args.file)
        out = canonical_json(model).encode("utf-8")
    except Exception as e:  # never a traceback for bad input (issue #3); say what broke
        return fail(e)
    sys.stdout.buffer.write(out)
    sys.stdout.flush()
    return 0
