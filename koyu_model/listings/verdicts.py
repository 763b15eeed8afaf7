"""The answers of check and validate (spec: reference/mcp/tools-verify.md; cli/check.md).

``check_answer(model)``: ``{ok, spaces, boundaries, errors, warnings, diagnostics}``, where
``boundaries`` counts after derivation (written, derived default and exterior walls) and
errors and warnings are the human lines. ``validate_answer(findings)``: ``{findings, violations,
cautions, note}`` around findings already written as JSON objects.

The one-line verdicts the command line prints (reference/cli/check.md, cli/validate.md) are
here too, for every surface that says them: ``consistent_line``, ``validation_line`` and
``accounting_line``.
"""

from __future__ import annotations

from typing import Any

from koyu_model.check import check, human
from koyu_model.derived import boundary_table
from koyu_model.model import Model

NOTE = "These are verdicts, not the structural-consistency guarantee of koyu check"

#: what validation says when it caught nothing
NOTHING_CAUGHT = "✔ Nothing caught by validation (this is a judgement, not a guarantee about the composition)"


def counted(n: int, word: str, plural: str = "") -> str:
    """``1 space``, ``2 spaces``; ``plural`` where adding an s is wrong."""
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def consistent_line(spaces: int, boundaries: int, warnings: int) -> str:
    """check's green line: ``✔ Consistent — 3 spaces / 3 boundaries (1 warning)``."""
    line = f"✔ Consistent — {counted(spaces, 'space')} / {counted(boundaries, 'boundary', 'boundaries')}"
    return line + f" ({counted(warnings, 'warning')})" if warnings else line


def validation_line(violations: int, cautions: int) -> str:
    """validate's count line, or the line saying nothing was caught."""
    if not violations and not cautions:
        return NOTHING_CAUGHT
    return f"Validation — {counted(violations, 'violation')} / {counted(cautions, 'caution')}"


def accounting_line(report: dict[str, Any]) -> str:
    """koyu 0.27's accounting of an AssessmentReport: the profile and how its rules ran."""
    rules, profile = report["summary"]["rules"], report["profile"]
    return (
        f"{profile['id']}@{profile['revision']} — {rules['evaluated']} evaluated / {rules['notApplicable']} "
        f"not applicable / {rules['indeterminate']} indeterminate / {rules['error']} error"
    )


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
