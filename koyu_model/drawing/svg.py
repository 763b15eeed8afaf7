"""What any SVG writer needs: text made safe for XML 1.0 and numbers spelled for
coordinates.

Names in a building come from its source and can hold anything — ``&``, ``<``, a control
character. XML 1.0 has no escape for most control characters (an ``&#1;`` is as malformed
as the character itself), so those are dropped, never escaped; the rest are escaped. A
coordinate is spelled with at most two decimals and never as ``NaN`` or ``inf``, which no
SVG reader accepts.
"""

from __future__ import annotations

import math

__all__ = ["xml_text", "number"]


def _xml_table() -> dict:
    """str.translate's table: the four characters that need an entity, and every code point
    XML 1.0 forbids (Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | ...)."""
    table = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;"}
    for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF):
        table[c] = None
    for c in range(0xD800, 0xE000):  # a surrogate in a Python str is always a lone one
        table[c] = None
    return table


_XML_TABLE = _xml_table()


def xml_text(text: str) -> str:
    """``text`` as element content or a double-quoted attribute value of XML 1.0:
    ``& < > "`` escaped, the characters XML 1.0 forbids dropped."""
    return text.translate(_XML_TABLE)


def number(value: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros, no ``-0``. A value that is not
    finite is spelled ``0`` — a drawing drops such geometry before it gets here, and a
    reader must never meet ``NaN`` or ``inf``."""
    if not math.isfinite(value):
        return "0"
    text = "%.2f" % value
    if text.endswith("00"):
        text = text[:-3]
        return "0" if text == "-0" else text
    return text[:-1] if text.endswith("0") else text
