"""Asking speed: doors, light and site as the MCP tools answer them, in CPU seconds.

    python bench/asking.py DIR [DIR ...]     # each DIR holds main.muro (synth.py)

Per building: one *cold* call of each tool (the remembered-Model cache cleared, so the
call reads, composes and derives from scratch), then the best of five *warm* calls (files
unchanged: the remembered Model and its derived indexes are reused, as in a long-lived server).
doors asks the bench's question: ``/L<top>/n<NN>/bed1`` → ``/road-s`` with the last north
unit and the top typical floor found in the model.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from koyu_ask import doors, light, site

from koyu_model import load
from koyu_model.reading import clear_cache


def _doors_question(entry: str):
    model = load(entry)
    best = None
    for path in model.spaces:
        m = re.fullmatch(r"/L(\d+)/n(\d+)/bed1", path)
        if m and (best is None or (int(m[1]), int(m[2])) > best[0]):
            best = ((int(m[1]), int(m[2])), path)
    return best[1], "/road-s"


def _calls(entry: str):
    start, goal = _doors_question(entry)
    return {
        "doors": lambda: doors.handle(doors.Input(file=entry, from_=start, to=goal)),
        "light": lambda: light.handle(light.Input(file=entry)),
        "site": lambda: site.handle(site.Input(file=entry)),
    }, (start, goal)


def main(argv: list) -> int:
    for d in argv:
        entry = str(Path(d) / "main.muro")
        calls, question = _calls(entry)
        spaces = len(load(entry).spaces)
        print(f"{d}: {spaces} spaces; doors {question[0]} -> {question[1]}")
        for name, call in calls.items():
            clear_cache()
            t0 = time.process_time()
            answer = call()
            cold = time.process_time() - t0
            warm = float("inf")
            for _ in range(5):
                t0 = time.process_time()
                call()
                warm = min(warm, time.process_time() - t0)
            size = len(answer) if isinstance(answer, list) else ""
            print(f"  {name:6s} cold {cold:6.2f} s   warm {warm:6.3f} s  {size}")
        print(f"  doors answer: {calls['doors']()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
