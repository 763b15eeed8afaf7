"""``koyu --as 0.27 section FILE --at X3 [--look W] [-s SCALE] [-o OUT.svg]``: the section
cut at one grid reference, as SVG (0.27's reference/cli/section.md).

``--at`` names the plane in the notation's own words (``X3``, ``X3+450``, ``Y2-600``);
``--look`` must cross it and defaults to W across an X plane, N across a Y one; ``-s`` is
px per mm (0.05, the plan's). The default output is ``out/section-<reference>.svg``.

Exit 0 when written (stdout: ``Generated the section: <path>``); 2 for a calling mistake,
found once the building is read — no ``--at`` (the usage line, on stdout), a reference naming no declared grid line, a ``--look`` that is no compass
word or runs along the plane, a scale that is not a positive number; 1 when the building
cannot be read, when nothing stands behind the plane (``✖ There is nothing to draw``, where
the original died with a stack trace) or when the file cannot be written. Nothing is
written unless the whole drawing is made.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, died, refuse, save, scale_flag, usage, write
from koyu_model.model import Model

USAGE = "Usage: koyu section <file.muro> --at <X3|X3+450|Y2-600> [--look N|E|S|W] [-s <scale>] [-o <out.svg>]"
COMPASS = ("N", "E", "S", "W")


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("--at", default=None)
    parser.add_argument("--look", default=None)
    parser.add_argument("-s", "--scale", default="0.05")
    parser.add_argument("-o", "--out", default=None)


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    if not args.at:
        return usage(USAGE)
    look = args.look
    if look is not None and look not in COMPASS:
        return refuse(f"--look is one of N / E / S / W: {look}")
    scale = scale_flag(args.scale)
    if scale is None:
        return 2

    from koyu_model.drawing.section import draw_section
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive
    from koyu_model.form.section import LookAlongPlane, UndefinedGridReference, named_plane, section_form

    try:
        plane = named_plane(model.grid, args.at, look)
    except UndefinedGridReference as e:
        return refuse(str(e))
    except LookAlongPlane as e:
        return refuse(f"--look {e}")
    section = section_form(derive(model, plans=False), plane)
    if not section.entities:
        return died("There is nothing to draw")
    caption = f"section at {args.at} looking {plane.facing}"
    svg = draw_section(section, sheet_from_model(model), caption, scale=scale)
    out = args.out or f"out/section-{args.at}.svg"
    if not save(out, svg):
        return 1
    write(f"Generated the section: {out}\n")
    return 0
