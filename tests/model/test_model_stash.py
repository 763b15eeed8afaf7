"""What is derived from a Model is kept on it, under its own key (model.Stash)."""

from __future__ import annotations

from koyu_model.model import StashKey

ROOM = "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0 h:2400\nspace /L1/a room X1..X2 Y1..Y2\n"


def test_a_value_is_built_once_per_model_and_key(files):
    model = files.load(ROOM)
    built = []
    area, name = StashKey("area"), StashKey("name")
    assert model.stash.get(area, lambda: built.append("area") or 9) == 9
    assert model.stash.get(area, lambda: built.append("again") or 0) == 9
    assert model.stash.get(name, lambda: built.append("name") or "a") == "a"
    assert built == ["area", "name"]


def test_another_model_starts_with_nothing_derived(files):
    key = StashKey("rooms")
    first = files.load(ROOM)
    first.stash.get(key, lambda: 1)
    second = files.load(ROOM + "space /L1/b room X1..X2 Y1..Y2 level:L1\n")
    assert second is not first
    assert second.stash.get(key, lambda: 2) == 2
    assert first == files.load(ROOM)  # the stash is not part of what the building is
