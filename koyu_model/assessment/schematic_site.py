"""The three site rules of the built-in profile (reference/validate/site.md):
site.escape, site.area, site.frontage.

They stand on the site report koyu 0.16's chapter reads (koyu_model.asking.site) and on
its containment test (koyu_model.validate.site.held_against_site); one outcome per
subject, sorted by the outcome's id as the original orders them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.asking.site import site_report
from koyu_model.geometry import js_round
from koyu_model.jsjson import compact_text, js_number, js_to_fixed
from koyu_model.validate.site import FRONTAGE_MIN, SITE_AREA_TOLERANCE, held_against_site

from .protocol import applicable, not_applicable, outcome

__all__ = ["area", "escape", "frontage"]


def _sorted(outcomes: list) -> list:
    return sorted(outcomes, key=lambda o: o["id"])


def frontage(model, artifacts: Mapping[str, Any]):
    report = site_report(model)
    if report.site_zone is None:
        return not_applicable("No site zone is selected")
    if not report.roads:
        return not_applicable("No exterior road space is available")
    out = []
    for road in report.roads:
        ref, length = road.road.path, js_number(road.frontage)
        subjects = [{"kind": "space", "ref": ref}]
        if road.frontage < FRONTAGE_MIN:
            message = (
                f"Road frontage is {length}mm, under the {FRONTAGE_MIN}mm this pack screens for: {ref} "
                "(widen the frontage onto the road)"
            )
            out.append(outcome(ref, "fail", subjects, message))
        else:
            message = f"{ref} has {length}mm of frontage, at or above the {FRONTAGE_MIN}mm minimum"
            out.append(outcome(ref, "pass", subjects, message))
    return applicable(_sorted(out))


def area(model, artifacts: Mapping[str, Any]):
    report = site_report(model)
    zone = report.site_zone
    if zone is None or report.polygon is None or report.declared is None:
        return not_applicable("No site polygon has a declared area")
    ref = zone.path
    subjects = [{"kind": "site", "ref": ref}]
    if abs(report.declared - report.derived) >= SITE_AREA_TOLERANCE:
        message = (
            f"Declared and derived site areas disagree: declared {js_number(report.declared)} m2 "
            f"/ derived {js_to_fixed(report.derived, 2)} m2 ({ref})"
        )
        return applicable([outcome(ref, "fail", subjects, message)])
    message = f"{ref} declared and polygon areas differ by less than {SITE_AREA_TOLERANCE} m2"
    return applicable([outcome(ref, "pass", subjects, message)])


def escape(model, artifacts: Mapping[str, Any]):
    report = site_report(model)
    held = held_against_site(model, report)
    if not held or report.site_zone is None:
        return not_applicable("No regioned space and site-polygon pair is available")
    zone = report.site_zone.path
    out = []
    for path, _, point in held:
        key = compact_text(["site-space", zone, path])
        subjects = [{"kind": "space", "ref": path}]
        if point is not None:
            near = f"{js_number(js_round(point[0]))},{js_number(js_round(point[1]))}"
            out.append(outcome(key, "fail", subjects, f"{path} escapes the site shape (near {near})"))
        else:
            message = f"{path} is contained by {zone} within the 1 mm geometry tolerance"
            out.append(outcome(key, "pass", subjects, message))
    return applicable(_sorted(out))
