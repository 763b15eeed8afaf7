"""The two failures a tool call can answer with ``isError: true`` (reference/mcp/protocol.md)."""

from __future__ import annotations


class ToolError(Exception):
    """An expected failure inside a tool: answered ``isError: true`` with the bare message.

    Any other exception from a handler is answered the same way with ``str(exc)``,
    but also leaves a traceback on stderr, because it was not expected.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ArgumentError(ToolError):
    """A missing or wrongly typed argument, found before the handler runs.

    The server does not enforce inputSchema; like the original, it finds a bad
    argument inside the call and says so in the original's words
    (``file (a string) is required``).
    """
