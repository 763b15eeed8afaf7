"""``koyu levels FILE`` — a section drawing in text (spec: reference/cli/levels.md).

One tab-separated line per level in descending z (``name``, ``z:``, then ``h:`` and
``slab:`` only when written): ``Model.levels_by_z`` turned over, so levels of equal z come
out in the reverse of their order there (the original reverses its ascending stack). Under every level but the topmost, an ``↑`` line: the storey height up to the
level on the line above, broken down into this level's ceiling height and the level
above's slab when both are written, with any positive remainder as ``left over`` (the
ceiling void). Then the region-bearing spaces on a level that carry ``h:``, with their
effective ceiling height (the space's own numeric h, else its level's — ground.heff,
form.storeys.ceiling_height).

Exit 0 once something is printed; no level at all prints ``No level is defined``, exit 1;
a read error prints ``✖ <message>`` on stderr, exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.jsjson import js_number
from koyu_model.model import Model

NO_LEVEL = "No level is defined"
PER_SPACE = "Per-space ceiling height: "


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")


def _level_line(lv) -> str:
    line = f"{lv.name}\tz:{js_number(lv.z)}"
    if lv.h is not None:
        line += f"\th:{js_number(lv.h)}"
    if lv.slab is not None:
        line += f"\tslab:{js_number(lv.slab)}"
    return line


def _stack_line(lv, up) -> str:
    """The stack-up from ``lv`` to ``up`` (the level on the line above)."""
    storey = up.z - lv.z
    line = f"  ↑ storey height {js_number(storey)}"
    if lv.h is None or up.slab is None:
        return line  # the breakdown needs this level's h and the next level's slab
    line += f" = ceiling {js_number(lv.h)} + slab {js_number(up.slab)}"
    rest = storey - lv.h - up.slab
    if rest > 0:
        line += f" + {js_number(rest)} left over"
    return line


def per_space(model: Model) -> list[str]:
    """``<path> h:<effective ceiling height>`` for region spaces on a level carrying h:,
    in model order."""
    # form.storeys.ceiling_height is ground.heff's definition without building a Ground
    from koyu_model.form.storeys import ceiling_height

    levels = model.levels
    out = []
    for path, s in model.spaces.items():
        if "h" not in s.attrs or not s.rects or s.level not in levels:
            continue
        h = ceiling_height(s, levels[s.level])
        out.append(f"{path} h:{'undefined' if h is None else js_number(h)}")
    return out


def levels_lines(model: Model) -> list[str]:
    levels = model.levels
    # the ascending stack turned over: levels of equal z come out in reverse order
    order = reversed(model.levels_by_z)
    lines: list[str] = []
    up = None
    for name in order:
        lv = levels[name]
        lines.append(_level_line(lv))
        if up is not None:
            lines.append(_stack_line(lv, up))
        up = lv
    spaces = per_space(model)
    if spaces:
        lines.append(PER_SPACE + " / ".join(spaces))
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    if not model.levels:
        write(NO_LEVEL + "\n")
        return 1
    write("\n".join(levels_lines(model)) + "\n")
    return 0
