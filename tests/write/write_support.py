"""A building of our own in ``<tmp>/w`` (with ``<tmp>`` as the world outside it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

MAIN = "koyu 1.0\ngrid X 0 3000 6000\ngrid Y 0 3000\nlevel L1 0 h:2400 slab:150\nimport ./L1.muro\n"
L1 = "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n"


class Site:
    def __init__(self, tmp: Path, client) -> None:
        self.outside = tmp
        self.root = tmp / "w"
        self.root.mkdir()
        self.client = client
        self.write("main.muro", MAIN)
        self.write("L1.muro", L1)

    def write(self, name: str, text: str) -> Path:
        p = self.root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text.encode("utf-8"))
        return p

    def path(self, name: str = "main.muro") -> str:
        return str(self.root / name)

    def snapshot(self) -> dict:
        """Every file under the temporary folder, inside and outside the building: bytes."""
        out = {}
        for dirpath, _dirs, names in os.walk(self.outside):
            for n in names:
                p = os.path.join(dirpath, n)
                if not os.path.islink(p):
                    with open(p, "rb") as f:
                        out[p] = f.read()
        return out

    def call(self, tool: str, **arguments) -> dict:
        return self.client.call_tool(tool, arguments)

    def answer(self, tool: str, **arguments):
        result = self.call(tool, **arguments)
        assert not result.get("isError"), result["content"][0]["text"]
        return json.loads(result["content"][0]["text"])

    def error(self, tool: str, **arguments) -> str:
        result = self.call(tool, **arguments)
        assert result.get("isError") is True, result
        return result["content"][0]["text"]
