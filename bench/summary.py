"""model_summary and spaces speed, as the MCP tools answer them, in CPU seconds.

    python bench/summary.py DIR [DIR ...]     # each DIR holds main.muro (synth.py)

Per building and tool: one *cold* call (the remembered-Model cache cleared, so the call
reads, composes, derives the indexes, measures — and, for model_summary, runs check), with
the share of it spent in check; then the best of five *warm* calls (files unchanged: the
remembered Model and its answer are reused, as in a long-lived server). CPU time, so a busy
machine disturbs it less than wall time.
"""

from __future__ import annotations

import sys
import time
from functools import partial
from pathlib import Path

from koyu_read import model_summary, spaces

from koyu_model import load
from koyu_model.reading import clear_cache


def _cpu(call):
    t0 = time.process_time()
    answer = call()
    return time.process_time() - t0, answer


def main(argv: list) -> int:
    for d in argv:
        entry = str(Path(d) / "main.muro")
        print(f"{d}: {len(load(entry).spaces)} spaces")
        calls = {
            "model_summary": partial(model_summary.handle, model_summary.Input(file=entry)),
            "spaces": partial(spaces.handle, spaces.Input(file=entry)),
            "spaces -l L5": partial(spaces.handle, spaces.Input(file=entry, level="L5")),
        }
        for name, call in calls.items():
            clear_cache()
            cold, answer = _cpu(call)
            warm = min(_cpu(call)[0] for _ in range(5))
            print(
                f"  {name:14s} cold {cold:6.2f} s   warm {warm:6.3f} s   {len(getattr(answer, 'literal', answer))} chars"
            )
        clear_cache()
        from koyu_model.check import check
        from koyu_model.derived import layout

        model = load(entry)
        layout(model)
        took, _ = _cpu(partial(check, model))
        print(f"  (check alone on a composed model with its pieces: {took:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
