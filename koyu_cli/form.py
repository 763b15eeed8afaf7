"""``koyu form FILE``: the derived Form as JSON on stdout (reference/form/index.md;
the conformance contract's ``CMD form FILE``).

``--cut MM`` sets the plan cut height above FL (default CUT_HEIGHT, 1200). A read error
prints ``✖ <message>`` on stderr and exits 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.model import Model


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("--cut", type=float, default=None)


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.form import form_text
    from koyu_model.form.derive import derive

    cut = args.cut
    if cut is not None and cut == int(cut):
        cut = int(cut)
    form = derive(model) if cut is None else derive(model, cut=cut)
    write(form_text(form, model.release) + "\n")
    return 0
