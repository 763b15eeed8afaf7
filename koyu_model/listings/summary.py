"""The model_summary answer (spec: reference/mcp/tools-read.md#model_summary, COMPAT §9).

Field order: name (only when written), unit, layers, levels, spaces, boundaries, zones,
assets, sitePolygons (only when there are polygons), origin and azimuth (each only when
written), totalFloorM2, semiOutdoorM2, floorsM2, byUseM2 (0.16) or byM2 (0.27, only when
keys are asked for), check, hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from koyu_model.derived import boundary_table
from koyu_model.listings.verdicts import check_counts
from koyu_model.measures import floor_totals, zone_areas_m2
from koyu_model.measures.grouping import floor_area_by
from koyu_model.model import Model, StashKey

MODEL_SUMMARY: StashKey[dict[str, Any]] = StashKey("model summary")

HINT = (
    "Read layer contents with layers, check with check, and edit with write_layer (check is "
    "the gatekeeper). Architectural verdicts come from validate."
)


def model_summary(model: Model, by: Sequence[str] = ()) -> dict[str, Any]:
    """The summary of the whole building (built once per Model), with ``byM2``, the indoor
    floor area grouped by each of the keys ``by``, when any are given (0.27)."""
    doc = model.stash.get(MODEL_SUMMARY, lambda: _summary(model))
    if not by:
        return doc
    out: dict[str, Any] = {}
    for field, value in doc.items():
        if field == "check":  # byM2 stands just before the counts
            out["byM2"] = floor_area_by(model, by)
        out[field] = value
    return out


def _summary(model: Model) -> dict[str, Any]:
    totals = floor_totals(model)
    doc: dict[str, Any] = {}
    if model.name is not None:
        doc["name"] = model.name
    doc["unit"] = model.unit
    doc["layers"] = [layer.path for layer in model.layers]
    doc["levels"] = _levels(model)
    doc["spaces"] = len(model.spaces)
    doc["boundaries"] = len(boundary_table(model).boundaries)
    doc["zones"] = _zones(model)
    doc["assets"] = [{"name": name, "kind": a.kind, "attrs": dict(a.attrs)} for name, a in model.assets.items()]
    if model.polygons:
        doc["sitePolygons"] = list(model.polygons)
    if model.origin is not None:
        doc["origin"] = model.origin.to_json()
    if model.azimuth is not None:
        doc["azimuth"] = model.azimuth.degrees
    doc["totalFloorM2"] = totals.total
    doc["semiOutdoorM2"] = totals.semi_outdoor
    doc["floorsM2"] = {f.level: {"rooms": f.rooms, "subtotalM2": f.subtotal} for f in totals.floors}
    if model.release.summary_by_use:
        doc["byUseM2"] = dict(totals.by_use)
    doc["check"] = check_counts(model)
    doc["hint"] = HINT
    return doc


def _levels(model: Model) -> list[dict]:
    out = []
    for name in model.levels_by_z:
        lv = model.levels[name]
        entry: dict[str, Any] = {"name": name, "z": lv.z}
        if lv.h is not None:
            entry["h"] = lv.h
        if lv.slab is not None:
            entry["slab"] = lv.slab
        out.append(entry)
    return out


def _zones(model: Model) -> list[dict]:
    out = []
    areas = zone_areas_m2(model)
    for path, zone in model.zones.items():
        entry: dict[str, Any] = {"path": path}
        if "name" in zone.attrs:
            entry["name"] = zone.attrs["name"]
        if zone.attrs.get("site") == 1:
            entry["site"] = True
        entry["areaM2"] = areas[path]
        out.append(entry)
    return out
