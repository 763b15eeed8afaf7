"""koyu_read — Reading: the tools that only read (reference/mcp/tools-read.md).

A koyu plugin like any other: found through the entry point ``read = "koyu_read"``
in the group ``koyu.plugins``. Its tools are declared here, as any plugin declares one:
a ``koyu_host.Tool`` value with its name and place in ``tools/list``; each tool's
module holds its description, its input class and its handler.
"""

from koyu_host import Tool, hookimpl
from koyu_read import canonical_json, layers, model_summary, spaces


@hookimpl
def koyu_register_tools(registry):
    for name, place, module in (
        ("model_summary", 1, model_summary),
        ("layers", 3, layers),
        ("spaces", 7, spaces),
        ("canonical_json", 12, canonical_json),
    ):
        registry.add(
            Tool(
                name,
                module.DESCRIPTION,
                module.Input,
                module.handle,
                group="Reading",
                place=place,
                serves=module.SERVES,
            )
        )
