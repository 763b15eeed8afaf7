"""koyu_ask — Asking: questions put to the building (reference/mcp/tools-ask.md).

A koyu plugin like any other: found through the entry point ``ask = "koyu_ask"``
in the group ``koyu.plugins``. Its tools are declared here, as any plugin declares one:
a ``koyu_host.Tool`` value with its name and place in ``tools/list``; each tool's
module holds its description, its input class and its handler.
"""

from koyu_ask import doors, light, site
from koyu_host import Tool, hookimpl


@hookimpl
def koyu_register_tools(registry):
    for name, place, module in (("doors", 6, doors), ("light", 8, light), ("site", 10, site)):
        registry.add(
            Tool(
                name, module.DESCRIPTION, module.Input, module.handle, group="Asking", place=place, serves=module.SERVES
            )
        )
