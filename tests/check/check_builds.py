"""Small buildings of our own for the check tests of sections 13–19: write, read, check."""

from __future__ import annotations

from pathlib import Path
from typing import List

from koyu_model import load
from koyu_model.check import Diagnostic, check

#: Two rooms side by side east–west on one level (3600 + 3600 by 4000).
PAIR = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
"""

#: Two levels, one room on each, one above the other.
STACKED = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:200
level L2 3000 h:2400 slab:200
space /L1/a room X1..X2 Y1..Y2
space /L2/a room X1..X2 Y1..Y2
"""


def run(tmp_path: Path, text: str) -> List[Diagnostic]:
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    return list(check(load(str(p))))


def of(diags: List[Diagnostic], code: str) -> List[Diagnostic]:
    return [d for d in diags if d.code == code]


def codes(diags: List[Diagnostic]) -> List[str]:
    return [d.code for d in diags]
