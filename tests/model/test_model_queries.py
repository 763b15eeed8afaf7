"""Shared readings: display names, inherited use."""

from __future__ import annotations

from model_support import HEAD

from koyu_model.queries import display_name, effective_use


def test_display_name_takes_only_strings(files):
    m = files.load(HEAD + "space /L1/a room name:居室\nspace /L1/b room name:123\nspace /L1/c room\n")
    assert [display_name(s) for s in m.spaces.values()] == ["居室", "b", "c"]


def test_use_comes_from_the_deepest_zone_and_the_space_wins(files):
    m = files.load(
        HEAD + "zone /L1 use:common\nzone /L1/A use:exclusive\nzone /L1/B use:5\n"
        "space /L1/A/ldk ldk\nspace /L1/A/x room use:shop\nspace /L1/B/y room use:7\nspace /L1/A room\nspace /M/z room\n"
    )
    uses = {p: effective_use(s, m.zones) for p, s in m.spaces.items()}
    assert uses == {
        "/L1/A/ldk": "exclusive",
        "/L1/A/x": "shop",
        "/L1/B/y": "common",
        "/L1/A": "common",  # a space at the zone's own path is not beneath it
        "/M/z": None,
    }
