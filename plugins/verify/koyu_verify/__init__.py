"""koyu_verify — Verifying: check and validate (reference/mcp/tools-verify.md).

A koyu plugin like any other: found through the entry point ``verify = "koyu_verify"``
in the group ``koyu.plugins``. One module per tool; the first hook registers them. The
second registers the built-in architectural rules as validators, one per chapter, exactly
as a third party registers its own (``koyu_register_validators``).
"""

from koyu_host import Tool, hookimpl
from koyu_verify import check, validate

TOOL_MODULES = (check, validate)


@hookimpl
def koyu_register_tools(registry):
    for module in TOOL_MODULES:
        registry.add(Tool.from_module(module))


@hookimpl
def koyu_register_validators(registry):
    for validator in validate.BUILTIN:
        registry.add(validator)
