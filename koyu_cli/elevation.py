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
import sys

from koyu_cli.common import fail, flag_value, save, scale_flag
from koyu_model import KoyuError, load

COMPASS = ("N", "E", "S", "W")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("-f", "--face", default="S")
    parser.add_argument("--at", default=None)
    parser.add_argument("-s", "--scale", default="0.05")
    parser.add_argument("-o", "--out", default=None)


def run(args: argparse.Namespace) -> int:
    if args.at is not None:
        print(
            "elevation takes no --at (the plane is placed outside the mass; koyu section takes a cut)", file=sys.stderr
        )
        return 2
    face = flag_value(args.face)
    if face not in COMPASS:
        print(f"-f is one of N / E / S / W: {face}", file=sys.stderr)
        return 2
    scale = scale_flag(args.scale)
    if scale is None:
        return 2
    try:
        model = load(args.file, release=args.release)
    except KoyuError as e:
        return fail(e)

    from koyu_model.drawing.section import draw_section
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive
    from koyu_model.form.section import elevation_form

    section = elevation_form(derive(model, plans=False), face)
    if section is None or not section.entities:
        print("✖ There is nothing to draw", file=sys.stderr)
        return 1
    svg = draw_section(section, sheet_from_model(model), f"{face} elevation", scale=scale)
    out = args.out or f"out/elevation-{face}.svg"
    if not save(out, svg):
        return 1
    print(f"Generated the elevation: {out}")
    return 0
