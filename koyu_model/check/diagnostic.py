"""The Diagnostic record and its JSON shape (spec: reference/api/diagnostics.md,
reference/cli/check.md "The shape of --json", reference/mcp/tools-verify.md#check).

A diagnostic's ``severity`` is a property of its code (the ledger ``DIAGNOSTIC_CODES``),
never of circumstance. ``line`` 0 means "no line"; ``file`` is kept only with a line
(COMPAT §7). ``path`` is ``None`` when the diagnostic has no subject; ``related`` is
``()`` when it has no counterpart. ``to_json()`` gives the object in the original's key
order ``code, severity, message, line, file, path, related``, omitting absent parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from koyu_model.errors import src_ref

__all__ = [
    "DIAGNOSTIC_CODES",
    "Related",
    "Diagnostic",
    "diag",
    "related",
    "human",
    "to_json_list",
]

_E, _W = "error", "warning"

#: The ledger, in the ledger's order: 0.16's 65 codes (49 errors, 16 warnings) and the
#: five 0.27 adds (BND08, SIT06, VER05–VER07; diagnostics/index.md). A release emits only
#: its own: the sections reading a code's rule ask the release whether it has it.
DIAGNOSTIC_CODES: dict[str, str] = {
    "REF01": _E,
    "BND01": _E,
    "BND02": _E,
    "BND03": _E,
    "BND04": _E,
    "BND05": _W,
    "BND06": _W,
    "BND08": _W,
    "LVL01": _E,
    "GEO01": _E,
    "GEO02": _E,
    "VRT01": _E,
    "VRT02": _E,
    "VRT03": _E,
    "VRT04": _W,
    "VRT05": _W,
    "VRT06": _W,
    "OPN01": _E,
    "OPN02": _E,
    "OPN03": _W,
    "OPN04": _E,
    "OPN05": _E,
    "OPN06": _E,
    "OPN07": _E,
    "OPN08": _E,
    "SEG01": _E,
    "SEG02": _W,
    "SEG03": _W,
    "SEG04": _E,
    "SEG05": _E,
    "SEG06": _E,
    "SEG07": _E,
    "SEG08": _E,
    "ZON01": _W,
    "ZON02": _W,
    "HGT01": _E,
    "HGT02": _E,
    "SUF01": _E,
    "SUF02": _E,
    "SUF03": _W,
    "SUF04": _W,
    "SIT01": _E,
    "SIT02": _E,
    "SIT04": _W,
    "SIT06": _W,
    "UID01": _E,
    "UID02": _E,
    "UID03": _E,
    "UID04": _E,
    "ATT01": _E,
    "ATT02": _E,
    "ATT03": _E,
    "DAY01": _E,
    "RUN01": _E,
    "RUN02": _E,
    "RUN03": _E,
    "RUN05": _E,
    "LIN01": _E,
    "LIN02": _E,
    "LIN03": _W,
    "COL01": _W,
    "COL02": _W,
    "VER01": _E,
    "VER02": _E,
    "VER03": _E,
    "VER04": _E,
    "VER05": _E,
    "VER06": _E,
    "VER07": _E,
    "SYN01": _E,
}


@attrs.frozen
class Related:
    """The other end of a diagnostic: a line and, when known, its file."""

    line: int
    file: str | None = None

    def to_json(self) -> dict:
        out: dict = {"line": self.line}
        if self.file:
            out["file"] = self.file
        return out


@attrs.frozen
class Diagnostic:
    """One finding of ``check``. Build it with :func:`diag` (severity from the ledger)."""

    code: str
    severity: str
    message: str
    line: int = 0
    file: str | None = None
    path: tuple[str, ...] | None = None
    related: tuple[Related, ...] = ()

    @property
    def is_error(self) -> bool:
        return self.severity == _E

    @property
    def prefix(self) -> str:
        """The position as the string forms glue it on: ``<file>:line N`` / ``line N``."""
        return src_ref(self.line, self.file)

    def to_json(self) -> dict:
        out: dict = {"code": self.code, "severity": self.severity, "message": self.message}
        if self.line:
            out["line"] = self.line
            if self.file:
                out["file"] = self.file
        if self.path is not None:
            out["path"] = list(self.path)
        if self.related:
            out["related"] = [r.to_json() for r in self.related]
        return out


def related(line: int, file: str | None = None) -> Related:
    return Related(line, file or None)


def diag(
    code: str,
    message: str,
    line: int = 0,
    file: str | None = None,
    path: Sequence[str] | None = None,
    related: Iterable[Related] = (),
) -> Diagnostic:
    """A Diagnostic whose severity comes from the ledger; ``file`` is dropped without a line."""
    # positional, and tuples kept as they are: a building may carry thousands of these
    if line:
        file = file or None
    else:
        line, file = 0, None
    if path is not None and type(path) is not tuple:
        path = tuple(path)
    if type(related) is not tuple:
        related = tuple(related)
    return Diagnostic(code, DIAGNOSTIC_CODES[code], message, line, file, path, related)


def human(d: Diagnostic) -> str:
    """The string form with its position prefix (``check``'s errors/warnings strings).

    A diagnostic without a line is its bare message (UID03, VER01)."""
    if not d.line:
        return d.message
    # Diagnostic.prefix (errors.src_ref), written here: one per diagnostic
    if d.file:
        return f"{d.file}:line {d.line}: {d.message}"
    return f"line {d.line}: {d.message}"


def to_json_list(diags: Iterable[Diagnostic]) -> list[dict]:
    return [d.to_json() for d in diags]
