"""review's answer: check's diagnostics and validate's judgement, read for an agent.

``{file, verdict, check, validate[, leftOut]}``. ``verdict`` is the command line's lines
(koyu_model.listings.verdicts). ``check``: ``ok``, the spaces and boundaries, the counts
by severity and by code, every error, and the warnings grouped by code. ``validate``: the
counts by level and by rule, every violation, the cautions grouped by rule; under koyu 0.27
also the profile, the date and the report's summary, the rules that reached no verdict
(``unjudged``: indeterminate or error, grouped by reason) and the outcomes left
indeterminate, grouped by rule. An item is ``{code | rule, message, at, paths}``: ``at``
is ``<layer>:<line>`` with the layer relative to the entry's folder (as write_layer names
it), left out with no line; a group is ``{code | rule, count, examples}`` with the first
EXAMPLES items.

Everything is built from what check and validate computed (nothing is judged here), and
written within LIMIT bytes (koyu_review.bounded): the most important parts first.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from koyu_model.listings.verdicts import accounting_line, consistent_line, counted, validation_line
from koyu_review.bounded import Bounded, Part, clip

#: the most bytes an answer takes (a client refuses a tool result much over 90 KB; an
#: agent reads this one whole)
LIMIT = 20_000
#: examples in a group of warnings or cautions
EXAMPLES = 3
#: paths named by one item (a diagnostic names one or two)
PATHS = 4


def _placer(folder: str) -> Callable[[object, object], str | None]:
    """``at(file, line)``: ``<layer>:<line>``, the layer relative to ``folder`` (worked out
    once per layer: a big building has thousands of diagnostics in a dozen layers); None
    without a line. A third party's finding or outcome may carry anything under these
    names: only a string file and a whole line count."""
    layers: dict[str, str] = {}

    def at(file: object, line: object) -> str | None:
        if type(line) is not int or line <= 0:
            return None
        if not (isinstance(file, str) and file):
            return f"line {line}"
        if file not in layers:
            layers[file] = clip(os.path.relpath(file, folder))
        return f"{layers[file]}:{line}"

    return at


def _item(key: str, name: str, message: object, at: str | None, paths: object) -> dict[str, Any]:
    out: dict[str, Any] = {key: clip(name), "message": clip(str(message))}
    if at:
        out["at"] = at
    named = [clip(p) for p in paths if isinstance(p, str)] if isinstance(paths, (list, tuple)) else []
    if named:
        out["paths"] = named[:PATHS]
    return out


def _groups(key: str, items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Items grouped by their ``key`` (first seen first): each group's count and examples."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        groups.setdefault(item[key], []).append({k: v for k, v in item.items() if k != key})
    return [{key: name, "count": len(found), "examples": found[:EXAMPLES]} for name, found in groups.items()]


def _counts(names: Iterable[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [(clip(name), n) for name, n in counts.items()]


def _left(noun: str, tool: str):
    """The note of a list of items: ``312 of 328 errors left out: check lists every one``."""
    return lambda left, total: f"{len(left)} of {total} {noun} left out: {tool} lists every one"


def _left_groups(noun: str, tool: str):
    """The note of a list of groups: ``2 of 5 warning groups left out (40 warnings): …``."""
    return lambda left, total: (
        f"{len(left)} of {total} {noun} groups left out "
        f"({counted(sum(g['count'] for g in left), noun)}): {tool} lists every one"
    )


def _left_counts(what: str, tool: str):
    return lambda left, total: f"{len(left)} of {total} {what} left out of the counts: {tool} counts them all"


@attrs.frozen
class Side:
    """What one tool says, read: its frame in the answer, its growing parts by name, and
    its verdict lines."""

    frame: dict[str, Any]
    parts: dict[str, Part]
    lines: list[str]


#: the parts of both sides in the order they are filled: the counts and the rules that
#: reached no verdict (a few lines), then every error and every violation, then the groups
ORDER = ("byCode", "byRule", "unjudged", "errors", "violations", "warnings", "cautions", "indeterminate")


def check_side(model: Any, diagnostics: Sequence[Any], folder: str) -> Side:
    """check's frame, its parts (counts by code, errors, warning groups) and its verdict line."""
    from koyu_model.listings import boundary_count

    at = _placer(folder)
    items = [(d.is_error, _item("code", d.code, d.message, at(d.file, d.line), d.path)) for d in diagnostics]
    errors = [item for is_error, item in items if is_error]
    warnings = [item for is_error, item in items if not is_error]
    frame: dict[str, Any] = {
        "ok": not errors,
        "spaces": len(model.spaces),
        "boundaries": boundary_count(model),
        "counts": {"errors": len(errors), "warnings": len(warnings)},
        "byCode": {},
        "errors": [],
        "warnings": [],
    }
    if errors:
        line = f"✖ Inconsistent — {counted(len(errors), 'error')} / {counted(len(warnings), 'warning')}"
    else:
        line = consistent_line(frame["spaces"], frame["boundaries"], len(warnings))
    parts = {
        "byCode": Part(frame["byCode"], _counts(d.code for d in diagnostics), _left_counts("codes", "check")),
        "errors": Part(frame["errors"], errors, _left("errors", "check")),
        "warnings": Part(frame["warnings"], _groups("code", warnings), _left_groups("warning", "check")),
    }
    return Side(frame, parts, [line])


def _judgement(frame: dict[str, Any], violations: list, cautions: list, rules: Iterable[str]) -> dict[str, Part]:
    """validate's counts by level into ``frame``, and its parts: the counts by rule, the
    violations, the caution groups."""
    frame["counts"] = {"violations": len(violations), "cautions": len(cautions)}
    frame["byRule"], frame["violations"], frame["cautions"] = {}, [], []
    return {
        "byRule": Part(frame["byRule"], _counts(rules), _left_counts("rules", "validate")),
        "violations": Part(frame["violations"], violations, _left("violations", "validate")),
        "cautions": Part(frame["cautions"], _groups("rule", cautions), _left_groups("caution", "validate")),
    }


def findings_side(findings: Sequence[dict[str, Any]], folder: str) -> Side:
    """koyu 0.16's validate: its findings (every registered validator's)."""
    at = _placer(folder)
    items = [
        (f["level"], _item("rule", f["rule"], f["message"], at(f.get("file"), f.get("line")), f.get("path")))
        for f in findings
    ]
    violations = [item for level, item in items if level == "violation"]
    cautions = [item for level, item in items if level != "violation"]
    frame: dict[str, Any] = {}
    parts = _judgement(frame, violations, cautions, (f["rule"] for f in findings))
    return Side(frame, parts, [validation_line(len(violations), len(cautions))])


def report_side(report: dict[str, Any], model: Any, folder: str) -> Side:
    """koyu 0.27's validate: the AssessmentReport of one profile."""
    from koyu_model.assessment import position

    at = _placer(folder)

    def item(rule: str, outcome: dict[str, Any]) -> dict[str, Any]:
        paths = [s.get("ref") for s in outcome.get("subjects", ()) if isinstance(s, dict)]
        return _item("rule", rule, outcome.get("message", ""), at(*position(outcome, model)), paths)

    found = report["findings"]
    violations = [item(f["rule"]["id"], f["outcome"]) for f in found if f["level"] == "violation"]
    cautions = [item(f["rule"]["id"], f["outcome"]) for f in found if f["level"] != "violation"]
    profile, summary = report["profile"], report["summary"]
    frame: dict[str, Any] = {
        "profile": clip(f"{profile['id']}@{profile['revision']}"),
        "asOf": report["context"]["asOf"],
        "model": report["model"]["state"],
        "state": summary["state"],
        "rules": summary["rules"],
        "outcomes": summary["outcomes"],
    }
    parts = _judgement(frame, violations, cautions, (f["rule"]["id"] for f in found))
    # the rules that reached no verdict, by why; the outcomes a rule left indeterminate
    unjudged: dict[tuple[str, str], list[str]] = {}
    for run in report["rules"]:
        if run["state"] in ("indeterminate", "error"):
            reason = clip(str(run["evaluation"].get("reason", "")))
            unjudged.setdefault((run["state"], reason), []).append(clip(run["rule"]["id"]))
    undecided = [
        item(run["rule"]["id"], o)
        for run in report["rules"]
        for o in run["evaluation"].get("outcomes", ())
        if o["status"] == "indeterminate"
    ]
    frame["unjudged"], frame["indeterminate"] = [], []
    parts["unjudged"] = Part(
        frame["unjudged"],
        [{"state": state, "reason": reason, "rules": rules} for (state, reason), rules in unjudged.items()],
        lambda left, total: (
            f"{len(left)} of {total} unjudged groups left out "
            f"({counted(sum(len(g['rules']) for g in left), 'rule')}): validate lists every one"
        ),
    )
    parts["indeterminate"] = Part(
        frame["indeterminate"], _groups("rule", undecided), _left_groups("indeterminate outcome", "validate")
    )
    if found or summary["state"] == "complete":
        line = validation_line(len(violations), len(cautions))
    else:  # nothing caught because nothing could be judged: not the green line
        stopped = summary["rules"]["indeterminate"] + summary["rules"]["error"]
        line = f"✖ Validation incomplete — {counted(stopped, 'rule')} reached no verdict"
        if report["model"]["state"] != "consistent":
            line += " (the model is inconsistent: fix check's errors first)"
    return Side(frame, parts, [line, clip(accounting_line(report))])


def bounded(entry: str, check: Side, validate: Side) -> dict[str, Any]:
    """The answer from check's side and validate's, within LIMIT bytes (in ORDER)."""
    answer = {
        "file": clip(entry),
        "verdict": check.lines + validate.lines,
        "check": check.frame,
        "validate": validate.frame,
    }
    parts = [side.parts[name] for name in ORDER for side in (check, validate) if name in side.parts]
    return Bounded(answer, parts, LIMIT).close()
