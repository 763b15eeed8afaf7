"""koyu_review — the ``review`` tool: check's diagnostics and validate's judgement in one
answer an agent can read, never over 20,000 bytes.

A koyu plugin in a distribution of its own (entry point ``review = "koyu_review"`` in the
group ``koyu.plugins``), installed apart from koyu-mcp with ``pip install ./plugins/review``.
One tool, served on both surfaces, in the Verifying group after ``diff``. It judges
nothing itself: the building is read and judged by koyu_verify's own functions (check's
reading, validate's findings and assessment), and koyu_review.answer only reads the result
for an agent, within the bound (koyu_review.bounded).
"""

from koyu_host import Annotations, Tool, hookimpl
from koyu_review import review


@hookimpl
def koyu_register_tools(registry):
    registry.add(
        Tool(
            "review",
            review.describe,
            review.Input,
            review.handle,
            group="Verifying",
            place=21,
            serves=review.SERVES,
            annotations=Annotations("Review the building"),
        )
    )
