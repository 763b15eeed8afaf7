"""koyu_verify — Verifying: check and validate (reference/mcp/tools-verify.md).

A koyu plugin like any other: found through the entry point ``verify = "koyu_verify"``
in the group ``koyu.plugins``. Its tools are declared here, as any plugin declares one:
a ``koyu_host.Tool`` value with its name and place in ``tools/list``; each tool's
module holds its description, its input class and its handler. The second hook
registers the built-in architectural rules as validators, one per chapter, exactly as a
third party registers its own (``koyu_register_validators``).
"""

from koyu_host import Tool, hookimpl
from koyu_verify import check, validate


@hookimpl
def koyu_register_tools(registry):
    for name, place, module in (("check", 2, check), ("validate", 9, validate)):
        registry.add(
            Tool(
                name,
                module.DESCRIPTION,
                module.Input,
                module.handle,
                group="Verifying",
                place=place,
                serves=module.SERVES,
            )
        )


@hookimpl
def koyu_register_validators(registry):
    for validator in validate.BUILTIN:
        registry.add(validator)


@hookimpl
def koyu_register_profiles(registry):
    """koyu's own rule pack, registered as any third party's is (koyu_host.profiles)."""
    from koyu_model.assessment.schematic import PROFILE

    registry.add(PROFILE)
