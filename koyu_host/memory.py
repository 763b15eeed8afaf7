"""An in-memory transport: a koyu-mcp server in this process, spoken to line by line.

For the host's own tests: the same ``Server.handle_line`` the stdio loop runs, without a
subprocess (a plugin author's tests use koyu_host.testing, which stands on this). ``send`` takes one raw line (so framing rules can be tested
too) and the reply, if there is one, waits in ``replies``::

    from koyu_host.client import Client
    client = Client.in_memory()          # plugins found through entry points
    client.call_tool("check", {"file": "examples/two-rooms.muro"})
"""

from __future__ import annotations

from collections import deque
from typing import IO

from koyu_host import plugins
from koyu_host.plugins import Catalogue
from koyu_host.protocol import Server
from koyu_host.surfaces import DEFAULT, Surface


class MemoryTransport:
    def __init__(
        self, catalogue: Catalogue | None = None, *, surface: Surface | None = None, log: IO[str] | None = None
    ):
        if catalogue is None:  # the running server's, or the chosen surface's from entry points
            catalogue = plugins.active() if surface is None else plugins.load(surface=surface.name)
        self.server = Server(catalogue, surface=surface or DEFAULT, log=log)
        self.replies: deque[str] = deque()

    def send(self, line: str) -> None:
        for part in line.split("\n"):  # what the stdio loop would see as separate lines
            reply = self.server.handle_line(part)
            if reply is not None:
                self.replies.append(reply)

    def receive(self) -> str | None:
        """The next reply line, or None when the server has said nothing more."""
        return self.replies.popleft() if self.replies else None

    def close(self) -> int:
        return 0
