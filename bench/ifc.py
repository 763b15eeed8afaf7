"""The IFC4 export's speed: ``koyu-ifc export`` of the 1,595-space bench building, whole process.

koyu 0.27.0's own pipeline (Node derives the Form, then Python writes with ifcopenshell)
takes about 11 s wall on this building (../shared/bench/README.md, "koyu 0.27.0's IFC4
export"); the target is at least five times faster. Needs koyu-ifc installed
(``pip install ./plugins/ifc``) and the benchmark's generator (``--synth PATH``, by default
``../shared/bench/synth.py``, as bench/run.py). Prints each round's wall and CPU time, the
peak memory, the file's size and the counts the command prints.

    .venv/bin/python bench/ifc.py [--rounds 3] [--size 12x24]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ORIGINAL_S = 11.0  # koyu 0.27.0 on the 1,595-space building, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synth", default=str(HERE.parent.parent / "shared" / "bench" / "synth.py"))
    parser.add_argument("--size", default="12x24", help="FLOORSxUNITS (12x24: 1,595 spaces)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    command = shutil.which("koyu-ifc", path=os.path.dirname(sys.executable)) or shutil.which("koyu-ifc")
    if command is None:
        print("bench: koyu-ifc is not installed (pip install ./plugins/ifc)", file=sys.stderr)
        return 2
    floors, units = args.size.lower().split("x")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "b"
        subprocess.run(
            [sys.executable, args.synth, "--floors", floors, "--units", units, str(folder)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        out = Path(scratch) / "b.ifc"
        walls = []
        for n in range(args.rounds):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            run = subprocess.run(
                [command, "export", "main.muro", "-o", str(out)], cwd=folder, capture_output=True, text=True
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if run.returncode:
                print(run.stderr, file=sys.stderr)
                return 1
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            walls.append(wall)
            print(f"round {n + 1}: wall {wall:.2f} s, CPU {cpu:.2f} s")
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"peak memory {peak:.0f} MB, file {out.stat().st_size / 1e6:.1f} MB")
        print(run.stdout.rstrip())
        best = min(walls)
        print(f"best {best:.2f} s: {ORIGINAL_S / best:.1f}x the original's ~{ORIGINAL_S:.0f} s (target: 5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
