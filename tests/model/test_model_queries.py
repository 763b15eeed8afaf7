"""Shared readings: display names, inherited use, semi-outdoor and indoor spaces."""

from __future__ import annotations

from koyu_model.queries import display_name, effective_use, is_indoor, semi_outdoor_paths
from model_support import HEAD


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


def test_semi_outdoor_needs_a_declared_open_or_air_boundary_to_an_exterior(files):
    m = files.load(
        HEAD + "space /L1/t terrace X1..X2 Y1..Y2\nspace /L1/r room X2..X3 Y1..Y2\nspace /L1/v void X1..X2 Y1..Y2\n"
        "space /L1/g exterior X1..X2 Y1..Y2\nspace /out exterior\n"
        "boundary /out /L1/t type:open\nboundary /L1/r /out t:150\nboundary /L1/g /out type:open\n"
    )
    semi = semi_outdoor_paths(m)
    assert semi == {"/L1/t", "/L1/g"}
    assert [p for p, s in m.spaces.items() if is_indoor(s, semi)] == ["/L1/r"]
