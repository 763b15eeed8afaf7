"""validate — architectural judgement (reference/validate/index.md; api/validate.md).

``validate(model, extra_validators=()) -> list[Finding]`` runs the fifteen rules of the
ledger (``RULES``), one chapter module each, in the original's order (COMPAT §9)::

    envelope → daylight → runs (stair/run) → access (unreachable, voidonly, throughtenant,
    parking, backofhouse) → column (blocksdoor) → site (frontage, area, escape)

then each ``extra_validators`` callable ``check(model) -> iterable of Finding``, appended
in the order given. No verdict comes back: an empty list means nothing was caught.

Every chapter stands on what is derived once per Model (``koyu_model.derived``, the
daylight inputs and site report of ``koyu_model.asking``, the Form's runs and columns);
nothing here speaks JSON or MCP. ``CHAPTERS`` is the list the host registers, one
validator per chapter, through the same hook a third party uses (koyu_verify).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .access import check_access
from .column import check_columns
from .daylight import check_daylight
from .envelope import check_envelope
from .finding import RULES, Finding, finding
from .runs import check_runs
from .site import check_site

__all__ = ["CHAPTERS", "RULES", "Finding", "finding", "validate"]

#: (chapter name, check) in output order.
CHAPTERS: tuple[tuple[str, Callable], ...] = (
    ("envelope", check_envelope),
    ("daylight", check_daylight),
    ("runs", check_runs),
    ("access", check_access),
    ("column", check_columns),
    ("site", check_site),
)


def validate(model, extra_validators: Iterable[Callable] = ()) -> list[Finding]:
    """Every finding of the built-in chapters, then of ``extra_validators``, in order."""
    out: list[Finding] = []
    for _, check in CHAPTERS:
        out.extend(check(model))
    for check in extra_validators:
        out.extend(check(model))
    return out
