"""Section 3 (COMPAT §7): LVL01 — two levels at the same z (spec: diagnostics/lvl.md).

Adjacent levels in z order (``Model.levels_by_z``: JavaScript's key order, stably sorted
by z) closer than 0.5 mm: the message names the pair in z order, the line is the later
one's, ``related`` the earlier one's. Three at one z give two diagnostics.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.model import Model

__all__ = ["section_levels"]

SAME_Z = 0.5  # mm


def section_levels(model: Model) -> Iterator[Diagnostic]:
    order = [model.levels[n] for n in model.levels_by_z]
    for lower, upper in zip(order, order[1:]):
        if abs(upper.z - lower.z) < SAME_Z:
            yield diag(
                "LVL01",
                f"Levels {lower.name} and {upper.name} have the same z",
                upper.line,
                upper.file,
                None,
                (related(lower.line, lower.file),),
            )
