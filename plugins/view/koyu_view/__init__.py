"""koyu_view — the ``view`` tool: a drawing of the building as a PNG image an agent can look at.

A koyu plugin in a distribution of its own (entry point ``view = "koyu_view"`` in the group
``koyu.plugins``), installed apart from koyu-mcp with ``pip install ./plugins/view``; it
brings resvg (``resvg_py``), the rasteriser, which koyu-mcp itself never needs. One tool,
in the Asking group after the original's tools, on both surfaces (koyu_view/view.py).
"""

from koyu_host import Annotations, Tool, hookimpl
from koyu_view import view


@hookimpl
def koyu_register_tools(registry):
    registry.add(
        Tool(
            "view",
            view.DESCRIPTION,
            view.Input,
            view.handle,
            group="Asking",
            place=22,
            serves=view.SERVES,
            annotations=Annotations("View a drawing"),
        )
    )
