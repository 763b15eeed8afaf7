"""Write a small building of our own, read it, validate it."""

from __future__ import annotations

from pathlib import Path

from koyu_model import load
from koyu_model.validate import Finding, validate


def run(tmp_path: Path, text: str) -> list[Finding]:
    p = tmp_path / "main.muro"
    p.write_text(text, encoding="utf-8")
    return validate(load(str(p)))


def of(found: list[Finding], rule: str) -> list[Finding]:
    return [f for f in found if f.rule == rule]
