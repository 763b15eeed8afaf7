"""VER01–VER04: section 11, older declared versions (diagnostics/ver.md)."""

from diag_support import TWO, codes, of, run


def test_ver01_touching_pair_without_boundary_has_no_line(tmp_path):
    (d,) = of(run(tmp_path, "koyu 0.1\n" + TWO.replace("room", "hall")), "VER01")
    assert d.line == 0 and d.file is None and d.path == ("/L1/a", "/L1/b")
    assert d.message.startswith("A koyu 0.1 file has a touching pair with no declared boundary: /L1/a | /L1/b — ")
    assert "line" not in d.to_json() and "file" not in d.to_json()


def test_ver01_declared_boundary_or_newer_version_is_quiet(tmp_path):
    assert of(run(tmp_path, "koyu 0.1\n" + TWO.replace("room", "hall") + "boundary /L1/a /L1/b\n"), "VER01") == []
    assert of(run(tmp_path, "koyu 0.2\n" + TWO.replace("room", "hall")), "VER01") == []


def test_ver02_habitable_type_without_daylight(tmp_path):
    text = "koyu 0.3\n" + TWO.replace("X2..X3 Y1..Y2", "X2..X3 Y1..Y2 daylight:0")
    (d,) = of(run(tmp_path, text), "VER02")
    assert d.line == 5 and d.path == ("/L1/a",)
    assert d.message.startswith("A koyu 0.3 file has a room with no daylight: /L1/a — 0.4 does not infer")
    assert of(run(tmp_path, "koyu 0.4\n" + TWO), "VER02") == []


def test_ver03_words_of_0_5(tmp_path):
    text = """koyu 0.4
grid X 0 3000 6000
grid Y 0 8000
level B1 -3000 h:2700 slab:300 underground:1
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/s stair X1..X2 Y1..Y1+7000 stair:N
space /L1/b room X2..X3 Y1..Y2 daylight:0
space /L2/s stair X1..X2 Y1..Y1+7000
boundary /L1/s /L1/b
  line X2,Y1 X2,Y2
column 600 L1
"""
    msgs = [(d.line, d.message) for d in of(run(tmp_path, text), "VER03")]
    tail = " — raise the version to koyu 0.5"
    assert msgs == [
        (7, "A koyu 0.4 file uses a 0.5 word: /L1/s carries stair: (a vertical circulation)" + tail),
        (11, "A koyu 0.4 file uses a 0.5 word: /L1/s | /L1/b carries line (a drawn line)" + tail),
        (12, "A koyu 0.4 file uses a 0.5 word: column" + tail),
        (4, "A koyu 0.4 file uses a 0.5 word: level B1 carries underground:" + tail),
    ]
    assert of(run(tmp_path, text.replace("koyu 0.4", "koyu 0.5")), "VER03") == []


def test_ver04_each_edit_in_scan_order(tmp_path):
    text = """koyu 0.5
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /out exterior
boundary /L1/a /out t:150
  door w:800 edge:S name:D1
drop /L1/b
over /L1/a /out
  - door D1
"""
    diags = of(run(tmp_path, text), "VER04")
    assert [(d.line, d.path) for d in diags] == [(10, ("/L1/b",)), (11, ("/L1/a", "/out")), (12, None)]
    assert diags[0].message == (
        "A koyu 0.5 file uses a 1.0 word: drop /L1/b (a composition removal) — raise the version to koyu 1.0"
    )
    assert diags[2].message.startswith("A koyu 0.5 file uses a 1.0 word: - door D1 (a set edit under over)")


def test_no_version_declared_reads_as_1_0(tmp_path):
    assert not [c for c in codes(run(tmp_path, TWO + "drop /L1/b\n")) if c.startswith("VER")]


def test_ver03_vertical_circulation_by_key_then_space(tmp_path):
    text = """koyu 0.4
grid X 0 3000 6000
grid Y 0 8000
level L1 0 h:2700 slab:300
level L2 3000 h:2700 slab:300
space /L1/r ramp X1..X2 Y1..Y2 ramp:N
space /L1/s stair X2..X3 Y1..Y2 stair:N
"""
    assert [d.path for d in of(run(tmp_path, text), "VER03")] == [("/L1/s",), ("/L1/r",)]
