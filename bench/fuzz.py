"""The long fuzz run behind issue #8: mutated buildings of our own through the reader, the
core passes (canonical JSON, check, the Form) and every MCP tool, for as long as asked.

    python bench/fuzz.py --count 2000 --seed 1          # mutated buildings
    python bench/fuzz.py --count 2000 --mild            # one mutation each: more still read
    python bench/fuzz.py --soup 2000 --seed 1           # random token soup

The buildings and mutations are tests/robust/robust_support.py's (the CI suite runs a few
dozen of them under hypothesis; this runs thousands). Prints one line per finding (an
uncaught exception, an answer in the wrong shape, a crash the host logged) and a summary:
inputs, read as a Model, refused with a documented error, findings, slowest input.
Exit status 1 if there was a finding.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "robust"))

import robust_support as rs  # noqa: E402

SOUP_WORDS = [
    "koyu",
    "1.0",
    "name",
    "unit",
    "mm",
    "grid",
    "X",
    "Y",
    "0",
    "3000",
    "level",
    "L1",
    "L2",
    "h:2400",
    "slab:200",
    "space",
    "/L1/a",
    "/L1/b",
    "/out",
    "room",
    "exterior",
    "X1..X2",
    "Y1..Y2",
    "boundary",
    "door",
    "window",
    "w:800",
    "h:2000",
    "edge:N",
    "zone",
    "asset",
    "D1",
    "column",
    "400",
    "stack",
    "st",
    "L1..L2",
    "type:stair",
    "polygon",
    "/site",
    "0,0",
    "10,0",
    "10,10",
    "over",
    "drop",
    "seg",
    "line",
    "area",
    "+",
    "-",
    "=",
    "t:100",
    "x:X1",
    "y:Y1",
    "\n",
    "\n",
    "\n",
    "\n  ",
    "\n\t",
] + rs.JUNK


def soup(rng: random.Random) -> str:
    return " ".join(rng.choice(SOUP_WORDS) for _ in range(rng.randrange(1, 120)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=0, help="mutated buildings to run")
    parser.add_argument("--soup", type=int, default=0, help="token-soup sources to read")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-tools", action="store_true", help="reader and core only")
    parser.add_argument(
        "--mild", action="store_true", help="one line mutation per building, so that more of them still read"
    )
    args = parser.parse_args(argv)
    if not args.count and not args.soup:
        args.count = 200

    rng = random.Random(args.seed)
    client, _log = rs.logged_client()
    root = Path(tempfile.mkdtemp(prefix="koyu-fuzz-"))
    tally = {"model": 0, "error": 0}
    findings = 0
    slowest = (0.0, "")
    started = time.process_time()
    try:
        for i in range(args.count + args.soup):
            folder = root / f"b{i}"
            if i < args.count:
                name = rng.choice(sorted(rs.BUILDINGS))
                files = rs.mutate_building(rs.BUILDINGS[name], rng, mild=args.mild)
            else:
                name, files = "soup", {"main.muro": soup(rng)}
            entry = rs.write_building(folder, files)
            t0 = time.process_time()
            try:
                tally[rs.exercise(str(entry), client, tools=not args.no_tools)] += 1
            except rs.Finding as finding:
                findings += 1
                keep = Path(tempfile.mkdtemp(prefix=f"koyu-finding-{i}-"))
                shutil.copytree(folder, keep, dirs_exist_ok=True)
                print(f"FINDING #{i} ({name}, kept in {keep}): {finding}", flush=True)
            spent = time.process_time() - t0
            if spent > slowest[0]:
                slowest = (spent, f"#{i} ({name})")
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    total = args.count + args.soup
    print(
        f"fuzz: {total} inputs (seed {args.seed}): {tally['model']} read as a Model, "
        f"{tally['error']} refused with a documented error, {findings} findings; "
        f"{time.process_time() - started:.1f} s CPU, slowest {slowest[0]:.2f} s CPU {slowest[1]}"
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
