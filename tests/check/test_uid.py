"""UID01–UID04: section 12, identity (diagnostics/uid.md)."""

from diag_support import TWO, codes, of, run


def test_uid01_digits_alone_lose_their_zero(tmp_path):
    (d,) = of(run(tmp_path, TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 uid:0123")), "UID01")
    assert d.message == "A uid cannot be a token of digits alone: uid:123 (write something like sp-123)"
    assert d.path == ("/L1/a",) and d.line == 4


def test_uid02_whitespace_and_fine_tokens(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", 'X1..X2 Y1..Y2 uid:"sp 1"').replace(
        "X2..X3 Y1..Y2", "X2..X3 Y1..Y2 uid:sp-0123"
    )
    diags = run(tmp_path, text)
    (d,) = of(diags, "UID02")
    assert d.message == 'A uid cannot contain whitespace: "sp 1"'
    assert "UID01" not in codes(diags)


def test_uid03_across_spaces_and_zones_without_line(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 uid:sp-1") + "zone /L1 uid:sp-1\n"
    (d,) = of(run(tmp_path, text), "UID03")
    assert d.line == 0 and d.path == ("/L1/a", "/L1")
    assert [r.line for r in d.related] == [4, 6]
    f = str(tmp_path / "main.muro")
    assert d.message == f"Duplicate uid: sp-1 (space /L1/a — {f}:line 4, zone /L1 — {f}:line 6)"


def test_uid04_opening_names_within_a_boundary(tmp_path):
    text = (
        TWO
        + """space /out exterior
boundary /L1/a /out t:150
  window w:1200 h:1100 edge:S at:0.25 name:W1
  window w:1200 h:1100 edge:S at:0.75 name:W1
  window w:600 h:600 edge:W name:W1
"""
    )
    (d,) = of(run(tmp_path, text), "UID04")
    f = str(tmp_path / "main.muro")
    assert d.line == 10 and [r.line for r in d.related] == [8, 9] and d.path == ("/L1/a", "/out")
    assert d.message == (
        f"Duplicate opening name within boundary /L1/a | /out: W1 ({f}:line 8, "
        f"{f}:line 9, {f}:line 10) — the name is what identifies it inside its container"
    )


def test_uid04_a_name_inherited_from_an_asset_claims_nothing(tmp_path):
    text = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
asset W1 window w:1200 h:1100 name:掃き出し窓
space /L1/a room X1..X3 Y1..Y2
space /out exterior
boundary /L1/a /out t:150
  window W1 edge:S at:0.25
  window W1 edge:S at:0.75
"""
    assert of(run(tmp_path, text), "UID04") == []


def test_uid04_columns_across_the_model_and_areas_within_a_space(tmp_path):
    text = TWO.replace(
        "space /L1/a room X1..X2 Y1..Y2\n",
        "space /L1/a room X1..X2 Y1..Y2\n"
        "  area X1..X1+1000 Y1..Y1+1000 name:土間\n  area X1+1000..X1+2000 Y1..Y1+1000 name:土間\n",
    )
    text += "column 600 L1 x:X1 name:C1\ncolumn 600 L1 x:X2 name:C1\n"
    diags = of(run(tmp_path, text), "UID04")
    assert [(d.line, d.path) for d in diags] == [(6, ("/L1/a",)), (9, None)]
    assert diags[0].message.startswith("Duplicate area name within space /L1/a: 土間 (")
    assert diags[1].message.startswith("Duplicate column name within the model: C1 (")
