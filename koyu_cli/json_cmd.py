"""``koyu json FILE``: canonical JSON on stdout (spec: reference/cli/json.md).

Exit 0 with the canonical bytes; a read error prints ``✖ <message>`` on stderr, exit 1.
``json`` does not run check: an inconsistent model still has canonical JSON.
"""

from __future__ import annotations

import argparse
import sys

from koyu_cli.common import answers
from koyu_model.canonical import canonical_json
from koyu_model.model import Model


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    out = canonical_json(model).encode("utf-8")
    sys.stdout.buffer.write(out)
    sys.stdout.flush()
    return 0
