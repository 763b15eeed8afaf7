"""koyu_diff — the ``diff`` tool: what changed, in meaning, since another state of the building.

A koyu plugin in a distribution of its own (entry point ``diff = "koyu_diff"`` in the group
``koyu.plugins``), installed apart from koyu-mcp with ``pip install ./plugins/diff``. One
tool, declared here as any plugin declares one (a ``koyu_host.Tool``): in the Verifying
group, after the originals' tools on each surface (the twelve of koyu 0.16.0, the fourteen
of koyu 0.27.0 under ``--as 0.27``), with MCP's hints (it only reads, and nothing beyond the
building's files and their git history). The diff itself is the core's
(``koyu_model.diff``); the tool's module only finds the two buildings and answers.
"""

from koyu_diff import diff
from koyu_host import Annotations, Tool, hookimpl


@hookimpl
def koyu_register_tools(registry):
    registry.add(
        Tool(
            "diff",
            diff.DESCRIPTION,
            diff.Input,
            diff.handle,
            group="Verifying",
            place=20,
            serves=diff.SERVES,
            annotations=Annotations("Diff the building", read_only=True, open_world=False),
        )
    )
