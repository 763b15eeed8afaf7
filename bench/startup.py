"""How fast koyu-mcp starts and answers (issue #2's targets: cold start < 0.3 s, ping < 1 ms).

    python bench/startup.py [--runs N] [--pings N] [--server "koyu-mcp"]

Cold start: from just before the process is spawned to the moment the initialize
reply's line has been read — the wait a client sees when it connects. Ping round
trip: one ping written, its reply read, over the same pipes, after start-up.
Reports the median and the best of N, and the CPU time a whole short-lived server
process used (start, initialize, exit) — the figure that holds when other work loads
the machine and wall-clock times stretch. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time

INITIALIZE = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n'
PING = b'{"jsonrpc":"2.0","id":2,"method":"ping"}\n'


def default_server() -> list[str]:
    beside = os.path.join(os.path.dirname(sys.executable), "koyu-mcp")
    return [beside] if os.path.exists(beside) else [sys.executable, "-m", "koyu_host"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cold_start(argv: list[str]) -> tuple[float, float]:
    cpu_before = _children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdin.write(INITIALIZE)
    process.stdin.flush()
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    assert json.loads(line)["id"] == 1, line
    process.stdin.close()
    process.wait()
    process.stdout.close()
    return elapsed, _children_cpu() - cpu_before


def ping_round_trips(argv: list[str], count: int) -> list[float]:
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdin.write(INITIALIZE)
    process.stdin.flush()
    process.stdout.readline()
    times = []
    for _ in range(count):
        started = time.perf_counter()
        process.stdin.write(PING)
        process.stdin.flush()
        line = process.stdout.readline()
        times.append(time.perf_counter() - started)
        assert line.startswith(b'{"jsonrpc":"2.0","id":2,'), line
    process.stdin.close()
    process.wait()
    process.stdout.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="cold starts to time (default 15)")
    parser.add_argument("--pings", type=int, default=2000, help="pings to time (default 2000)")
    parser.add_argument("--server", help="server command line (default: koyu-mcp beside this Python)")
    args = parser.parse_args()
    argv = shlex.split(args.server) if args.server else default_server()

    cold_start(argv)  # the first start also warms the OS file cache and writes .pyc files
    runs = [cold_start(argv) for _ in range(args.runs)]
    starts = [wall for wall, _ in runs]
    cpu = [used for _, used in runs]
    pings = ping_round_trips(argv, args.pings)
    print(f"server: {' '.join(argv)}")
    print(
        f"cold start (spawn -> initialize reply): median {statistics.median(starts) * 1000:.1f} ms, "
        f"best {min(starts) * 1000:.1f} ms over {args.runs} runs  (target < 300 ms)"
    )
    print(
        f"CPU time of one short-lived server (start, initialize, exit): median "
        f"{statistics.median(cpu) * 1000:.1f} ms, best {min(cpu) * 1000:.1f} ms; load average now "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"ping round trip: median {statistics.median(pings) * 1e6:.0f} us, "
        f"best {min(pings) * 1e6:.0f} us over {args.pings} pings  (target < 1000 us)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
