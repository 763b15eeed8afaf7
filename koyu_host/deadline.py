"""A time limit on each tool call, so a plugin that hangs cannot take the server with it.

The protocol page (reference/mcp/protocol.md) promises that a failure inside a tool comes
back as ``isError`` and that the next request is still answered. A handler stuck in a loop
or a blocking read would break both, so ``call`` runs the handler in a worker thread and
waits at most ``seconds``. Past that the call is answered with ``TimedOut`` (a ToolError:
``isError: true``, the bare message) and the server reads the next line. Python cannot
kill a thread: the abandoned one is a daemon, keeps whatever CPU it takes until it
returns, and its result is thrown away. It never writes to the protocol stream.

The limit is ``KOYU_MCP_TOOL_SECONDS`` (seconds; ``0`` turns it off), default 300 — far
above what the largest building we measure takes, so only a hang meets it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from koyu_host.errors import ToolError

__all__ = ["TimedOut", "DEFAULT_SECONDS", "limit", "call"]

DEFAULT_SECONDS = 300.0
# Worker threads get a large stack: deep import chains and geometry recurse, and a
# thread's default stack may be smaller than the main thread's.
_STACK_BYTES = 64 * 1024 * 1024


class TimedOut(ToolError):
    """A tool call that did not return within the limit."""


def limit() -> float:
    """The limit in seconds from the environment (0: no limit)."""
    raw = os.environ.get("KOYU_MCP_TOOL_SECONDS", "")
    try:
        value = float(raw) if raw.strip() else DEFAULT_SECONDS
    except ValueError:
        return DEFAULT_SECONDS
    return value if value > 0 and value == value else 0.0  # NaN and negatives: no limit


def call(run: Callable[[], Any], name: str, seconds: float | None = None) -> Any:
    """``run()``'s value or exception, or ``TimedOut`` after ``seconds`` (None: ``limit()``)."""
    seconds = limit() if seconds is None else seconds
    if not seconds:
        return run()
    outcome: dict[str, Any] = {}

    def work() -> None:
        try:
            outcome["value"] = run()
        except BaseException as exc:  # handed to the caller, who answers isError
            outcome["error"] = exc

    worker = threading.Thread(target=work, name=f"koyu-tool-{name}", daemon=True)
    previous: int | None = threading.stack_size()
    try:
        threading.stack_size(_STACK_BYTES)
    except (ValueError, RuntimeError):  # a platform that will not set it: keep the default
        previous = None
    try:
        worker.start()
    finally:
        if previous is not None:
            threading.stack_size(previous)
    worker.join(seconds)
    if worker.is_alive():
        raise TimedOut(f"{name} did not finish within {seconds:g} s; the call was abandoned")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
