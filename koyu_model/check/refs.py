"""Sections 1 and 2 of the scan (COMPAT §7): references and duplicate boundaries.

* REF01 — a boundary names an undefined space (side a, then side b); BND01 — a boundary
  between a space and itself (spec: diagnostics/ref.md, bnd.md). Path [a, b] as written.
* BND02 — a boundary whose identity (the pair in UTF-16 order, ``edge``, the drawn line's
  spelling) was seen before: line = this one, related = the first (bnd.md#bnd02). The
  sentence spells that identity, not the line as written: ``/a | /b`` sorted, then
  `` edge:N`` when restricted (the transcripts show ``/out/n | /site/east edge:N`` for
  ``boundary /site/east /out/n edge:N``; bnd.md's one example is already sorted and bare).
  No transcript shows a drawn line's duplicate; ours adds `` line A B`` (its two endpoints).
* BND05 — one pair carries both edge-restricted and unrestricted boundaries (among the
  boundaries without a drawn line): once per pair in first-seen order, line = the first
  unrestricted member, related = the others, path = the UTF-16-sorted pair (bnd.md#bnd05).
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.errors import src_ref
from koyu_model.model import Boundary, Model

__all__ = ["section_refs", "section_duplicates", "utf16_key", "utf16_pair"]


def utf16_key(s: str) -> bytes:
    """JavaScript's default string order (UTF-16 code units) as a sort key (COMPAT §1)."""
    return s.encode("utf-16-be", "surrogatepass")


def _bmp(s: str) -> bool:
    # Without astral characters a string's UTF-16 code units are its code points, so
    # Python's own order is JavaScript's (isascii is a flag read, max a C scan).
    return s.isascii() or max(s) < "\U00010000"


def utf16_pair(a: str, b: str) -> tuple[str, str]:
    if _bmp(a) and _bmp(b):
        return (a, b) if a <= b else (b, a)
    return (a, b) if utf16_key(a) <= utf16_key(b) else (b, a)


def _identity(pair: tuple[str, str], edge, drawn) -> str:
    """A boundary's identity as BND02 spells it: the sorted pair, its edge, its drawn line."""
    text = f"{pair[0]} | {pair[1]}"
    if edge:
        text += f" edge:{edge}"
    if drawn is not None:
        text += f" line {drawn.a_ref} {drawn.b_ref}"
    return text


def section_refs(model: Model) -> Iterator[Diagnostic]:
    spaces = model.spaces
    for b in model.boundaries:
        if b.a in spaces and b.b in spaces and b.a != b.b:
            continue
        path = (b.a, b.b)
        for side in path:
            if side not in spaces:
                yield diag("REF01", f"References an undefined space: {side}", b.line, b.file, path)
        if b.a == b.b:
            yield diag("BND01", f"A boundary between a space and itself cannot be written: {b.a}", b.line, b.file, path)


def section_duplicates(model: Model) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    boundaries = model.boundaries
    # One pass for BND02: each boundary's identity is its sorted pair alone when it names
    # no edge and draws no line (the common case; a bare pair never equals the longer
    # keys), else the pair with the edge and the line's spelling.
    first: dict[tuple, Boundary] = {}
    pair_of: list = []  # per boundary, its pair when it draws no line (BND05's members)
    edged = set()  # pairs with an edge-restricted member that draws no line
    for b in boundaries:
        a, c = b.a, b.b
        if a.isascii() and c.isascii():
            pair = (a, c) if a <= c else (c, a)
        else:
            pair = utf16_pair(a, c)
        drawn = b.drawn
        edge = b.edge
        if drawn is None:
            pair_of.append(pair)
            if edge is not None:
                edged.add(pair)
            key: tuple = (pair, edge) if edge else pair
        else:
            pair_of.append(None)
            key = (pair, edge or "", f"{drawn.a_ref}..{drawn.b_ref}")
        seen = first.get(key)
        if seen is None:
            first[key] = b
            continue
        out.append(
            diag(
                "BND02",
                f"Duplicate boundary: {_identity(pair, edge, drawn)} (first seen at {src_ref(seen.line, seen.file)})",
                b.line,
                b.file,
                (b.a, b.b),
                (related(seen.line, seen.file),),
            )
        )
    if not edged:
        return out

    # BND05: only a pair with an edge-restricted member can speak; pairs in first-seen order
    pairs: dict[tuple[str, str], list[Boundary]] = {}
    for b, pair in zip(boundaries, pair_of):
        if pair is not None and pair in edged:
            members = pairs.get(pair)
            if members is None:
                pairs[pair] = [b]
            else:
                members.append(b)
    for pair, members in pairs.items():
        free = [m for m in members if m.edge is None]
        if not free or len(free) == len(members):
            continue
        anchor = free[0]
        others = [m for m in members if m is not anchor]
        out.append(
            diag(
                "BND05",
                "The same pair of spaces carries both an edge-restricted and an unrestricted "
                f"boundary (the segments overlap): {pair[0]} | {pair[1]}",
                anchor.line,
                anchor.file,
                pair,
                [related(m.line, m.file) for m in others],
            )
        )
    return out
