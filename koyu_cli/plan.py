"""``koyu plan FILE [-l LEVEL] [-o OUT.svg]``: draw one level as SVG (reference/cli/plan.md).

The default level is the first one *declared* (not the lowest); the default output is
``<entry without .muro>-<level>.svg`` beside the entry, its folder made if missing and
the file replaced in one step. Exit 0 when written, 1 when the building cannot be read,
the level has no space with a region or the file cannot be written, 2 for an undeclared
level. ``-l=L2`` is read as ``-l L2`` (the original silently ignored it).
"""

from __future__ import annotations

import argparse
import sys

from koyu_cli.common import answers, save
from koyu_model.model import Model
from koyu_model.queries import declared_levels


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("-l", "--level", default=None)
    parser.add_argument("-o", dest="out", default=None)


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    declared = declared_levels(model)
    level = args.level.lstrip("=") if args.level else (declared[0] if declared else "")
    if level not in model.levels:
        print(f"Undeclared level: {level} (declared: {' '.join(declared)})", file=sys.stderr)
        return 2

    from koyu_model.drawing.plan import PlanError, draw_plan
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive

    form = derive(model, levels=[level])
    try:
        svg = draw_plan(form, level, sheet_from_model(model))
    except PlanError as e:
        print(f"✖ {e}", file=sys.stderr)
        return 1
    out = args.out
    if out is None:
        stem = args.file[:-5] if args.file.endswith(".muro") else args.file
        out = f"{stem}-{level}.svg"
    if not save(out, svg):
        return 1
    print(f"Generated the plan: {out}")
    return 0
