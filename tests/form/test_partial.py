"""A partial Form (derive(model, levels=[...])) answers from its own levels where the
answer allows: the covered flag of its spaces, its columns, its runs. Each such shortcut
must give the whole Form's answer."""

from __future__ import annotations

from koyu_model.derived import covered, covered_among, layout
from koyu_model.form.derive import derive

# /L1/open is under /L3/roof only (two levels up); /L1/edge only touches /L2/b (no
# overlap); /L1/low is under an exterior on L2 (an exterior's rectangle covers too);
# /L2/b is under nothing; L3 is the top.
STACK = """koyu 1.0
unit mm
grid X 0 3000 6000 9000 12000
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
level L3 6000 h:2400 slab:150
space /L1/open room X1..X2 Y1..Y2
space /L1/edge room X2..X3 Y1..Y2
space /L1/low room X4..X5 Y1..Y2
space /L2/b room X3..X4 Y1..Y2
space /L2/yard exterior X4..X5 Y1..Y2
space /L3/roof room X1..X2 Y1..Y2
column 300 L1..L3
"""


def test_covered_among_is_the_covered_set_narrowed(files):
    model = files.load(STACK)
    assert covered(model) == {"/L1/open", "/L1/low"}
    for level in ("L1", "L2", "L3"):
        paths = layout(model).by_level[level]
        assert covered_among(model, paths) == set(paths) & covered(model)


def test_a_partial_form_keeps_the_whole_forms_spaces_columns_and_runs(files):
    model = files.load(STACK)
    whole = derive(model)
    for level in ("L1", "L2", "L3"):
        part = derive(model, levels=[level])
        assert part.spaces == tuple(s for s in whole.spaces if s.level == level)
        assert part.columns == tuple(c for c in whole.columns if c.level == level)
        assert part.slabs == tuple(s for s in whole.slabs if s.level == level)
    assert {s.path for s in whole.spaces if s.covered} == {"/L1/open", "/L1/low"}
