"""``koyu --as 0.27 elevation FILE [--face S] [-s SCALE] [-o OUT.svg]``: the elevation of
one face, as SVG (0.27's reference/cli/elevation.md). An elevation is a section whose
plane stands outside the mass, so it cuts nothing.

``--face``/``-f`` is the side the viewer stands on (default S, the south elevation, seen
from the south); ``-s`` is px per mm (0.05). The default output is
``out/elevation-<face>.svg``. There is no ``--at``: the plane is derived, and naming one is
refused rather than ignored.

Exit 0 when written (stdout: ``Generated the elevation: <path>``); 2 when ``--face`` names
no compass point, ``--at`` is given or the scale is not a positive number; 1 when the
building cannot be read, when there is no body to see (``✖ There is nothing to draw``) or
when the file cannot be written.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, died, refuse, save, scale_flag, write
from koyu_model.model import Model

COMPASS = ("N", "E", "S", "W")


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("-f", "--face", default="S")
    parser.add_argument("--at", action="store_true")  # refused, with or without a value
    parser.add_argument("-s", "--scale", default="0.05")
    parser.add_argument("-o", "--out", default=None)


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    if args.at:
        return refuse("elevation takes no --at (the plane is placed outside the mass; koyu section takes a cut)")
    face = args.face
    if face not in COMPASS:
        return refuse(f"-f is one of N / E / S / W: {face}")
    scale = scale_flag(args.scale)
    if scale is None:
        return 2

    from koyu_model.drawing.section import draw_section
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive
    from koyu_model.form.section import elevation_form

    section = elevation_form(derive(model, plans=False), face)
    if section is None or not section.entities:
        return died("There is nothing to draw")
    svg = draw_section(section, sheet_from_model(model), f"{face} elevation", scale=scale)
    out = args.out or f"out/elevation-{face}.svg"
    if not save(out, svg):
        return 1
    write(f"Generated the elevation: {out}\n")
    return 0
