"""An SVG drawing as a PNG, by resvg (through its Python binding ``resvg_py``).

The drawing is rasterised at the width asked, its height following its proportions, on
white (the drawings lay their own paper; nothing is left transparent), with the fonts of
``koyu_view.fonts``. An answer is kept under ``LIMIT`` bytes: resvg's PNG is already
compressed (recompressing its data at zlib's level 9 gains 0.05% on the bench building's
axonometric), so a larger one is drawn again narrower, and the answer says so.
"""

from __future__ import annotations

import math
import struct

import attrs
import resvg_py

from koyu_view.fonts import fonts

LIMIT = 1_000_000  # bytes of PNG (1 MB, decimal: the bound promised), before the host's base64
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@attrs.frozen
class Raster:
    png: bytes
    width: int
    height: int
    asked: int  # the width asked; larger than ``width`` when the PNG had to shrink


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR, the chunk that must come first."""
    if png[:8] != PNG_SIGNATURE or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def rasterise(svg: str, width: int) -> Raster:
    """``svg`` as a PNG ``width`` pixels wide, or as wide as keeps it under ``LIMIT``."""
    drawn = width
    while True:
        png = _render(svg, drawn)
        if len(png) <= LIMIT or drawn <= 64:
            break
        # a line drawing's PNG grows about with its area: aim a little under the limit
        drawn = max(64, int(drawn * math.sqrt(LIMIT / len(png)) * 0.95))
    got_width, got_height = png_size(png)
    return Raster(png, got_width, got_height, width)


def _render(svg: str, width: int) -> bytes:
    chosen = fonts()
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            width=width,
            background="#ffffff",
            sans_serif_family=chosen.sans_serif,
            font_files=list(chosen.files) or None,
        )
    )
