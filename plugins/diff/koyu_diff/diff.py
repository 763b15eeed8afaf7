"""diff — what changed, in meaning (reference/api/diff.md, reference/cli/diff.md).

``file`` is the after; ``against`` the before: another entry, or ``git:REV`` — this same
building as it stood at git revision REV (koyu_diff.revision). The answer is the ModelDiff
as ``koyu diff --json`` writes it; the host spells it as every tool's JSON.

Served on both surfaces: under ``--as 0.27`` both sides are read as koyu 0.27.0 reads them
(muro 1.4, its derived exterior walls), and the answer is ``koyu --as 0.27 diff --json``'s.
"""

from __future__ import annotations

import os
from functools import partial

import attrs

from koyu_host import ENTRY_FILE, Serving, argument, load_entry
from koyu_model.release import DEFAULT, KOYU_0_27, Release

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


def handle(args: Input, release: Release = DEFAULT):
    """The ModelDiff of ``against`` (before) to ``file`` (after), both read as ``release``."""
    from koyu_diff.revision import load_at_revision
    from koyu_model.diff import diff_value, semantic_diff

    entry = os.path.abspath(args.file)
    after = load_entry(entry, release)
    if args.against.startswith(REVISION):
        before = load_at_revision(entry, args.against[len(REVISION) :], release)
    else:
        before = load_entry(args.against, release)
    return diff_value(semantic_diff(before, after))


#: after the originals' tools on each surface: their twelve on 0.16, their fourteen on 0.27
SERVES = (Serving("0.16"), Serving("0.27", handler=partial(handle, release=KOYU_0_27)))
