"""What any SVG writer needs: words made safe for XML 1.0 and numbers written for
coordinates — the one escape and the one coordinate spelling of every drawing.

Names in a building come from its source and can hold anything — ``&``, ``<``, a control
character. XML 1.0 has no escape for most control characters (an ``&#1;`` is as malformed
as the character itself), so each becomes U+FFFD, which still shows where it was (the
original copied it into the SVG raw, and its SVG did not parse); the four markup
characters are escaped. A coordinate is written with at most two decimals and never as
``NaN`` or ``inf``, which no SVG reader accepts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

__all__ = ["xml_text", "number", "finite"]

# What XML 1.0 forbids in a document (https://www.w3.org/TR/xml/#charsets): the C0
# controls but tab, LF and CR; the surrogates (in a Python str always lone ones); U+FFFE
# and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` as element content or a double-quoted attribute value of XML 1.0: each
    character XML 1.0 forbids drawn as U+FFFD, ``& < > "`` escaped."""
    text = _NOT_XML.sub("\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def number(value: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros, no ``-0``. A value that is not
    finite is written ``0`` — a drawing drops such geometry before it gets here, and a
    reader must never meet ``NaN`` or ``inf``."""
    if not math.isfinite(value):
        return "0"
    text = f"{value:.2f}"
    if text.endswith("00"):
        text = text[:-3]
        return "0" if text == "-0" else text
    return text[:-1] if text.endswith("0") else text


def finite(values: Iterable[float]) -> bool:
    """Whether every coordinate is a finite number: a drawing leaves out what is not."""
    return all(math.isfinite(v) for v in values)
