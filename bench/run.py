"""The project's benchmark (issue #7): every MCP tool on buildings of growing size.

    python bench/run.py                 # 56 … 6,356 spaces (several minutes)
    python bench/run.py --quick         # up to ~1,600 spaces, about a minute
    python bench/run.py --sizes 12x24,24x48 --samples 5

Buildings come from ``synth.py --floors F --units U`` (``../shared/bench/synth.py`` beside
the repo, or ``--synth PATH``); sizes are written ``FxU``. One long-lived ``koyu-mcp`` is
started and spoken to over stdio as a client would. For each building and each tool:

* a warm-up call (imports, first-use costs);
* ``cold``: calls made right after a byte of the entry layer changed (a comment line is
  rewritten), so the server's remembered Model cannot be used — the first call for a
  building, read, composed and derived from scratch;
* ``warm``: the same call again with the files unchanged (the remembered Model reused).

``--no-cache`` starts the server with ``KOYU_NO_CACHE=1`` instead, so that nothing at all is
remembered between calls (then only cold times are reported).

Times are the server process's CPU time (utime+stime from ``/proc/<pid>/stat``, which
counts the tool's worker threads too), not wall time: the machine is shared, and CPU time
is what the original's table reports. The clock ticks in 10 ms steps, so short calls are
repeated in batches of at least ``--min-batch`` seconds and divided. Each cell is the
median over ``--samples`` batches. The peak memory is the server's VmHWM after each size.

At the end: the growth exponent of each tool (least-squares slope of log time over log
spaces, over the sizes from 1,500 spaces up) and, where the size matches, the original's
figure beside ours and how many times faster we are: koyu 0.16.0's (``koyu-0.16.0.tsv``),
or with ``--as 0.27`` koyu 0.27.0's (``koyu-0.27.0.tsv``), both from
``shared/bench/README.md``; and whether every tool is at least ten times faster there.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FULL_SIZES = ["3x2", "4x8", "9x15", "12x24", "17x34", "24x48"]
QUICK_SIZES = ["3x2", "9x15", "12x24"]
TOOLS = [
    "check",
    "model_summary",
    "canonical_json",
    "validate",
    "light",
    "site",
    "spaces",
    "doors",
    "plan_svg",
    "layers",
    "new_uids",
    "write_layer",
]

DRAWINGS_0_27 = ["section_svg", "elevation_svg"]  # koyu 0.27.0's tools beside the others
TICK = os.sysconf("SC_CLK_TCK")
MARK = "# bench run "  # the comment line rewritten to make a layer's text new


class Server:
    """One koyu-mcp process, spoken to with newline-delimited JSON-RPC."""

    def __init__(self, command: list[str], cwd: str, no_cache: bool = False) -> None:
        env = dict(os.environ)
        if no_cache:
            env["KOYU_NO_CACHE"] = "1"  # koyu_model.reading.remembered: every load a first read
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd, env=env, text=True, encoding="utf-8"
        )
        self.next_id = 0
        self.request(
            "initialize",
            {"protocolVersion": "2024-11-05", "capabilities": {}, "clientInfo": {"name": "koyu-bench", "version": "0"}},
        )
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, message: dict) -> None:
        self.proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("koyu-mcp closed its output")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                return reply

    def call(self, tool: str, arguments: dict) -> str:
        reply = self.request("tools/call", {"name": tool, "arguments": arguments})
        result = reply.get("result") or {}
        if "error" in reply or result.get("isError"):
            raise RuntimeError(f"{tool} failed: {json.dumps(reply, ensure_ascii=False)[:400]}")
        return result["content"][0]["text"]

    def cpu(self) -> float:
        """CPU seconds used so far by the server (all its threads, live or ended)."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def peak_mib(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Building:
    """A synthetic building on disk whose entry layer can be given new bytes."""

    def __init__(self, folder: Path) -> None:
        self.entry = folder / "main.muro"
        self.text = self.entry.read_text(encoding="utf-8")
        self.serial = 0

    def touch(self) -> None:
        """Rewrite the entry with a different trailing comment: a changed byte."""
        self.serial += 1
        self.entry.write_text(f"{self.text.rstrip()}\n{MARK}{self.serial}\n", encoding="utf-8")


def generate(synth: Path, size: str, out: Path) -> Path:
    floors, units = size.lower().split("x")
    folder = out / f"b{size}"
    if not (folder / "main.muro").exists():
        subprocess.run(
            [sys.executable, str(synth), "--floors", floors, "--units", units, str(folder)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return folder


# koyu 0.27's validate asks for a profile and a date (reference/mcp/tools-verify.md)
ASSESSMENT = {"profile": "koyu.profile.schematic-screen", "asOf": "2026-12-01"}


def questions(server: Server, entry: str, assessed: bool = False) -> tuple[int, dict[str, dict]]:
    """The number of spaces and every tool's arguments for this building."""
    checked = json.loads(server.call("check", {"file": entry}))
    summary = json.loads(server.call("model_summary", {"file": entry}))
    listed = json.loads(server.call("spaces", {"file": entry}))
    levels = [lv["name"] for lv in summary["levels"]]
    # doors: the bench's question, /L<top typical>/n<last>/bed1 -> /road-s.
    best = None
    for space in listed:
        parts = space["path"].split("/")
        if len(parts) == 4 and parts[3] == "bed1" and parts[1][1:].isdigit() and parts[2][1:].isdigit():
            key = (int(parts[1][1:]), int(parts[2][1:]))
            best = max(best, (key, space["path"])) if best else (key, space["path"])
    start = best[1] if best else listed[0]["path"]
    entry_text = Path(entry).read_text(encoding="utf-8")
    args = {tool: {"file": entry} for tool in TOOLS}
    args["doors"] = {"file": entry, "from": start, "to": "/road-s"}
    args["plan_svg"] = {"file": entry, "level": levels[len(levels) // 2]}
    args["write_layer"] = {"file": entry, "layer": Path(entry).name, "content": entry_text}
    if assessed:
        args["validate"] = {"file": entry, **ASSESSMENT}
        # the section through the middle of the long side, half the building beyond it
        xs = json.loads(server.call("canonical_json", {"file": entry}))["grid"]["X"]
        args["section_svg"] = {"file": entry, "at": f"X{len(xs) // 2 + 1}+500"}
        args["elevation_svg"] = {"file": entry, "face": "S"}
    return checked["spaces"], args


def measure(
    server: Server, building: Building, tool: str, arguments: dict, cold: bool, samples: int, min_batch: float
) -> float:
    """Median CPU seconds per call over ``samples`` batches."""
    per_call = []
    for _ in range(samples):
        calls, spent = 0, 0.0
        while calls == 0 or spent < min_batch:
            if cold:
                building.touch()
            if tool == "write_layer":
                arguments = dict(arguments, content=building.entry.read_text(encoding="utf-8"))
            t0 = server.cpu()
            server.call(tool, arguments)
            spent += server.cpu() - t0
            calls += 1
        per_call.append(spent / calls)
    return statistics.median(per_call)


def slope(xs: list[float], ys: list[float]) -> float | None:
    pts = [(math.log(x), math.log(y)) for x, y in zip(xs, ys) if y > 0]
    if len(pts) < 2:
        return None
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    den = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / den if den else None


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


PEAK = "peak memory"


class Original:
    """The original's figures for one release (``koyu-<version>.tsv`` beside this file, whose
    header says where they come from): seconds per call by tool and spaces, and the
    server's peak memory (MiB) by spaces."""

    def __init__(self, release: str | None) -> None:
        self.version = "0.27.0" if release == "0.27" else "0.16.0"
        lines = [
            line.split("\t")
            for line in (HERE / f"koyu-{self.version}.tsv").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")
        ]
        self.spaces = [int(n) for n in lines[0][1:]]
        self.figures = {row[0]: [float(v) for v in row[1:]] for row in lines[1:]}

    def at(self, tool: str, spaces: int) -> float | None:
        """The original's figure at a size within 3% of ``spaces`` (the same F×U), if any."""
        for i, n in enumerate(self.spaces):
            if tool in self.figures and abs(n - spaces) <= 0.03 * n:
                return self.figures[tool][i]
        return None


def times(ours: float, theirs: float) -> str:
    """How many times faster: one decimal below ten, so ×9.9 does not pass for ×10."""
    ratio = theirs / ours
    return f"×{ratio:.1f}" if ratio < 10 else f"×{ratio:.0f}"


def default_server() -> list[str]:
    beside = Path(sys.executable).parent / "koyu-mcp"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("koyu-mcp")
    return [found] if found else [sys.executable, "-m", "koyu_host"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes up to 12x24, fewer samples")
    parser.add_argument("--sizes", help="comma-separated FxU sizes (default: all six)")
    parser.add_argument("--tools", help="comma-separated tools (default: all)")
    parser.add_argument("--samples", type=int, help="batches per cell (default 5; quick 2)")
    parser.add_argument(
        "--min-batch", type=float, default=0.05, help="CPU seconds a batch of short calls lasts at least"
    )
    parser.add_argument("--synth", default=str(HERE.parent.parent / "shared" / "bench" / "synth.py"))
    parser.add_argument("--out", help="folder for the buildings (default: a temporary one)")
    parser.add_argument("--server", help="server command line (default: koyu-mcp)")
    parser.add_argument("--no-warm", action="store_true", help="cold calls only")
    parser.add_argument(
        "--as",
        dest="release",
        help="the surface to measure (koyu-mcp --as RELEASE; 0.27's validate is asked for its built-in profile)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="start the server with KOYU_NO_CACHE=1 (nothing remembered between calls; implies --no-warm)",
    )
    args = parser.parse_args(argv)
    args.no_warm = args.no_warm or args.no_cache

    sizes = args.sizes.split(",") if args.sizes else (QUICK_SIZES if args.quick else FULL_SIZES)
    tools = args.tools.split(",") if args.tools else TOOLS + (DRAWINGS_0_27 if args.release == "0.27" else [])
    samples = args.samples or (2 if args.quick else 5)
    synth = Path(args.synth)
    if not synth.exists():
        print(f"bench: no building generator at {synth} (give --synth PATH)", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="koyu-bench-"))
    out.mkdir(parents=True, exist_ok=True)
    command = args.server.split() if args.server else default_server()
    if args.release:
        command += ["--as", args.release]

    started = time.time()
    server = Server(command, str(out), args.no_cache)
    rows: list[dict] = []
    try:
        for size in sizes:
            folder = generate(synth, size, out)
            building = Building(folder)
            entry = str(building.entry)
            spaces, tool_args = questions(server, entry, assessed=args.release == "0.27")
            row = {"size": size, "spaces": spaces, "cold": {}, "warm": {}}
            for tool in tools:
                server.call(tool, tool_args[tool])  # warm-up
                row["cold"][tool] = measure(server, building, tool, tool_args[tool], True, samples, args.min_batch)
                if not args.no_warm:
                    row["warm"][tool] = measure(server, building, tool, tool_args[tool], False, samples, args.min_batch)
                print(
                    f"  {size} ({spaces} spaces) {tool}: cold {fmt(row['cold'][tool])}"
                    + ("" if args.no_warm else f", warm {fmt(row['warm'][tool])}"),
                    file=sys.stderr,
                    flush=True,
                )
            building.entry.write_text(building.text, encoding="utf-8")
            row["peak"] = server.peak_mib()
            rows.append(row)
    finally:
        server.close()
    report(rows, tools, not args.no_warm, Original(args.release))
    print(
        f"\n{len(rows)} sizes, {samples} samples per cell, server CPU time; "
        f"{time.time() - started:.0f} s wall; buildings in {out}"
    )
    return 0


def report(rows: list[dict], tools: list[str], warm: bool, original: Original) -> None:
    header = "| tool | " + " | ".join(f"{r['spaces']:,} ({r['size']})" for r in rows) + " |"
    rule = "|---" * (len(rows) + 1) + "|"
    print("\nMedian CPU time per call: cold (first call for the building) / warm (files unchanged)")
    print(header)
    print(rule)
    slowest: dict[int, tuple[float, str]] = {}  # spaces -> the lowest ratio and its tool
    for tool in tools:
        cells = []
        for r in rows:
            cell = fmt(r["cold"][tool]) + (f" / {fmt(r['warm'][tool])}" if warm else "")
            theirs = original.at(tool, r["spaces"])
            if theirs is not None and r["spaces"] >= 1500 and r["cold"][tool] > 0:
                cell += f" ({original.version}: {fmt(theirs)}, {times(r['cold'][tool], theirs)})"
                ratio = theirs / r["cold"][tool]
                slowest[r["spaces"]] = min(slowest.get(r["spaces"], (ratio, tool)), (ratio, tool))
            cells.append(cell)
        print(f"| {tool} | " + " | ".join(cells) + " |")
    peaks = []
    for r in rows:
        cell = f"{r['peak']:.0f} MiB"
        theirs = original.at(PEAK, r["spaces"])
        if theirs is not None:
            cell += f" ({original.version}: {theirs:.0f})"
        peaks.append(cell)
    print("| peak memory | " + " | ".join(peaks) + " |")
    print(
        f"(koyu {original.version}'s figure at this size, bench/koyu-{original.version}.tsv; ×N: it over our cold time)"
    )
    for spaces, (ratio, tool) in sorted(slowest.items()):
        verdict = "yes" if ratio >= 10 else "no"
        print(
            f"Every tool measured at least ten times faster than koyu {original.version} at {spaces:,} spaces: {verdict} (the closest: {tool} ×{ratio:.1f})"
        )

    big = [r for r in rows if r["spaces"] >= 1500]
    print(
        "\nGrowth exponents (slope of log time over log spaces"
        + (f", {big[0]['spaces']:,} → {big[-1]['spaces']:,} spaces)" if len(big) >= 2 else ")")
    )
    if len(big) < 2:
        big = rows
    xs = [r["spaces"] for r in big]
    for tool in tools:
        cold = slope(xs, [r["cold"][tool] for r in big])
        line = f"  {tool:15s} cold {cold:.2f}" if cold is not None else f"  {tool:15s} cold -"
        if warm:
            w = slope(xs, [r["warm"][tool] for r in big])
            line += f"   warm {w:.2f}" if w is not None else "   warm -"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
