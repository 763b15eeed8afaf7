"""``koyu graph``: neighbours space by space, with marks, door counts and attributes
(reference/cli/graph.md)."""

from koyu_cli.main import main

# Every mark of the page's table once: two doors, a doorless air:1 wall (railing), an air:1
# wall with a door (passes, so it counts its door), stair / shaft / void, open, and two
# contacts never declared (derived default walls, listed after the declared relations).
BUILDING = """koyu 1.0
name 試験棟
unit mm
grid X 0 3000 6000 9000
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:居間
space /L1/b room X2..X3 Y1..Y2
space /L1/c room X3..X4 Y1..Y2 name:納戸
space /L2/a room X1..X2 Y1..Y2 name:上
space /L2/b room X2..X3 Y1..Y2
space /L2/c void X3..X4 Y1..Y2
space /out exterior name:外
space /far exterior name:遠方
boundary /L1/a /L1/b t:100 spec:PW fire:060 ratio:1.50
  door w:800 h:2000 at:300
  door w:800 h:2000 at:1900
boundary /L1/a /out t:150 air:1 spec:柵
boundary /L1/c /out t:150 air:1
  door w:900 h:2000
  window w:900 h:1000
boundary /L1/a /L2/a type:stair
boundary /L1/b /L2/b type:shaft
boundary /L1/c /L2/c type:void
boundary /L2/a /L2/b type:open
boundary /L2/a /nowhere t:100
"""

EXPECTED = """/L1/a (居間)
  — 2 doors → /L1/b  (spec:PW fire:60 ratio:1.5)
  | railing etc. (open to the air, not passable) → /out  (spec:柵)
  ↕ stair → /L2/a
/L1/b (b)
  — 2 doors → /L1/a  (spec:PW fire:60 ratio:1.5)
  ↕ shaft (not passable) → /L2/b
  | wall → /L1/c
/L1/c (納戸)
  — 1 door → /out
  ↕ void → /L2/c
  | wall → /L1/b
/L2/a (上)
  ↕ stair → /L1/a
  〰 open → /L2/b
/L2/b (b)
  ↕ shaft (not passable) → /L1/b
  〰 open → /L2/a
  | wall → /L2/c
/L2/c (c)
  ↕ void → /L1/c
  | wall → /L2/b
/out (外)
  | railing etc. (open to the air, not passable) → /L1/a  (spec:柵)
  — 1 door → /L1/c
/far (遠方)
"""


def _entry(tmp_path, text):
    entry = tmp_path / "b.muro"
    entry.write_text(text, encoding="utf-8")
    return entry


def test_every_mark_from_both_sides_with_derived_walls_last(tmp_path, capsysbinary):
    entry = _entry(tmp_path, BUILDING)
    # graph passes no judgement: exit 0 although check finds errors here (/nowhere)
    assert main(["graph", str(entry)]) == 0
    out = capsysbinary.readouterr()
    assert out.out.decode("utf-8") == EXPECTED
    assert out.err == b""


# The page's two-room sample shape: one door between the rooms, one wall and one door out.
TWO_ROOMS = """koyu 1.0
name 二室
unit mm
grid X 0 3600 7200
grid Y 0 4500
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b room X2..X3 Y1..Y2 name:居室B
space /out exterior name:外部
boundary /L1/a /L1/b t:120 spec:PW1
  door w:780 h:2000
boundary /L1/a /out t:150 spec:EW1 fire:60
  window w:2600 h:1100 edge:S
boundary /L1/b /out t:150 spec:EW1 fire:60
  door w:900 h:2100 edge:S
"""


def test_two_rooms_reads_as_the_page_shows(tmp_path, capsysbinary):
    entry = _entry(tmp_path, TWO_ROOMS)
    assert main(["graph", str(entry)]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == (
        "/L1/a (居室A)\n"
        "  — 1 door → /L1/b  (spec:PW1)\n"
        "  | wall → /out  (spec:EW1 fire:60)\n"
        "/L1/b (居室B)\n"
        "  — 1 door → /L1/a  (spec:PW1)\n"
        "  — 1 door → /out  (spec:EW1 fire:60)\n"
        "/out (外部)\n"
        "  | wall → /L1/a  (spec:EW1 fire:60)\n"
        "  — 1 door → /L1/b  (spec:EW1 fire:60)\n"
    )


def test_an_undeclared_contact_is_a_bare_wall(tmp_path, capsysbinary):
    entry = _entry(
        tmp_path,
        """koyu 1.0
grid X 0 3000 6000
grid Y 0 3000
level L1 0 h:2400
space /L1/x room X1..X2 Y1..Y2
space /L1/y room X2..X3 Y1..Y2 name:東
""",
    )
    assert main(["graph", str(entry)]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == (
        "/L1/x (x)\n  | wall → /L1/y\n/L1/y (東)\n  | wall → /L1/x\n"
    )


def test_no_spaces_prints_nothing_and_exits_0(tmp_path, capsysbinary):
    entry = _entry(tmp_path, "koyu 1.0\n")
    assert main(["graph", str(entry)]) == 0
    assert capsysbinary.readouterr().out == b""


def test_a_broken_file_is_exit_1_with_one_cross_line(tmp_path, capsys):
    entry = _entry(tmp_path, "koyu 1.0\nspace /a room X1..X2\n")
    assert main(["graph", str(entry)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("✖ ") and "line 2" in lines[0]


def test_a_missing_file_is_exit_1_and_no_path_is_exit_2(tmp_path, capsys):
    assert main(["graph", str(tmp_path / "none.muro")]) == 1
    assert capsys.readouterr().err.startswith("✖ ")
    assert main(["graph"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu ")
