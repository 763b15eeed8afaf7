"""Section 11 (COMPAT §7): the language version — VER01 → VER02 → VER03 → VER04
(spec: diagnostics/ver.md). Only a file that declares an older version can hit these (an
undeclared version reads as 1.0).

* VER01 (0.1) — every derived default wall (a touching pair with no declared boundary),
  in derivation order; no line.
* VER02 (≤ 0.3) — a space of a type once inferred habitable, with no ``daylight``.
* VER03 (≤ 0.4) — 0.5 words: vertical-circulation keys (by key — stair, ramp,
  escalator, lift — each over the spaces), drawn lines, columns, then underground levels (JavaScript's
  level order).
* VER04 (≤ 0.5) — each composition edit (over, drop, + - =) in scan order.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.check.runs import RUN_KEYS
from koyu_model.derived import boundary_table
from koyu_model.model import VERSIONS, Model

__all__ = ["section_versions", "HABITABLE_TYPES"]

#: The types 0.3 and earlier inferred to be in the daylight scope.
HABITABLE_TYPES = frozenset({"unit", "room", "ldk", "bedroom", "living"})

_EDIT_WORDS = {
    "over": "a composition override",
    "drop": "a composition removal",
    "+": "a set edit under over",
    "-": "a set edit under over",
    "=": "a set edit under over",
}


def _at_most(model: Model, version: str) -> bool:
    return VERSIONS.index(model.version) <= VERSIONS.index(version)


def section_versions(model: Model) -> Iterator[Diagnostic]:
    if not model.version_declared or model.version not in VERSIONS:
        return
    v = model.version
    if v == "0.1":
        for w in boundary_table(model).default_walls:
            yield diag(
                "VER01",
                f"A koyu 0.1 file has a touching pair with no declared boundary: "
                f"{w.a} | {w.b} — in 0.2 a default wall is derived and the meaning "
                "changes. Declare the boundary, or raise the version to koyu 0.2",
                path=(w.a, w.b),
            )
    if _at_most(model, "0.3"):
        for s in model.spaces.values():
            if s.type in HABITABLE_TYPES and "daylight" not in s.attrs:
                yield diag(
                    "VER02",
                    f"A koyu {v} file has a {s.type} with no daylight: {s.path} — 0.4 "
                    "does not infer the daylight scope from the type, so it falls out of "
                    "the check. Write daylight:1 (in scope) or daylight:0 (out of scope), "
                    "then raise the version to koyu 0.4",
                    s.line,
                    s.file,
                    (s.path,),
                )
    if _at_most(model, "0.4"):
        tail = " — raise the version to koyu 0.5"
        head = f"A koyu {v} file uses a 0.5 word: "
        for k in RUN_KEYS:
            for s in model.spaces.values():
                if k in s.attrs:
                    yield diag(
                        "VER03",
                        f"{head}{s.path} carries {k}: (a vertical circulation){tail}",
                        s.line,
                        s.file,
                        (s.path,),
                    )
        for b in model.boundaries:
            if b.drawn is not None:
                yield diag(
                    "VER03", f"{head}{b.a} | {b.b} carries line (a drawn line){tail}", b.drawn.line, b.file, (b.a, b.b)
                )
        for c in model.columns:
            yield diag("VER03", f"{head}column{tail}", c.line, c.file)
        for name in model.level_order:
            lv = model.levels[name]
            if lv.underground:
                yield diag("VER03", f"{head}level {name} carries underground:{tail}", lv.line, lv.file)
    if _at_most(model, "0.5"):
        for e in model.edits:
            what = _EDIT_WORDS.get(e.word, "a composition edit")
            path = None
            if e.word in ("over", "drop"):
                targets = [t for t in e.subject.split(" ") if t.startswith("/")]
                path = targets or None
            yield diag(
                "VER04",
                f"A koyu {v} file uses a 1.0 word: {e.word} {e.subject} ({what}) — raise the version to koyu 1.0",
                e.line,
                e.file,
                path,
            )
