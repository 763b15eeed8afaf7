"""Indoor floor area grouped by attribute keys (koyu_model.measures.grouping)."""

from __future__ import annotations

from koyu_model import load
from koyu_model.measures.grouping import UNSPECIFIED, floor_area_by
from koyu_model.release import KOYU_0_27

# Two levels: L2 is lower than L1 by z, so it is walked first. Zone /L1/A hands
# lease.category down; /L1/A/hall overrides it; /L1/b has none; the void and the outside
# are no floor area.
BUILDING = """koyu 1.1
grid X 0 4000 8000 9000
grid Y 0 4000
level L1 3000
level L2 0
zone /L1/A lease.category:exclusive fire.compartment:3
space /L1/A/ldk ldk X1..X2 Y1..Y2
space /L1/A/hall hall X2..X3 Y1..Y2 lease.category:common
space /L1/b X3..X4 Y1..Y2
space /L2/c store X1..X2 Y1..Y2 lease.category:common
space /L2/v X2..X3 Y1..Y2 void:1 lease.category:void
space /out outside:1 lease.category:outdoor
"""


def _model(files):
    files.write("main.muro", BUILDING)
    return load(files.path(), release=KOYU_0_27)


def test_zone_hands_down_space_wins_unspecified_bucket(files):
    by = floor_area_by(_model(files), ["lease.category"])
    # values in the order first met over levels by z; the void and outside count nowhere
    assert list(by["lease.category"].items()) == [("common", 32.0), ("exclusive", 16.0), (UNSPECIFIED, 4.0)]


def test_keys_in_order_given_and_numbers_spelled_as_javascript(files):
    by = floor_area_by(_model(files), ["fire.compartment", "lease.category", "fire.compartment"])
    assert list(by) == ["fire.compartment", "lease.category"]
    assert by["fire.compartment"] == {UNSPECIFIED: 20.0, "3": 32.0}
    assert list(by["fire.compartment"]) == [UNSPECIFIED, "3"]


def test_no_keys_no_groups(files):
    assert floor_area_by(_model(files), []) == {}
