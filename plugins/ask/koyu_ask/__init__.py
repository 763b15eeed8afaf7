"""koyu_ask — Asking: questions put to the building (reference/mcp/tools-ask.md).

A koyu plugin like any other: found through the entry point ``ask = "koyu_ask"``
in the group ``koyu.plugins``. One module per tool; this hook registers them.
"""

from koyu_host import Tool, hookimpl
from koyu_ask import doors, light, site

TOOL_MODULES = (doors, light, site)


@hookimpl
def koyu_register_tools(registry):
    for module in TOOL_MODULES:
        registry.add(Tool.from_module(module))
