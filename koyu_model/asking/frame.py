"""The geodetic frame read back in words (0.27: cli/site.md "Frame", "Bearing";
muro/origin.md, muro/azimuth.md).

The frame is a given, never derived: these lines only say back what ``origin`` and
``azimuth`` wrote, so a person can check them against the survey sheet.

    frame_report_lines(model)   ["Frame: EPSG … / easting … m / northing … m[ / elevation … m of z=0 (vertical CRS …)]",
                                 "Bearing: +Y bears <a>° true — <words>"]   each only when written

The bearing is said again in words because a bearing copied off a magnetic-north arrow is a
well-formed number; read aloud as "7.6° west of true north" the quadrant and the sign show.
"""

from __future__ import annotations

from koyu_model.jsjson import js_number, js_string, js_to_fixed
from koyu_model.model import Azimuth, Model, Origin

__all__ = ["frame_report_lines", "origin_line", "bearing_line", "bearing_words"]


def origin_line(origin: Origin) -> str:
    """``Frame: EPSG <code> / easting <m> m / northing <m> m``, and the height of z = 0 with
    its vertical datum when written (in metres, as written)."""
    line = (
        f"Frame: EPSG {origin.epsg} / easting {js_string(origin.easting)} m / northing {js_string(origin.northing)} m"
    )
    if origin.elevation is not None:
        line += f" / elevation {js_string(origin.elevation)} m of z=0 (vertical CRS {origin.vertical})"
    return line


def _decimals(x: int | float) -> int:
    """How many decimals ``x`` is written with (``352.4`` → 1)."""
    text = js_number(x)
    return len(text.split(".", 1)[1]) if "." in text and "e" not in text else 0


def bearing_words(degrees: int | float) -> str:
    """Which side of true north +Y bears, by how much: up to 180° east of it, beyond that
    west of it by the rest of the turn (``352.4`` → ``7.6° west of true north``). The angle
    is said to the decimals the bearing was written with, so the words carry no float noise."""
    if degrees == 0:
        return "on true north"
    if degrees <= 180:
        return f"{js_number(degrees)}° east of true north"
    west = float(js_to_fixed(360 - degrees, _decimals(degrees)))
    return f"{js_number(west)}° west of true north"


def bearing_line(azimuth: Azimuth) -> str:
    """``Bearing: +Y bears <a>° true — <the same in words>``."""
    return f"Bearing: +Y bears {js_number(azimuth.degrees)}° true — {bearing_words(azimuth.degrees)}"


def frame_report_lines(model: Model) -> list[str]:
    """The frame lines of a model: none when it writes neither ``origin`` nor ``azimuth``."""
    lines = []
    if model.origin is not None:
        lines.append(origin_line(model.origin))
    if model.azimuth is not None:
        lines.append(bearing_line(model.azimuth))
    return lines
