"""``koyu.analysis.site@1`` and its three rules (reference/validate/site.md):
site.escape, site.area, site.frontage.

The analysis states the site report's numbers (koyu_model.asking.site, the ones ``koyu
site`` prints) and, for each space held against the site polygon
(koyu_model.validate.site.held_against_site, the containment test 0.16's chapter
reads), the first point that is not contained. Its evidence: one fact per road
(``site-road:``), one per site polygon (``site-area:``), one geometry item per held
space. Roads and spaces come by path, as the original lists every population of
subjects (the recorded reports show only one road, one space at a time: the order is
the one its other analyses keep). The rules read that value: a road's frontage against
``FRONTAGE_MIN``, the declared area against the polygon's rounded one
(``SITE_AREA_TOLERANCE``, as 0.16's chapter compares them), a space's first escaping
point; one outcome per subject, sorted by id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.asking.site import site_report
from koyu_model.geometry import js_round, polygon_area_m2, round2
from koyu_model.jsjson import compact_text, js_string, js_to_fixed
from koyu_model.queries import display_name
from koyu_model.validate.site import FRONTAGE_MIN, SITE_AREA_TOLERANCE, held_against_site

from .evidence import by_id, comparison, fact, model_source, produced_by, quantity, ref, space_source
from .protocol import applicable, not_applicable, outcome

__all__ = ["ANALYSIS", "CONTAINMENT_TOLERANCE_MM", "analyse", "area", "escape", "frontage"]

ANALYSIS = "koyu.analysis.site"
#: validate/index.md SITE_CONTAINMENT_TOLERANCE_MM: on the line counts as inside
CONTAINMENT_TOLERANCE_MM = 1

JSON = Any


def _site_name(zone) -> str:
    """The site zone as ``koyu site`` names it: its ``name:``, else its last segment."""
    name = zone.attrs.get("name")
    return name if isinstance(name, str) else zone.path.rsplit("/", 1)[-1]


def _percent(part: float, base: float) -> float | None:
    """A ratio as the site answer writes it: a percentage to a tenth; none over nothing."""
    return js_round(part / base * 1000) / 10 if base else None


def _polygon_entry(zone, polygon, declared) -> dict[str, JSON]:
    raw = polygon_area_m2(polygon.points)
    return {"declaredAreaM2": declared, "rawAreaM2": raw, "roundedAreaM2": round2(raw), "siteRef": zone.path}


def analyse(model) -> tuple[JSON, list[JSON]]:
    """The site artifact: (value, evidence)."""
    report = site_report(model)
    zone, polygon = report.site_zone, report.polygon
    base = report.declared if report.declared is not None else report.derived
    metrics = {
        "areaBasisM2": base,
        "coveragePercent": _percent(report.footprint, base),
        "declaredAreaM2": report.declared,
        "derivedAreaM2": report.derived,
        "floorAreaRatioPercent": _percent(report.total_floor, base),
        "footprintM2": report.footprint,
        "polygonVertexCount": len(polygon.points) if polygon is not None else None,
        "siteName": _site_name(zone) if zone is not None else None,
        "totalFloorM2": report.total_floor,
    }
    polygons = [_polygon_entry(zone, polygon, report.declared)] if zone is not None and polygon is not None else []
    roads = [
        {"frontageMm": r.frontage, "name": display_name(r.road), "roadRef": r.road.path, "widthMm": r.width}
        for r in sorted(report.roads, key=lambda r: r.road.path)
    ]
    relations = []
    if zone is not None:
        for path, _, point in sorted(held_against_site(model, report), key=lambda held: held[0]):
            relations.append({"firstNonContainedPointMm": _point(point), "siteRef": zone.path, "spaceRef": path})
    value: dict[str, JSON] = {
        "metrics": metrics,
        "polygons": polygons,
        "roads": roads,
        "selectedSiteRef": zone.path if zone is not None else None,
        "spaceRelations": relations,
    }
    evidence = [_area_fact(model, p) for p in polygons]
    evidence += [_road_fact(model, r, value["selectedSiteRef"]) for r in roads]
    evidence += [_relation_geometry(model, r) for r in relations]
    return value, by_id(evidence)


def _point(point) -> dict[str, JSON] | None:
    return None if point is None else {"x": point[0], "y": point[1]}


# --- the evidence, rebuilt by the rules from the value ---------------------------------


def _zone_sources(model, site: str) -> list[JSON]:
    """The site zone's line, then its polygon's."""
    zone, polygon = model.zones[site], model.polygons[site]
    return [
        model_source(zone.file, zone.line, ref("site", site)),
        model_source(polygon.file, polygon.line, ref("site", site)),
    ]


def _area_fact(model, entry: dict[str, JSON]) -> JSON:
    site = entry["siteRef"]
    return fact(
        f"site-area:{site}", "siteAreaMeasurements", ANALYSIS, [ref("site", site)], _zone_sources(model, site), entry
    )


def _road_sources(model, road: str, site: str | None) -> tuple[list[JSON], list[JSON]]:
    """(subjects, sources) of a road's frontage: the road, then the site zone if there is one."""
    subjects, sources = [ref("space", road)], [space_source(model.spaces[road])]
    if site is not None:
        zone = model.zones[site]
        subjects.append(ref("site", site))
        sources.append(model_source(zone.file, zone.line, ref("site", site)))
    return subjects, sources


def _road_fact(model, entry: dict[str, JSON], site: str | None) -> JSON:
    road = entry["roadRef"]
    subjects, sources = _road_sources(model, road, site)
    return fact(f"site-road:{road}", "roadFrontageMeasurement", ANALYSIS, subjects, sources, entry)


def _relation_id(relation: dict[str, JSON]) -> str:
    return compact_text(["site-space", relation["siteRef"], relation["spaceRef"]])


def _relation_geometry(model, relation: dict[str, JSON], id: str | None = None) -> JSON:
    site, path = relation["siteRef"], relation["spaceRef"]
    polygon = model.polygons[site]
    return {
        "geometry": {
            "firstNonContainedPointMm": relation["firstNonContainedPointMm"],
            "siteRef": site,
            "spaceRef": path,
            "toleranceMm": CONTAINMENT_TOLERANCE_MM,
        },
        "id": id if id is not None else _relation_id(relation),
        "kind": "geometry",
        "producedBy": produced_by(ANALYSIS),
        "sources": [space_source(model.spaces[path]), model_source(polygon.file, polygon.line, ref("site", site))],
        "subjects": [ref("space", path), ref("site", site)],
    }


# --- the rules --------------------------------------------------------------------------


def _sorted(outcomes: list) -> list:
    return sorted(outcomes, key=lambda o: o["id"])


def frontage(model, artifacts: Mapping[str, Any]):
    site = artifacts[ANALYSIS]
    if site["selectedSiteRef"] is None:
        return not_applicable("No site zone is selected")
    if not site["roads"]:
        return not_applicable("No exterior road space is available")
    rule = "koyu.schematic.site.frontage"
    out = []
    for road in site["roads"]:
        path, length = road["roadRef"], road["frontageMm"]
        subjects, sources = _road_sources(model, path, site["selectedSiteRef"])
        evidence = [
            comparison(
                "frontage-minimum",
                rule,
                subjects,
                quantity(length, "mm"),
                ">=",
                quantity(FRONTAGE_MIN, "mm"),
                sources,
            )
        ]
        if length < FRONTAGE_MIN:
            message = (
                f"Road frontage is {js_string(length)}mm, under the {FRONTAGE_MIN}mm this pack screens for: {path} "
                "(widen the frontage onto the road)"
            )
            out.append(outcome(path, "fail", [ref("space", path)], message, evidence))
        else:
            message = f"{path} has {js_string(length)}mm of frontage, at or above the {FRONTAGE_MIN}mm minimum"
            out.append(outcome(path, "pass", [ref("space", path)], message, evidence))
    return applicable(_sorted(out))


def area(model, artifacts: Mapping[str, Any]):
    declared = [p for p in artifacts[ANALYSIS]["polygons"] if p["declaredAreaM2"] is not None]
    if not declared:
        return not_applicable("No site polygon has a declared area")
    rule = "koyu.schematic.site.area"
    out = []
    for polygon in declared:
        site, written, derived = polygon["siteRef"], polygon["declaredAreaM2"], polygon["roundedAreaM2"]
        difference = abs(written - derived)
        subjects = [ref("site", site)]
        evidence = [
            comparison(
                "area-difference",
                rule,
                subjects,
                quantity(difference, "m2"),
                "<",
                quantity(SITE_AREA_TOLERANCE, "m2"),
                _zone_sources(model, site),
            )
        ]
        if difference >= SITE_AREA_TOLERANCE:
            message = (
                f"Declared and derived site areas disagree: declared {js_string(written)} m2 "
                f"/ derived {js_to_fixed(derived, 2)} m2 ({site})"
            )
            out.append(outcome(site, "fail", subjects, message, evidence))
        else:
            message = f"{site} declared and polygon areas differ by less than {SITE_AREA_TOLERANCE} m2"
            out.append(outcome(site, "pass", subjects, message, evidence))
    return applicable(_sorted(out))


def escape(model, artifacts: Mapping[str, Any]):
    relations = artifacts[ANALYSIS]["spaceRelations"]
    if not relations:
        return not_applicable("No regioned space and site-polygon pair is available")
    out = []
    for relation in relations:
        path, site, point = relation["spaceRef"], relation["siteRef"], relation["firstNonContainedPointMm"]
        key = _relation_id(relation)
        evidence = [_relation_geometry(model, relation, key)]
        if point is not None:
            near = f"{js_string(js_round(point['x']))},{js_string(js_round(point['y']))}"
            message = f"{path} escapes the site shape (near {near})"
            out.append(outcome(key, "fail", [ref("space", path)], message, evidence))
        else:
            message = f"{path} is contained by {site} within the 1 mm geometry tolerance"
            out.append(outcome(key, "pass", [ref("space", path)], message, evidence))
    return applicable(_sorted(out))
