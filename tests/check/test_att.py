"""ATT01, ATT02, ATT03: section 7, the ledger (diagnostics/att.md, muro/attributes.md)."""

from diag_support import TWO, codes, of, run

NOTE = "(check the spelling, or add a namespace if the value is only carried — e.g. acme."


def test_att01_letter_o_for_zero(tmp_path):
    (d,) = of(run(tmp_path, TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 h:35OO")), "ATT01")
    assert d.message == "h on /L1/a is written as a positive number: h:35OO"
    assert d.path == ("/L1/a",) and d.line == 4


def test_att01_zero_and_negative_are_refused_positive_passes(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 riser:0 tread:-5 lane:1200")
    assert [d.message.split(": ")[-1] for d in of(run(tmp_path, text), "ATT01")] == ["riser:0", "tread:-5"]


def test_att02_vocabularies(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 ceiling:none turn:l").replace(
        "X2..X3 Y1..Y2", "X2..X3 Y1..Y2 ceiling:0 turn:L"
    )
    text += "zone /L1 site:yes\n"
    msgs = [d.message for d in of(run(tmp_path, text), "ATT02")]
    assert msgs == [
        "ceiling on /L1/a is one of 0 / 1: ceiling:none",
        "turn on /L1/a is one of R / L: turn:l",
        "site on zone /L1 is one of 0 / 1: site:yes",
    ]


def test_att03_misspelt_key_and_namespaced_keys(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 heigh:2200 acme.sensor:23 Acme.x:1 acme_x:1")
    msgs = [d.message for d in of(run(tmp_path, text), "ATT03")]
    assert msgs == [
        f"/L1/a carries heigh:, which is not in the ledger {NOTE}heigh:2200)",
        f"/L1/a carries Acme.x:, which is not in the ledger {NOTE}Acme.x:1)",
        f"/L1/a carries acme_x:, which is not in the ledger {NOTE}acme_x:1)",
    ]


def test_att_scan_order_and_names_per_element(tmp_path):
    text = """grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X3 Y1..Y2 ceiling:none
  area X1..X1+1000 Y1..Y1+1000 flooring:tile
zone /L1 name:一階 areaa:100
space /out exterior
boundary /L1/a /out t:150 h:tall
  window w:1200 h:1100 edge:S at:0.5 styl:sliding
  seg w:900 edge:N at:0.5 sond:D45
column 600 L1 spek:RC
"""
    diags = [d for d in run(tmp_path, text) if d.code.startswith("ATT")]
    assert [(d.code, d.line, d.path) for d in diags] == [
        ("ATT02", 4, ("/L1/a",)),
        ("ATT03", 5, ("/L1/a",)),
        ("ATT03", 6, ("/L1",)),
        ("ATT01", 8, ("/L1/a", "/out")),
        ("ATT03", 9, ("/L1/a", "/out")),
        ("ATT03", 10, ("/L1/a", "/out")),
        ("ATT03", 11, None),
    ]
    assert diags[1].message.startswith("area (/L1/a) carries flooring:")
    assert diags[3].message == "h on boundary /L1/a | /out is written as a positive number: h:tall"
    assert diags[4].message.startswith("window (/L1/a | /out) carries styl:")
    assert diags[5].message.startswith("seg (/L1/a | /out) carries sond:")
    assert diags[6].message.startswith("column 600mm carries spek:")


def test_att_integer_like_keys_first(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 zz:1 10:1 2:1")
    keys = [d.message.split(" carries ")[1].split(":")[0] for d in of(run(tmp_path, text), "ATT03")]
    assert keys == ["2", "10", "zz"]


def test_att_uid_only_on_space_and_zone(tmp_path):
    text = TWO + "boundary /L1/a /L1/b uid:b-1\n"
    (d,) = of(run(tmp_path, text.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 uid:sp-1")), "ATT03")
    assert d.message.startswith("boundary /L1/a | /L1/b carries uid:")


def test_att_clean_ledger_is_quiet(tmp_path):
    text = TWO.replace("X1..X2 Y1..Y2", "X1..X2 Y1..Y2 h:2200 floor:oak spec:x name:居間 use:x")
    assert not [c for c in codes(run(tmp_path, text)) if c.startswith("ATT")]


def test_att_structure_keys_kept_in_a_stack_bag_are_in_the_ledger(tmp_path):
    text = """grid X 0 3000
grid Y 0 6000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/s stair X1..X2 Y1..Y2 stair:N
space /L2/s stair X1..X2 Y1..Y2
stack s L1..L2 type:stair t:200 edge:N
"""
    assert not [c for c in codes(run(tmp_path, text)) if c.startswith("ATT")]


def test_att02_on_an_opening_written_over_a_span_speaks_on_every_storey(tmp_path):
    # one declaration, three storeys: the openings are read alike, yet each storey speaks
    text = (
        "grid X 0 3600 7200\ngrid Y 0 4000\nlevel L1..L3 0 pitch:3000 h:2400 slab:150\n"
        "space /L1..L3/a room X1..X2 Y1..Y2\nspace /L1..L3/b room X2..X3 Y1..Y2\n"
        "boundary /L1..L3/a /L1..L3/b\n  door w:800 style:swing\n  door w:800 at:0.2\n"
        "boundary /L1..L3/b /L1..L3/a edge:W\n  door w:800 at:0.8\n"
    )
    found = [(d.path, d.message) for d in of(run(tmp_path, text), "ATT02")]
    assert found == [
        ((f"/{lv}/a", f"/{lv}/b"), f"style on door (/{lv}/a | /{lv}/b) is one of hinged / sliding / auto: style:swing")
        for lv in ("L1", "L2", "L3")
    ]
