"""koyu_write — Writing: the tools for writing (reference/mcp/tools-write.md).

A koyu plugin like any other: found through the entry point ``write = "koyu_write"``
in the group ``koyu.plugins``. Its tools are declared here, as any plugin declares one:
a ``koyu_host.Tool`` value with its name and place in ``tools/list``; each tool's
module holds its description, its input class and its handler.
"""

from koyu_host import Tool, hookimpl
from koyu_write import new_uids, write_layer


@hookimpl
def koyu_register_tools(registry):
    for name, place, module in (("write_layer", 4, write_layer), ("new_uids", 5, new_uids)):
        registry.add(
            Tool(
                name,
                module.DESCRIPTION,
                module.Input,
                module.handle,
                group="Writing",
                place=place,
                serves=module.SERVES,
            )
        )
