"""validate — architectural verdicts (reference/mcp/tools-verify.md#validate).

Registered by koyu_verify/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).

The fifteen built-in rules (koyu_model.validate) come in as validators like any plugin's:
koyu_verify registers one ``Validator`` per chapter (``BUILTIN``) through the
``koyu_register_validators`` hook. ``findings`` runs the registered validators of the
active catalogue: the built-in chapters first, in ledger order and under their own rule
names (they *are* the ledger), then every third party's through
``koyu_host.validators.run_validators`` — namespaced ``<plugin>/<rule>``, and a validator
that raises becomes one caution of its own instead of taking validate down.
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, ToolError, Validator, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

DESCRIPTION = (
    "Architectural verdicts: daylight, envelope continuity, stair proportions, slopes, "
    "reachability, column/door collisions, and the site. **This is a different surface "
    "from the check guarantee** — findings carry rule/level, never code/severity. The "
    "surface grows and is not frozen"
)

#: The chapters of koyu_model.validate.CHAPTERS, in output order (named here so that
#: start-up, which imports every plugin, does not import the judgements themselves).
CHAPTER_NAMES = ("envelope", "daylight", "runs", "access", "column", "site")


def _chapter(name: str):
    def check(model):
        from koyu_model.validate import CHAPTERS

        return [f.to_json() for f in dict(CHAPTERS)[name](model)]

    check.__name__ = f"check_{name}"
    return check


#: The built-in validators, registered through the same hook a third party uses.
BUILTIN = tuple(Validator(name, _chapter(name)) for name in CHAPTER_NAMES)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


# koyu 0.27.0 (tools-verify.md#validate): the assessment protocol, under a named profile.
DESCRIPTION_0_27 = (
    "Architectural verdicts under an explicit rule profile: daylight, envelope continuity, stair proportions, "
    "slopes, reachability, column/door collisions, and the site. Returns a full AssessmentReport — the profile "
    "and rule identities, every rule's outcome, the evidence behind it, and a summary that keeps pass, "
    "not-applicable, indeterminate and error apart. **A different surface from the check guarantee**, and not "
    "frozen. `profile` is required: no jurisdiction or effective date is inferred"
)


def describe_0_27(catalogue) -> str:
    """koyu 0.27.0's description, which names the installed profiles when a rule pack is
    installed beside koyu's own, so an agent learns them without a failing call. With
    koyu's alone it is the original's, to the byte."""
    from koyu_host.profiles import names

    if all(r.builtin for r in catalogue.profiles):
        return DESCRIPTION_0_27
    return f"{DESCRIPTION_0_27}. Installed profiles (name one as `profile`): {', '.join(names(catalogue.profiles))}"


@attrs.frozen
class ProfileInput:
    """koyu 0.27.0's arguments. The building is read before the profile and the date are
    looked at (the recorded transcripts), so those two are checked by the handler."""

    file: str = argument(ENTRY_FILE)
    profile: str = argument("Rule profile id. koyu ships one: koyu.profile.schematic-screen", late=True)
    asOf: str = argument(
        "Effective date as YYYY-MM-DD. Not read from the clock, so the same input judges the same way twice",
        late=True,
    )


def findings(model, catalogue=None, log=None) -> list:
    """Every finding on ``model`` as JSON objects: the built-in chapters' (in ledger order,
    bare rule names), then the third-party validators' (namespaced, never raising)."""
    from koyu_host import plugins
    from koyu_host.validators import run_validators

    registered = (catalogue or plugins.active()).validators

    def is_builtin(r) -> bool:
        return any(r.validator is v for v in BUILTIN)

    active = [r.validator for r in registered if is_builtin(r)]
    out: list = []
    for v in BUILTIN:  # ledger order, whatever order the plugins were loaded in
        if any(v is w for w in active):
            out.extend(v.check(model))
    others = [r for r in registered if not is_builtin(r)]
    out.extend(run_validators(others, model, log=log))
    return out


def profile_and_date(profile: object, as_of: object) -> tuple[str, str]:
    """The two arguments koyu 0.27.0 requires, checked as it checks them (after the
    building is read): the original's sentences for a missing or malformed one."""
    if not isinstance(profile, str) or not profile:
        raise ToolError("profile (a string) is required")
    if not isinstance(as_of, str) or not as_of:
        raise ToolError("asOf (a string) is required")
    from koyu_model.assessment import real_date

    if not real_date(as_of):
        raise ToolError("$.asOf: expected a real YYYY-MM-DD date")
    return profile, as_of


def assessment(model, name: str, as_of: str, catalogue=None) -> dict:
    """The AssessmentReport of the installed profile ``name`` on ``model``.
    ``UnknownProfile`` when nothing installed answers to ``name``."""
    from koyu_host import plugins
    from koyu_host.profiles import find

    return judged(model, find((catalogue or plugins.active()).profiles, name), as_of)


def judged(model, found, as_of: str) -> dict:
    """The AssessmentReport of the registered profile ``found``; a third party's rules and
    analyses read a read-only copy of the model (koyu_host.validators.read_only)."""
    from koyu_host.validators import read_only
    from koyu_model.assessment import report

    return report(model, found.profile, as_of, rule_model=None if found.builtin else read_only(model))


def read_with_profile(args: ProfileInput, release: Release = KOYU_0_27):
    """``(model, registered profile, asOf)`` as koyu 0.27.0's validate takes them: the
    building read first, then the profile and the date checked, then the profile found
    among the installed ones; ToolError with its sentence at the first that fails."""
    from koyu_host import plugins
    from koyu_host.profiles import UnknownProfile, find

    model = load_entry(args.file, release)
    name, as_of = profile_and_date(args.profile, args.asOf)
    try:
        return model, find(plugins.active().profiles, name), as_of
    except UnknownProfile as e:
        raise ToolError(str(e)) from None


def handle_assessment(args: ProfileInput, release: Release = KOYU_0_27):
    """koyu 0.27.0's answer: the AssessmentReport, key-sorted (koyu_model.assessment)."""
    from koyu_model.assessment import sorted_keys

    return sorted_keys(judged(*read_with_profile(args, release)))


def handle(args: Input, release: Release = DEFAULT):
    """``{findings, violations, cautions, note}`` (koyu_model.listings)."""
    from koyu_model.listings import validate_answer

    return validate_answer(findings(load_entry(args.file, release)))


#: koyu 0.16.0's tool; koyu 0.27.0's is the assessment protocol (koyu_model.assessment)
SERVES = (
    Serving("0.16"),
    Serving(
        "0.27",
        handler=partial(handle_assessment, release=KOYU_0_27),
        description=describe_0_27,
        input=ProfileInput,
    ),
)
