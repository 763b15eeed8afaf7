"""The soak behind issue #8: 10,000 mixed tool calls over several buildings to ONE koyu-mcp.

    python bench/soak.py                       # 10,000 calls, seed 1
    python bench/soak.py --calls 2000 --seed 3

Buildings are our own (tests/robust/robust_support.py), copied into a scratch folder: the
two seeds, grids of rooms of several sizes, and broken variants, more of them than the
composed-Model cache holds (koyu_model.reading.remembered keeps 8), so the cache keeps turning over.
Every twentieth call is a write_layer that rewrites a layer (a new Model each time), the
rest are the other eleven tools with plausible and wrong arguments. One request at a time;
a reply that does not come within --wait seconds counts as unanswered.

Prints: calls, answered, of which isError, unanswered; the server's resident memory
(VmRSS, Linux /proc) after the first 100 calls and at the end, and the change in percent.
Exit status 1 if a call went unanswered or memory at the end is more than 10% above what
it was after the first hundred.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests" / "robust"))

import robust_support as rs  # noqa: E402

from koyu_host.client import server_command  # noqa: E402


def grid_building(nx: int, ny: int) -> dict:
    """nx × ny rooms on two levels, doors in a row, an outside: a bigger building of our own."""
    xs = " ".join(str(3000 * i) for i in range(nx + 1))
    ys = " ".join(str(4000 * j) for j in range(ny + 1))
    lines = [
        "koyu 1.0",
        f"name 格子{nx}x{ny}",
        "unit mm",
        f"grid X {xs}",
        f"grid Y {ys}",
        "level L1 0 h:2600 slab:200",
        "level L2 2800 h:2600 slab:200",
        "space /out exterior",
    ]
    for lv in ("L1", "L2"):
        for i in range(1, nx + 1):
            for j in range(1, ny + 1):
                lines.append(f"space /{lv}/r{i}_{j} room X{i}..X{i + 1} Y{j}..Y{j + 1} daylight:1")
        for i in range(1, nx):
            lines += [f"boundary /{lv}/r{i}_1 /{lv}/r{i + 1}_1 t:100", "  door w:800 h:2000"]
        lines += [
            f"boundary /{lv}/r1_1 /out t:180",
            "  door w:900 h:2100 edge:S",
            f"boundary /{lv}/r{nx}_{ny} /out t:180",
            "  window w:1200 h:1200 edge:N",
        ]
    return {"main.muro": "\n".join(lines) + "\n"}


def make_buildings(root: Path, rng: random.Random) -> list:
    sets = [("two-storeys", rs.TWO_STOREYS), ("one-file", rs.ONE_FILE)]
    sets += [(f"grid-{n}x{m}", grid_building(n, m)) for n, m in ((3, 2), (6, 4), (10, 6), (16, 8))]
    for k in range(3):
        name = rng.choice(sorted(rs.BUILDINGS))
        sets.append((f"broken-{k}", rs.mutate_building(rs.BUILDINGS[name], rng)))
    out = []
    for name, files in sets:
        entry = rs.write_building(root / name, files)
        out.append((name, str(entry), files))
    return out


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def a_call(rng: random.Random, buildings: list, n: int) -> tuple:
    name, entry, files = rng.choice(buildings)
    spaces = ["/L1/r1_1", "/L2/r1_1", "/out", "/L1/ldk", "/L2/bed", "/L1/study", "/L1/shop", "/nowhere"]
    if n % 20 == 19:  # rewrite a layer: the content changes, so the building is a new Model
        layer = rng.choice(sorted(files))
        text = files[layer] if isinstance(files[layer], str) else "# was bytes\n"
        return "write_layer", {"file": entry, "layer": layer, "content": text + f"# soak {n}\n"}
    tool = rng.choice(
        [
            "model_summary",
            "check",
            "layers",
            "canonical_json",
            "spaces",
            "spaces",
            "light",
            "validate",
            "site",
            "new_uids",
            "doors",
            "plan_svg",
            "check",
        ]
    )
    args = {"file": entry}
    if tool == "spaces" and rng.random() < 0.5:
        args["level"] = rng.choice(["L1", "L2", "L9"])
    elif tool == "new_uids":
        args["count"] = rng.choice([1, 5, 1000, 0, "x"])
    elif tool == "doors":
        args["from"], args["to"] = rng.choice(spaces), rng.choice(spaces)
    elif tool == "plan_svg":
        args["level"] = rng.choice(["L1", "L2", "L9"])
    if rng.random() < 0.02:
        args["file"] = entry + ".missing"
    return tool, args


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wait", type=float, default=300.0, help="seconds to wait for one reply")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    root = Path(tempfile.mkdtemp(prefix="koyu-soak-"))
    buildings = make_buildings(root, rng)
    process = subprocess.Popen(
        server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=root
    )
    answered = failed = unanswered = 0
    rss_first = rss_start = 0
    started = time.monotonic()
    pending = b""
    try:
        process.stdin.write(b'{"jsonrpc":"2.0","id":"start","method":"ping"}\n')
        process.stdin.flush()
        pending = process.stdout.readline()  # the server is up: its memory at start
        pending = b""
        rss_start = rss_kib(process.pid)
        for n in range(args.calls):
            tool, arguments = a_call(rng, buildings, n)
            request = {
                "jsonrpc": "2.0",
                "id": n,
                "method": "tools/call",
                "params": {"name": tool, "arguments": arguments},
            }
            process.stdin.write(json.dumps(request, ensure_ascii=False).encode("utf-8") + b"\n")
            process.stdin.flush()
            reply = None
            deadline = time.monotonic() + args.wait
            while reply is None:
                if b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    reply = json.loads(line)
                    break
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([process.stdout], [], [], left)[0]:
                    break
                chunk = os.read(process.stdout.fileno(), 1 << 20)
                if not chunk:
                    break
                pending += chunk
            if reply is None or reply.get("id") != n or "result" not in reply:
                unanswered += 1
                print(f"unanswered: call {n} {tool} {json.dumps(arguments)[:200]}", flush=True)
                if process.poll() is not None:
                    break
                continue
            answered += 1
            failed += bool(reply["result"].get("isError"))
            if n == 99:
                rss_first = rss_kib(process.pid)
        rss_end = rss_kib(process.pid)
    finally:
        process.stdin.close()
        status = process.wait(timeout=60)
        process.stdout.close()
        shutil.rmtree(root, ignore_errors=True)
    growth = 100.0 * (rss_end - rss_first) / rss_first if rss_first else float("nan")
    print(
        f"soak: {args.calls} calls over {len(buildings)} buildings (seed {args.seed}), "
        f"{time.monotonic() - started:.0f} s: {answered} answered ({failed} isError), "
        f"{unanswered} unanswered; exit status {status}"
    )
    print(
        f"soak: resident memory {rss_start / 1024:.1f} MiB at start, {rss_first / 1024:.1f} MiB "
        f"after 100 calls, {rss_end / 1024:.1f} MiB at the end ({growth:+.1f}%)"
    )
    return 1 if unanswered or status != 0 or not growth <= 10.0 else 0


if __name__ == "__main__":
    sys.exit(main())
