"""Reading speed: cold load (read + compose) and canonical JSON, in CPU seconds.

    python bench/reading.py DIR [DIR ...]     # each DIR holds main.muro (e.g. from synth.py)

Prints, per building, the best of five runs of: a cold ``load`` (the remembered-Model
cache cleared first), the canonical document and its text, and a warm ``load`` (files
unchanged: the remembered Model is re-validated and handed out again). CPU time, so a
busy machine disturbs it less than wall time, with the cyclic collector paused as the
server pauses it for each call (koyu_host.collector). The peak line is what tracemalloc saw
Python allocate during one more cold load.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

from koyu_host.collector import paused
from koyu_model import load
from koyu_model.canonical import canonical_json
from koyu_model.reading import clear_cache


def measure(entry: Path, runs: int = 5) -> tuple:
    best = [float("inf")] * 3
    model = None
    for _ in range(runs):
        clear_cache()
        model = None
        with paused():
            t0 = time.process_time()
            model = load(str(entry))
            t1 = time.process_time()
            canonical_json(model)
            t2 = time.process_time()
            load(str(entry))
            t3 = time.process_time()
        best = [min(b, x) for b, x in zip(best, (t1 - t0, t2 - t1, t3 - t2))]
    return model, best


def load_peak(entry: Path) -> tuple:
    """(MiB the Model keeps, MiB at the peak of reading it) as tracemalloc counts them."""
    clear_cache()
    tracemalloc.start()
    try:
        model = load(str(entry))
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del model
    clear_cache()
    return kept / 2**20, peak / 2**20


def main(argv: list) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    print("spaces  boundaries  cold load  canonical  warm load  (CPU s)  model kept / load peak (MiB)")
    for d in argv:
        model, (cold, canon, warm) = measure(Path(d) / "main.muro")
        kept, peak = load_peak(Path(d) / "main.muro")
        print(
            f"{len(model.spaces):6d}  {len(model.boundaries):10d}  {cold:9.3f}  {canon:9.3f}  {warm:9.4f}"
            f"           {kept:5.1f} / {peak:5.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
