"""How big review's answer is on real buildings, and whether every error and violation fit.

    python bench/review_sizes.py [CORPUS ...] [--entry FILE ...] [--drop TEXT] [--as 0.27] [--rounds N]

With the koyu-review plugin installed (pip install ./plugins/review), calls ``review`` in
this process on every building of each corpus (its entry from the corpus's manifest.json:
../shared/corpus, or ../shared/corpus-0.27 with ``--as 0.27``) and on each ``--entry``; under
0.27 with ``profile: koyu.profile.schematic-screen``. ``--drop TEXT`` first copies each
``--entry``'s folder and drops from its entry every line that begins with TEXT — ``import
./site.muro``, ``space /out`` — for a building whose check goes red. For each building: the bytes of review's answer beside check's and
validate's, the seconds of review beside check's plus validate's (each reading the
building afresh with KOYU_NO_CACHE=1 in the environment; the fastest of --rounds calls, after
one call of each to warm up), and whether every error and violation is in the answer (otherwise what
leftOut says). The last line is the largest answer and how many buildings lost an error
or a violation.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

from koyu_host import plugins
from koyu_host.client import Client
from koyu_host.surfaces import SURFACES

PROFILE = {"profile": "koyu.profile.schematic-screen", "asOf": "2026-08-03"}


def entries(corpus: str) -> list[tuple[str, str]]:
    with open(os.path.join(corpus, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    found = []
    for building in manifest["buildings"]:
        path = os.path.join(corpus, "buildings", building["id"], building["entry"])
        if os.path.exists(path):
            found.append((building["id"], os.path.abspath(path)))
    return found


def without(entry: str, text: str, scratch: str) -> str:
    """A copy of the entry's folder whose entry lost every line beginning with ``text``."""
    folder = os.path.join(scratch, os.path.basename(os.path.dirname(entry)))
    shutil.copytree(os.path.dirname(entry), folder)
    copy = os.path.join(folder, os.path.basename(entry))
    with open(copy, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(text)]
    if len(kept) == len(lines):
        sys.exit(f"no line of {entry} begins with {text!r}")
    with open(copy, "w", encoding="utf-8") as f:
        f.writelines(kept)
    return copy


def timed(client: Client, tool: str, arguments: dict, rounds: int) -> tuple[dict, float]:
    """The answer, and the fastest of ``rounds`` calls (each reads the building afresh)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        answer = client.call_tool(tool, arguments)
        best = min(best, time.perf_counter() - start)
    return answer, best


def measure(client: Client, name: str, entry: str, extra: dict, rounds: int) -> dict:
    arguments = {"file": entry, **extra}
    answer, seconds = timed(client, "review", arguments, rounds)
    text = answer["content"][0]["text"]
    row = {"building": name, "bytes": len(text.encode("utf-8")), "seconds": round(seconds, 4)}
    if answer.get("isError"):
        return row | {"isError": text}
    checked, check_seconds = timed(client, "check", {"file": entry}, rounds)
    validated, validate_seconds = timed(client, "validate", arguments, rounds)
    review = json.loads(text)
    row |= {
        "checkBytes": len(checked["content"][0]["text"].encode("utf-8")),
        "validateBytes": len(validated["content"][0]["text"].encode("utf-8")),
        "checkPlusValidateSeconds": round(check_seconds + validate_seconds, 4),
        "errors": review["check"]["counts"]["errors"],
        "violations": review["validate"]["counts"]["violations"],
        "allFit": len(review["check"]["errors"]) == review["check"]["counts"]["errors"]
        and len(review["validate"]["violations"]) == review["validate"]["counts"]["violations"],
    }
    if "leftOut" in review:
        row["leftOut"] = review["leftOut"]
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*")
    parser.add_argument("--entry", action="append", default=[])
    parser.add_argument("--drop", help="drop the lines of each --entry that begin with this")
    parser.add_argument("--as", dest="surface", default="0.16", choices=sorted(SURFACES))
    parser.add_argument("--rounds", type=int, default=3, help="calls of each tool; the fastest counts")
    args = parser.parse_args()
    catalogue = plugins.load(surface=args.surface)
    if catalogue.tool("review") is None:
        sys.exit("the review tool is not installed: pip install ./plugins/review")
    plugins.activate(catalogue)
    client = Client.in_memory(catalogue, surface=SURFACES[args.surface])
    extra = PROFILE if args.surface == "0.27" else {}
    buildings = [b for corpus in args.corpora for b in entries(corpus)]
    with tempfile.TemporaryDirectory() as scratch:
        for entry in args.entry:
            path = without(os.path.abspath(entry), args.drop, scratch) if args.drop else entry
            buildings.append((f"{entry} without {args.drop!r}" if args.drop else entry, os.path.abspath(path)))
        if buildings:  # the first call of each tool imports what it needs: not a cost to count
            measure(client, *buildings[0], extra, 1)
        rows = [measure(client, name, entry, extra, args.rounds) for name, entry in buildings]
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))
    largest = max(rows, key=lambda r: r["bytes"])
    lost = [r["building"] for r in rows if r.get("allFit") is False]
    judged = [r for r in rows if "checkPlusValidateSeconds" in r]
    review, both = sum(r["seconds"] for r in judged), sum(r["checkPlusValidateSeconds"] for r in judged)
    print(
        f"review-sizes: {len(rows)} buildings, largest answer {largest['bytes']} bytes ({largest['building']}), "
        f"{len(lost)} lost an error or a violation; review {review:.2f} s in all, check + validate {both:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
