"""The JSON-RPC surface of koyu-mcp, line in, line out (reference/mcp/protocol.md).

``Server.handle_line`` takes one line read from the client and returns the one line to
write back, or None (``handle_bytes``: the same, as the stdio loop reads and writes it,
UTF-8 with the line break). It does no I/O of its own, so the stdio loop (server.py)
and the in-memory transport (memory.py) share every rule:

* blank lines are skipped; a line that is not JSON, or is JSON but not an object
  (a batch, null, a string), is dropped in silence;
* a message without ``method`` (a response) is dropped; one without ``id`` (a
  notification) runs nothing and is answered with nothing — even ``tools/call``;
* an ``id`` of any JSON type (string, number, null) is echoed;
* ``initialize``, ``ping``, ``tools/list``, ``tools/call``, ``resources/list`` and
  ``prompts/list`` are answered; any other method is -32601 ``Unsupported method:
  <name>``; a ``tools/call`` naming no tool is -32602 ``Unknown tool: <name>``. No
  other JSON-RPC error code is ever sent;
* a failure inside a tool is a result with ``isError: true`` and the bare message;
* a tool answering ``koyu_host.Content`` (a plugin's image, say) gets those content items,
  in its order; every other answer is one text item.

Responses are written as JavaScript would, and a tool's answer — a str, or a value written
as ``JSON.stringify(value, null, 1)`` — goes into the reply's content text (wire.py).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from typing import IO, Any, TypeVar

from koyu_host import collector, deadline, plugins
from koyu_host.content import Content
from koyu_host.errors import ToolError
from koyu_host.plugins import Catalogue
from koyu_host.surfaces import DEFAULT, Surface
from koyu_host.wire import answer_string, reply_bytes, reply_line
from koyu_model.jsjson import js_number

DEFAULT_PROTOCOL_VERSION = "2025-06-18"
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602

_UNDEFINED = object()  # a member that is absent, as JavaScript's `undefined`

Json = dict[str, Any]  # a JSON-RPC message or result, as parsed or to be written
Reply = TypeVar("Reply", str, bytes)


class RpcError(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")  # JSON.parse refuses NaN and Infinity


def js_string(value: Any) -> str:
    """``String(value)`` for a parsed JSON value, as a template literal spells it."""
    if value is _UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return js_number(value)
    if isinstance(value, list):  # Array.prototype.join: null and undefined become ""
        return ",".join("" if v is None else js_string(v) for v in value)
    return "[object Object]"


class Server:
    """One koyu-mcp server over a catalogue of tools, answering as one surface (the
    catalogue's tools are that surface's: ``plugins.load(surface=...)``). Stateless
    between messages."""

    def __init__(self, catalogue: Catalogue, *, surface: Surface = DEFAULT, log: IO[str] | None = None):
        self.catalogue = catalogue
        self.surface = surface
        self.log = log  # None: sys.stderr at the time of writing
        self._tools_result: Json | None = None
        self._methods: dict[str, Callable[[Any], Json]] = {
            "initialize": self._initialize,
            "ping": self._ping,
            "tools/list": self._tools_list,
            "tools/call": self._tools_call,
            "resources/list": lambda params: {"resources": []},
            "prompts/list": lambda params: {"prompts": []},
        }

    # -- framing ---------------------------------------------------------------

    def handle_line(self, line: str) -> str | None:
        """One line in; the response line (no newline) or None. Never raises."""
        return self._reply(line, reply_line)

    def handle_bytes(self, raw: bytes) -> bytes | None:
        """One line as read from stdin; the response in UTF-8 with its line break, or None."""
        return self._reply(raw.decode("utf-8", "replace"), reply_bytes)

    def _reply(self, line: str, write: Callable[[Json], Reply]) -> Reply | None:
        if not line.strip():
            return None
        try:
            message = json.loads(line, parse_constant=_reject_constant)
        except (ValueError, RecursionError):
            return None  # not JSON (or nested past what we can parse): dropped in silence
        try:
            response = self.handle_message(message)
            if response is None:
                return None
            return write(response)
        except Exception:  # bad input must never kill the server nor reach stdout
            self._log_exception("a message could not be answered and was dropped")
            return None

    def handle_message(self, message: Any) -> Json | None:
        """One parsed message in; the response object, or None for no reply."""
        if not isinstance(message, dict) or "method" not in message or "id" not in message:
            return None
        request_id = message["id"]
        method = message["method"]
        params = message.get("params", _UNDEFINED)
        handler = self._methods.get(method) if isinstance(method, str) else None
        try:
            if handler is None:
                raise RpcError(METHOD_NOT_FOUND, f"Unsupported method: {js_string(method)}")
            result = handler(params)
        except RpcError as err:
            return {"jsonrpc": "2.0", "id": request_id, "error": {"code": err.code, "message": err.message}}
        return {"jsonrpc": "2.0", "id": request_id, "result": result}

    # -- methods -----------------------------------------------------------------

    def _initialize(self, params: Any) -> Json:
        version = params.get("protocolVersion") if isinstance(params, dict) else None
        return {
            "protocolVersion": DEFAULT_PROTOCOL_VERSION if version is None else version,
            "capabilities": {"tools": {}},
            "serverInfo": self.surface.server_info(),
            "instructions": self.surface.instructions,
        }

    def _ping(self, params: Any) -> Json:
        return {}

    def _tools_list(self, params: Any) -> Json:
        if self._tools_result is None:  # the tool set never changes
            self._tools_result = {"tools": [tool.listing() for tool in self.catalogue.tools]}
        return self._tools_result

    def _tools_call(self, params: Any) -> Json:
        name = params.get("name", _UNDEFINED) if isinstance(params, dict) else _UNDEFINED
        tool = self.catalogue.tool(name) if isinstance(name, str) else None
        if tool is None:
            raise RpcError(INVALID_PARAMS, f"Unknown tool: {js_string(name)}")
        arguments = params.get("arguments")
        try:
            # A plugin's print must not reach the real stdout, which carries responses only.
            # The collector is paused for the call (koyu_host/collector.py says why). The
            # answer's text is written within the call: it is part of the tool's work. The
            # tool runs with this server's catalogue active (validate reads its validators).
            def answer() -> list[Json]:
                value = tool.run(arguments if isinstance(arguments, dict) else {})
                if isinstance(value, Content):
                    return value.items_json()
                return [{"type": "text", "text": answer_string(value)}]

            with contextlib.redirect_stdout(sys.stderr), collector.paused(), plugins.serving(self.catalogue):
                content = deadline.call(answer, tool.name)
        except ToolError as err:
            return _tool_failure(err.message)
        except (Exception, SystemExit) as exc:  # unexpected: the message, and a traceback on stderr
            self._log_exception(f"tool {tool.name} failed")
            return _tool_failure(str(exc))
        return {"content": content}

    def _log_exception(self, what: str) -> None:
        import traceback

        log = self.log or sys.stderr
        try:
            print(f"koyu-mcp: {what}:", file=log)
            traceback.print_exc(file=log)
        except Exception:
            pass


def _tool_failure(message: Any) -> Json:
    return {"content": [{"type": "text", "text": str(message)}], "isError": True}
