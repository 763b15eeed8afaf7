"""validate — architectural verdicts (reference/mcp/tools-verify.md#validate).

Registered by koyu_verify/__init__.py; ``handle`` receives an ``Input`` whose
arguments the host has already checked (koyu_host/arguments.py).
"""

from __future__ import annotations

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

NAME = "validate"
GROUP = "Verifying"
PLACE = 9  # its place in tools/list
DESCRIPTION = (
    "Architectural verdicts: daylight, envelope continuity, stair proportions, slopes, "
    "reachability, column/door collisions, and the site. **This is a different surface "
    "from the check guarantee** — findings carry rule/level, never code/severity. The "
    "surface grows and is not frozen"
)


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)


def handle(args: Input):
    # Once validate lands: the built-in rules' findings, then the third-party validators'
    # (koyu_register_validators) — koyu_host.validators.run_validators(
    #     koyu_host.plugins.active().validators, model), which never raises.
    raise ToolError("validate is not available yet")
