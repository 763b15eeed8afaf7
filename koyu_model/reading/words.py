"""What a line's words mean against the composition so far, for every kind of line that
writes them: an attribute's number, a level range and a span (``/L1..L3/x``), a space
line's path and words, and the sentences said about them (spec: reference/muro/space.md,
attributes.md; COMPAT §3).

Declarations, members and edits all read these; each sentence is built here once.
"""

from __future__ import annotations

import re
from typing import cast

from koyu_model.errors import CompositionError, NotationError
from koyu_model.reading.lexing import read_attrs, read_number
from koyu_model.reading.state import Composition, Expansion, names_by_z

__all__ = [
    "BOUNDARY_KINDS",
    "RANGE_RE",
    "boundary_kind",
    "not_a_number",
    "not_positive",
    "number_attr",
    "positive_attr",
    "undeclared_level",
    "check_level_written",
    "check_no_width",
    "unreadable_range",
    "level_range",
    "expansions",
    "span_columns",
    "expand_paths",
    "space_path",
    "space_words",
    "space_places",
    "check_new_space",
]

RANGE_RE = re.compile(r"([A-Za-z]+)([0-9]+)\.\.([A-Za-z]+)([0-9]+)\Z")
BOUNDARY_KINDS = ("wall", "open", "stair", "shaft", "void")


# -- attributes ------------------------------------------------------------------------------


def not_a_number(c: Composition, key: str, raw: object, line: int) -> NotationError:
    """An attribute whose spelling is no number where the notation reads one."""
    return NotationError(f"The attribute {key} is written as a number: {raw}", line, c.file)


def not_positive(c: Composition, key: str, spelled: str, line: int) -> NotationError:
    """A length or count attribute at zero or below."""
    return NotationError(f"{key} is written as a positive number: {key}:{spelled}", line, c.file)


def number_attr(c: Composition, key: str, raw: str, line: int) -> float:
    """The number an attribute carries, or the error that it is written as a number
    (reference/muro/attributes.md)."""
    n = read_number(raw)
    if n is None:
        raise not_a_number(c, key, raw, line)
    return n


def positive_attr(c: Composition, key: str, raw: str, line: int, number_first: bool = True) -> float:
    """The positive number a structure attribute carries (reference/muro/attributes.md): a
    spelling that is no number says so first, then zero or less is refused."""
    n = read_number(raw)
    if n is None and number_first:
        raise not_a_number(c, key, raw, line)
    if n is None or n <= 0:
        raise not_positive(c, key, raw, line)
    return n


def boundary_kind(c: Composition, word: str, line: int) -> str:
    """A boundary's ``type:`` (a boundary line's, or one ``over`` sets)."""
    if word not in BOUNDARY_KINDS:
        raise NotationError(f"A boundary type is wall / open / stair / shaft / void: {word}", line, c.file)
    return word


def undeclared_level(c: Composition, written: str, line: int) -> NotationError:
    """A level named (``level:L9`` as written, or a column's ``L9``) that no level line declared so far."""
    return NotationError(f"Undeclared level: {written}", line, c.file)


def check_level_written(c: Composition, name: str, line: int) -> None:
    """A space's ``level:`` (on its line or by ``over``) names a declared level."""
    if name not in c.levels:
        raise undeclared_level(c, f"level:{name}", line)


def check_no_width(c: Composition, written: dict[str, str], line: int) -> None:
    """``w:`` is a band member's, never a space's (on its line or by ``over``)."""
    if "w" in written:
        raise NotationError(
            "w: may not be written on space (a space written by width sits indented under band)", line, c.file
        )


# -- spans -----------------------------------------------------------------------------------


def _span_of(path: str) -> str | None:
    """The span a path is written with: its first segment, when that holds ``..``."""
    seg = path[1:].split("/", 1)[0]
    return seg if ".." in seg else None


def unreadable_range(c: Composition, word: str, line: int) -> NotationError:
    """A level range (``L1..L3``: one prefix, ascending numbers) that cannot be read."""
    return NotationError(f"Cannot read the level range: {word}", line, c.file)


def level_range(c: Composition, word: str, line: int) -> tuple[str, ...]:
    """``L1..L3`` → every declared level with from.z ≤ z ≤ to.z, in z order (COMPAT §3).
    Read once per word (``span_levels``) until a level is declared."""
    known = c.span_levels.get(word)
    if known is not None:
        return known
    m = RANGE_RE.match(word)
    if not m:
        raise unreadable_range(c, word, line)
    a, b = word.split("..", 1)
    levels = c.levels
    la, lb = levels.get(a), levels.get(b)
    if la is None or lb is None:
        raise NotationError(f"The range includes an undeclared level (declare level first): {word}", line, c.file)
    if la.z >= lb.z:
        raise NotationError(f"The range runs backwards: {word}", line, c.file)
    known = c.span_levels[word] = tuple([n for n in names_by_z(c) if la.z <= levels[n].z <= lb.z])
    return known


def expansions(c: Composition, paths, line: int) -> tuple[list[Expansion], tuple[str, ...] | None]:
    """Per path as written, what it stands for, and the levels of the line's span (None
    without one); all spans on one line must agree.

    Read once per path and composition (``spans``) until a level is declared: the
    boundaries of a span then share their path strings with its spaces."""
    known = c.spans
    got = [known.get(p) for p in paths]
    spans = [_span_of(p) if e is None else e.span for p, e in zip(paths, got)]
    span = None
    for s in spans:
        if s is not None and s != span:
            if span is not None:
                written = [s for s in spans if s is not None]
                raise NotationError(f"Level ranges on one line must agree: {', '.join(written)}", line, c.file)
            span = s
    levels = None if span is None else level_range(c, span, line)
    if None in got:
        for i, (p, s) in enumerate(zip(paths, spans)):
            if got[i] is None:
                if s is None or levels is None:  # no span here (levels is None only when the line has none)
                    e = Expansion(None, p, None, None)
                else:  # s is the line's span
                    rest = p[1 + len(s) :]
                    e = Expansion(span, rest, levels, tuple(["/" + lv + rest for lv in levels]))
                got[i] = known[p] = e
    return cast(list[Expansion], got), levels  # every None is filled in


def span_columns(c: Composition, paths, line: int) -> tuple:
    """(expansions, levels, columns): the span's levels (None without a span) and per path,
    the path on each of them (``/L2..L4/a`` → ``/L2/a``, ``/L3/a``, …; a path without a
    span repeats); all spans on one line must agree."""
    got, levels = expansions(c, paths, line)
    if levels is None:
        return got, None, [(p,) for p in paths]
    return got, levels, [(p,) * len(levels) if e.span is None else e.paths for p, e in zip(paths, got)]


def expand_paths(c: Composition, paths, line: int) -> list[tuple[str, ...]]:
    """One row of paths per level of the span (``/L2..L4/a /out`` → ``(/L2/a, /out)``,
    ``(/L3/a, /out)``, …), or the paths themselves."""
    return list(zip(*span_columns(c, paths, line)[2]))


# -- a space line's words (a plain space, or a band member: band.md) ---------------------------


def _edit1(a: str, b: str) -> bool:
    """Edit distance exactly 1 (insert, delete or replace; no transposition)."""
    la, lb = len(a), len(b)
    if abs(la - lb) > 1 or a == b:
        return False
    if la == lb:
        return sum(1 for x, y in zip(a, b) if x != y) == 1
    if la > lb:
        a, b, la, lb = b, a, lb, la
    i = 0
    while i < la and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1 :]


def _check_type(c: Composition, type_: str, line: int) -> None:
    """A type word one edit from ``exterior`` or ``void`` is refused (they are read structurally)."""
    low = type_.lower()
    for word in ("exterior", "void"):
        if _edit1(low, word):
            raise NotationError(
                f"The type {type_} looks like a misspelling of {word} ({word} is read structurally"
                " — if a different word was meant, spell it further away)",
                line,
                c.file,
            )


def _is_type_word(token: str) -> bool:
    """Whether a space line's first word after the path is its type (when the type is
    optional): not a region (``..``), not a ``+`` and not an attribute (``key:value``)."""
    return token != "+" and ".." not in token and ":" not in token


def space_path(c: Composition, toks: list[str], line: int) -> str:
    """The path of ``space /path type …`` (reference/muro/space.md), and a type after it."""
    if len(toks) < 2:
        raise NotationError("space requires a path", line, c.file)
    path = toks[1]
    if not path.startswith("/"):
        raise NotationError("space takes the form space /path type [X?..X? Y?..Y? [+ ...]]", line, c.file)
    if len(toks) < 3 and c.release.structural_type:
        raise NotationError(f"space {path} requires a type (a word from the vocabulary)", line, c.file)
    return path


def space_words(c: Composition, toks: list[str], line: int) -> tuple:
    """What follows the path of a space line: (type, region groups, raw attributes). After
    the type, a token holding ``..`` is a region (even an attribute's value, COMPAT §2)
    and ``+`` starts another one; every other token is an attribute, read in order before
    any region is resolved."""
    rest = toks[2:]
    type_: str | None = None
    if c.release.structural_type:
        type_ = rest.pop(0)
        _check_type(c, type_, line)
    elif rest and _is_type_word(rest[0]):  # optional: a word that is no region or attribute
        type_ = rest.pop(0)
    groups: list[list[str]] = [[]]
    attr_toks: list[str] = []
    for t in rest:
        if t == "+":
            groups.append([])
        elif ".." in t:
            groups[-1].append(t)
        else:
            attr_toks.append(t)
    return type_, groups, read_attrs(attr_toks, line, c.file)


def space_places(c: Composition, path: str, level_written: str | None, line: int) -> tuple:
    """(paths, levels): the spaces one written path stands for, one per level of its span
    (or one), in level order. Without a span the level is the first segment, if declared
    so far; a written ``level:`` is every one's level."""
    (e,), _ = expansions(c, [path], line)
    paths: tuple[str, ...]
    levels: tuple[str | None, ...]
    if e.paths is None or e.levels is None:  # no span
        seg = path[1:].split("/", 1)[0]
        paths, levels = (path,), (seg if seg in c.levels else None,)
    else:
        paths, levels = e.paths, e.levels
    if level_written is not None:
        levels = (level_written,) * len(paths)
    return paths, levels


def check_new_space(c: Composition, path: str, line: int) -> None:
    """A path composed before stops the read."""
    old = c.spaces.get(path)
    if old is not None:
        raise CompositionError(
            f"Duplicate space path: {path} (first seen in {old.file} at line {old.line})", line, c.file
        )
