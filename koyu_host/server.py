"""``koyu-mcp``: the server over stdio (reference/mcp/protocol.md, Framing).

stdout discipline: at start-up the real stdout file descriptor is taken private and
fd 1 is pointed at stderr, and ``sys.stdout`` is ``sys.stderr``. So nothing a plugin
does — ``print``, ``os.write(1, ...)``, a child process — can put a byte on the
stream the client reads, which carries JSON-RPC responses and nothing else. stdin is
kept private the same way (fd 0 becomes /dev/null), so a plugin that reads it cannot
swallow the client's next request.

The process ends with status 0 when stdin closes, when the client closes its end of
stdout, and on SIGTERM or SIGINT; a duplicate tool name stops start-up with status 2
and a message on stderr.

``--as <release>`` chooses the koyu release it answers as (koyu_host/surfaces.py; 0.16,
the default, or 0.27); a release it does not know is a mistake (status 2). Any other
argument is for a person, not a client: ``--help`` and ``--version`` are answered on
stdout and nothing is served; anything else is a mistake (status 2). Started at a
terminal, the server says once on stderr what it waits for (about.py).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterable
from types import FrameType
from typing import BinaryIO

from koyu_host import about, collector, plugins
from koyu_host.protocol import Server


class _Stop(BaseException):
    """SIGTERM: unwind and leave; a BaseException so a tool's `except Exception` keeps out of it."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise _Stop()


def claim_stdio() -> tuple[BinaryIO, int]:
    """Keep the real stdin and stdout private; give plugins /dev/null and stderr instead.

    Returns the protocol's input (a binary file) and output (a file descriptor).
    """
    sys.stdout.flush()
    out_fd = os.dup(1)
    in_fd = os.dup(0)
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # a plugin reading stdin must not swallow requests
    os.close(null)
    sys.stdout = sys.stderr
    return os.fdopen(in_fd, "rb"), out_fd


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def serve(server: Server, stdin: Iterable[bytes], out_fd: int) -> None:
    """Answer line by line until stdin closes (or the client stops reading)."""
    for raw in stdin:
        reply = server.handle_bytes(raw)
        if reply is not None:
            write_all(out_fd, reply)


def main(argv: list[str] | None = None) -> int:
    chosen = about.choose_surface(sys.argv[1:] if argv is None else argv)
    if chosen is None:
        return 2
    surface, argv = chosen
    if argv:
        return about.answer(argv, surface)
    stdin, out_fd = claim_stdio()
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        try:
            catalogue = plugins.load(surface=surface.name)
        except plugins.StartupError as err:
            print(f"koyu-mcp: cannot start: {err}", file=sys.stderr)
            return 2
        plugins.activate(catalogue)
        collector.freeze_startup()
        about.greet_a_terminal(stdin.fileno())
        serve(Server(catalogue, surface=surface), stdin, out_fd)
    except (_Stop, KeyboardInterrupt, BrokenPipeError):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
