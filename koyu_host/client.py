"""A small MCP client for koyu-mcp, over the in-memory transport or a real process.

    client = Client.in_memory()                 # this process (memory.py)
    client = Client.process()                   # a `koyu-mcp` child over pipes
    client.initialize()
    client.list_tools()                         # the 12 tool descriptions
    client.call_tool("doors", {"file": "examples/two-rooms.muro", "from": "/L1/a", "to": "/out"})
    client.close()                              # closes stdin; returns the exit status

``python -m koyu_host.client FILE`` runs a session against a real ``koyu-mcp``
process and prints it: initialize, tools/list, and a few tool calls on FILE;
``--call NAME '{"from": "/L1/a", "to": "/out"}'`` adds a call (``file`` is filled in).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from typing import TYPE_CHECKING, Any, Protocol

from koyu_host.memory import MemoryTransport

if TYPE_CHECKING:
    from koyu_host.plugins import Catalogue
    from koyu_host.surfaces import Surface


class ProtocolError(Exception):
    """The server answered something other than the awaited response."""


class Transport(Protocol):
    """Lines to and from a server: MemoryTransport (memory.py) and PipeTransport below."""

    def send(self, line: str) -> None:
        """One line to the server, without its line break."""

    def receive(self) -> str | None:
        """The next line the server wrote, or None when it has said all it will."""

    def close(self) -> int:
        """End the session; the server's exit status."""


class PipeTransport:
    """A koyu-mcp child process; lines over its stdin and stdout."""

    def __init__(self, argv: list[str] | None = None, cwd: str | None = None, env: dict[str, str] | None = None):
        self.process = subprocess.Popen(
            argv or server_command(),
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,
        )

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def receive(self) -> str | None:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        return line.decode("utf-8").rstrip("\n") if line else None

    def close(self, timeout: float = 10) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.stdout is not None:
                self.process.stdout.close()


def server_command() -> list[str]:
    """``koyu-mcp`` beside this Python if installed there, else on PATH, else ``-m koyu_host``."""
    beside = os.path.join(os.path.dirname(sys.executable), "koyu-mcp")
    if os.path.exists(beside):
        return [beside]
    found = shutil.which("koyu-mcp")
    return [found] if found else [sys.executable, "-m", "koyu_host"]


class Client:
    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self._next_id = 0

    @classmethod
    def in_memory(cls, catalogue: Catalogue | None = None, surface: Surface | None = None) -> Client:
        """A server in this process; ``surface``: the one it answers as (its catalogue loaded
        from entry points when none is given), by default koyu 0.16.0's."""
        return cls(MemoryTransport(catalogue, surface=surface))

    @classmethod
    def process(
        cls, argv: list[str] | None = None, cwd: str | None = None, env: dict[str, str] | None = None
    ) -> Client:
        return cls(PipeTransport(argv, cwd, env))

    def request(self, method: str, params: Any = None) -> dict[str, Any]:
        """Send a request; return the whole response object (``result`` or ``error``)."""
        self._next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.transport.send(json.dumps(message, ensure_ascii=False))
        line = self.transport.receive()
        if line is None:
            raise ProtocolError(f"no reply to {method}")
        response: dict[str, Any] = json.loads(line)
        if response.get("id") != self._next_id:
            raise ProtocolError(f"reply to another request: {line}")
        return response

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.transport.send(json.dumps(message, ensure_ascii=False))

    def result(self, method: str, params: Any = None) -> Any:
        response = self.request(method, params)
        if "error" in response:
            raise ProtocolError(f"{method}: {response['error']['code']} {response['error']['message']}")
        return response["result"]

    def initialize(self, protocol_version: str = "2025-06-18") -> dict[str, Any]:
        result: dict[str, Any] = self.result(
            "initialize",
            {
                "protocolVersion": protocol_version,
                "capabilities": {},
                "clientInfo": {"name": "koyu_host.client", "version": "0"},
            },
        )
        self.notify("notifications/initialized")
        return result

    def list_tools(self) -> list[dict[str, Any]]:
        tools: list[dict[str, Any]] = self.result("tools/list")["tools"]
        return tools

    def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        """The tools/call result: ``{content: [{type, text}], isError?}``."""
        params: dict[str, Any] = {"name": name}
        if arguments is not None:
            params["arguments"] = arguments
        result: dict[str, Any] = self.result("tools/call", params)
        return result

    def close(self) -> int:
        return self.transport.close()


def _show(title: str, text: str) -> None:
    print(f"── {title}")
    print(text)
    print()


def _shown(item: dict[str, Any], tool: str, folder: str | None) -> str:
    """One content item as the session prints it: a text as it is; an image by its type
    and size (and the file it was written to, with ``--images``)."""
    if item.get("type") != "image":
        return str(item.get("text", ""))
    data = base64.b64decode(item["data"])
    shown = f"[{item['mimeType']}: {len(data):,} bytes]"
    if folder:
        os.makedirs(folder, exist_ok=True)
        extension = item["mimeType"].rpartition("/")[2]
        path = os.path.join(folder, f"{tool}-{len(os.listdir(folder)) + 1}.{extension}")
        with open(path, "wb") as f:
            f.write(data)
        shown += f" written to {path}"
    return shown


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m koyu_host.client",
        description="Run a short MCP session against a koyu-mcp process and print it.",
    )
    parser.add_argument("file", help="the entry .muro file to ask about")
    parser.add_argument("--server", help="server command line (default: koyu-mcp)")
    parser.add_argument("--as", dest="surface", metavar="RELEASE", help="start the server --as RELEASE (0.27)")
    parser.add_argument(
        "--images", metavar="DIR", help="write each image a tool answers (view's PNG) into DIR, as it came back"
    )
    parser.add_argument(
        "--call",
        nargs=2,
        action="append",
        default=[],
        metavar=("TOOL", "JSON"),
        help="also call TOOL with these arguments (a JSON object; file is added)",
    )
    args = parser.parse_args(argv)
    extra = []
    for name, text in args.call:
        try:
            arguments = json.loads(text)
        except ValueError as err:
            parser.error(f"--call {name}: the arguments are not JSON ({err})")
        if not isinstance(arguments, dict):
            parser.error(f"--call {name}: the arguments must be a JSON object")
        extra.append((name, arguments))
    entry = os.path.abspath(args.file)  # the server resolves relative paths against its own cwd
    command = args.server.split() if args.server else server_command()
    client = Client.process(command + (["--as", args.surface] if args.surface else []))
    failed = False
    try:
        info = client.initialize()
        _show("initialize", json.dumps(info, ensure_ascii=False, indent=1))
        tools = client.list_tools()
        _show(f"tools/list: {len(tools)} tools", "\n".join(f"{t['name']:<15} {t['description'][:70]}" for t in tools))
        calls = [("model_summary", {}), ("check", {}), ("spaces", {})] + extra
        for name, arguments in calls:
            try:
                result = client.call_tool(name, {"file": entry, **arguments})
            except ProtocolError as err:
                print(f"koyu_host.client: {err}", file=sys.stderr)
                failed = True
                continue
            flag = "  (isError)" if result.get("isError") else ""
            _show(f"tools/call {name}{flag}", "\n".join(_shown(item, name, args.images) for item in result["content"]))
    finally:
        status = client.close()
    print(f"── stdin closed; koyu-mcp exited with status {status}")
    return 1 if failed or status else 0


if __name__ == "__main__":
    sys.exit(main())
