"""Deriving speed: the whole Form, and one level's part of it, in CPU milliseconds.

    python bench/derive.py DIR [DIR ...]     # each DIR holds main.muro (synth.py)

Per building, each the minimum of a few runs with the cyclic collector paused (as the
server runs a tool call): a cold ``derive(model)`` (a freshly read Model, so its derived
indexes — pieces, default walls, segments, placements — are built inside the call), a warm
one (those reused), a cold ``derive(model, levels={middle level})`` as plan_svg asks for one
level, and the drawing of that level. CPU time, so a busy machine disturbs it less than
wall time.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from koyu_host.collector import paused as gc_paused  # as the server runs a tool call
from koyu_model import load
from koyu_model.drawing.plan import draw_plan
from koyu_model.drawing.sheet import sheet_from_model
from koyu_model.form.derive import derive
from koyu_model.reading import clear_cache

RUNS = int(os.environ.get("RUNS", "3"))


def _fresh(entry: str):
    clear_cache()
    return load(entry)


def _best(times) -> str:
    return f"{min(times) * 1000:.0f} ms"


def main(argv) -> int:
    clock = time.process_time
    for d in argv:
        entry = str(Path(d) / "main.muro")
        cold, warm, one, drawn = [], [], [], []
        for _ in range(RUNS):
            model = _fresh(entry)
            with gc_paused():
                t0 = clock()
                form = derive(model)
                cold.append(clock() - t0)
                t0 = clock()
                derive(model)
                warm.append(clock() - t0)
            names = [lv.name for lv in form.levels]
            middle = names[len(names) // 2]
            model = _fresh(entry)
            with gc_paused():
                t0 = clock()
                part = derive(model, levels={middle})
                one.append(clock() - t0)
                t0 = clock()
                draw_plan(part, middle, sheet_from_model(model))
                drawn.append(clock() - t0)
        print(
            f"{d}: spaces={len(model.spaces)} boundaries={len(form.boundaries)} "
            f"derive cold {_best(cold)} warm {_best(warm)}; one level ({middle}) cold "
            f"{_best(one)}, drawn {_best(drawn)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
