"""koyu_verify — Verifying: check and validate (reference/mcp/tools-verify.md).

A koyu plugin like any other: found through the entry point ``verify = "koyu_verify"``
in the group ``koyu.plugins``. One module per tool; this hook registers them.
"""

from koyu_host import Tool, hookimpl
from koyu_verify import check, validate

TOOL_MODULES = (check, validate)


@hookimpl
def koyu_register_tools(registry):
    for module in TOOL_MODULES:
        registry.add(Tool.from_module(module))
