"""Georeferencing: where true north points in the model, and how the model sits on the map
(IfcProjectedCRS and IfcMapConversion), from ``origin`` and ``azimuth`` (muro/origin.md,
azimuth.md). pyproj answers what only a geodetic library knows: the CRS's names in the PROJ
database and the meridian convergence at the origin (grid north is not true north away from
the projection's central meridian).
"""

from __future__ import annotations

import math

import attrs


def true_north(azimuth: float) -> tuple[float, float]:
    """True north in the model's plan: the model's +Y axis is ``azimuth`` degrees clockwise
    from it, so north is that much counter-clockwise from +Y."""
    a = math.radians(azimuth)
    return (-math.sin(a), math.cos(a))


@attrs.frozen
class Projected:
    description: str
    geodetic_datum: str | None
    vertical_datum: str | None


def projected(epsg: int, vertical: int | None) -> Projected:
    from pyproj import CRS

    crs = CRS.from_epsg(epsg)
    datum = crs.datum.name if crs.datum is not None else None
    return Projected(crs.name, datum, CRS.from_epsg(vertical).name if vertical is not None else None)


def x_axis(epsg: int, easting: float, northing: float, azimuth: float) -> tuple[float, float]:
    """The model's +X axis in the map's grid (abscissa, ordinate): turned by the azimuth,
    corrected by the meridian convergence at the origin."""
    from pyproj import CRS, Proj, Transformer

    crs = CRS.from_epsg(epsg)
    lon, lat = Transformer.from_crs(crs, crs.geodetic_crs, always_xy=True).transform(easting, northing)
    convergence = Proj(crs).get_factors(lon, lat).meridian_convergence
    angle = math.radians(convergence - azimuth)
    return (math.cos(angle), math.sin(angle))
