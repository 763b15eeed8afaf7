"""``koyu check FILE [--json] [--strict]`` (spec: reference/cli/check.md).

Human form, all on stdout (it is the answer): each warning as ``⚠ <position>: <message>``,
then each error as ``✖ …``; with no error, the green line and what green means instead. ``--json`` writes the
diagnostics array (one-space indent), a read or composition error becoming a single SYN01
(COMPAT §7 end; the error's ``code``: a version later than the release reads is VER06).
Exit 1 on an error, or on any diagnostic under ``--strict``.
"""

from __future__ import annotations

import argparse
from typing import Any

from koyu_cli.call import CallReader
from koyu_cli.common import fail, write
from koyu_model import KoyuError, load
from koyu_model.jsjson import tool_text

GREEN_NOTE = "  Structural consistency only — architectural validity is what koyu validate says, separately"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--strict", action="store_true")


def _read_error(error: KoyuError) -> dict[str, Any]:
    out: dict[str, Any] = {"code": error.code, "severity": "error", "message": error.raw}
    if error.line:
        out["line"] = error.line
        if error.file:
            out["file"] = error.file
    return out


def run(args: argparse.Namespace) -> int:
    from koyu_model.check import check, human
    from koyu_model.listings import boundary_count
    from koyu_model.listings.verdicts import consistent_line

    try:
        model = load(args.file, release=args.release)
    except KoyuError as e:
        if args.json:
            write(tool_text([_read_error(e)]) + "\n")
            return 1
        return fail(e)
    diags = check(model)
    has_error = any(d.is_error for d in diags)
    code = 1 if has_error or (args.strict and diags) else 0
    if args.json:
        write(tool_text([d.to_json() for d in diags]) + "\n")
        return code
    # warnings first, errors after (diagnostics/reading.md), all on stdout: they are the
    # answer; with an error no green line
    warnings = [d for d in diags if not d.is_error]
    lines = [f"⚠ {human(d)}" for d in warnings]
    if has_error:
        lines += [f"✖ {human(d)}" for d in diags if d.is_error]
    else:
        lines += [consistent_line(len(model.spaces), boundary_count(model), len(warnings)), GREEN_NOTE]
    write("\n".join(lines) + "\n")
    return code
