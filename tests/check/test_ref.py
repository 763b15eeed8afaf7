"""REF01, BND01, BND02, BND05: sections 1 and 2 (diagnostics/ref.md, bnd.md)."""

from diag_support import TWO, codes, of, run


def test_ref01_names_the_missing_side_with_both_paths(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/a /L1/zzz\n")
    (d,) = of(diags, "REF01")
    assert d.message == "References an undefined space: /L1/zzz"
    assert (d.severity, d.line, d.path) == ("error", 6, ("/L1/a", "/L1/zzz"))
    assert d.to_json()["file"].endswith("main.muro")


def test_ref01_both_sides_missing_gives_two_in_side_order(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/y /L1/x\n")
    assert [d.message for d in of(diags, "REF01")] == [
        "References an undefined space: /L1/y",
        "References an undefined space: /L1/x",
    ]


def test_ref01_forward_reference_is_fine(tmp_path):
    text = (
        TWO.replace("space /L1/b room X2..X3 Y1..Y2\n", "") + "boundary /L1/a /L1/b\nspace /L1/b room X2..X3 Y1..Y2\n"
    )
    assert of(run(tmp_path, text), "REF01") == []


def test_bnd01_self_boundary(tmp_path):
    diags = run(tmp_path, TWO + "space /out exterior\nboundary /out /out\n")
    (d,) = of(diags, "BND01")
    assert d.message == "A boundary between a space and itself cannot be written: /out"
    assert d.path == ("/out", "/out") and d.line == 7


def test_bnd02_duplicate_points_at_the_first(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/a /L1/b t:120\nboundary /L1/b /L1/a type:open\n")
    (d,) = of(diags, "BND02")
    assert d.line == 7 and d.path == ("/L1/b", "/L1/a")  # the path as written, the sentence sorted
    assert d.message.startswith("Duplicate boundary: /L1/a | /L1/b (first seen at /")
    assert d.message.endswith("main.muro:line 6)")
    assert [r.line for r in d.related] == [6]


def test_bnd02_spells_the_identity_sorted_with_its_edge(tmp_path):
    text = TWO + "space /out exterior\nboundary /out /L1/b edge:E\nboundary /L1/b /out edge:E t:90\n"
    (d,) = of(run(tmp_path, text), "BND02")
    assert d.message.startswith("Duplicate boundary: /L1/b | /out edge:E (first seen at /")
    assert d.path == ("/L1/b", "/out")


def test_bnd02_spells_a_drawn_line(tmp_path):
    text = TWO + "boundary /L1/b /L1/a\n  line X2,Y1 X2,Y2\nboundary /L1/a /L1/b t:90\n  line X2,Y1 X2,Y2\n"
    (d,) = of(run(tmp_path, text), "BND02")
    assert d.message.startswith("Duplicate boundary: /L1/a | /L1/b line X2,Y1 X2,Y2 (first seen at /")


def test_bnd02_different_edges_or_lines_are_not_duplicates(tmp_path):
    text = TWO + (
        "boundary /L1/a /L1/b edge:E\nboundary /L1/a /L1/b edge:W\n"
        "boundary /L1/a /L1/b\n  line X2,Y1 X2+100,Y2\n"
        "boundary /L1/a /L1/b\n  line X2,Y1 X2-100,Y2\n"
    )
    assert of(run(tmp_path, text), "BND02") == []


def test_bnd05_restricted_and_unrestricted_on_one_pair(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/a /L1/b edge:E t:150\nboundary /L1/b /L1/a t:120\n")
    (d,) = of(diags, "BND05")
    assert d.severity == "warning"
    assert d.line == 7  # the unrestricted member
    assert [r.line for r in d.related] == [6]
    assert d.path == ("/L1/a", "/L1/b")  # the pair sorted, not as written
    assert d.message.endswith("(the segments overlap): /L1/a | /L1/b")


def test_bnd05_all_restricted_is_quiet(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/a /L1/b edge:E\nboundary /L1/a /L1/b edge:N\n")
    assert "BND05" not in codes(diags)


def test_section_order_ref_before_duplicates(tmp_path):
    diags = run(tmp_path, TWO + "boundary /L1/a /L1/b\nboundary /L1/a /L1/b\nboundary /L1/a /L1/q\n")
    mine = [c for c in codes(diags) if c in ("REF01", "BND02")]
    assert mine == ["REF01", "BND02"]
