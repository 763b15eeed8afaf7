"""What a tool may answer besides text: MCP content items, in the order given.

A handler answers a ``str`` or a JSON-able value, and the host writes it as one text item
(wire.py). A plugin's tool that has more to say — an image, or an image and a line about it
— answers ``Content(Image(png_bytes, "image/png"), Text("Plan of L1"))`` instead; the host
writes each item as the MCP content type it names, an image's bytes in base64. The
built-in tools answer text alone, as the original's do.
"""

from __future__ import annotations

import base64
from typing import Any

import attrs

__all__ = ["Content", "Image", "Text"]


@attrs.frozen
class Text:
    """One text item: ``{"type": "text", "text": ...}``."""

    text: str = attrs.field(validator=attrs.validators.instance_of(str))

    def item(self) -> dict[str, Any]:
        return {"type": "text", "text": self.text}


@attrs.frozen
class Image:
    """One image item: ``{"type": "image", "data": <base64>, "mimeType": ...}``."""

    data: bytes = attrs.field(validator=attrs.validators.instance_of(bytes), repr=lambda d: f"<{len(d)} bytes>")
    mime_type: str = attrs.field(validator=attrs.validators.instance_of(str))

    def item(self) -> dict[str, Any]:
        return {"type": "image", "data": base64.b64encode(self.data).decode("ascii"), "mimeType": self.mime_type}


def _check_items(content: Content, _attribute: attrs.Attribute[Any], items: tuple[Any, ...]) -> None:
    if not items:
        raise ValueError("Content holds at least one item")
    for item in items:
        if not isinstance(item, (Text, Image)):
            raise TypeError(f"Content holds Text and Image items, not {type(item).__name__}")


@attrs.frozen(init=False)
class Content:
    """A tool's answer as MCP content items: ``Content(Image(...), Text(...))``."""

    items: tuple[Text | Image, ...] = attrs.field(validator=_check_items)

    def __init__(self, *items: Text | Image) -> None:
        self.__attrs_init__(tuple(items))

    def items_json(self) -> list[dict[str, Any]]:
        return [item.item() for item in self.items]
