"""koyu_write — Writing: the tools for writing (reference/mcp/tools-write.md).

A koyu plugin like any other: found through the entry point ``write = "koyu_write"``
in the group ``koyu.plugins``. One module per tool; this hook registers them.
"""

from koyu_host import Tool, hookimpl
from koyu_write import write_layer, new_uids

TOOL_MODULES = (write_layer, new_uids)


@hookimpl
def koyu_register_tools(registry):
    for module in TOOL_MODULES:
        registry.add(Tool.from_module(module))
