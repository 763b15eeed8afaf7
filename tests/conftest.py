"""Fixtures shared by every test folder: small buildings of our own, written into a
temporary folder and read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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

    def path(self, name: str = "main.muro") -> str:
        return str(self.root / name)

    def load(self, text: str | None = None, name: str = "main.muro", **layers: str):
        """Write the layers (``sub__x`` becomes ``sub/x.muro``), then ``text`` as ``name``
        when given, and read ``name``."""
        for layer, body in layers.items():
            self.write(layer.replace("__", "/") + ".muro", body)
        if text is not None:
            self.write(name, text)
        return load(self.path(name))

    def canonical(self, text: str | None = None, **layers: str) -> str:
        return canonical_json(self.load(text, **layers))

    def doc(self, text: str | None = None, **layers: str) -> dict:
        return json.loads(self.canonical(text, **layers))


@pytest.fixture
def files(tmp_path: Path) -> Files:
    return Files(tmp_path)
