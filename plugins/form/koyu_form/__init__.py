"""koyu_form — Form: the generated plan drawing (reference/mcp/tools-ask.md#plan_svg).

A koyu plugin like any other: found through the entry point ``form = "koyu_form"``
in the group ``koyu.plugins``. Its tool is declared here, as any plugin declares one:
a ``koyu_host.Tool`` value with its name and place in ``tools/list``; the tool's
module holds its description, its input class and its handler. The drawing itself is
the core's (``koyu_model.drawing``).
"""

from koyu_form import plan_svg
from koyu_host import Tool, hookimpl


@hookimpl
def koyu_register_tools(registry):
    registry.add(Tool("plan_svg", plan_svg.DESCRIPTION, plan_svg.Input, plan_svg.handle, group="Asking", place=11))
