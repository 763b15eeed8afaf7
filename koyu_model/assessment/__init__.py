"""assessment — koyu 0.27's validate: the assessment protocol (reference/validate/index.md,
DELTA.md §6, ADR-0054–0056).

``report(model, profile, as_of)`` is the AssessmentReport of one profile on one composed
model: the core check's diagnostics decide whether the model is consistent, then
``protocol.assess`` runs the profile's analyses and rules. ``text(report)`` writes it as
the original does, every object's keys sorted, ``JSON.stringify(report, null, 1)``.
The built-in profile is ``schematic.PROFILE``; which profiles exist is the host's
business (koyu_host.profiles), not the core's.
"""

from __future__ import annotations

from typing import Any

from koyu_model.jsjson import tool_text

from .protocol import (
    Analysis,
    Profile,
    Rule,
    RuleSet,
    applicable,
    assess,
    identity,
    not_applicable,
    outcome,
    real_date,
)

__all__ = [
    "Analysis",
    "Profile",
    "Rule",
    "RuleSet",
    "applicable",
    "identity",
    "not_applicable",
    "outcome",
    "position",
    "real_date",
    "report",
    "text",
    "sorted_keys",
]


def report(model, profile: Profile, as_of: str, rule_model: Any = None) -> dict[str, Any]:
    """The AssessmentReport of ``profile`` on ``model`` as of ``as_of`` (an empty context)."""
    from koyu_model.check import check

    diagnostics = check(model)
    consistent = not any(d.severity == "error" for d in diagnostics)
    return assess(
        model,
        profile,
        as_of,
        [d.to_json() for d in diagnostics],
        consistent,
        model.version,
        model.name,
        rule_model=rule_model,
    )


def sorted_keys(value: Any) -> Any:
    """``value`` with every object's keys sorted, as the original builds its report."""
    if isinstance(value, dict):
        return {k: sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [sorted_keys(v) for v in value]
    return value


def text(report: dict[str, Any]) -> str:
    return tool_text(sorted_keys(report))


def position(outcome: dict[str, Any], model) -> tuple[Any, Any]:
    """Where an outcome points: the first source line of its evidence, else its first
    subject's declaration (``("", 0)`` when it has neither). A third party's rule may put
    anything in an outcome: what is not shaped as the protocol says is passed over."""
    for evidence in _dicts(outcome.get("evidence")):
        for source in _dicts(evidence.get("sources")):
            where = source.get("location")
            if isinstance(where, dict) and where:
                return where.get("file", ""), where.get("line", 0)
    for subject in _dicts(outcome.get("subjects")):
        ref = subject.get("ref")
        space = model.spaces.get(ref) if subject.get("kind") == "space" and isinstance(ref, str) else None
        if space is not None:
            return space.file, space.line
    return "", 0


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, (list, tuple)) else []
