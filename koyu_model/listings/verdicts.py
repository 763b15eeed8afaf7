"""The answers of check and validate (spec: reference/mcp/tools-verify.md; cli/check.md).

``check_answer(model)``: ``{ok, spaces, boundaries, errors, warnings, diagnostics}``, where
``boundaries`` counts after derivation (written, derived default and exterior walls) and
errors and warnings are the human lines. ``validate_answer(findings)``: ``{findings, violations,
cautions, note}`` around findings already written as JSON objects.
"""

from __future__ import annotations

from typing import Any

from koyu_model.check import check, human
from koyu_model.derived import boundary_table
from koyu_model.model import Model

NOTE = "These are verdicts, not the structural-consistency guarantee of koyu check"


def boundary_count(model: Model) -> int:
    """The boundaries check counts: those written, and the walls derived (the default walls
    between pairs, and the exterior walls where the release derives them)."""
    return len(boundary_table(model).boundaries)


def check_counts(model: Model) -> dict[str, int]:
    """``{errors, warnings}`` of ``check`` on the model."""
    diags = check(model)
    errors = sum(1 for d in diags if d.is_error)
    return {"errors": errors, "warnings": len(diags) - errors}


def check_answer(model: Model) -> dict[str, Any]:
    """check's answer: the counts, the human lines split by severity, every diagnostic."""
    diags = check(model)
    return {
        "ok": not any(d.is_error for d in diags),
        "spaces": len(model.spaces),
        "boundaries": boundary_count(model),
        "errors": [human(d) for d in diags if d.is_error],
        "warnings": [human(d) for d in diags if not d.is_error],
        "diagnostics": [d.to_json() for d in diags],
    }


def validate_answer(findings: list[dict]) -> dict[str, Any]:
    """validate's answer around its findings, already JSON objects, with their counts."""
    violations = sum(1 for f in findings if f["level"] == "violation")
    return {"findings": findings, "violations": violations, "cautions": len(findings) - violations, "note": NOTE}
