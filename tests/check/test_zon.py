"""ZON01, ZON02 (reference/diagnostics/zon.md; COMPAT §7 section 15)."""

from diag_support import TWO, codes, of, run


def test_zon01_no_space_beneath(tmp_path):
    (d,) = of(run(tmp_path, TWO + "zone /wing name:西棟\n"), "ZON01")
    assert d.message == "There are no spaces beneath zone /wing"
    assert (d.line, d.path, d.severity) == (6, ("/wing",), "warning")


def test_zon01_prefix_is_by_whole_segments(tmp_path):
    # /L1/a is not beneath /L1/ — nor is /L1/ab beneath /L1/a
    text = TWO.replace("/L1/b room", "/L1/ab room") + "zone /L1/a\nzone /L1\n"
    diags = run(tmp_path, text)
    assert [d.path for d in of(diags, "ZON01")] == [("/L1/a",)]


def test_zon02_space_at_the_zone_path_after_all_zon01(tmp_path):
    text = TWO + "space /L1/a/x room X2..X3 Y1..Y2 level:L1\nzone /L1/a\nzone /empty\n"
    diags = run(tmp_path, text)
    assert [(d.code, d.path) for d in diags if d.code.startswith("ZON")] == [
        ("ZON01", ("/empty",)),
        ("ZON02", ("/L1/a",)),
    ]
    (d,) = of(diags, "ZON02")
    assert d.message == "A space shares its path with a zone (settle on one of them): /L1/a"
    assert d.line == 7


def test_zon02_not_for_a_zone_above_its_spaces(tmp_path):
    assert "ZON02" not in codes(run(tmp_path, TWO + "zone /L1\n"))
