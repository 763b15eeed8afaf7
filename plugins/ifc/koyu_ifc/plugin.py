"""The hook through which koyu-mcp finds the tool (entry point ``ifc = "koyu_ifc.plugin"`` in
the group ``koyu.plugins``), apart from the package so that ``koyu-ifc export`` never loads
the host."""

from koyu_host import hookimpl


@hookimpl
def koyu_register_tools(registry):
    from koyu_ifc import tool

    registry.add(tool.TOOL)
