"""The built-in profile ``koyu.profile.schematic-screen@1`` (validate/index.md; ADR-0055).

One rule set, ``koyu.ruleset.schematic-screen@1``: the fifteen rules of the ledger, in
the ledger's order, reading five analyses. Each chapter is one module holding its
analysis and the rules that read it (``schematic_daylight``, ``schematic_runs``,
``schematic_access``, ``schematic_column``, ``schematic_site``); the judgements stand on
koyu 0.16's (``koyu_model.validate``, one module per chapter), reused, not restated, with
0.27's messages and not-applicable reasons (0.16's ``run.slope`` split into the ramp and
the escalator rule). A rule reads its analysis's value, and rebuilds the evidence items
it rests on with the analysis's own builders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .evidence import REVISION
from .protocol import Analysis, Profile, Rule, RuleSet

__all__ = ["PROFILE", "PROFILE_ID", "RULE_SET"]

PROFILE_ID = "koyu.profile.schematic-screen"
DAYLIGHT = "koyu.analysis.daylight"
RUNS = "koyu.analysis.vertical-runs"
ACCESS = "koyu.analysis.access"
COLUMNS = "koyu.analysis.door-column-collisions"
SITE = "koyu.analysis.site"


# --- each analysis and judge lives in its chapter module, imported on its first call ---


def _later(module: str, name: str):
    """A judge imported on its first call: start-up registers this profile, and must not
    import the geometry the judgements stand on."""

    def judge(model, artifacts: Mapping[str, Any]):
        from importlib import import_module

        return getattr(import_module(f"koyu_model.assessment.{module}"), name)(model, artifacts)

    judge.__name__ = name
    return judge


def _analysis(id: str, module: str) -> Analysis:
    """The chapter module's ``analyse(model)``, imported on its first call."""

    def compute(model):
        from importlib import import_module

        return import_module(f"koyu_model.assessment.{module}").analyse(model)

    compute.__name__ = f"analyse_{module}"
    return Analysis(id, REVISION, compute)


def _rule(name: str, level: str, needs: str, judge) -> Rule:
    return Rule(f"koyu.schematic.{name}", REVISION, level, (needs,), judge)


RULE_SET = RuleSet(
    "koyu.ruleset.schematic-screen",
    REVISION,
    (
        _rule("daylight.ratio", "violation", DAYLIGHT, _later("schematic_daylight", "ratio")),
        _rule("daylight.unknown", "caution", DAYLIGHT, _later("schematic_daylight", "unknown")),
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
        _analysis(DAYLIGHT, "schematic_daylight"),
        _analysis(RUNS, "schematic_runs"),
        _analysis(ACCESS, "schematic_access"),
        _analysis(COLUMNS, "schematic_column"),
        _analysis(SITE, "schematic_site"),
    ),
)
