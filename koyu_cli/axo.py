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
original died with a stack trace), or when the file cannot be written. The direction and
the scale are checked before the building is read; the levels after. Nothing is written
unless the whole drawing is made, and it replaces the file in one step.
"""

from __future__ import annotations

import argparse
import sys

from koyu_cli.common import fail, flag_value, positive_scale, save
from koyu_model import KoyuError, load
from koyu_model.queries import declared_levels, select_levels

DIRECTIONS = ("NE", "NW", "SE", "SW")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("-o", "--out", default="out/axo.svg")
    parser.add_argument("-d", "--dir", default="SE")
    parser.add_argument("-l", "--levels", default=None)
    parser.add_argument("-s", "--scale", default="0.02")
    parser.add_argument("--no-walls", dest="walls", action="store_false")
    parser.add_argument("--ceilings", action="store_true")


def run(args: argparse.Namespace) -> int:
    direction = flag_value(args.dir)
    if direction not in DIRECTIONS:
        print(f"-d is one of NE / NW / SE / SW: {direction}", file=sys.stderr)
        return 2
    scale_text = flag_value(args.scale)
    scale = positive_scale(scale_text)
    if scale is None:
        print(f"-s takes a positive number: {scale_text}", file=sys.stderr)
        return 2
    try:
        model = load(args.file, release=args.release)
    except KoyuError as e:
        return fail(e)
    levels = None
    if args.levels is not None:
        levels, undeclared = select_levels(model, flag_value(args.levels))
        if undeclared is not None:
            print(f"Undeclared level: {undeclared} (declared: {' '.join(declared_levels(model))})", file=sys.stderr)
            return 2

    from koyu_model.drawing.axo import AxoOptions, NothingToDraw, SheetOverflow, draw_axo
    from koyu_model.form.derive import derive

    form = derive(model, levels=levels)
    options = AxoOptions(dir=direction, scale=scale, levels=levels, ceilings=args.ceilings, walls=args.walls)
    try:
        svg = draw_axo(form, options, title=model.name)
    except NothingToDraw as e:
        print(f"✖ {e}", file=sys.stderr)
        return 1
    except SheetOverflow:
        print(f"-s {scale_text} is too large for this building: its coordinates overflow", file=sys.stderr)
        return 2
    if not save(args.out, svg):
        return 1
    print(f"Generated the axonometric: {args.out}")
    return 0
