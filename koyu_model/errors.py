"""The one exception that stops a read (spec: reference/api/errors.md, SourceError).

Only reading a building raises. Everything after — check, validate, derive — reports
instead. A ``KoyuError`` carries the body (``raw``), the 1-based ``line`` and, when the
error happened inside a composed layer, that layer's resolved absolute ``file``.
``str(error)`` is the finished sentence the CLI and the MCP tools print::

    <file>:line <n>: <body>        when the layer is known
    line <n>: <body>               otherwise (a missing entry: "line 0: Cannot read file: x")
"""

from __future__ import annotations

__all__ = [
    "KoyuError",
    "CannotReadFile",
    "NotationError",
    "CompositionError",
    "NewerVersion",
    "src_ref",
]


def src_ref(line: int, file: str | None = None) -> str:
    """Spell a position as the original does: ``L1.muro:line 12`` or ``line 12``."""
    return f"{file}:line {line}" if file else f"line {line}"


class KoyuError(Exception):
    """A read that cannot go on. ``raw`` is the body, ``line``/``file`` the provenance;
    ``code`` is the diagnostic ``check --json`` reports it as, the single one."""

    code = "SYN01"

    def __init__(self, raw: str, line: int = 0, file: str | None = None) -> None:
        super().__init__(raw)
        self.raw = raw
        self.line = line
        self.file = file

    @property
    def message(self) -> str:
        return f"{src_ref(self.line, self.file)}: {self.raw}"

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.raw!r}, line={self.line}, file={self.file!r})"


class CannotReadFile(KoyuError):
    """The entry (line 0, no file) or an imported layer (the import's line) cannot be read."""


class NotationError(KoyuError):
    """One line cannot be read: lexing, an unknown keyword, a bad position, a broken band…"""


class CompositionError(KoyuError):
    """The layers contradict each other: duplicates, over/drop without a target, two opinions."""


class NewerVersion(NotationError):
    """The version line names a version later than every one the release reads: the file
    is fine and the reader is behind, so the code is its own (0.27: diagnostics/ver.md#ver06)."""

    code = "VER06"
