"""review — check and validate in one answer an agent can read (koyu_review.answer).

The building is read once, as check reads it (a broken one is check's ``isError``
sentence); check's diagnostics and validate's judgement are then computed on that one
model, so the derived indexes both need are built once (the core keeps them on the
model's stash). On koyu 0.16 validate's judgement is its findings, every registered
validator's (koyu_verify.validate.findings); on koyu 0.27 the AssessmentReport of the
profile named by ``profile`` and ``asOf``, which are taken and refused exactly as 0.27's
validate takes and refuses them (koyu_verify.validate.read_with_profile).
"""

from __future__ import annotations

import os
from functools import partial

from koyu_verify.validate import Input, ProfileInput

from koyu_host import Serving, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

__all__ = ["Input", "ProfileInput", "SERVES", "describe", "describe_assessment", "handle", "handle_assessment"]

_WHAT = (
    "check and validate in one answer of at most 20,000 bytes, for any building: the verdict "
    "in a few lines; check's counts by severity and by code, every error, the warnings grouped "
    "by code with a few examples; validate's counts by level and by rule, every violation, the "
    "cautions grouped by rule. An error or violation is {code or rule, message, at: <layer>:<line> "
    "(the layer relative to the entry's folder, as write_layer names it), paths}. What did not "
    "fit is counted in leftOut, and check or validate lists all of it. Fix check's errors first: "
    "judgements on an inconsistent model mean little"
)


def describe(catalogue) -> str:
    """koyu 0.16's description, naming the third-party validators it runs."""
    from koyu_verify.validate import BUILTIN

    theirs = sorted(
        {f"{r.plugin}/{r.validator.name}" for r in catalogue.validators if not any(r.validator is v for v in BUILTIN)}
    )
    validators = "; validators installed beside the built-in rules: " + ", ".join(theirs) if theirs else ""
    return "Review the building: " + _WHAT + validators


def describe_assessment(catalogue) -> str:
    """koyu 0.27's description, naming the installed profiles (rule packs)."""
    from koyu_host.profiles import listing

    return (
        "Review the building under an explicit rule profile: "
        + _WHAT
        + ". validate's part is the AssessmentReport's: also the rules that reached no verdict "
        + "(unjudged) and the outcomes left indeterminate. profile and asOf as validate takes them. "
        + f"Profiles: {listing(catalogue.profiles)}"
    )


def handle(args: Input, release: Release = DEFAULT):
    from koyu_verify.validate import findings

    from koyu_model.check import check
    from koyu_review.answer import bounded, check_side, findings_side

    entry = os.path.abspath(args.file)
    model = load_entry(entry, release)
    folder = os.path.dirname(entry)
    return bounded(entry, check_side(model, check(model), folder), findings_side(findings(model), folder))


def handle_assessment(args: ProfileInput, release: Release = KOYU_0_27):
    from koyu_verify.validate import judged, read_with_profile

    from koyu_model.check import check
    from koyu_review.answer import bounded, check_side, report_side

    entry = os.path.abspath(args.file)
    model, profile, as_of = read_with_profile(args, release)
    folder = os.path.dirname(entry)
    report = judged(model, profile, as_of)
    return bounded(entry, check_side(model, check(model), folder), report_side(report, model, folder))


SERVES = (
    Serving("0.16"),
    Serving(
        "0.27",
        handler=partial(handle_assessment, release=KOYU_0_27),
        description=describe_assessment,
        input=ProfileInput,
    ),
)
