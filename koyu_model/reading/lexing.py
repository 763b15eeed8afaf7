"""Lines and tokens (spec: reference/muro/lines.md; COMPAT §1 "Lines and whitespace", §2).

A source is NFC-normalised, split on LF or CRLF only (a lone CR is not a break), and each
line is cut into tokens on JavaScript's ``\\s``. ``"`` toggles quoting anywhere inside a
token (the marks do not survive); ``#`` outside quotes starts a comment. An empty token
(``""``) is dropped. A line whose first character is ``\\s`` is *indented*.

A line with an unclosed quote cannot be cut; it stays in the list with ``tokens`` None,
and the reading stops on it when it gets there (``statements`` keeps it in place; the
original reads line by line, so an earlier line's error is the one reported).
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from koyu_model.errors import NotationError

__all__ = [
    "JS_SPACE",
    "Line",
    "split_lines",
    "tokenize",
    "unclosed_quote",
    "read_number",
    "read_value",
    "read_attrs",
    "typed",
    "NUMBER_RE",
]

# JavaScript's \s: ECMAScript WhiteSpace + LineTerminator. Not U+001C–U+001F nor U+0085.
JS_SPACE = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)

_WS_CLASS = "".join(sorted(JS_SPACE)).replace("\\", "")
# A token of a line with no quote: a run of anything but JavaScript whitespace.
_TOKEN_RE = re.compile("[^" + _WS_CLASS + "]+")

# Where Python's str.split() and JavaScript's \s disagree: str.split() also cuts at
# U+001C–U+001F and U+0085, and not at U+FEFF. A text free of all six is cut alike by
# both, and str.split() is several times faster than the token pattern.
_SPLIT_DIFFERS = re.compile("[\x1c-\x1f\x85\ufeff]")

# A value is a number only when its whole spelling matches this (ASCII digits only).
NUMBER_RE = re.compile(r"-?[0-9]+(?:\.[0-9]+)?\Z")


class Line(NamedTuple):
    """One non-blank line: its 1-based number, whether it is indented, and its tokens
    (None when an unclosed quote leaves the line uncut)."""

    number: int
    indented: bool
    tokens: list[str] | None


def split_lines(text: str, file: str | None = None) -> list[Line]:
    """NFC-normalise, split and tokenise a whole layer; blank/comment-only lines are skipped."""
    text = unicodedata.normalize("NFC", text)
    out: list[Line] = []
    # A line without a quote is cut as ``tokenize`` cuts it, by ``str.split`` where that
    # agrees with JavaScript's \s. A CR ending a line is whitespace to the cut anyway,
    # and a line holding only it has no tokens.
    cut_line = str.split if _SPLIT_DIFFERS.search(text) is None else _TOKEN_RE.findall
    for i, raw in enumerate(text.split("\n"), start=1):
        if not raw:
            continue
        if '"' in raw:
            try:
                tokens = scan(raw[:-1] if raw[-1] == "\r" else raw, i, file)
            except NotationError:
                out.append(Line(i, raw[0] in JS_SPACE, None))
                continue
        else:
            cut = raw.find("#")
            tokens = cut_line(raw if cut < 0 else raw[:cut])
        if tokens:
            out.append(Line(i, raw[0] in JS_SPACE, tokens))
    return out


def tokenize(line: str, number: int = 0, file: str | None = None) -> list[str]:
    """Split one line into tokens; quotes keep whitespace and ``#``, and vanish."""
    # Fast path: no quote — the comment mark ends the line, the rest is runs of non-space.
    if '"' not in line:
        cut = line.find("#")
        return _TOKEN_RE.findall(line if cut < 0 else line[:cut])
    return scan(line, number, file)


def scan(line: str, number: int = 0, file: str | None = None) -> list[str]:
    """``tokenize`` character by character: quotes toggle, ``#`` outside them ends the line."""
    tokens: list[str] = []
    cur: list[str] = []
    quoted = False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif quoted:
            cur.append(ch)
        elif ch == "#":
            break
        elif ch in JS_SPACE:
            if cur:
                tokens.append("".join(cur))
                cur = []
        else:
            cur.append(ch)
    if quoted:
        raise unclosed_quote(number, file)
    if cur:
        tokens.append("".join(cur))
    return tokens


def unclosed_quote(number: int, file: str | None) -> NotationError:
    """A line whose quotes do not close: it cannot be cut (raised where the reading reaches it)."""
    return NotationError("Unclosed quote", number, file)


def read_number(text: str) -> int | float | None:
    """The number a spelling denotes (COMPAT §1), or ``None`` when it is not numeric.

    Integral values come back as ``int`` (so ``2400.0`` prints ``2400``) while they are
    exact; ``-0`` reads as ``0``; huge values stay ``float`` like a JavaScript double.
    """
    if text.isdigit() and text.isascii() and len(text) < 16:
        return int(text)  # the common case: plain ASCII digits, exact as an int
    if not NUMBER_RE.match(text):
        return None
    value = float(text)
    if value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def read_value(text: str) -> int | float | str:
    """An attribute value: a number if the spelling is numeric, else the string as written."""
    n = read_number(text)
    return text if n is None else n


def typed(written: dict[str, str]) -> dict[str, int | float | str]:
    """The attribute values of ``written``, each typed by ``read_value``, in order."""
    return {k: read_value(v) for k, v in written.items()}


def read_attrs(tokens: list[str], number: int, file: str | None) -> dict[str, str]:
    """Read ``key:value`` tokens, in order, into the attributes as written.

    Values stay as written (``read_value`` types them) because structure keys need the
    text (``level:02``). The first token that is not ``key:value`` (no ``:``, or
    nothing before it), an empty value or a key written twice stops the read (lines.md).
    """
    written: dict[str, str] = {}
    for tok in tokens:
        i = tok.find(":")
        if i <= 0:
            raise NotationError(f"An attribute is written key:value: {tok}", number, file)
        key, value = tok[:i], tok[i + 1 :]
        if not value:
            raise NotationError(f"The attribute {key} has no value", number, file)
        if key in written:
            raise NotationError(f"Duplicate attribute key: {key}", number, file)
        written[key] = value
    return written
