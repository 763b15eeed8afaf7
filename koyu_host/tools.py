"""A tool is a value: what ``tools/list`` shows and what ``tools/call`` runs.

The host knows no tool by name. Plugins hand it ``Tool`` records through the
``koyu_register_tools`` hook (hookspecs.py); everything the protocol says about a
tool — name, description, inputSchema, its place in ``tools/list`` — comes from the
record, and the inputSchema from the fields of its input class (arguments.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from koyu_host import arguments

# reference/mcp/index.md groups the twelve tools under these four headings.
GROUPS = ("Reading", "Writing", "Verifying", "Asking")


def _check_input(tool: Tool, _attribute: attrs.Attribute[type], cls: type) -> None:
    arguments.register_input(cls)  # raises TypeError on an input class we cannot describe


@attrs.frozen
class Tool:
    """One MCP tool.

    ``handler`` takes the structured instance of ``input`` and returns either a
    ``str`` (sent verbatim, as ``plan_svg``'s SVG is) or a JSON-able value (sent as
    ``JSON.stringify(value, null, 1)`` writes it: ``koyu_model.jsjson.tool_text``).
    ``place`` orders ``tools/list``; ``group`` is one of ``GROUPS``.
    """

    name: str = attrs.field(validator=attrs.validators.instance_of(str))
    description: str = attrs.field(validator=attrs.validators.instance_of(str))
    input: type = attrs.field(validator=_check_input)
    handler: Callable[[Any], Any] = attrs.field(validator=attrs.validators.is_callable())
    group: str = attrs.field(validator=attrs.validators.in_(GROUPS))
    place: int = attrs.field(validator=attrs.validators.instance_of(int))

    def listing(self) -> dict[str, Any]:
        """This tool's entry in ``tools/list``."""
        return {
            "name": self.name,
            "description": self.description,
            "inputSchema": arguments.input_schema(self.input),
        }

    def run(self, raw_arguments: Any) -> Any:
        """Structure the arguments (ArgumentError on a bad one), then call the handler."""
        return self.handler(arguments.structure(raw_arguments, self.input))


class ToolRegistry:
    """What ``koyu_register_tools`` receives: ``registry.add(tool)``."""

    def __init__(self, plugin: str) -> None:
        self.plugin = plugin
        self.tools: list[Tool] = []

    def add(self, tool: Tool) -> None:
        if not isinstance(tool, Tool):
            raise TypeError(f"registry.add takes a koyu_host.Tool, not {type(tool).__name__}")
        self.tools.append(tool)
