"""``koyu light FILE`` — window against floor, room by room (spec: reference/cli/light.md;
the numbers are koyu_model.asking.light's).

One tab-separated line per space in daylight scope, then a summary. Where the release
judges (``Release.light_verdict``, 0.16) a line is marked ``✔``/``✖`` against 1/7 and the
exit is 1 when some room falls short (window < floor / 7); where it does not (0.27) the
lines are the numbers alone and the exit is 0 however dark the rooms are. Nothing in scope
prints a sentence and exits 0. A read error prints ``✖ <message>`` on stderr, exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.jsjson import js_to_fixed
from koyu_model.model import Model

NOTHING = "Nothing is in daylight scope (write daylight:1 on the rooms to be judged)"
MISSING_H = " ⚠ windows without h: are not counted"
NUMBERS_ONLY = "{rooms} in daylight scope — these are numbers, not a verdict (koyu validate applies the rule)"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")


def _rooms(n: int) -> str:
    """``1 room``, ``2 rooms``: the count of rooms in scope."""
    return f"{n} room" if n == 1 else f"{n} rooms"


def _short(d) -> bool:
    """Whether a room's window falls short of 1/7 of its floor (the verdict's rule)."""
    return d.window < d.floor / 7


def _numbers(d) -> str:
    """``window <w> m2 / floor <f> m2 = 1/<floor over window>`` (``no window`` for none)."""
    ratio = f"1/{js_to_fixed(d.floor / d.window, 1)}" if d.window > 0 else "no window"
    return f"window {js_to_fixed(d.window, 2)} m2 / floor {js_to_fixed(d.floor, 2)} m2 = {ratio}"


def light_lines(inputs, verdict: bool = True) -> list[str]:
    """The lines ``koyu light`` prints: judged against 1/7 when ``verdict``, else the numbers
    alone (indented where the mark would be) and a summary that says they are no verdict."""
    from koyu_model.queries import display_name

    if not inputs:
        return [NOTHING]
    lines = []
    for d in inputs:
        row = f"{d.space.path}\t{display_name(d.space)}\t{_numbers(d)}"
        if verdict:
            row = f"{'✖' if _short(d) else '✔'} {row} (needs 1/7 ≈ {js_to_fixed(d.floor / 7, 2)} m2)"
        else:
            row = f"  {row}"
        lines.append(row + MISSING_H if d.missing_h else row)
    if not verdict:
        lines.append(NUMBERS_ONLY.format(rooms=_rooms(len(inputs))))
    elif short := sum(1 for d in inputs if _short(d)):
        lines.append(f"✖ Short of 1/7: {short} of {_rooms(len(inputs))} (this is a validation judgement)")
    else:
        lines.append(
            f"✔ Every room meets 1/7 — {_rooms(len(inputs))} in scope (a rough judgement with no"
            " correction factor — this is validation, not what check guarantees)"
        )
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.asking.light import daylight_inputs

    inputs = daylight_inputs(model)
    verdict = model.release.light_verdict
    write("\n".join(light_lines(inputs, verdict)) + "\n")
    return 1 if verdict and any(_short(d) for d in inputs) else 0
