"""Small buildings of our own for the check tests: write, read, check."""

from __future__ import annotations

from pathlib import Path

from koyu_model import load
from koyu_model.check import Diagnostic, check

#: Two rooms side by side east–west on one level (3600 + 3600 by 4000).
TWO = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
"""

#: A two-storey stair hall, 3000 by 6000, with a level above the first.
STAIR = """grid X 0 3000 6000
grid Y 0 6000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
"""

#: Two levels, one room on each, one above the other.
STACKED = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:200
level L2 3000 h:2400 slab:200
space /L1/a room X1..X2 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
"""


def write(tmp_path: Path, text: str, name: str = "main.muro") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def run(tmp_path: Path, text: str, **layers: str) -> list[Diagnostic]:
    for layer, body in layers.items():
        write(tmp_path, body, layer + ".muro")
    return list(check(load(str(write(tmp_path, text)))))


def of(diags: list[Diagnostic], code: str) -> list[Diagnostic]:
    return [d for d in diags if d.code == code]


def codes(diags: list[Diagnostic]) -> list[str]:
    return [d.code for d in diags]
