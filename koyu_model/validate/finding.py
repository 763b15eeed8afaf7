"""The Finding record and the ledger of the fifteen rules (reference/api/validate.md;
validate/index.md).

A finding is not a diagnostic: ``rule``/``level`` instead of ``code``/``severity``, so the
two can never be mixed up. ``level`` is a property of the rule, read from ``RULES``.
"""

from __future__ import annotations

import attrs

__all__ = ["Finding", "RULES", "finding"]

#: VALIDATION_RULES, in the ledger's own order (api/validate.md).
RULES = {
    "envelope.gap": "caution",
    "daylight.ratio": "violation",
    "daylight.unknown": "caution",
    "stair.proportion": "caution",
    "run.slope": "caution",
    "run.disconnected": "caution",
    "access.unreachable": "violation",
    "access.voidonly": "violation",
    "access.throughtenant": "caution",
    "access.parking": "violation",
    "access.backofhouse": "caution",
    "column.blocksdoor": "violation",
    "site.escape": "violation",
    "site.area": "caution",
    "site.frontage": "violation",
}


@attrs.frozen
class Finding:
    """One architectural finding. ``line`` 0 / ``file`` "" / ``path`` () mean "none"."""

    rule: str
    level: str
    message: str
    line: int = 0
    file: str = ""
    path: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """The Finding object: rule, level, message, then line and file (only with a line)
        and path when there is one (mcp/tools-verify.md "The shape of a finding")."""
        out: dict[str, object] = {"rule": self.rule, "level": self.level, "message": self.message}
        if self.line:
            out["line"] = self.line
            if self.file:
                out["file"] = self.file
        if self.path:
            out["path"] = list(self.path)
        return out


def finding(rule: str, message: str, line: int = 0, file: str = "", path: tuple[str, ...] = ()) -> Finding:
    """A finding of a ledger rule; its level comes from the ledger."""
    return Finding(rule, RULES[rule], message, line or 0, file or "", tuple(path))
