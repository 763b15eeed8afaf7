"""koyu_form — Form: the generated plan drawing (reference/mcp/tools-ask.md#plan_svg).

A koyu plugin like any other: found through the entry point ``form = "koyu_form"``
in the group ``koyu.plugins``. Its tools are declared here, as any plugin declares one:
a ``koyu_host.Tool`` value with its name and place in ``tools/list``; each tool's
module holds its description, its input class, its handler and the surfaces it serves
(the section and the elevation are koyu 0.27.0's alone). The drawing itself is
the core's (``koyu_model.drawing``).
"""

from koyu_form import elevation_svg, plan_svg, section_svg
from koyu_host import Tool, hookimpl


@hookimpl
def koyu_register_tools(registry):
    for name, place, module in (
        ("plan_svg", 11, plan_svg),
        ("section_svg", 12, section_svg),
        ("elevation_svg", 13, elevation_svg),
    ):
        registry.add(
            Tool(
                name, module.DESCRIPTION, module.Input, module.handle, group="Asking", place=place, serves=module.SERVES
            )
        )
