"""``koyu-mcp``: the server over stdio (reference/mcp/protocol.md, Framing).

stdout discipline: at start-up the real stdout file descriptor is taken private and
fd 1 is pointed at stderr, and ``sys.stdout`` is ``sys.stderr``. So nothing a plugin
does — ``print``, ``os.write(1, ...)``, a child process — can put a byte on the
stream the client reads, which carries JSON-RPC responses and nothing else.

The process ends with status 0 when stdin closes, when the client closes its end of
stdout, and on SIGTERM or SIGINT; a duplicate tool name stops start-up with status 2
and a message on stderr.
"""

from __future__ import annotations

import os
import signal
import sys

from koyu_host import plugins
from koyu_host.protocol import Server


class _Stop(BaseException):
    """SIGTERM: unwind and leave; a BaseException so a tool's `except Exception` keeps out of it."""


def _on_sigterm(signum, frame) -> None:
    raise _Stop()


def claim_stdout() -> int:
    """Keep the real stdout as a private descriptor; send fd 1 and sys.stdout to stderr."""
    sys.stdout.flush()
    private = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return private


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def serve(server: Server, stdin, out_fd: int) -> None:
    """Answer line by line until stdin closes (or the client stops reading)."""
    for raw in stdin:
        reply = server.handle_line(raw.decode("utf-8", "replace"))
        if reply is not None:
            write_all(out_fd, reply.encode("utf-8") + b"\n")


def main(argv: list[str] | None = None) -> int:
    out_fd = claim_stdout()
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        try:
            catalogue = plugins.load()
        except plugins.DuplicateToolError as err:
            print(f"koyu-mcp: cannot start: {err}", file=sys.stderr)
            return 2
        plugins.activate(catalogue)
        serve(Server(catalogue), sys.stdin.buffer, out_fd)
    except (_Stop, KeyboardInterrupt, BrokenPipeError):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
