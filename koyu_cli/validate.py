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
never guessed: once the file is read, a missing profile, a missing date, an unknown profile
(the id alone names it) and a date that is no real day, in that order, print their sentence
on stderr and exit 2. The human form is the findings' lines as above (rule ids now), the
count, the accounting line of the summary, and ``Incomplete — …`` when a rule could not be
judged; ``--json`` writes the whole report, key-sorted. Exit 0 only when the whole set ran and
nothing was violated; 1 for a violation, an inconsistent model, a rule left indeterminate
or one that errored.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, refuse, write
from koyu_model.jsjson import tool_text
from koyu_model.listings.verdicts import NOTHING_CAUGHT, accounting_line, validation_line
from koyu_model.model import Model


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true")
    # koyu 0.27's two required flags; 0.16 does not read them (ignored, as any unknown flag)
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


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    if model.release.validate_assesses:
        return _assess(model, args)
    from koyu_model.validate import validate

    found = [f.to_json() for f in validate(model)]
    code = 1 if any(f.get("level") == "violation" for f in found) else 0
    if args.json:
        write(tool_text(found) + "\n")
    else:
        write("\n".join(human_lines(found)) + "\n")
    return code


# --- koyu 0.27: the assessment report ---------------------------------------------------

SHIPS = "  koyu ships one: {profile}"
NO_PROFILE = "validate needs an explicit profile: --profile <id>"
UNKNOWN_PROFILE = "Unknown profile: {profile}"
NO_DATE = (
    "validate needs an explicit effective date: --as-of YYYY-MM-DD\n"
    "  the date is not read from the clock, so that the same file judges the same way twice"
)
UNREAL_DATE = "✖ $.asOf: expected a real YYYY-MM-DD date"
INCOMPLETE = "  Incomplete — something could not be judged, which is not the same as passing"


def _assess(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.assessment import real_date, report, text
    from koyu_model.assessment.schematic import PROFILE

    ships = SHIPS.format(profile=PROFILE.id)
    if not args.profile:
        return refuse(f"{NO_PROFILE}\n{ships}")
    if not args.as_of:
        return refuse(NO_DATE)
    if args.profile != PROFILE.id:  # the id alone: ``…@1`` is no profile's name here
        return refuse(f"{UNKNOWN_PROFILE.format(profile=args.profile)}\n{ships}")
    if not real_date(args.as_of):
        return refuse(UNREAL_DATE)
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
    if answer["summary"]["state"] != "complete":
        lines.append(INCOMPLETE)
    return lines
