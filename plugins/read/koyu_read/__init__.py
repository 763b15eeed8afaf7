"""koyu_read — Reading: the tools that only read (reference/mcp/tools-read.md).

A koyu plugin like any other: found through the entry point ``read = "koyu_read"``
in the group ``koyu.plugins``. One module per tool; this hook registers them.
"""

from koyu_host import Tool, hookimpl
from koyu_read import model_summary, layers, spaces, canonical_json

TOOL_MODULES = (model_summary, layers, spaces, canonical_json)


@hookimpl
def koyu_register_tools(registry):
    for module in TOOL_MODULES:
        registry.add(Tool.from_module(module))
