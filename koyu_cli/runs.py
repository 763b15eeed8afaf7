"""``koyu runs FILE`` — the derived vertical circulation, one run per line
(spec: reference/cli/runs.md).

The runs are the Form's (``koyu_model.form.runs.derive_runs``, Form order: z0, then path in
UTF-16 order — COMPAT §8); this module only lays them out, tab-separated:
``<lower>→<upper>`` (the lower name alone with no upper), device, display name, then — for
all but a lift — ``rise``, the form (``return``/``straight``), the stair's risers and tread
or the ramp's/escalator's ``slope 1/<n>``, ``going``; the space path last. Lengths are
rounded to whole mm, the slope's run to one decimal (as validate's stair.proportion and
run.slope say them). Exit 0 always once the building reads, even with no run at all; a read
error prints ``✖ <message>``, exit 1.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.form.records import FormRun
from koyu_model.jsjson import js_number, js_round, js_to_fixed
from koyu_model.model import Model

NONE_LINE = "There is no vertical circulation (write stair:N / ramp:N / escalator:N / lift:1 on a space)"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")


def _mm(x: float) -> str:
    return f"{js_number(js_round(x))}mm"


def run_line(run: FormRun, name: str) -> str:
    """One run as the tab-separated line of cli/runs.md "Output"."""
    between = run.level if run.upper is None else f"{run.level}→{run.upper}"
    head = [between, run.device, name]
    if run.device == "lift":  # no steps, no slope, no going: the path follows the name
        return "\t".join(head + [run.path])
    if run.device == "stair":
        how = f"{js_number(run.risers)} risers of {_mm(run.riser)}, tread {_mm(run.tread)}"
    else:
        how = f"slope 1/{js_to_fixed(1 / run.slope, 1) if run.slope else 'Infinity'}"
    return "\t".join(head + [f"rise {_mm(run.rise)}", run.form, how, f"going {_mm(run.going)}", run.path])


def runs_lines(model: Model, runs: Sequence[FormRun]) -> list[str]:
    from koyu_model.queries import display_name

    if not runs:
        return [NONE_LINE]
    spaces = model.spaces
    return [run_line(r, display_name(spaces[r.path])) for r in runs]


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.form.runs import derive_runs

    runs = derive_runs(model)
    write("\n".join(runs_lines(model, runs)) + "\n")
    return 0
