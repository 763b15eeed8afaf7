"""The IFC4 export's speed: ``koyu-ifc export``, whole process, against koyu 0.27.0's own.

Two buildings of the benchmark's generator (``--synth PATH``, by default
``../shared/bench/synth.py``, as bench/run.py), each beside the original's figure
(../shared/bench/README.md, "koyu 0.27.0's IFC4 export": Node derives the Form, then Python
writes with ifcopenshell):

- 12x24, the 1,595-space bench building: about 11 s there (10.9–11.0 s);
- 5x5, 175 spaces in the generator's nine layers, the size of the original's
  ``examples/tower`` (178 spaces, 9 layers): 1.65–2.1 s there for the tower.

The target is at least five times faster, whole process. Needs koyu-ifc installed
(``pip install ./plugins/ifc``). Prints each round's wall and CPU time, the peak memory, the
file's size and the counts the command prints, then the best wall time against the
original's, with the ratio and whether it is at least 5x.

    .venv/bin/python bench/ifc.py [--rounds 5] [--size 12x24 --size 5x5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs

HERE = Path(__file__).resolve().parent
TARGET = 5.0


@attrs.frozen
class Original:
    what: str
    seconds: float  # the figure the ratio is taken against
    fastest: float  # the fastest run the original's README records
    spread: str


ORIGINALS = {
    "12x24": Original("1,595 spaces (the bench building)", 11.0, 10.9, "10.9–11.0 s"),
    "5x5": Original("175 spaces, 9 layers (the original's tower: 178 spaces, 9 layers)", 2.0, 1.65, "1.65–2.1 s"),
}


def export(command: str, folder: Path, out: Path) -> tuple[float, float, float, str]:
    """One export, a process of its own: its wall and CPU seconds, peak memory (MB), output."""
    with tempfile.TemporaryFile("w+") as stdout, tempfile.TemporaryFile("w+") as stderr:
        start = time.perf_counter()
        child = subprocess.Popen(
            [command, "export", "main.muro", "-o", str(out)], cwd=folder, stdout=stdout, stderr=stderr
        )
        _, status, usage = os.wait4(child.pid, 0)  # the child's own CPU time and peak memory
        wall = time.perf_counter() - start
        stdout.seek(0)
        stderr.seek(0)
        if status:
            raise SystemExit(stderr.read())
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stdout.read()


def measure(command: str, synth: str, size: str, rounds: int) -> float:
    """Best wall time of ``rounds`` exports of the ``size`` building."""
    floors, units = size.lower().split("x")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "b"
        made = [sys.executable, synth, "--floors", floors, "--units", units, str(folder)]
        subprocess.run(made, check=True, capture_output=True)
        out = Path(scratch) / "b.ifc"
        walls = []
        for n in range(rounds):
            wall, cpu, peak, printed = export(command, folder, out)
            walls.append(wall)
            print(f"  round {n + 1}: wall {wall:.2f} s, CPU {cpu:.2f} s, peak memory {peak:.0f} MB")
        counts = [line.strip() for line in printed.splitlines()[1:]]
        print(f"  file {out.stat().st_size / 1e6:.1f} MB: {', '.join(counts)}")
    return min(walls)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synth", default=str(HERE.parent.parent / "shared" / "bench" / "synth.py"))
    parser.add_argument("--size", action="append", choices=sorted(ORIGINALS), help="FLOORSxUNITS (default: both)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    command = shutil.which("koyu-ifc", path=os.path.dirname(sys.executable)) or shutil.which("koyu-ifc")
    if command is None:
        print("bench: koyu-ifc is not installed (pip install ./plugins/ifc)", file=sys.stderr)
        return 2
    results = []
    for size in args.size or ["12x24", "5x5"]:
        original = ORIGINALS[size]
        print(f"{size}: {original.what}")
        best = measure(command, args.synth, size, args.rounds)
        ratio = original.seconds / best
        results.append((size, original, best, ratio))
    print()
    for size, original, best, ratio in results:
        print(
            f"{size}, {original.what}: best {best:.2f} s wall, {ratio:.1f}x koyu 0.27.0's ~{original.seconds:g} s "
            f"({original.spread}; {original.fastest / best:.1f}x its fastest) — at least {TARGET:g}x: "
            f"{'yes' if ratio >= TARGET else 'no'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
