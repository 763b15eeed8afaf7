"""The boundary order of the Form and the canonical index in ``a|b@i`` (api/derive.md
FormBoundary; COMPAT.md §6, §8; koyu_model.derived.form_order): it must be the stable order
of the whole keys, and a partial Form must carry the whole Form's indices."""

from __future__ import annotations

import pytest

from koyu_model.canonical import boundary_key
from koyu_model.derived import boundary_table, form_order
from koyu_model.form.derive import derive

# Paths do not start with their level, so the two levels' pairs interleave in canonical
# order; derived walls stand on both levels; /p/b and /k/c carry two boundaries on one pair
# (the key decides where attributes are present or not; two that differ only in their
# attributes keep their written order).
MIXED = """koyu 1.0
unit mm
grid X 0 3000 6000 9000
grid Y 0 3000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
space /p/b room X1..X2 Y1..Y2 level:L1
space /k/c room X2..X3 Y1..Y2 level:L1
space /z/a room X3..X4 Y1..Y2 level:L1
space /m/q room X1..X2 Y1..Y2 level:L2
space /a/r room X2..X3 Y1..Y2 level:L2
space /y/s void X3..X4 Y1..Y2 level:L2
space /out exterior
boundary /k/c /p/b edge:W spec:two
  window w:900 name:early
boundary /k/c /p/b edge:W spec:one
  window w:900 name:late
boundary /k/c /p/b edge:W
  door w:800
boundary /p/b /out edge:S
  window w:1200 h:1000
boundary /y/s /z/a type:void
boundary /a/r /out edge:N air:1
"""


# '!' sorts below the '"' that closes a quoted path: "/L1/a!b" sorts before "/L1/a" in
# the keys (not as plain strings), so the derived wall /L1/a!b|/L1/c comes before
# /L1/a|/L1/q; a backslash is spelled twice.
QUOTED = """koyu 1.0
unit mm
grid X 0 3000 6000 9000 12000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/q room X2..X3 Y1..Y2
space /L1/a!b room X3..X4 Y1..Y2
space /L1/c room X4..X5 Y1..Y2
space /L1/c\\d room X1..X5 Y2..Y2+3000
"""


@pytest.fixture
def mixed(files):
    return files.load(MIXED)


def _keyed(table):
    """Every boundary index, stably sorted by its whole key: the definition."""
    return tuple(sorted(range(len(table.boundaries)), key=lambda i: boundary_key(table.boundaries[i])))


def test_paths_that_json_spells_otherwise_keep_the_keys_order(files):
    model = files.load(QUOTED)
    table = boundary_table(model)
    keyed = _keyed(table)
    assert form_order(model).order == keyed
    pairs = [table.boundaries[i].between for i in keyed]
    assert pairs.index(("/L1/a!b", "/L1/c")) < pairs.index(("/L1/a", "/L1/q"))


def test_the_order_is_the_stable_order_of_the_whole_keys(mixed):
    table = boundary_table(mixed)
    keyed = _keyed(table)
    order = form_order(mixed)
    assert order.order == keyed
    assert [order.index[i] for i in keyed] == list(range(len(keyed)))
    # both levels have default walls, and the pairs of the two levels interleave
    levels = [mixed.spaces[table.boundaries[i].a].level for i in keyed if table.is_default_wall(i)]
    assert set(levels) == {"L1", "L2"} and levels != sorted(levels)


def test_two_boundaries_on_one_pair_keep_their_written_order(mixed):
    form = derive(mixed)
    refs = sorted(
        {b.ref for b in form.boundaries if {b.a, b.b} == {"/p/b", "/k/c"}}, key=lambda r: int(r.rsplit("@", 1)[1])
    )
    assert len(refs) == 3
    on = [[(o.kind, o.name) for o in form.openings if o.ref.rsplit("/", 1)[0] == r] for r in refs]
    # the written attributes are blanked, not dropped: ',"attrs":{}' sorts before
    # ',"openings"', so the door's boundary (no attributes) comes last; the two windows'
    # boundaries differ only in attributes: written order
    assert on == [[("window", "early")], [("window", "late")], [("door", None)]]


@pytest.mark.parametrize("level", ["L1", "L2"])
def test_a_partial_form_carries_the_whole_forms_indices(mixed, level):
    whole = derive(mixed)
    part = derive(mixed, levels=[level])
    for field in ("boundaries", "openings", "segs"):
        assert getattr(part, field) == tuple(x for x in getattr(whole, field) if x.level == level)
    assert part.plans == tuple(p for p in whole.plans if p.level == level)
    assert part.boundaries  # the level has boundaries, declared and derived
