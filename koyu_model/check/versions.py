"""Section 11 (COMPAT §7): the language version — VER01 → VER02 → VER03 → VER04 → VER05
→ VER07 (spec: diagnostics/ver.md). Only a file that declares a version can hit these (an
undeclared one reads as the release's ``undeclared``, which none of them concerns). The
versions are the release's (``Release.reads``); VER05 and VER07 only where the release has
the rule (``Release.outside_keys_from``, ``use_retired_from``).

* VER01 (0.1) — every derived default wall (a touching pair with no declared boundary),
  in derivation order; no line.
* VER02 (≤ 0.3) — a space of a type once inferred habitable, with no ``daylight``.
* VER03 (≤ 0.4) — 0.5 words: vertical-circulation keys (by key — stair, ramp,
  escalator, lift — each over the spaces), drawn lines, columns, then underground levels (JavaScript's
  level order).
* VER04 (≤ 0.5) — each composition edit (over, drop, + - =) in scan order.
* VER05 (before ``outside_keys_from``) — per space in model order, the type word
  ``exterior`` / ``void`` (read for nothing now, so the space silently changes), or else
  the later spelling: no type, ``outside:``, ``void:``.
* VER07 (``use_retired_from`` or later) — each space, then each zone, writing ``use:``.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag
from koyu_model.check.runs import RUN_KEYS
from koyu_model.derived import boundary_table
from koyu_model.model import Model, Space

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


# What a type word stopped meaning in the version that reads outside and void as keys: the
# key to write instead, what the space was, and what it silently becomes.
_TYPE_WORDS = {
    "exterior": ("outside:1", "outside", "it becomes indoor floor area"),
    "void": ("void:1", "a void", "a floor is generated in it"),
}


def _at_most(model: Model, version: str) -> bool:
    reads = model.release.reads
    return reads.index(model.version) <= reads.index(version)


def _before(model: Model, version: str) -> bool:
    reads = model.release.reads
    return reads.index(model.version) < reads.index(version)


def section_versions(model: Model) -> Iterator[Diagnostic]:
    if not model.version_declared or model.version not in model.release.reads:
        return
    yield from _older_words(model)
    release = model.release
    first = release.outside_keys_from
    if first is not None and _before(model, first):
        for s in model.spaces.values():
            d = _ver05(model.version, first, s)
            if d is not None:
                yield d
    retired = release.use_retired_from
    if retired is not None and not _before(model, retired):
        yield from _ver07(model, release.reads[release.reads.index(retired) - 1])


def _ver05(v: str, first: str, s: Space) -> Diagnostic | None:
    """A file declaring ``v``, older than ``first``, spelling space ``s`` as one or the other."""
    raise_it = f"raise the version to koyu {first}"
    word = _TYPE_WORDS.get(s.type) if s.type is not None else None
    if word is not None:
        key, was, becomes = word
        return diag(
            "VER05",
            f"A koyu {v} file writes {s.type} in the type position: {s.path} — {first} reads no meaning from"
            f" the type, so this space silently stops being {was} ({becomes}). Write {key} instead, then {raise_it}",
            s.line,
            s.file,
            (s.path,),
        )
    later = [f"{k}:" for k in ("outside", "void") if k in s.attrs]
    if s.type is None:
        later.insert(0, "no type")
    if not later:
        return None
    return diag(
        "VER05",
        f"A koyu {v} file writes {first} spelling on {s.path}: {' / '.join(later)} — {v} reads a space's"
        f" type and knows no outside: or void:, so the file means something else. Write the type"
        f" (exterior / void, or a word of your own), or {raise_it}",
        s.line,
        s.file,
        (s.path,),
    )


def _ver07(model: Model, last: str) -> Iterator[Diagnostic]:
    """Each space, then each zone, writing ``use:`` in a file declaring a version after ``last``."""
    v = model.version
    tail = (
        f" — use is retired after muro {last}. Write a namespaced key of your own (lease.category:,"
        f" fire.compartment:, dept.name:) instead, or keep the file at muro {last}"
    )
    for s in model.spaces.values():
        if "use" in s.attrs:
            yield diag("VER07", f"A muro {v} file carries use: on {s.path}{tail}", s.line, s.file, (s.path,))
    for z in model.zones.values():
        if "use" in z.attrs:
            yield diag("VER07", f"A muro {v} file carries use: on zone {z.path}{tail}", z.line, z.file, (z.path,))


def _older_words(model: Model) -> Iterator[Diagnostic]:
    """VER01–VER04: the words a file declaring an old version uses from a later one."""
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
