"""The built-in profile ``koyu.profile.schematic-screen@1`` (validate/index.md; ADR-0055).

One rule set, ``koyu.ruleset.schematic-screen@1``: the fifteen rules of the ledger, in
the ledger's order, reading five analyses. The judgements are koyu 0.16's
(``koyu_model.validate``, one module per chapter), reused, not restated: each rule
(``schematic_runs``, ``schematic_access``, ``schematic_column``, ``schematic_site``, the
daylight pair here) asks its chapter about its own population of subjects, one outcome
each, with 0.27's messages and not-applicable reasons (0.16's ``run.slope`` split into
the ramp and the escalator rule).

Built to the letter: the daylight analysis (value and evidence) and every rule's state,
reason and outcomes. Still to come: the other four analyses' values and evidence (they
report their value's empty shape) and the evidence of the non-daylight outcomes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from koyu_model.jsjson import js_to_fixed

from .protocol import Analysis, Profile, Rule, RuleSet, applicable, not_applicable, outcome

__all__ = ["PROFILE", "PROFILE_ID", "RULE_SET"]

PROFILE_ID = "koyu.profile.schematic-screen"
REVISION = "1"
DAYLIGHT = "koyu.analysis.daylight"
RUNS = "koyu.analysis.vertical-runs"
ACCESS = "koyu.analysis.access"
COLUMNS = "koyu.analysis.door-column-collisions"
SITE = "koyu.analysis.site"


def _produced_by(analysis: str) -> dict[str, str]:
    return {"id": analysis, "revision": REVISION}


def _space(ref: str) -> dict[str, str]:
    return {"kind": "space", "ref": ref}


def _model_source(file: str, line: int, subject: dict[str, str]) -> dict[str, Any]:
    return {"kind": "model", "location": {"file": file, "line": line}, "subject": subject}


# --- the daylight analysis and its two rules (daylight.md) -----------------------------


DAYLIGHT_DIVISOR = 7
NO_DAYLIGHT_SCOPE = "No space with a region declares daylight:1"


def _daylight_facts(model) -> list[dict[str, Any]]:
    from koyu_model.asking.light import daylight_inputs

    facts = [
        {"ref": d.space.path, "floor": d.floor, "window": d.window, "missing_h": d.missing_h, "space": d.space}
        for d in daylight_inputs(model)
    ]
    return sorted(facts, key=lambda f: f["ref"])  # the original's order: by subject


def _fact_evidence(f: dict[str, Any]) -> dict[str, Any]:
    ref = f["ref"]
    return {
        "id": f"daylight:{ref}",
        "kind": "fact",
        "name": "daylightInputs",
        "producedBy": _produced_by(DAYLIGHT),
        "sources": [_model_source(f["space"].file, f["space"].line, _space(ref))],
        "subjects": [_space(ref)],
        "value": {
            "effectiveWindow": {"unit": "m2", "value": f["window"]},
            "floor": {"unit": "m2", "value": f["floor"]},
            "missingHeightOpenings": [],
        },
    }


def _daylight_analysis(model) -> tuple[Any, list]:
    facts = _daylight_facts(model)
    value = {
        "spaces": [
            {
                "effectiveWindowAreaM2": f["window"],
                "floorAreaM2": f["floor"],
                "missingHeightOpenings": [],
                "ref": f["ref"],
            }
            for f in facts
        ]
    }
    return value, [_fact_evidence(f) for f in facts]


def _daylight_ratio(model, artifacts: Mapping[str, Any]):
    facts = _daylight_facts(model)
    if not facts:
        return not_applicable(NO_DAYLIGHT_SCOPE)
    out = []
    for f in facts:
        ref, required = f["ref"], f["floor"] / DAYLIGHT_DIVISOR
        comparison = {
            "id": "required-window-area",
            "kind": "comparison",
            "observed": {"unit": "m2", "value": f["window"]},
            "operator": ">=",
            "producedBy": {"id": "koyu.schematic.daylight.ratio", "revision": REVISION},
            "required": {"unit": "m2", "value": required},
            "sources": [{"kind": "model", "subject": _space(ref)}],
            "subjects": [_space(ref)],
        }
        if f["window"] < required:
            message = (
                f"Insufficient daylight: {ref} — effective window {js_to_fixed(f['window'], 2)} m2 "
                f"< required {js_to_fixed(required, 2)} m2 (1/{DAYLIGHT_DIVISOR} of the "
                f"{js_to_fixed(f['floor'], 2)} m2 floor)"
            )
            status = "fail"
        else:
            message = (
                f"{ref} has effective window {js_to_fixed(f['window'], 2)} m2 against required "
                f"{js_to_fixed(required, 2)} m2"
            )
            status = "pass"
        out.append(outcome(ref, status, [_space(ref)], message, [_fact_evidence(f), comparison]))
    return applicable(out)


def _daylight_unknown(model, artifacts: Mapping[str, Any]):
    facts = _daylight_facts(model)
    if not facts:
        return not_applicable(NO_DAYLIGHT_SCOPE)
    out = []
    for f in facts:
        ref = f["ref"]
        if f["missing_h"]:
            message = f"Window area is not fully counted: {ref} has a window without h: (write h: on it)"
            out.append(outcome(ref, "fail", [_space(ref)], message, [_fact_evidence(f)]))
        else:
            message = f"{ref} counts the area of every window that faces daylight"
            out.append(outcome(ref, "pass", [_space(ref)], message, [_fact_evidence(f)]))
    return applicable(out)


# --- the other four analyses: their value's shape --------------------------------------


def _empty(value: dict[str, Any]) -> Callable[[Any], tuple[Any, list]]:
    def compute(model) -> tuple[Any, list]:
        return value, []

    return compute


_RUNS_VALUE: dict[str, Any] = {"runs": []}
_ACCESS_VALUE: dict[str, Any] = {
    "commonCorridorHorizontalRoutes": [],
    "commonCorridorRefs": [],
    "exteriorRefs": [],
    "passableNeighbourhoods": [],
    "personExteriorRoutes": [],
    "rentableAvoidingExteriorRoutes": [],
    "vehicleDoorMinimumMm": 2400,
    "vehicleExteriorRoutes": [],
}
_COLUMNS_VALUE: dict[str, Any] = {"doors": []}


def _site_analysis(model) -> tuple[Any, list]:
    value: dict[str, Any] = {
        "metrics": {
            "areaBasisM2": 0,
            "coveragePercent": None,
            "declaredAreaM2": None,
            "derivedAreaM2": 0,
            "floorAreaRatioPercent": None,
            "footprintM2": 0,
            "polygonVertexCount": None,
            "siteName": None,
            "totalFloorM2": 0,
        },
        "polygons": [],
        "roads": [],
        "selectedSiteRef": None,
        "spaceRelations": [],
    }
    return value, []


# --- the rules: each judge lives in its chapter module, imported on its first call ------


def _later(module: str, name: str):
    """A judge imported on its first call: start-up registers this profile, and must not
    import the geometry the judgements stand on."""

    def judge(model, artifacts: Mapping[str, Any]):
        from importlib import import_module

        return getattr(import_module(f"koyu_model.assessment.{module}"), name)(model, artifacts)

    judge.__name__ = name
    return judge


def _rule(name: str, level: str, needs: str, judge) -> Rule:
    return Rule(f"koyu.schematic.{name}", REVISION, level, (needs,), judge)


RULE_SET = RuleSet(
    "koyu.ruleset.schematic-screen",
    REVISION,
    (
        _rule("daylight.ratio", "violation", DAYLIGHT, _daylight_ratio),
        _rule("daylight.unknown", "caution", DAYLIGHT, _daylight_unknown),
        _rule("stair.proportion", "caution", RUNS, _later("schematic_runs", "stair_proportion")),
        _rule("ramp.declared-slope", "caution", RUNS, _later("schematic_runs", "ramp_slope")),
        _rule("escalator.usual-slope", "caution", RUNS, _later("schematic_runs", "escalator_slope")),
        _rule("run.disconnected", "caution", RUNS, _later("schematic_runs", "disconnected")),
        _rule("access.unreachable", "violation", ACCESS, _later("schematic_access", "unreachable")),
        _rule("access.voidonly", "violation", ACCESS, _later("schematic_access", "void_only")),
        _rule("access.throughtenant", "caution", ACCESS, _later("schematic_access", "through_tenant")),
        _rule("access.parking", "violation", ACCESS, _later("schematic_access", "parking")),
        _rule("access.backofhouse", "caution", ACCESS, _later("schematic_access", "back_of_house")),
        _rule("column.blocksdoor", "violation", COLUMNS, _later("schematic_column", "blocks_door")),
        _rule("site.escape", "violation", SITE, _later("schematic_site", "escape")),
        _rule("site.area", "caution", SITE, _later("schematic_site", "area")),
        _rule("site.frontage", "violation", SITE, _later("schematic_site", "frontage")),
    ),
)

PROFILE = Profile(
    PROFILE_ID,
    REVISION,
    (RULE_SET,),
    (
        Analysis(DAYLIGHT, REVISION, _daylight_analysis),
        Analysis(RUNS, REVISION, _empty(_RUNS_VALUE)),
        Analysis(ACCESS, REVISION, _empty(_ACCESS_VALUE)),
        Analysis(COLUMNS, REVISION, _empty(_COLUMNS_VALUE)),
        Analysis(SITE, REVISION, _site_analysis),
    ),
)
