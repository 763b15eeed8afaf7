"""A tool is a value: what ``tools/list`` shows and what ``tools/call`` runs.

The host knows no tool by name. Plugins hand it ``Tool`` records through the
``koyu_register_tools`` hook (hookspecs.py); everything the protocol says about a
tool — name, description, inputSchema, its place in ``tools/list`` — comes from the
record, and the inputSchema from the fields of its input class (arguments.py).

A tool serves the surfaces it declares (``serves``: koyu_host/surfaces.py), by default
koyu 0.16.0's alone. Where a surface differs, its ``Serving`` says how (another
description, input class, handler or place); ``Tool.on(surface)`` is the tool as that
surface lists and runs it, so each surface's ``tools/list`` comes out of the same
declarations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from koyu_host import arguments
from koyu_model.release import DEFAULT, RELEASES

if TYPE_CHECKING:
    from koyu_host.plugins import Catalogue

#: a description written once every plugin is loaded, from what they installed (a tool
#: naming the installed rule packs, say): called with the surface's catalogue
Describe = Callable[["Catalogue"], str]

# reference/mcp/index.md groups the twelve tools under these four headings.
GROUPS = ("Reading", "Writing", "Verifying", "Asking")


def _check_input(tool: Tool, _attribute: attrs.Attribute[type], cls: type) -> None:
    arguments.register_input(cls)  # raises TypeError on an input class we cannot describe


def _check_surface(serving: Serving, _attribute: attrs.Attribute[str], name: str) -> None:
    if name not in RELEASES:
        raise ValueError(f"no surface is named {name!r} (there are {', '.join(RELEASES)})")


def _check_optional_input(serving: Serving, _attribute: attrs.Attribute[type | None], cls: type | None) -> None:
    if cls is not None:
        arguments.register_input(cls)


@attrs.frozen
class Serving:
    """How a tool is served on one surface, where it differs from the tool's own fields.

    ``None`` keeps the tool's own description, input class, handler or place.
    """

    surface: str = attrs.field(validator=_check_surface)
    description: str | Describe | None = None
    input: type | None = attrs.field(default=None, validator=_check_optional_input)
    handler: Callable[[Any], Any] | None = None
    place: int | None = None


@attrs.frozen
class Annotations:
    """MCP's hints about a tool (``annotations`` in ``tools/list``), for a client deciding how to
    offer it: a human-readable ``title``, whether it only reads (``readOnlyHint``) and whether it
    reaches beyond the building's files (``openWorldHint``). The original's tools carry none, so
    the built-in tools declare none; the tools added by plugin distributions do."""

    title: str = attrs.field(validator=attrs.validators.instance_of(str))
    read_only: bool = True
    open_world: bool = False

    def listing(self) -> dict[str, Any]:
        return {"title": self.title, "readOnlyHint": self.read_only, "openWorldHint": self.open_world}


@attrs.frozen
class Tool:
    """One MCP tool.

    ``handler`` takes the structured instance of ``input`` and returns either a
    ``str`` (sent verbatim, as ``plan_svg``'s SVG is) or a JSON-able value (sent as
    ``JSON.stringify(value, null, 1)`` writes it: ``koyu_model.jsjson.tool_text``).
    ``place`` orders ``tools/list``; ``group`` is one of ``GROUPS``. ``description`` may be a
    ``Describe`` callable, written once all plugins are loaded (``described``). ``serves``: the
    surfaces it is served on (see the module's docstring). ``annotations``: MCP's hints
    (``Annotations``), listed with the tool when given. A handler may also answer
    ``koyu_host.Content`` (an image, say: koyu_host/content.py).
    """

    name: str = attrs.field(validator=attrs.validators.instance_of(str))
    description: str | Describe = attrs.field(
        validator=attrs.validators.or_(attrs.validators.instance_of(str), attrs.validators.is_callable())
    )
    input: type = attrs.field(validator=_check_input)
    handler: Callable[[Any], Any] = attrs.field(validator=attrs.validators.is_callable())
    group: str = attrs.field(validator=attrs.validators.in_(GROUPS))
    place: int = attrs.field(validator=attrs.validators.instance_of(int))
    serves: tuple[Serving, ...] = (Serving(DEFAULT.name),)
    annotations: Annotations | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(Annotations))
    )

    def on(self, surface: str) -> Tool | None:
        """This tool as ``surface`` lists and runs it, or None when it does not serve there."""
        for serving in self.serves:
            if serving.surface == surface:
                return Tool(
                    self.name,
                    self.description if serving.description is None else serving.description,
                    self.input if serving.input is None else serving.input,
                    serving.handler or self.handler,
                    self.group,
                    self.place if serving.place is None else serving.place,
                    (Serving(surface),),
                    self.annotations,
                )
        return None

    def described(self, catalogue: Catalogue) -> Tool:
        """This tool with its description written, where it is a ``Describe`` callable."""
        if isinstance(self.description, str):
            return self
        return attrs.evolve(self, description=self.description(catalogue))

    def listing(self) -> dict[str, Any]:
        """This tool's entry in ``tools/list``: with its title and annotations where it has them."""
        entry: dict[str, Any] = {"name": self.name}
        if self.annotations is not None:
            entry["title"] = self.annotations.title
        if not isinstance(self.description, str):
            raise TypeError(f"the description of {self.name!r} is not written yet (Tool.described)")
        entry["description"] = self.description
        entry["inputSchema"] = arguments.input_schema(self.input)
        if self.annotations is not None:
            entry["annotations"] = self.annotations.listing()
        return entry

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
