"""koyu_form — Form: the generated plan drawing (reference/mcp/tools-ask.md#plan_svg).

A koyu plugin like any other: found through the entry point ``form = "koyu_form"``
in the group ``koyu.plugins``. One module per tool; this hook registers them.
"""

from koyu_host import Tool, hookimpl
from koyu_form import plan_svg

TOOL_MODULES = (plan_svg,)


@hookimpl
def koyu_register_tools(registry):
    for module in TOOL_MODULES:
        registry.add(Tool.from_module(module))
