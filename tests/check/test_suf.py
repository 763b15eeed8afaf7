"""SUF01, SUF02 (section 17) and SUF03 (section 18) (reference/diagnostics/suf.md)."""

from diag_support import codes, of, run

HEAD = "grid X 0 3600 7200\ngrid Y 0 4000\n"


def test_suf01_no_ceiling_height(tmp_path):
    (d,) = of(run(tmp_path, HEAD + "level L1 0 slab:150\nspace /L1/a room X1..X2 Y1..Y2\n"), "SUF01")
    assert d.message == (
        "The ceiling height of /L1/a cannot be determined (neither the space's h: nor level L1's h: is there)"
    )
    assert (d.line, d.path) == (4, ("/L1/a",))


def test_suf01_not_blamed(tmp_path):
    text = HEAD + (
        "level L1 0 slab:150\nspace /L1/a room X1..X2 Y1..Y2 h:2400\n"
        "space /L1/v void X2..X3 Y1..Y2\nspace /L1/g garden X1..X2 Y1..Y2\n"
        "space /out exterior\nboundary /L1/g /out type:open\n"
    )
    assert of(run(tmp_path, text), "SUF01") == []


def test_suf02_region_without_level_before_suf01(tmp_path):
    diags = run(
        tmp_path, HEAD + "level L1 0 slab:150\nspace /house/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\n"
    )
    assert codes(diags) == ["SUF02", "SUF01"]
    assert diags[0].message == (
        "/house/a has a region, but its level cannot be determined (give it at the head of the path or with level:)"
    )


def test_suf02_not_with_level_attribute_or_without_region(tmp_path):
    text = HEAD + "level L1 0 h:2400 slab:150\nspace /house/a room X1..X2 Y1..Y2 level:L1\nspace /out exterior\n"
    assert of(run(tmp_path, text), "SUF02") == []


def test_suf03_levels_in_z_order_only_with_a_floor_to_make(tmp_path):
    text = HEAD + (
        "level L2 3000 h:2400\nlevel L1 0 h:2400\nlevel R 6000\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /L2/a room X1..X2 Y1..Y2\n"
    )
    diags = of(run(tmp_path, text), "SUF03")
    assert [(d.message, d.line, d.path) for d in diags] == [
        ("Level L1 has no slab:, so not one floor is generated on this storey", 4, None),
        ("Level L2 has no slab:, so not one floor is generated on this storey", 3, None),
    ]
