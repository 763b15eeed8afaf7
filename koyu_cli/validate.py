"""``koyu validate FILE [--json]`` (spec: reference/cli/validate.md).

The findings of the built-in rules (koyu_model.validate); third-party validators are the
MCP server's (koyu-mcp's validate runs them after these). Human form: one line per finding,
``✖`` for a violation and ``⚠`` for a caution, ``[rule]``, the position
``<file>:line <n>:`` when the finding has one, the message; then the count. Nothing caught
gives the one green line. ``--json`` writes the Finding array (one-space indent). Exit 1
when there is a violation (cautions alone give 0), whatever the form; a file that cannot
be read prints one ``✖`` on stderr and exits 1.

Under koyu 0.27 (``Release.validate_assesses``; reference/cli/validate.md) it is
``koyu validate FILE --profile <id> --as-of <YYYY-MM-DD> [--json]``: the AssessmentReport
of the built-in profile (koyu_model.assessment; the command line stands on the core, so
a rule pack installed as a plugin is the MCP server's). Both flags are required and
never guessed: a missing or unknown profile or a missing or unreal date prints its
sentence on stderr and exits 2, before the file is read. The human form is the findings'
lines as above (rule ids now), the count, and the accounting line of the summary;
``--json`` writes the whole report, key-sorted. Exit 0 only when the whole set ran and
nothing was violated; 1 for a violation, an inconsistent model, a rule left indeterminate
or one that errored.
"""

from __future__ import annotations

import argparse
import sys

from koyu_cli.common import answers, fail, write
from koyu_model.jsjson import tool_text
from koyu_model.listings.verdicts import NOTHING_CAUGHT, accounting_line, validation_line
from koyu_model.model import Model


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true")
    # koyu 0.27's two required flags; under 0.16 either is a usage error (``run``)
    parser.add_argument("--profile", default=None)
    parser.add_argument("--as-of", dest="as_of", default=None)


def human_line(f: dict) -> str:
    """``✖ [rule] <file>:line <n>: message`` (no position when the finding has none)."""
    mark = "✖" if f.get("level") == "violation" else "⚠"
    line = f.get("line")
    where = ""
    if line:
        where = f"{f['file']}:line {line}: " if f.get("file") else f"line {line}: "
    return f"{mark} [{f['rule']}] {where}{f['message']}"


def human_lines(found: list) -> list:
    if not found:
        return [NOTHING_CAUGHT]
    violations = sum(1 for f in found if f.get("level") == "violation")
    return [human_line(f) for f in found] + [validation_line(violations, len(found) - violations)]


def run(args: argparse.Namespace) -> int:
    if args.release.validate_assesses:
        return _assess(args)
    if args.profile is not None or args.as_of is not None:
        from koyu_cli.main import USAGES

        print(USAGES[args.release.name], file=sys.stderr)
        return 2
    return _findings(args)


@answers
def _findings(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.validate import validate

    found = [f.to_json() for f in validate(model)]
    code = 1 if any(f.get("level") == "violation" for f in found) else 0
    if args.json:
        write(tool_text(found) + "\n")
    else:
        write("\n".join(human_lines(found)) + "\n")
    return code


# --- koyu 0.27: the assessment report ---------------------------------------------------


def _usage(lines: str) -> int:
    print(lines, file=sys.stderr)
    return 2


def _assess(args: argparse.Namespace) -> int:
    from koyu_model import KoyuError, load
    from koyu_model.assessment import real_date, report, text
    from koyu_model.assessment.schematic import PROFILE

    ships = f"  koyu ships one: {PROFILE.id}"
    if not args.profile:
        return _usage(f"validate needs an explicit profile: --profile <id>\n{ships}")
    if not args.as_of:
        return _usage("validate needs an explicit date: --as-of <YYYY-MM-DD>")
    if not real_date(args.as_of):
        return _usage(f"--as-of expects a real YYYY-MM-DD date: {args.as_of}")
    if args.profile not in (PROFILE.id, f"{PROFILE.id}@{PROFILE.revision}"):
        return _usage(f"Unknown profile: {args.profile} (koyu ships one: {PROFILE.id})")
    try:
        model = load(args.file, release=args.release)
    except KoyuError as e:
        return fail(e)
    answer = report(model, PROFILE, args.as_of)
    if args.json:
        write(text(answer) + "\n")
    else:
        write("\n".join(report_lines(answer, model)) + "\n")
    return assessment_exit(answer)


def assessment_exit(answer: dict) -> int:
    """0 only when the whole set ran on a consistent model and nothing was violated."""
    ran = answer["summary"]["state"] == "complete" and answer["model"]["state"] == "consistent"
    violated = any(f["level"] == "violation" for f in answer["findings"])
    return 0 if ran and not violated else 1


def report_lines(answer: dict, model: Model) -> list:
    """The findings' lines and their count (or the green line), then the accounting."""
    from koyu_model.assessment import position

    lines = [
        human_line(
            {"rule": f["rule"]["id"], "level": f["level"], "message": f["outcome"]["message"]}
            | dict(zip(("file", "line"), position(f["outcome"], model)))
        )
        for f in answer["findings"]
    ]
    violations = sum(1 for f in answer["findings"] if f["level"] == "violation")
    lines.append(validation_line(violations, len(lines) - violations))
    lines.append("  " + accounting_line(answer))
    return lines
