"""Deriving speed: the whole Form, and one level's part of it, in CPU seconds.

    python bench/derive.py DIR [DIR ...]     # each DIR holds main.muro (synth.py)

Per building: a cold ``derive(model)`` (a freshly read Model, so its ground — pieces,
default walls, segments, placements — is built inside the call), a warm one (ground
reused), and a cold ``derive(model, levels={middle level})`` as plan_svg asks for one
level. CPU time, so a busy machine disturbs it less than wall time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from koyu_model import load
from koyu_model.compose import clear_cache
from koyu_model.form.derive import derive


def _fresh(entry: str):
    clear_cache()
    return load(entry)


def main(argv) -> int:
    clock = time.process_time
    for d in argv:
        entry = str(Path(d) / "main.muro")
        model = _fresh(entry)
        t0 = clock()
        form = derive(model)
        cold = clock() - t0
        t0 = clock()
        derive(model)
        warm = clock() - t0
        names = [lv.name for lv in form.levels]
        middle = names[len(names) // 2]
        model = _fresh(entry)
        t0 = clock()
        derive(model, levels={middle})
        one = clock() - t0
        print(f"{d}: spaces={len(model.spaces)} boundaries={len(form.boundaries)} "
              f"derive cold {cold:.2f}s warm {warm:.2f}s; one level ({middle}) cold {one:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
