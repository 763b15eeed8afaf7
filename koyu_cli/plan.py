"""``koyu plan FILE [-l LEVEL] [-o OUT.svg]``: draw one level as SVG (reference/cli/plan.md).

The default level is the first one *declared* (not the lowest); the default output is
``<entry without .muro>-<level>.svg`` beside the entry, its folder made if missing and
the file replaced in one step. Exit 0 when written, 1 when the building cannot be read,
the level has no space with a region or the file cannot be written, 2 for an undeclared
level. ``-l=L2`` is no flag and is ignored (koyu_cli.call), as the original ignores it;
``--out`` is no flag of plan's either. With no level declared and none asked for, ``✖ No
level is defined``, exit 1 (where the original died).
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, died, refuse, save, write
from koyu_model.model import Model
from koyu_model.queries import declared_levels, undeclared_level


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("-l", "--level", default=None)
    parser.add_argument("-o", dest="out", default=None)


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    declared = declared_levels(model)
    level = args.level if args.level is not None else (declared[0] if declared else None)
    if level is None:  # where the original died drawing nothing
        return died("No level is defined")
    if level not in model.levels:
        return refuse(undeclared_level(model, level))

    from koyu_model.drawing.plan import PlanError, draw_plan
    from koyu_model.drawing.sheet import sheet_from_model
    from koyu_model.form.derive import derive

    form = derive(model, levels=[level])
    try:
        svg = draw_plan(form, level, sheet_from_model(model))
    except PlanError as e:
        return died(e)
    out = args.out
    if out is None:
        stem = args.file[:-5] if args.file.endswith(".muro") else args.file
        out = f"{stem}-{level}.svg"
    if not save(out, svg):
        return 1
    write(f"Generated the plan: {out}\n")
    return 0
