"""The view tool's speed: a drawing rasterised to a PNG, in CPU seconds (koyu-view must be
importable with its resvg_py; its source folder is put on the path here).

    python bench/view.py DIR [DIR ...]          # each DIR holds main.muro (synth.py)
    python bench/view.py --axo DIR              # the axonometric too (slow on big buildings)

Per building, through an in-process server (the host's whole path: arguments, handler, the
image's base64 in the reply): the plan of the middle level on koyu 0.16.0's surface and the
south elevation on 0.27.0's, at the default width (1024 px), each the best of three *cold*
calls (the remembered-Model cache cleared first, so the call reads, derives, draws and
rasterises from scratch), and of those the rasterising alone (resvg on the same SVG). The
fonts are looked up once per process, before the first call (fontconfig is a child process,
whose CPU time process_time does not count).
"""

from __future__ import annotations

import base64
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugins" / "view"))

import koyu_view  # noqa: E402
from koyu_view.fonts import fonts  # noqa: E402
from koyu_view.raster import rasterise  # noqa: E402

from koyu_host.client import Client  # noqa: E402
from koyu_host.plugins import Catalogue, load  # noqa: E402
from koyu_host.surfaces import SURFACES  # noqa: E402
from koyu_host.tools import ToolRegistry  # noqa: E402
from koyu_model import load as load_model  # noqa: E402
from koyu_model.reading import clear_cache  # noqa: E402

RUNS = int(os.environ.get("RUNS", "3"))


def client(surface: str) -> Client:
    registry = ToolRegistry("view")
    koyu_view.koyu_register_tools(registry)
    others = [t for t in load(surface=surface).tools if t.name != "view"]
    return Client.in_memory(Catalogue.of(others + registry.tools, surface=surface), surface=SURFACES[surface])


def best_cold(server: Client, tool: str, arguments: dict) -> tuple[float, dict]:
    best, answer = float("inf"), {}
    for _ in range(RUNS):
        clear_cache()
        t0 = time.process_time()
        answer = server.call_tool(tool, arguments)
        best = min(best, time.process_time() - t0)
    assert not answer.get("isError"), answer["content"]
    return best, answer


def main(argv: list[str]) -> int:
    axo = "--axo" in argv
    folders = [a for a in argv if a != "--axo"]
    fonts()
    servers = {surface: client(surface) for surface in ("0.16", "0.27")}
    for d in folders:
        entry = str(Path(d).resolve() / "main.muro")
        model = load_model(entry)
        names = [lv.name for lv in sorted(model.levels.values(), key=lambda lv: lv.z)]
        middle = names[len(names) // 2]
        print(f"{d}: {len(model.spaces)} spaces")
        asks = [
            ("0.16", "plan_svg", {"kind": "plan", "level": middle}),
            ("0.27", "elevation_svg", {"kind": "elevation", "face": "S"}),
        ]
        if axo:
            asks.append(("0.16", None, {"kind": "axo"}))
        for surface, svg_tool, arguments in asks:
            cpu, answer = best_cold(servers[surface], "view", {"file": entry, **arguments})
            image, line = answer["content"]
            png = base64.b64decode(image["data"])
            alone = ""
            if svg_tool is not None:
                svg = servers[surface].call_tool(svg_tool, {"file": entry, **arguments})["content"][0]["text"]
                t0 = time.process_time()
                rasterise(svg, 1024)
                alone = f"  (rasterising {time.process_time() - t0:.2f} s of it, {len(svg) // 1024} KB of SVG)"
            print(f"  {surface} view {arguments['kind']:9s} {cpu:5.2f} s CPU  {len(png) // 1024:4d} KB PNG{alone}")
            print(f"    {line['text']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
