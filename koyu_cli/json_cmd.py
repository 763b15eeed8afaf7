"""``koyu json FILE``: canonical JSON on stdout (spec: reference/cli/json.md).

Exit 0 with the canonical bytes; a read error prints ``✖ <message>`` on stderr, exit 1.
``json`` does not run check: an inconsistent model still has canonical JSON.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.canonical import canonical_json
from koyu_model.model import Model


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    write(canonical_json(model))
    return 0
