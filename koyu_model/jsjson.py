"""JSON text exactly as the original (JavaScript) writes it: one writer, three profiles.

* ``CANONICAL`` — ``koyu json``: two-space indent, a final newline, keys in the order the
  caller built them (the original serialises a ``Map``, which has no key rule of its own);
* ``TOOL`` — a tool's answer over MCP, ``JSON.stringify(value, null, 1)``: every object is
  a JavaScript object there, so integer-like keys move first (COMPAT §1);
* ``COMPACT`` — ``JSON.stringify(value)``: no whitespace, JavaScript's key order too.

``tool_text(v)``, ``canonical_text(v)`` and ``compact_text(v)`` write one value. A
``JsonWriter`` is one text being written: its pieces and the spellings met so far. A value
that is none of the JSON types but has a ``write_json(writer, depth)`` method writes itself
through those spellings (the canonical document's big sections do, koyu_model.canonical).

Numbers are spelled by ``Number.prototype.toString`` (COMPAT §1): shortest round-trip
digits, exponent form only below 1e-6 or from 1e21, ``-0`` as ``0``; non-finite ones as
``null``, as ``JSON.stringify`` writes them.
"""

from __future__ import annotations

import json
import math
import weakref
from bisect import bisect_left
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from itertools import repeat
from typing import Any, TypeVar

import attrs

__all__ = [
    "js_number",
    "js_string",
    "js_to_fixed",
    "js_round",
    "js_object_order",
    "is_array_index",
    "json_string",
    "Profile",
    "CANONICAL",
    "TOOL",
    "COMPACT",
    "JsonWriter",
    "canonical_text",
    "tool_text",
    "compact_text",
]

#: ``JSON.stringify(text)`` for a string: quotes, JSON's escapes, everything else raw
#: (a lone surrogate too: making text well-formed is the reply line's business).
json_string: Callable[[str], str] = json.encoder.encode_basestring

_SAFE_INT = 2**53  # below it in magnitude an int spells as str() does; above, as a double


def js_number(x: float | int) -> str:
    """Spell a number as JavaScript's ``String(x)`` does (``null`` where it is not finite)."""
    if type(x) is int and -_SAFE_INT < x < _SAFE_INT:
        return str(x)
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):  # a double in JavaScript: 2**60 is 1152921504606847000
        try:
            x = float(x)
        except OverflowError:  # past the largest double: Infinity
            x = math.copysign(math.inf, x)
    if not math.isfinite(x):
        return "null"
    if x == 0:
        return "0"
    text = repr(float(x))
    if "e" not in text:
        # 1e-4 <= |x| < 1e16: Python's shortest digits, and JavaScript's plain layout too
        return text[:-2] if text.endswith(".0") else text
    return _exponent_layout(x, text)


def _exponent_layout(x: float, text: str) -> str:
    """JavaScript's layout of the shortest digits Python's ``repr`` gave in exponent form."""
    mantissa, exp = text.lstrip("-").split("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).rstrip("0")
    n = len(whole) + int(exp)  # |x| = 0.<digits> × 10**n
    sign = "-" if x < 0 else ""
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


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


def is_array_index(key: str) -> bool:
    """A canonical array index: ``"0"``, or digits without a leading zero, below 2**32 - 1."""
    if not key.isdigit() or not key.isascii():
        return False
    return (key == "0" or key[0] != "0") and int(key) < 4294967295


def js_object_order(obj: dict) -> dict:
    """``obj`` with its keys as a JavaScript object iterates them: array indices first in
    numeric order, then the other keys in the order they were put in."""
    try:
        if min(obj) >= ":":  # an index starts with a digit: most objects have none to move
            return obj
    except (TypeError, ValueError):  # keys that are not all strings; no keys
        pass
    indexed = sorted((k for k in obj if is_array_index(str(k))), key=int)
    if not indexed:
        return obj
    ordered = {k: obj[k] for k in indexed}
    ordered.update((k, v) for k, v in obj.items() if k not in ordered)
    return ordered


@attrs.frozen
class Profile:
    """How a value is laid out: the indentation unit ("" for none), whether objects take
    JavaScript's key order, and what follows the last line."""

    indent: str
    js_order: bool
    end: str = ""


CANONICAL = Profile("  ", js_order=False, end="\n")
TOOL = Profile(" ", js_order=True)
COMPACT = Profile("", js_order=True)


S = TypeVar("S")  # what a Spellings table spells its values as


class Spellings(dict[Any, S]):
    """value → its spelling, made by ``spell`` the first time the value is met."""

    def __init__(self, spell: Callable[[Any], S]):
        super().__init__()
        self.spell = spell

    def __missing__(self, value: Any) -> S:
        text = self[value] = self.spell(value)
        return text


def _quoted(piece: str) -> str:
    """``piece`` as it stands inside a JSON string: its ``json_string`` without the quotes."""
    return json_string(piece)[1:-1]


def _quoted_json_string(text: str) -> str:
    """``json_string(text)`` as it stands inside a JSON string."""
    return _quoted(json_string(text))


class JsonWriter:
    """One JSON text being written in one profile: its pieces (``out``) and the spellings
    met so far (strings, keys and numbers repeat all over a building).

    ``quoted``: the text is written as it stands inside a JSON string (``JSON.stringify`` of
    the text, without its quotes), each piece escaped as it is spelled, once where it
    repeats: the host puts a megabyte answer on its reply line so, instead of writing the
    text and escaping it whole after. Brackets and commas need no escaping: a ``write_json``
    method puts them in as they are and takes everything else from ``line``, ``strings``,
    ``keys`` and ``numbers``.
    """

    def __init__(self, profile: Profile, quoted: bool = False):
        # No cycle holds the writer or its parts (its put function sees the writer, and
        # itself, through a weak proxy): the pieces, megabytes for a big building, go as
        # soon as the writer does, without waiting for the garbage collector, which the
        # host pauses during a tool call.
        self.profile = profile
        self.quoted = quoted
        self.out: list[str] = []
        self.strings = strings = Spellings(_quoted_json_string if quoted else json_string)
        self.colon = colon = ": " if profile.indent else ":"
        self.keys = Spellings(lambda name: strings[name if type(name) is str else str(name)] + colon)
        self.numbers = Spellings(js_number)  # never given a bool: True == 1 would share a spelling
        unit = profile.indent
        breaks = (lambda depth: _quoted("\n" + unit * depth)) if quoted else (lambda depth: "\n" + unit * depth)
        self._lines = lines = Spellings(breaks if unit else lambda depth: "")
        # by depth: the pieces that open an object, open an array, separate, close an
        # object and close an array whose brackets stand at that depth
        self._shapes = Spellings(
            lambda d: ("{" + lines[d + 1], "[" + lines[d + 1], "," + lines[d + 1], lines[d] + "}", lines[d] + "]")
        )
        self._put = self._writing()

    def line(self, depth: int) -> str:
        """The break before something standing at ``depth``: a newline and the indentation
        (nothing in the compact profile)."""
        return self._lines[depth]

    def spell_strings(self, texts: list[str]) -> None:
        """Spell many strings at once (a building's paths: cheaper than one by one)."""
        strings = self.strings
        new = [t for t in texts if t not in strings]
        strings.update(zip(new, map(strings.spell, new)))

    def order(self, keys: list[str]) -> list[str]:
        """Keys sorted by code point as the profile iterates them (array indices first)."""
        start, end = bisect_left(keys, "0"), bisect_left(keys, ":")  # those starting with a digit
        if not self.profile.js_order or start == end:
            return keys
        return list(js_object_order(dict.fromkeys(keys)))

    def piece(self, value: Any, depth: int) -> str:
        """``value`` as it stands at ``depth``, as one piece of text (for a part that repeats)."""
        mark = len(self.out)
        self.write(value, depth)
        text = "".join(self.out[mark:])
        del self.out[mark:]
        return text

    def text(self) -> str:
        return "".join(self.out) + (_quoted(self.profile.end) if self.quoted else self.profile.end)

    def write(self, value: Any, depth: int = 0) -> None:
        """Put ``value`` out as it stands at ``depth`` (where its opening bracket stands)."""
        self._put(value, depth)

    def _writing(self) -> Callable[[Any, int], None]:
        """The function that puts one value out, recursively (made once per writer: the
        spellings it uses are its locals)."""
        append = self.out.append
        strings, keys, numbers, shape = self.strings, self.keys, self.numbers, self._shapes.__getitem__
        js_order = self.profile.js_order
        writer = weakref.proxy(self)

        def put(v: Any, d: int) -> None:
            t = type(v)
            if t is dict or t is list or t is tuple:
                if not v:
                    append("{}" if t is dict else "[]")
                    return
                if t is dict:  # each member is its key's spelling and its value
                    lead, _, sep, close, _ = shape(d)
                    ordered = js_object_order(v) if js_order else v
                    members = zip(map(keys.__getitem__, ordered), ordered.values())
                else:
                    _, lead, sep, _, close = shape(d)
                    members = zip(repeat(""), v)
                for name, x in members:
                    tx = type(x)
                    if tx is str:
                        append(f"{lead}{name}{strings[x]}")
                    elif tx is int and -_SAFE_INT < x < _SAFE_INT:
                        append(f"{lead}{name}{x}")
                    elif tx is float:
                        append(f"{lead}{name}{numbers[x]}")
                    elif tx is bool:
                        append(f"{lead}{name}{'true' if x else 'false'}")
                    else:
                        append(f"{lead}{name}")
                        writer._put(x, d + 1)  # not put itself: a function naming itself is a cycle
                    lead = sep
                append(close)
            elif t is str:
                append(strings[v])
            elif t is int or t is float:
                append(numbers[v])
            elif v is None:
                append("null")
            elif t is bool:
                append("true" if v else "false")
            elif hasattr(v, "write_json"):
                v.write_json(writer, d)
            elif isinstance(v, str):
                append(strings[str(v)])
            elif isinstance(v, (int, float)):
                append(js_number(v))
            else:
                raise TypeError(f"not JSON-serialisable: {t.__name__}")

        return put


def write_text(value: Any, profile: Profile) -> str:
    writer = JsonWriter(profile)
    writer.write(value)
    return writer.text()


def canonical_text(value: Any) -> str:
    """``koyu json``'s bytes: two-space indent, final newline, the caller's key order."""
    return write_text(value, CANONICAL)


def tool_text(value: Any) -> str:
    """``JSON.stringify(value, null, 1)``: a tool's answer over MCP."""
    return write_text(value, TOOL)


def compact_text(value: Any) -> str:
    """``JSON.stringify(value)``: one line, no whitespace (also a sort key, COMPAT §6)."""
    return write_text(value, COMPACT)
