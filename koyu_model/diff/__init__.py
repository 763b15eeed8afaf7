"""The semantic diff: two composed Models compared in the language of composition (spec:
reference/api/diff.md, reference/cli/diff.md).

    from koyu_model.diff import semantic_diff, diff_lines, diff_value
    d = semantic_diff(before, after)     # a ModelDiff (frozen records)
    d.empty                              # True: no differences
    diff_lines(d)                        # ["± /L1/b: name 居室B → 書斎", ...]
    diff_value(d)                        # the JSON value ``koyu diff --json`` prints

What is no difference: line order and formatting, how the building is split into layers,
the trace of ``over``, and a bare ``wall`` declaration against the default wall it spells
out (boundaries are compared as effective sets). Renames are found by ``uid``.

* ``records``    the ModelDiff and its items
* ``matching``   uid-then-path matching of zones and spaces; pairing by key
* ``elements``   grid, levels, assets, polygons, zones, spaces, columns
* ``boundaries`` the effective set of boundaries, their openings and segs
* ``order``      level order, the order the diff comes out in
* ``values``     how values are spelled and fields compared
* ``render``     the text lines and the JSON value
"""

from .engine import semantic_diff
from .records import ModelDiff
from .render import diff_lines, diff_value

__all__ = ["semantic_diff", "ModelDiff", "diff_lines", "diff_value"]
