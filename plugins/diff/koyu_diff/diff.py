"""diff — what changed, in meaning (reference/api/diff.md, reference/cli/diff.md).

``file`` is the after; ``against`` the before: another entry, or ``git:REV`` — this same
building as it stood at git revision REV (koyu_diff.revision). The answer is the ModelDiff
as ``koyu diff --json`` writes it; the host spells it as every tool's JSON.
"""

from __future__ import annotations

import os

import attrs

from koyu_host import ENTRY_FILE, ToolError, argument

DESCRIPTION = (
    "What changed, in meaning: the semantic diff of this building against another entry, or "
    "against itself at a git revision (git:HEAD — what changed since the last commit, e.g. "
    "after write_layer). Sections grid, levels, assets, polygons, zones, spaces, boundaries, "
    "columns, each with added / removed / changed (zones and spaces also renamed, found by "
    "uid). Line order, the split into layers, the trace of over and a bare wall are no "
    "differences"
)
REVISION = "git:"


@attrs.frozen
class Input:
    file: str = argument(ENTRY_FILE)
    against: str = argument(
        "The before: the path of another entry .muro file, or git:REV for this same building "
        "at git revision REV (git:HEAD is the last commit; nothing is checked out)"
    )


def _load(path: str):
    from koyu_model import KoyuError, load

    try:
        return load(path)
    except KoyuError as err:
        raise ToolError(str(err)) from None
    except ValueError:  # an embedded NUL: no file has that name
        raise ToolError(f"line 0: Cannot read file: {path}") from None


def handle(args: Input):
    from koyu_diff.revision import load_at_revision
    from koyu_model.diff import diff_value, semantic_diff

    entry = os.path.abspath(args.file)
    after = _load(entry)
    if args.against.startswith(REVISION):
        before = load_at_revision(entry, args.against[len(REVISION) :])
    else:
        before = _load(os.path.abspath(args.against))
    return diff_value(semantic_diff(before, after))
