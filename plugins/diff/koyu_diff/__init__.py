"""koyu_diff — the ``diff`` tool: what changed, in meaning, since another state of the building.

A koyu plugin in a distribution of its own (entry point ``diff = "koyu_diff"`` in the group
``koyu.plugins``), installed apart from koyu-mcp with ``pip install ./plugins/diff``. One
tool, declared here as any plugin declares one (a ``koyu_host.Tool``): in the Verifying
group, after the standard twelve. The diff itself is the core's (``koyu_model.diff``); the
tool's module only finds the two buildings and answers.
"""

from koyu_diff import diff
from koyu_host import Tool, hookimpl


@hookimpl
def koyu_register_tools(registry):
    registry.add(Tool("diff", diff.DESCRIPTION, diff.Input, diff.handle, group="Verifying", place=13))
