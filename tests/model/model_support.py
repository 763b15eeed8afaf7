"""Small buildings of our own, written into a temporary folder and read back."""

from __future__ import annotations

import json
from pathlib import Path

from koyu_model import load
from koyu_model.canonical import canonical_json


class Files:
    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, name: str, text: str) -> Path:
        p = self.root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        return p

    def load(self, text: str | None = None, name: str = "main.muro", **layers: str):
        for layer, body in layers.items():
            self.write(layer.replace("__", "/") + ".muro", body)
        if text is not None:
            self.write(name, text)
        return load(str(self.root / name))

    def canonical(self, text: str | None = None, **layers: str) -> str:
        return canonical_json(self.load(text, **layers))

    def doc(self, text: str | None = None, **layers: str) -> dict:
        return json.loads(self.canonical(text, **layers))


HEAD = "grid X 0 3600 7200\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"
