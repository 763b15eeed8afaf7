"""``koyu light FILE`` — the one-seventh daylight judgement, room by room
(spec: reference/cli/light.md; the numbers are koyu_model.asking.light's).

One tab-separated line per space in daylight scope, ``✔``/``✖``, then a summary; exit 1
when some room falls short (window < floor / 7). Nothing in scope prints a sentence and
exits 0. A read error prints ``✖ <message>`` on stderr, exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.common import answers, write
from koyu_model.jsjson import js_to_fixed
from koyu_model.model import Model

NOTHING = "Nothing is in daylight scope (write daylight:1 on the rooms to be judged)"
MISSING_H = " ⚠ windows without h: are not counted"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")


def light_lines(inputs) -> list[str]:
    from koyu_model.queries import display_name

    if not inputs:
        return [NOTHING]
    lines = []
    short = 0
    for d in inputs:
        need = d.floor / 7
        ok = d.window >= need
        if not ok:
            short += 1
        ratio = f"1/{js_to_fixed(d.floor / d.window, 1)}" if d.window > 0 else "no window"
        line = (
            f"{'✔' if ok else '✖'} {d.space.path}\t{display_name(d.space)}\t"
            f"window {js_to_fixed(d.window, 2)} m2 / floor {js_to_fixed(d.floor, 2)} m2 = {ratio}"
            f" (needs 1/7 ≈ {js_to_fixed(need, 2)} m2)"
        )
        if d.missing_h:
            line += MISSING_H
        lines.append(line)
    if short:
        lines.append(f"✖ Short of 1/7: {short} of {len(inputs)} rooms (this is a validation judgement)")
    else:
        lines.append(
            f"✔ Every room meets 1/7 — {len(inputs)} rooms in scope (a rough judgement with no"
            " correction factor — this is validation, not what check guarantees)"
        )
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.asking.light import daylight_inputs

    inputs = daylight_inputs(model)
    write("\n".join(light_lines(inputs)) + "\n")
    return 1 if any(d.window < d.floor / 7 for d in inputs) else 0
