"""site — site area, frontage and ratios (reference/mcp/tools-ask.md#site).

Registered by koyu_ask/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, argument
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Site query: site area (declared against derived), road frontage, footprint, and the coverage and floor-area ratios"
)

# koyu 0.27.0 (tools-ask.md#site): areaMatch is a verdict, now validate's.
DESCRIPTION_0_27 = (
    DESCRIPTION + ". **Numbers only** — whether the declared and derived areas agree closely enough is a verdict,"
    " and comes from the validate tool"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input, release: Release = DEFAULT):
    """The site report as the MCP tool shapes it: derivedAreaM2 always; areaMatch with a
    declared area; ratios over declared else derived, left out when that is 0."""
    from koyu_model import KoyuError, load
    from koyu_model.asking.site import site_report
    from koyu_model.jsjson import js_round
    from koyu_model.queries import display_name

    try:
        model = load(args.file, release=release)
    except KoyuError as err:
        raise ToolError(str(err)) from None
    r = site_report(model)
    out: dict = {}
    if r.site_zone is not None:
        out["siteZone"] = r.site_zone.path
    if r.polygon is not None:
        out["polygonVertices"] = len(r.polygon.points)
    if r.declared is not None:
        out["declaredAreaM2"] = r.declared
    out["derivedAreaM2"] = r.derived
    if r.declared is not None:
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


#: koyu 0.16.0's tool; koyu 0.27.0 describes it as numbers only (its 0.27 answers are not built yet)
SERVES = (
    Serving("0.16"),
    Serving("0.27", handler=partial(handle, release=KOYU_0_27), description=DESCRIPTION_0_27, built=False),
)
