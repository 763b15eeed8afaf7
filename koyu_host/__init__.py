"""koyu_host — the minimal MCP host of koyu-mcp.

The host speaks the protocol (reference/mcp/protocol.md) and knows no tool by name:
every tool is a plugin found through the entry-point group ``koyu.plugins``, the
five built-in packages (koyu_read, koyu_write, koyu_verify, koyu_ask, koyu_form)
exactly like a third party's.

What a plugin author uses, all importable from here:

``Tool(name, description, input, handler, group, place)``
    A tool is a frozen value. ``input`` is an attrs class made with ``argument()``;
    inputSchema is derived from it (arguments.py). ``handler(instance)`` returns a
    ``str`` (sent verbatim) or a JSON-able value (sent as JSON.stringify(v, null, 1)).
    ``group`` is Reading, Writing, Verifying or Asking; ``tools/list`` sorts by
    ``place``. This is the one way to declare a tool, a built-in's as a third party's.
    ``serves=(Serving("0.16"), Serving("0.27", description=..., input=...))``: the
    surfaces (koyu releases) it is served on, and how where one differs; by default
    koyu 0.16.0's alone.
``Annotations(title, read_only=True, open_world=False)``
    MCP's hints for a tool (``Tool(..., annotations=...)``): listed with it as ``title``
    and ``annotations``. The built-in tools, as the original's, carry none.
``Content(Image(data, "image/png"), Text("..."))``
    A handler's answer as MCP content items, for what is not text (content.py).
``ToolError(message)``
    Raise it for an expected failure: ``isError: true`` with the bare message. Any
    other exception becomes ``isError`` with ``str(exc)`` and a traceback on stderr.
``load_entry(file, release)``
    The composed Model of a tool's entry, through the one loading step every tool takes
    (resolved first, so a missing entry reads ``Cannot read file: <absolute path>``);
    a building that does not compose is ``ToolError`` with its bare sentence.
``hookimpl``
    Marks ``koyu_register_tools(registry)``, ``koyu_register_validators(registry)`` and
    ``koyu_register_profiles(registry)`` (hookspecs.py documents the three contracts).
``Validator(name, check)``
    ``check(model)`` yields ``{rule, level, message, ...}``; see validators.py.
``argument(description, default=..., validator=..., invalid=..., late=...)``, ``ENTRY_FILE``
    Fields of an input class; ENTRY_FILE is the description every ``file`` carries.
    ``check_late(args)`` checks the ``late`` ones where the original does (doors).

Tool modules should import heavy parts of the core (geometry, shapely) inside
``handle``, so that start-up, which imports every plugin, stays fast.

For tests: ``koyu_host.testing.KoyuServer(plugins={"acme": acme_koyu})`` serves a plugin
in-process, uninstalled, and reads its answers as values; ``koyu_host.client.Client.process()``
drives a real ``koyu-mcp``. docs/plugins.md is the plugin author's guide.
"""

__version__ = "0.16.0"  # serverInfo.version; equal to the distribution's (a test pins it)

from koyu_host.arguments import ENTRY_FILE, argument, check_late
from koyu_host.content import Content, Image, Text
from koyu_host.errors import ArgumentError, ToolError
from koyu_host.hookspecs import hookimpl
from koyu_host.loading import load_entry
from koyu_host.tools import GROUPS, Annotations, Serving, Tool
from koyu_host.validators import Validator

__all__ = [
    "Annotations",
    "ArgumentError",
    "Content",
    "ENTRY_FILE",
    "GROUPS",
    "Image",
    "Serving",
    "Text",
    "Tool",
    "ToolError",
    "Validator",
    "__version__",
    "argument",
    "check_late",
    "hookimpl",
    "load_entry",
]
