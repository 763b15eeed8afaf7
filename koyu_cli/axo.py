"""``koyu axo FILE [-o OUT.svg] [-d NE|NW|SE|SW] [-l LEVELS] [-s SCALE] [--no-walls]
[--ceilings]``: the axonometric as SVG (reference/cli/axo.md).

Defaults: ``out/axo.svg`` (its folder made if missing), seen from ``SE``, every level,
0.02 px per mm. ``-l`` takes a list ``L1,L3`` or a range ``L1..L5`` (every level whose z
lies between the two ends, whichever is written first), or both: ``B1,L3..L5``. A name is
taken whole first, so a level whose name holds ``,`` or ``..`` is still found.

Exit 0 when written (stdout: ``Generated the axonometric: <path>``); 2 for a calling
mistake — a direction outside the four, a scale that is not a positive number (or so
large that the drawing's coordinates overflow), an undeclared level — and for a missing
file path; 1 when the building cannot be read, when there is nothing to draw (no level,
or no space with a region on the levels drawn: ``✖ There is nothing to draw``, where the
original died with a stack trace), or when the file cannot be written. The building is
read before any flag is looked at (koyu_cli.main: the original reads the file first). Nothing is written
unless the whole drawing is made, and it replaces the file in one step.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, died, refuse, save, scale_flag, write
from koyu_model.model import Model
from koyu_model.queries import select_levels, undeclared_level

DIRECTIONS = ("NE", "NW", "SE", "SW")


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("-o", "--out", default="out/axo.svg")
    parser.add_argument("-d", "--dir", default="SE")
    parser.add_argument("-l", "--levels", default=None)
    parser.add_argument("-s", "--scale", default="0.02")
    parser.add_argument("--no-walls", dest="walls", action="store_false")
    parser.add_argument("--ceilings", action="store_true")


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    direction = args.dir
    if direction not in DIRECTIONS:
        return refuse(f"-d is one of NE / NW / SE / SW: {direction}")
    scale = scale_flag(args.scale)
    if scale is None:
        return 2
    levels = None
    if args.levels is not None:
        levels, undeclared = select_levels(model, args.levels)
        if undeclared is not None:
            return refuse(undeclared_level(model, undeclared))

    from koyu_model.drawing.axo import AxoOptions, NothingToDraw, SheetOverflow, draw_model_axo

    options = AxoOptions(dir=direction, scale=scale, levels=levels, ceilings=args.ceilings, walls=args.walls)
    try:
        svg = draw_model_axo(model, options)
    except NothingToDraw as e:
        return died(e)
    except SheetOverflow:
        return refuse(f"-s {args.scale} is too large for this building: its coordinates overflow")
    if not save(args.out, svg):
        return 1
    write(f"Generated the axonometric: {args.out}\n")
    return 0
