"""The reply line: one JSON-RPC message as JavaScript's ``JSON.stringify`` writes it, UTF-8
(reference/mcp/protocol.md, Framing).

The host owns this encoding. A tool's answer becomes the ``text`` of its content: a str as
it stands, any other value as ``JSON.stringify(value, null, 1)`` (the core's tool profile,
koyu_model.jsjson), written straight as the reply's JSON string (the writer's quoted form:
each piece escaped as it is spelled, once where it repeats), so that a megabyte answer is
not written first and escaped whole after. Non-ASCII characters stay raw, as
``JSON.stringify`` leaves them; a lone surrogate, which cannot be UTF-8, is written
``\\udxxx`` as ``JSON.stringify`` writes it.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from koyu_model.jsjson import COMPACT, TOOL, JsonWriter, json_string

__all__ = ["JsonString", "answer_string", "reply_bytes", "reply_line", "well_formed"]

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def well_formed(text: str) -> str:
    """``text`` with each lone surrogate written ``\\udxxx``."""
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


@attrs.frozen
class JsonString:
    """A string already written as JSON (``json``: quotes and escapes in place): the writer
    puts it on the line as it stands."""

    json: str

    def write_json(self, writer: JsonWriter, depth: int) -> None:
        writer.out.append(self.json)


def answer_string(answer: Any) -> JsonString:
    """A tool's answer as the JSON string its reply carries: a str as it stands, any other
    value as the text ``JSON.stringify(answer, null, 1)`` writes (TypeError if it cannot)."""
    if isinstance(answer, str):
        return JsonString(json_string(answer))
    writer = JsonWriter(TOOL, quoted=True)
    writer.out.append('"')
    writer.write(answer)
    writer.out.append('"')
    return JsonString(writer.text())


def _pieces(message: Any) -> list[str]:
    writer = JsonWriter(COMPACT)
    writer.write(message)
    return writer.out


def reply_line(message: Any) -> str:
    """``JSON.stringify(message)``, every string well-formed, without the line break."""
    return well_formed("".join(_pieces(message)))


def reply_bytes(message: Any) -> bytes:
    """``reply_line(message)`` and its line break in UTF-8: what goes to the stream. Piece
    by piece (a megabyte piece is encoded, never copied into one text first); strict UTF-8
    fails exactly on a lone surrogate, so only such a line pays the regex pass."""
    pieces = _pieces(message)
    pieces.append("\n")  # a piece too: adding it to the joined bytes would copy them again
    try:
        return b"".join([piece.encode("utf-8") for piece in pieces])
    except UnicodeEncodeError:
        return well_formed("".join(pieces)).encode("utf-8")
