"""JSON text exactly as the original (JavaScript) writes it.

Three profiles, one writer:

* ``canonical_text`` — ``koyu json``: two-space indent, a final newline, keys in the
  order the caller built them (the original serialises a ``Map``, which has no key
  rule of its own).
* ``tool_text`` — a tool's answer over MCP: ``JSON.stringify(value, null, 1)``.
  Every object is a JavaScript object there, so integer-like keys move first.
* ``wire`` — one compact JSON-RPC line, also with JavaScript object order
  (``wire_line`` / ``wire_bytes``: the line as it goes out, lone surrogates escaped).

A ``JsonString`` is a string some writer has already spelled as a JSON string literal
(``canonical_write`` spells the canonical_json tool's megabyte answer so): the compact
writer puts it in as it stands instead of escaping the text a second time.

Numbers are spelled by ``Number.prototype.toString`` (COMPAT.md §1): shortest
round-trip digits, exponent form only below 1e-6 or from 1e21, ``-0`` as ``0``.
"""

from __future__ import annotations

import json
import math
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import attrs

__all__ = [
    "js_number",
    "js_string",
    "js_to_fixed",
    "js_round",
    "js_object_order",
    "canonical_text",
    "tool_text",
    "wire",
    "wire_line",
    "wire_bytes",
    "JsonString",
    "in_json_string",
    "well_formed",
]

_encode_string = json.encoder.encode_basestring  # non-ASCII raw, JSON escapes only
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@attrs.frozen
class JsonString:
    """A string already spelled as JSON: ``literal`` is what ``JSON.stringify(text)``
    writes — quotes, escapes, and every lone surrogate as ``\\udxxx`` (well-formed)."""

    literal: str


def well_formed(text: str) -> str:
    """``text`` with each lone surrogate written ``\\udxxx``, as JSON.stringify writes
    one (it cannot be UTF-8). Only text that has one pays the regex pass: a strict
    encoding fails exactly then (UTF-16 is the cheapest to try)."""
    if text.isascii():
        return text
    try:
        text.encode("utf-16-le")
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text)
    return text


def in_json_string(piece: str) -> str:
    """``piece`` as it stands inside a JSON string literal (escaped, well-formed).

    Escaping works character by character, so a text's literal is the quoted join of
    its pieces' — a writer can spell the pieces it repeats once, and never the text."""
    return well_formed(_encode_string(piece)[1:-1])


_FLOATS: dict = {}  # float -> spelling; coordinates, areas and ratios repeat a lot


def js_number(x: float | int) -> str:
    """Spell a number as JavaScript's ``String(x)`` does."""
    t = type(x)
    if t is float:
        got = _FLOATS.get(x)
        if got is None:
            got = _float_text(x)
            if x == x:  # NaN is never found again
                if len(_FLOATS) >= 65536:
                    _FLOATS.clear()
                _FLOATS[x] = got
        return got
    if t is int and -9007199254740992 < x < 9007199254740992:
        return str(x)
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        if -(2**53) < x < 2**53:
            return str(x)
        x = float(x)
    return _float_text(x)


def _float_text(x: float) -> str:
    if x != x or x in (math.inf, -math.inf):
        return "null"  # JSON.stringify writes non-finite numbers as null
    if x == 0:
        return "0"
    if type(x) is float:
        text = repr(x)
        if "e" not in text:
            # 1e-4 <= |x| < 1e16: Python's shortest digits, and JavaScript's plain layout too
            return text[:-2] if text.endswith(".0") else text
    if x.is_integer() and abs(x) < 2**53:
        return str(int(x))  # exact; larger integers take the digit path below
    sign = "-" if x < 0 else ""
    digits, exponent = _shortest_digits(abs(x))
    k = len(digits)
    n = exponent  # value = 0.<digits> * 10**n
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


def _shortest_digits(x: float) -> tuple[str, int]:
    """The shortest round-trip digits of a positive float and n, x = 0.digits × 10**n."""
    text = repr(x)  # Python's repr is shortest round-trip too; only the layout differs
    if "e" in text:
        mantissa, exp = text.split("e")
        exp_value = int(exp)
    else:
        mantissa, exp_value = text, 0
    if "." in mantissa:
        whole, frac = mantissa.split(".")
    else:
        whole, frac = mantissa, ""
    if frac == "0":
        frac = ""
    digits = whole + frac
    n = len(whole) + exp_value
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0") or "0"
    return digits, n


def js_string(x: float | int) -> str:
    """JavaScript's ``String(x)`` for a number: ``js_number``, but the non-finite spelled
    ``NaN``, ``Infinity``, ``-Infinity`` (where JSON writes ``null``)."""
    if isinstance(x, float) and not math.isfinite(x):
        return "NaN" if x != x else ("Infinity" if x > 0 else "-Infinity")
    return js_number(x)


def js_to_fixed(x: float | int, digits: int) -> str:
    """JavaScript's ``Number.prototype.toFixed``: the exact binary value rounded half away
    from zero (0.125 → "0.13"); -0 as "0.00" but -0.001 as "-0.00"; the non-finite and
    magnitudes from 1e21 as ``String`` writes them."""
    if not math.isfinite(x) or abs(x) >= 1e21:
        return js_string(x)
    text = format(Decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP), "f")
    return text[1:] if x == 0 and text.startswith("-") else text


def js_round(x: float) -> float:
    """JavaScript's ``Math.round``: halves go towards +∞, and -0.5 < x < 0 gives -0."""
    if x != x or x in (math.inf, -math.inf):
        return x
    floor = math.floor(x)
    result = floor + 1 if x - floor >= 0.5 else floor
    # 0.49999999999999994: x - floor is exactly 0.5 - 2**-54, below the half.
    return float(result)


def _is_array_index(key: str) -> bool:
    # A canonical array index: "0", or no leading zero, below 2**32 - 1.
    if not key or not key.isascii() or not key.isdigit():
        return False
    if len(key) > 1 and key[0] == "0":
        return False
    return int(key) < 4294967295


def js_object_order(obj: dict) -> dict:
    """Reorder keys the way a JavaScript object iterates them: array indices first."""
    # An index starts with a digit: most keys are ruled out by their first character.
    indexed = [k for k in obj if (type(k) is not str or k[:1].isdigit()) and _is_array_index(k)]
    if not indexed:
        return obj
    indexed.sort(key=int)
    ordered = {k: obj[k] for k in indexed}
    for k, v in obj.items():
        if k not in ordered:
            ordered[k] = v
    return ordered


def _write(value: Any, out: list[str], indent: str, level: int, js_order: bool) -> None:
    if isinstance(value, str):
        out.append(_encode_string(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, (int, float)):
        out.append(js_number(value))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        if js_order:
            value = js_object_order(value)
        if indent:
            inner = "\n" + indent * (level + 1)
            out.append("{")
            first = True
            for k, v in value.items():
                out.append(inner if first else "," + inner)
                first = False
                out.append(_encode_string(str(k)))
                out.append(": ")
                _write(v, out, indent, level + 1, js_order)
            out.append("\n" + indent * level + "}")
        else:
            out.append("{")
            first = True
            for k, v in value.items():
                if not first:
                    out.append(",")
                first = False
                out.append(_encode_string(str(k)))
                out.append(":")
                _write(v, out, indent, level, js_order)
            out.append("}")
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        if indent:
            inner = "\n" + indent * (level + 1)
            out.append("[")
            first = True
            for v in value:
                out.append(inner if first else "," + inner)
                first = False
                _write(v, out, indent, level + 1, js_order)
            out.append("\n" + indent * level + "]")
        else:
            out.append("[")
            first = True
            for v in value:
                if not first:
                    out.append(",")
                first = False
                _write(v, out, indent, level, js_order)
            out.append("]")
    elif type(value) is JsonString:
        out.append(value)  # its literal, in place: wire joins it, wire_line trusts it
    else:
        raise TypeError(f"not JSON-serialisable: {type(value).__name__}")


# Key tuples already known to hold no array index (most objects repeat their keys).
_PLAIN_KEYS: dict = {}


def _js_ordered(obj: dict) -> dict:
    """``js_object_order`` with a memory of key sets that need no reordering."""
    if len(obj) > 16:
        return js_object_order(obj)
    keys = tuple(obj)
    if keys in _PLAIN_KEYS:
        return obj
    ordered = js_object_order(obj)
    if ordered is obj:
        if len(_PLAIN_KEYS) > 4096:
            _PLAIN_KEYS.clear()
        _PLAIN_KEYS[keys] = True
    return ordered


def _write_indented(value: Any, indent: str, js_order: bool, level: int = 0) -> list:
    """The indented profiles' hot path: same output as ``_write``, fewer steps per value.

    Big buildings give documents of millions of values. Dispatching on the exact type,
    writing a string or integer member with its key and separator as one piece, and
    precomputed indentation keep the pretty printer close to the C encoder.
    """
    out: list = []
    append = out.append
    enc = _encode_string
    safe = 9007199254740992  # 2**53: below it an int spells as str() does
    shapes: list = []  # by depth: the pieces that open, separate and close a container

    def shape(level: int) -> tuple:
        while len(shapes) <= level:
            pad = "\n" + indent * len(shapes)
            inner = pad + indent
            shapes.append(("{" + inner, "[" + inner, "," + inner, pad + "}", pad + "]"))
        return shapes[level]

    def write(v: Any, level: int) -> None:
        t = type(v)
        if t is str:
            append(enc(v))
        elif t is dict:
            if not v:
                append("{}")
                return
            if js_order:
                v = _js_ordered(v)
            lead, _, sep, close, _ = shapes[level] if level < len(shapes) else shape(level)
            for k, x in v.items():
                key = enc(k if type(k) is str else str(k))
                tx = type(x)
                if tx is str:
                    append(f"{lead}{key}: {enc(x)}")
                elif tx is int and -safe < x < safe:
                    append(f"{lead}{key}: {x}")
                elif tx is float:
                    append(f"{lead}{key}: {js_number(x)}")
                elif tx is bool:
                    append(f"{lead}{key}: {'true' if x else 'false'}")
                elif x is None:
                    append(f"{lead}{key}: null")
                else:
                    append(f"{lead}{key}: ")
                    write(x, level + 1)
                lead = sep
            append(close)
        elif t is list or t is tuple:
            if not v:
                append("[]")
                return
            _, lead, sep, _, close = shapes[level] if level < len(shapes) else shape(level)
            for x in v:
                tx = type(x)
                if tx is str:
                    append(lead + enc(x))
                elif tx is int and -safe < x < safe:
                    append(f"{lead}{x}")
                elif tx is float:
                    append(lead + js_number(x))
                elif tx is bool:
                    append(lead + ("true" if x else "false"))
                elif x is None:
                    append(lead + "null")
                else:
                    append(lead)
                    write(x, level + 1)
                lead = sep
            append(close)
        elif t is int:
            append(str(v) if -safe < v < safe else js_number(v))
        elif t is float:
            append(js_number(v))
        else:
            _write(v, out, indent, level, js_order)  # bools, None, subclasses: the general path

    write(value, level)
    return out


def indented_text(value: Any, indent: str, js_order: bool, level: int) -> str:
    """One value spelled as it stands at depth ``level`` of an indented document."""
    return "".join(_write_indented(value, indent, js_order, level))


def canonical_text(value: Any) -> str:
    """``koyu json``'s bytes: two-space indent, final newline, caller's key order."""
    out = _write_indented(value, "  ", js_order=False)
    out.append("\n")
    return "".join(out)


def tool_text(value: Any) -> str:
    """``JSON.stringify(value, null, 1)``: a tool's answer over MCP."""
    return "".join(_write_indented(value, " ", js_order=True))


def wire(value: Any) -> str:
    """One compact JSON-RPC message (``JSON.stringify(value)``), without the newline.

    Strings are escaped but not made well-formed (``wire_line`` does that)."""
    out: list = []
    _write(value, out, "", 0, js_order=True)
    try:
        return "".join(out)
    except TypeError:  # a JsonString among the pieces
        return "".join([p if type(p) is str else p.literal for p in out])


def wire_line(value: Any) -> str:
    """``JSON.stringify(value)`` as the reply line carries it: ``wire``, every string
    well-formed. A JsonString's literal is well-formed by its contract: not scanned."""
    out: list = []
    _write(value, out, "", 0, js_order=True)
    return "".join([well_formed(p) if type(p) is str else p.literal for p in out])


def wire_bytes(value: Any) -> bytes:
    """``wire_line(value)`` and a line break, in UTF-8: what goes to the stream.

    One encoding pass does the well-formedness check too: strict UTF-8 fails exactly
    on a lone surrogate, and only then is each piece scanned and escaped."""
    out: list = []
    _write(value, out, "", 0, js_order=True)
    out.append("\n")
    try:  # piece by piece: the megabyte piece is encoded, never copied as text first
        return b"".join([(p if type(p) is str else p.literal).encode("utf-8") for p in out])
    except UnicodeEncodeError:
        return "".join([well_formed(p if type(p) is str else p.literal) for p in out]).encode("utf-8")
