"""The site tool's answer (spec: reference/mcp/tools-ask.md#site; COMPAT §9).

Field order: siteZone and polygonVertices (when there are), declaredAreaM2 (when ``area``
is a number), derivedAreaM2 (always), areaMatch (0.16 only, with a declared area: the
verdict moved to validate in 0.27, ``Release.site_area_match``), footprintM2,
totalFloorM2, coverageRatio and floorAreaRatio over the declared area else the derived
one (left out when that is 0), roads.
"""

from __future__ import annotations

from typing import Any

from koyu_model.asking.site import site_report
from koyu_model.geometry import js_round
from koyu_model.model import Model
from koyu_model.queries import display_name

__all__ = ["site_answer"]


def site_answer(model: Model) -> dict[str, Any]:
    """The site report as the MCP tool gives it."""
    r = site_report(model)
    out: dict[str, Any] = {}
    if r.site_zone is not None:
        out["siteZone"] = r.site_zone.path
    if r.polygon is not None:
        out["polygonVertices"] = len(r.polygon.points)
    if r.declared is not None:
        out["declaredAreaM2"] = r.declared
    out["derivedAreaM2"] = r.derived
    if r.declared is not None and model.release.site_area_match:
        out["areaMatch"] = abs(r.declared - r.derived) < 0.05
    out["footprintM2"] = r.footprint
    out["totalFloorM2"] = r.total_floor
    base = r.declared if r.declared is not None else r.derived
    if base:
        out["coverageRatio"] = js_round(r.footprint / base * 1000) / 10
        out["floorAreaRatio"] = js_round(r.total_floor / base * 1000) / 10
    out["roads"] = [
        {"path": x.road.path, "name": display_name(x.road), "widthMm": x.width, "frontageMm": x.frontage}
        for x in r.roads
    ]
    return out
