"""The assessment protocol (reference/validate/index.md; ADR-0054): analyses and rules
joined by a reproducible report.

A **profile** names rule sets and the analyses its rules read. ``assess`` runs it on one
composed model and one context (``asOf`` and ``values``) and returns the AssessmentReport
as plain JSON values (the caller writes them, key-sorted). An **analysis** returns facts
(an artifact: state, value, evidence) and never a verdict; a **rule** reads the artifacts
it declares and returns an evaluation: applicable with one outcome per subject, or not
applicable with a reason. What a rule cannot do is kept apart, never folded into a pass:

* the model has a core error → every analysis is ``unavailable`` and every rule
  ``indeterminate`` (the model is inconsistent);
* an analysis it needs is unavailable → the rule is ``indeterminate``;
* the rule (or its analysis) raises → that rule's ``error`` outcome; the rest stands.

Nothing here knows MCP or which profiles exist: the host's registry names them.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

__all__ = [
    "Analysis",
    "Profile",
    "Rule",
    "RuleSet",
    "assess",
    "identity",
    "not_applicable",
    "applicable",
    "outcome",
    "CONTEXT_SCHEMA",
]

CONTEXT_SCHEMA = "koyu-context/1"

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def real_date(text: str) -> bool:
    """Whether ``text`` is an assessment's effective date: ``YYYY-MM-DD`` naming a day of
    the calendar (2026-02-30 is not one)."""
    if not _DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


REPORT_SCHEMA = "koyu-assessment"
LEVELS = ("violation", "caution")
STATUSES = ("pass", "fail", "indeterminate")

JSON = Any


def identity(id: str, revision: str) -> dict[str, str]:
    """``{id, revision}``: how the report names a profile, rule set, rule or analysis."""
    return {"id": id, "revision": revision}


@attrs.frozen
class Analysis:
    """A versioned computation: ``compute(model) -> (value, evidence)``; facts, no verdict."""

    id: str
    revision: str
    compute: Callable[[Any], tuple[JSON, list[JSON]]]

    @property
    def ident(self) -> dict[str, str]:
        return identity(self.id, self.revision)


@attrs.frozen
class Rule:
    """One rule: its identity, its invariant ``level``, the analyses it reads (by id), and
    ``judge(model, artifacts) -> evaluation`` (``applicable(...)`` / ``not_applicable(...)``),
    ``artifacts`` mapping each needed analysis id to its value."""

    id: str
    revision: str
    level: str = attrs.field(validator=attrs.validators.in_(LEVELS))
    needs: tuple[str, ...]
    judge: Callable[[Any, Mapping[str, JSON]], dict[str, JSON]]

    @property
    def ident(self) -> dict[str, str]:
        return identity(self.id, self.revision)


@attrs.frozen
class RuleSet:
    id: str
    revision: str
    rules: tuple[Rule, ...]

    @property
    def ident(self) -> dict[str, str]:
        return identity(self.id, self.revision)


@attrs.frozen
class Profile:
    """What ``validate --profile`` names: rule sets (run in order) and the analyses they read."""

    id: str
    revision: str
    rule_sets: tuple[RuleSet, ...]
    analyses: tuple[Analysis, ...]

    @property
    def ident(self) -> dict[str, str]:
        return identity(self.id, self.revision)


def outcome(id: str, status: str, subjects: Sequence[JSON], message: str, evidence: Sequence[JSON] = ()) -> JSON:
    """One subject's verdict (``pass`` / ``fail`` / ``indeterminate``)."""
    if status not in STATUSES:
        raise ValueError(f"an outcome's status is one of {', '.join(STATUSES)}, not {status!r}")
    return {"evidence": list(evidence), "id": id, "message": message, "status": status, "subjects": list(subjects)}


def applicable(outcomes: Sequence[JSON]) -> JSON:
    return {"applicability": "applicable", "outcomes": list(outcomes)}


def not_applicable(reason: str, evidence: Sequence[JSON] = ()) -> JSON:
    return {"applicability": "not-applicable", "evidence": list(evidence), "reason": reason}


_MODEL_MISSING = {
    "kind": "model",
    "reason": "core diagnostics contain an error",
    "subjects": [{"kind": "model", "ref": "/"}],
}


def _unavailable_artifact(analysis: Analysis) -> JSON:
    return {
        "issues": [
            {
                "kind": "model-inconsistent",
                "message": f"{analysis.id} requires a structurally consistent model",
                "missing": [_MODEL_MISSING],
            }
        ],
        "missing": [_MODEL_MISSING],
        "state": "unavailable",
    }


def _failed_artifact(analysis: Analysis, error: BaseException) -> JSON:
    return {
        "issues": [{"kind": "analysis-error", "message": f"{analysis.id} failed: {error}"}],
        "missing": [],
        "state": "unavailable",
    }


def _run_analysis(analysis: Analysis, model: Any, consistent: bool) -> JSON:
    if not consistent:
        return _unavailable_artifact(analysis)
    try:
        value, evidence = analysis.compute(model)
    except Exception as error:  # an analysis that fails leaves its rules indeterminate
        return _failed_artifact(analysis, error)
    return {"evidence": evidence, "state": "complete", "value": value}


def _indeterminate(rule: Rule, analyses: Mapping[str, Analysis], artifacts: Mapping[str, JSON], consistent: bool):
    missing: list[JSON] = []
    issues: list[JSON] = []
    for needed in rule.needs:
        if needed not in artifacts or artifacts[needed]["state"] != "complete":
            ident = analyses[needed].ident if needed in analyses else identity(needed, "?")
            missing.append({"analysis": ident, "kind": "analysis", "reason": "unavailable"})
            issues.append({"kind": "dependency-unavailable", "message": f"{needed} is not usable by {rule.id}"})
    if not consistent:
        missing.append(_MODEL_MISSING)
        issues.append({"kind": "model-inconsistent", "message": f"{rule.id} requires a structurally consistent model"})
    evaluation = {
        "applicability": "indeterminate",
        "evidence": [],
        "missing": missing,
        "reason": "one or more declared inputs are unavailable",
    }
    return evaluation, issues


def _state(evaluation: JSON) -> str:
    return {"applicable": "evaluated", "not-applicable": "not-applicable"}.get(
        evaluation.get("applicability"), "indeterminate"
    )


def _outcomes(value: Any) -> bool:
    """Whether ``value`` is a list of outcomes, each with its status (what the summary counts)."""
    return isinstance(value, list) and all(isinstance(o, dict) and o.get("status") in STATUSES for o in value)


def _run_rule(rule: Rule, rule_model: Any, analyses, artifacts, consistent: bool) -> tuple[str, JSON, list[JSON]]:
    """(state, evaluation, issues) of one rule; a rule that raises is its own ``error``."""
    if not consistent or any(artifacts.get(n, {}).get("state") != "complete" for n in rule.needs):
        evaluation, issues = _indeterminate(rule, analyses, artifacts, consistent)
        return "indeterminate", evaluation, issues
    try:
        evaluation = rule.judge(rule_model, {n: artifacts[n]["value"] for n in rule.needs})
        if not isinstance(evaluation, dict) or evaluation.get("applicability") not in ("applicable", "not-applicable"):
            raise TypeError("a rule returns applicable(...) or not_applicable(...)")
        if evaluation["applicability"] == "applicable" and not _outcomes(evaluation.get("outcomes")):
            raise TypeError("an applicable evaluation holds a list of outcome(...)")
    except Exception as error:  # one rule failing never takes the report down
        message = f"{rule.id} failed: {error}"
        return (
            "error",
            {"applicability": "error", "evidence": [], "reason": message},
            [{"kind": "rule-error", "message": message}],
        )
    return _state(evaluation), evaluation, []


def _summary(rules: list[JSON]) -> JSON:
    outcomes = {"fail": 0, "indeterminate": 0, "pass": 0}
    states = {"error": 0, "evaluated": 0, "indeterminate": 0, "notApplicable": 0}
    for r in rules:
        states["notApplicable" if r["state"] == "not-applicable" else r["state"]] += 1
        for o in r["evaluation"].get("outcomes", ()):
            outcomes[o["status"]] += 1
    complete = states["error"] == 0 and states["indeterminate"] == 0
    return {"outcomes": outcomes, "rules": states, "state": "complete" if complete else "incomplete"}


def assess(
    model: Any,
    profile: Profile,
    as_of: str,
    diagnostics: Sequence[JSON],
    consistent: bool,
    language_version: str,
    model_name: str | None = None,
    rule_model: Any = None,
    values: Mapping[str, JSON] | None = None,
) -> JSON:
    """The AssessmentReport of ``profile`` on ``model`` as of ``as_of``.

    ``diagnostics`` (the core check's, as JSON) and ``consistent`` (no error among them)
    describe the model; ``rule_model`` is what analyses and rules read (a read-only view
    for a third party's profile; ``model`` itself by default)."""
    seen = rule_model if rule_model is not None else model
    analyses = {a.id: a for a in profile.analyses}
    artifacts = {a.id: _run_analysis(a, seen, consistent) for a in profile.analyses}
    rules: list[JSON] = []
    findings: list[JSON] = []
    for rule_set in profile.rule_sets:
        for rule in rule_set.rules:
            state, evaluation, issues = _run_rule(rule, seen, analyses, artifacts, consistent)
            rules.append(
                {
                    "evaluation": evaluation,
                    "issues": issues,
                    "rule": rule.ident,
                    "ruleSet": rule_set.ident,
                    "state": state,
                }
            )
            for o in evaluation.get("outcomes", ()):
                if o["status"] == "fail":
                    findings.append({"level": rule.level, "outcome": o, "rule": rule.ident, "ruleSet": rule_set.ident})
    described: dict[str, JSON] = {
        "diagnostics": list(diagnostics),
        "languageVersion": language_version,
        "state": "consistent" if consistent else "inconsistent",
    }
    if model_name is not None:
        described["name"] = model_name
    return {
        "analyses": [{"analysis": a.ident, "artifact": artifacts[a.id]} for a in profile.analyses],
        "context": {"asOf": as_of, "schema": CONTEXT_SCHEMA, "values": dict(values or {})},
        "findings": findings,
        "model": described,
        "profile": profile.ident,
        "ruleSets": [rs.ident for rs in profile.rule_sets],
        "rules": rules,
        "schema": REPORT_SCHEMA,
        "summary": _summary(rules),
    }
