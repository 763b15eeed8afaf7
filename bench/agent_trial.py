"""The agent tools (diff, review, view), tried over the official MCP Python SDK (issue 29).

    python bench/agent_trial.py [--server PATH] [--plain PATH] [--synth PATH] [--shared DIR] [--quick]

Drives the INSTALLED server (``.venv-agent/bin/koyu-mcp``, with koyu-diff, koyu-review and
koyu-view installed beside it; ``--as 0.27`` for the second surface) through the SDK's
``mcp.Client`` over its own stdio transport, as an agent's host would, and checks:

- review answers at most 20,000 bytes for every building of ../shared/corpus (0.16) and
  ../shared/corpus-0.27 (0.27, under the schematic-screen profile), the bench building
  (synth.py 12x24) and the bench building with its site layer left out (check goes red);
- whenever review's answer has no ``leftOut``, every error of check's answer and every
  violation of validate's answer for that building is in it;
- view answers a PNG that decodes, at the width asked (800 and 2048) or narrower with the
  line saying so, of at most 1 MB (10**6 bytes), for every kind on examples/house, examples/house-1.4,
  the corpus mansion and the bench building;
- diff under ``--as 0.27`` (against ``git:HEAD`` and against another entry) equals
  ``koyu --as 0.27 diff A B --json``;
- tools/list with the agent tools starts with the plain server's tools byte for byte, and
  the added tools follow with annotations.

One line per check (``ok`` or ``FAIL``), a last summary line; exit 1 when a check failed.
Needs the SDK (the test extra) in the Python that runs it: run it with .venv-agent/bin/python.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections import Counter
from pathlib import Path

import mcp

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared"
REVIEW_LIMIT = 20_000  # bytes of review's text item (koyu_review.answer.LIMIT)
PNG_LIMIT = 1_000_000  # bytes of one PNG (koyu_view.raster.LIMIT)
WIDTHS = (800, 2048)
ASSESSMENT = {"profile": "koyu.profile.schematic-screen", "asOf": "2026-12-05"}
SECONDS = 300  # the bench building's axonometric at 2048 px takes a while on 2 shared cores


class Tally:
    """The checks made: one printed line each, and the failures kept for the summary."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed: list[str] = []

    def __call__(self, ok: bool, what: str) -> bool:
        print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed.append(what)
        return ok


# ---------------------------------------------------------------- buildings


def corpus_entries(corpus: Path) -> list[tuple[str, str]]:
    manifest = json.loads((corpus / "manifest.json").read_text(encoding="utf-8"))
    found = []
    for b in manifest["buildings"]:
        path = corpus / "buildings" / b["id"] / b["entry"]
        if path.exists():
            found.append((b["id"], str(path)))
    return found


def bench_building(synth: Path, scratch: Path) -> str:
    """synth.py 12x24, as bench/run.py makes it (1,595 spaces)."""
    folder = scratch / "b12x24"
    subprocess.run(
        [sys.executable, str(synth), "--floors", "12", "--units", "24", str(folder)],
        check=True,
        capture_output=True,
    )
    return str(folder / "main.muro")


def without_site(entry: str, scratch: Path) -> str:
    """A copy of the building whose entry no longer imports its site layer."""
    folder = scratch / "no-site"
    shutil.copytree(os.path.dirname(entry), folder)
    main = folder / os.path.basename(entry)
    lines = main.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if line.strip() != "import ./site.muro"]
    assert len(kept) == len(lines) - 1, "the bench building imports ./site.muro"
    main.write_text("".join(kept), encoding="utf-8")
    return str(main)


# ---------------------------------------------------------------- the SDK


def server(command: str, surface: str) -> mcp.StdioServerParameters:
    args = ["--as", "0.27"] if surface == "0.27" else []
    return mcp.StdioServerParameters(command=command, args=args)


def text_of(result) -> str:
    return "".join(block.text for block in result.content if block.type == "text")


def same_message(found: str, expected: str) -> bool:
    """review clips a long message to a prefix ending in an ellipsis."""
    return found == expected or (found.endswith("…") and expected.startswith(found[:-1]))


def missing(expected: list[tuple[str, str]], found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (name, message) pairs of ``expected`` that ``found`` lacks, counted as multisets."""
    pool = Counter(found)
    lost = []
    for name, message in expected:
        match = next((f for f in pool if pool[f] and f[0] == name and same_message(f[1], message)), None)
        if match:
            pool[match] -= 1
        else:
            lost.append((name, message))
    return lost


def violations_of(answer: dict, surface: str) -> list[tuple[str, str]]:
    """validate's own violations: 0.16's findings, 0.27's AssessmentReport findings."""
    if surface == "0.27":
        return [
            (f["rule"]["id"], f["outcome"].get("message", "")) for f in answer["findings"] if f["level"] == "violation"
        ]
    return [(f["rule"], f["message"]) for f in answer["findings"] if f["level"] == "violation"]


async def review_one(client, tally: Tally, surface: str, name: str, entry: str) -> int:
    extra = ASSESSMENT if surface == "0.27" else {}
    review = await client.call_tool("review", {"file": entry, **extra})
    check = await client.call_tool("check", {"file": entry})
    text = text_of(review)
    size = len(text.encode("utf-8"))
    label = f"review {surface} {name}"
    tally(size <= REVIEW_LIMIT, f"{label}: {size} bytes")
    if check.is_error:
        # a building that does not read: review says check's very sentence
        tally(review.is_error and text == text_of(check), f"{label}: check's isError sentence")
        return size
    if review.is_error:
        tally(False, f"{label}: isError while check answers: {text[:200]}")
        return size
    answer = json.loads(text)
    if "leftOut" in answer:
        print(f"     {label}: leftOut {answer['leftOut']}")
        return size
    diagnostics = json.loads(text_of(check))["diagnostics"]
    errors = [(d["code"], d["message"]) for d in diagnostics if d["severity"] == "error"]
    lost = missing(errors, [(e["code"], e["message"]) for e in answer["check"]["errors"]])
    tally(not lost, f"{label}: {len(errors)} errors all in review" + (f"; missing {lost[:3]}" if lost else ""))
    validate = await client.call_tool("validate", {"file": entry, **extra})
    if validate.is_error:
        tally(False, f"{label}: validate isError: {text_of(validate)[:200]}")
        return size
    expected = violations_of(json.loads(text_of(validate)), surface)
    lost = missing(expected, [(v["rule"], v["message"]) for v in answer["validate"]["violations"]])
    tally(not lost, f"{label}: {len(expected)} violations all in review" + (f"; missing {lost[:3]}" if lost else ""))
    return size


async def reviews(command: str, tally: Tally, surface: str, buildings: list[tuple[str, str]]) -> None:
    async with mcp.Client(mcp.stdio_client(server(command, surface)), read_timeout_seconds=SECONDS) as client:
        largest = (0, "")
        for name, entry in buildings:
            size = await review_one(client, tally, surface, name, entry)
            largest = max(largest, (size, name))
    print(f"     review {surface}: {len(buildings)} buildings, largest answer {largest[0]} bytes ({largest[1]})")


# ---------------------------------------------------------------- view


def png_facts(data: bytes) -> tuple[int, int] | str:
    """(width, height) of a PNG that decodes (signature, IHDR, the inflated IDAT's length),
    or what is wrong with it."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "no PNG signature"
    pos, chunks = 8, dict[bytes, bytes]()
    idat = b""
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])[0]:
            return f"bad CRC in {kind!r}"
        chunks.setdefault(kind, body)
        if kind == b"IDAT":
            idat += body
        pos += 12 + length
        if kind == b"IEND":
            break
    if b"IHDR" not in chunks or b"IEND" not in chunks:
        return "no IHDR or no IEND"
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(idat)
    if depth == 8 and len(raw) != height * (1 + width * channels):
        return f"IDAT inflates to {len(raw)} bytes, not {height} rows of {width} px"
    return width, height


def view_cases(surface: str, entry: str, level: str, grid_x: list[float]) -> list[tuple[str, dict]]:
    cases = [(f"plan {level}", {"kind": "plan", "level": level}), ("axo", {"kind": "axo"})]
    if surface == "0.27":
        i = (len(grid_x) - 1) // 2  # the middle bay, X{i+1}..X{i+2}: cut through its middle
        at = f"X{i + 1}+{round((grid_x[i + 1] - grid_x[i]) / 2)}"
        cases.append((f"section {at}", {"kind": "section", "at": at}))
        cases += [(f"elevation {face}", {"kind": "elevation", "face": face}) for face in "NESW"]
    return [(what, {"file": entry, **args}) for what, args in cases]


async def views(command: str, tally: Tally, surface: str, buildings: list[tuple[str, str, str]]) -> None:
    async with mcp.Client(mcp.stdio_client(server(command, surface)), read_timeout_seconds=SECONDS) as client:
        for name, entry, level in buildings:
            canonical = await client.call_tool("canonical_json", {"file": entry})
            if canonical.is_error:
                tally(False, f"view {surface} {name}: the building does not read: {text_of(canonical)[:200]}")
                continue
            grid_x = json.loads(text_of(canonical))["grid"]["X"]
            for what, args in view_cases(surface, entry, level, grid_x):
                for width in WIDTHS:
                    label = f"view {surface} {name} {what} width {width}"
                    result = await client.call_tool("view", {**args, "width": width})
                    line = text_of(result)
                    images = [b for b in result.content if b.type == "image"]
                    if result.is_error or len(images) != 1 or images[0].mime_type != "image/png":
                        tally(False, f"{label}: no PNG: {line[:200]}")
                        continue
                    data = base64.b64decode(images[0].data)
                    facts = png_facts(data)
                    if isinstance(facts, str):
                        tally(False, f"{label}: does not decode: {facts}")
                        continue
                    drawn, height = facts
                    narrower = drawn < width and f"drawn {drawn} px wide, not {width}" in line
                    ok = (drawn == width or narrower) and len(data) <= PNG_LIMIT and f"{drawn}×{height} px" in line
                    note = f"; NARROWER: {line}" if narrower else ""
                    tally(ok, f"{label}: {drawn}x{height} px, {len(data)} bytes{note}")


# ---------------------------------------------------------------- diff


def cli_diff(koyu: str, before: str, after: str) -> dict:
    done = subprocess.run([koyu, "--as", "0.27", "diff", before, after, "--json"], capture_output=True, text=True)
    return json.loads(done.stdout)


async def diffs(command: str, koyu: str, tally: Tally, scratch: Path) -> None:
    repo = scratch / "repo"
    shutil.copytree(ROOT / "examples" / "house-1.4", repo)
    before = scratch / "before"
    shutil.copytree(repo, before)
    git = ["git", "-C", str(repo), "-c", "user.name=trial", "-c", "user.email=trial@localhost"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "the house"], check=True)
    # edit a room: the washroom grows 325 mm into the bath, and is renamed
    l1 = repo / "L1.muro"
    text = l1.read_text(encoding="utf-8")
    edited = text.replace("Y3..Y3+2275 name:洗面脱衣室", "Y3..Y3+2600 name:洗面所").replace(
        "X3..X4 Y3+2275..Y4", "X3..X4 Y3+2600..Y4"
    )
    assert edited != text
    l1.write_text(edited, encoding="utf-8")
    entry, old = str(repo / "main.muro"), str(before / "main.muro")
    expected = cli_diff(koyu, old, entry)
    async with mcp.Client(mcp.stdio_client(server(command, "0.27")), read_timeout_seconds=SECONDS) as client:
        for against, label in (("git:HEAD", "git:HEAD"), (old, "another entry")):
            result = await client.call_tool("diff", {"file": entry, "against": against})
            got = None if result.is_error else json.loads(text_of(result))
            tally(
                got == expected and bool(expected),
                f"diff 0.27 against {label} equals koyu --as 0.27 diff --json"
                + ("" if got == expected else f": {text_of(result)[:300]} vs {json.dumps(expected)[:300]}"),
            )


# ---------------------------------------------------------------- tools/list


def raw_tools_line(command: str, surface: str) -> str:
    """The server's tools/list answer line, as bytes on the wire (text)."""
    args = [command] + (["--as", "0.27"] if surface == "0.27" else [])
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "trial", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    stdin = "".join(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run(args, input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=SECONDS)
    [line] = [line for line in done.stdout.splitlines() if '"id":2' in line.replace(" ", "")]
    return line


def tools_array(line: str) -> str:
    """The text of the ``tools`` array's items, as the server wrote them."""
    start = line.index('"tools":[') + len('"tools":[')
    end = line.rindex("]")
    return line[start:end]


def tools_lists(command: str, plain: str, tally: Tally) -> None:
    for surface in ("0.16", "0.27"):
        original, agent = raw_tools_line(plain, surface), raw_tools_line(command, surface)
        ours, theirs = tools_array(original), tools_array(agent)
        tally(theirs.startswith(ours + ","), f"tools/list {surface}: the original's tools come first, byte for byte")
        before = len(json.loads(original)["result"]["tools"])
        added = json.loads(agent)["result"]["tools"][before:]
        names = [t["name"] for t in added]
        hinted = all(
            set(t.get("annotations", {})) >= {"title", "readOnlyHint", "openWorldHint"} and t.get("title")
            for t in added
        )
        tally(
            names == ["diff", "review", "view"] and hinted,
            f"tools/list {surface}: {before} tools, then {names} with annotations",
        )


# ---------------------------------------------------------------- main


async def trial(args: argparse.Namespace, tally: Tally, scratch: Path) -> None:
    shared = Path(args.shared)
    bench = bench_building(Path(args.synth), scratch)
    red = without_site(bench, scratch)
    tools_lists(args.server, args.plain, tally)
    await diffs(args.server, str(Path(args.server).with_name("koyu")), tally, scratch)
    house, house14 = str(ROOT / "examples/house/main.muro"), str(ROOT / "examples/house-1.4/main.muro")
    for surface, corpus, mansion in (("0.16", "corpus", "corpus"), ("0.27", "corpus-0.27", "corpus-0.27")):
        mansion_entry = str(shared / mansion / "buildings/example-mansion/mansion.muro")
        drawn = [("examples/house", house, "L1"), ("mansion", mansion_entry, "L2"), ("bench 12x24", bench, "L6")]
        if surface == "0.27":
            drawn.insert(1, ("examples/house-1.4", house14, "L1"))
        await views(args.server, tally, surface, drawn)
        buildings = corpus_entries(shared / corpus)
        if args.quick:
            buildings = buildings[:: max(1, len(buildings) // 20)]
        buildings += [("bench 12x24", bench), ("bench 12x24 without site.muro", red)]
        await reviews(args.server, tally, surface, buildings)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--server", default=str(ROOT / ".venv-agent/bin/koyu-mcp"), help="koyu-mcp with the agent tools"
    )
    parser.add_argument("--plain", default=str(ROOT / ".venv/bin/koyu-mcp"), help="koyu-mcp without them")
    parser.add_argument("--synth", default=str(SHARED / "bench/synth.py"))
    parser.add_argument("--shared", default=str(SHARED))
    parser.add_argument("--quick", action="store_true", help="every 20th corpus building only")
    args = parser.parse_args()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="agent-trial-") as scratch:
        asyncio.run(trial(args, tally, Path(scratch)))
    failed = len(tally.failed)
    print(f"agent trial: {tally.passed + failed} checks, {tally.passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
