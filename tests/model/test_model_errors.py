"""Errors that stop the read: one KoyuError, ``<file>:line <n>: <message>`` (syn.md, errors.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from model_support import HEAD

from koyu_model import load
from koyu_model.errors import CannotReadFile, KoyuError

CASES = [
    ("space /L1/a room X1..X2 Y1..Y2\ngrid X 0 1\n", 1, "Undefined grid line name: X1"),
    (HEAD + "space /L1/a room X1..X9 Y1..Y2\n", 4, "Undefined grid line name: X9"),
    (HEAD + "space /L1/a room X1..X2+600.5 Y1..Y2\n", 4, "Undefined grid line name: X2+600.5"),
    (HEAD + "space /L1/a X1..X2 Y1..Y2\n", 4, "A region is given as two ranges, X?..X? and Y?..Y?"),
    (HEAD + "space /L1/a\n", 4, "space /L1/a requires a type (a word from the vocabulary)"),
    (HEAD + "space /L1/a room X1..Y2 Y1..Y2\n", 4, "Both ends of a range are grid lines on the same axis"),
    (HEAD + "space /L1/a room X2..X2 Y1..Y2\n", 4, "The region has zero width"),
    (
        HEAD + "space /L1/a room X1..X2 Y1..Y2 w:1600\n",
        4,
        "w: may not be written on space (a space written by width sits indented under band)",
    ),
    (
        HEAD + "space /L1/a exteriorr\n",
        4,
        "The type exteriorr looks like a misspelling of exterior (exterior is read structurally"
        " — if a different word was meant, spell it further away)",
    ),
    (HEAD + "space /L1/a room level:L9\n", 4, "Undeclared level: level:L9"),
    (HEAD + "space /L1/a room\nspace /L1/a room\n", 5, "Duplicate space path: /L1/a (first seen in {main} at line 4)"),
    (HEAD + "zone /z\nzone /z\n", 5, "Duplicate zone path: /z (first seen in {main} at line 4)"),
    (HEAD + "level L1 3 h:1\n", 4, "Duplicate level: L1"),
    (
        HEAD + "level L2 0 undergound:1\n",
        4,
        "level carries undergound:, which is not in the ledger (level reads h / slab / pitch / underground)",
    ),
    (HEAD + "level L2..L4 0\n", 4, "A level range requires pitch: (the storey height in mm): L2..L4"),
    (HEAD + "level L2 0 pitch:3000\n", 4, "pitch is available only on a level range declaration (L?..L?)"),
    (HEAD + "level L6..L2 0 pitch:3\n", 4, "Cannot read the level range: L6..L2"),
    (HEAD + "stack st L1..R type:stair\n", 4, "Cannot read the level range: L1..R"),
    (HEAD + "stack st L1..L9 type:stair\n", 4, "The range includes an undeclared level (declare level first): L1..L9"),
    (HEAD + "stack st L1..L1 type:stair\n", 4, "The range runs backwards: L1..L1"),
    (HEAD + "level L2 3000\nstack st L1..L2\n", 5, "A stack type is stair / shaft / void: undefined"),
    # the range is read before the attributes (koyu 0.16.0: `stack [] ev B2..L1 type:shaft`)
    (HEAD + "stack st ev L1..L2 type:stair\n", 4, "Cannot read the level range: ev"),
    (HEAD + "stack /L1/st L1..L2 type:stair\n", 4, "stack takes the form stack <name> <L?..L?> type:stair|shaft|void"),
    ("name A\nname B\n", 2, 'name is declared once (already "A" — in the base layer when composing)'),
    ("name A\nname A\nname\n", 3, "name takes a value"),
    ("unit m\n", 1, "The only unit in v0 is mm: m"),
    ("grid X 0 10\ngrid X 0 20\n", 2, "grid X is declared once (in the base layer when composing)"),
    ("grid X 10 0\n", 1, "grid coordinates are written in ascending order"),
    ("grid X 10\n", 1, "grid takes two or more coordinates"),
    ("grid Z 0 1\n", 1, "A grid axis is X or Y: Z"),
    ("koyu 0.6\n", 1, "Unsupported koyu version: 0.6 (this tool supports 0.1, 0.2, 0.3, 0.4, 0.5, 1.0)"),
    ("koyu 1.0 latest\n", 1, "Extra tokens on the koyu version declaration: latest"),
    ("koyu 1.0\nkoyu 1.0\n", 2, "The koyu version is declared once (already 1.0)"),
    ("wall /a /b\n", 1, "Unknown keyword: wall"),
    ("space /a room\ndoor w:900\n", 2, "Unknown keyword: door"),
    ("space /a room\n  door w:900\n", 2, "door is written indented directly under boundary"),
    (
        "boundary /a /b\n  note x\n",
        2,
        "Only door / window / seg / line / area / space (a band member) may sit on an indented line: note",
    ),
    ("boundary /a /b\n  door\n", 2, "door requires a width w:(mm) (the asset may supply it)"),
    ("boundary /a /b\n  door SD9\n", 2, "Undefined opening asset: SD9"),
    ("asset W1 window w:900\nboundary /a /b\n  door W1\n", 3, "The asset W1 is a window (it cannot be used as a door)"),
    ("boundary /a /b\n  seg at:0.5\n", 2, "seg requires a width w:(mm)"),
    (HEAD + "boundary /a /b\n  line X1,Y1 X2,Y2\n  line X1,Y2 X2,Y1\n", 6, "One boundary carries one line: /a | /b"),
    (HEAD + "boundary /a /b\n  line Y1,X1 X2,Y2\n", 5, "A point is written X grid line first, then Y"),
    ("boundary /a\n", 1, "boundary takes the form boundary /pathA /pathB [attributes...]"),
    ("space /a room name:x name:y\n", 1, "Duplicate attribute key: name"),
    ('space /a room name:""\n', 1, "The attribute name has no value"),
    ("space /a room 居室\n", 1, "An attribute is written key:value: 居室"),
    ('space /a room name:"x\n', 1, "Unclosed quote"),
    (
        HEAD + "band X X1..X3 Y1..Y2\n  space /L1/a room w:3600\n  space /L1/b room w:1000\n",
        4,
        "The dimensions sum to 4600mm against a band width of 7200mm, 2600mm short"
        " (fix a dimension, or make one of them w:rest)\n  /L1/a w:3600\n  /L1/b w:1000",
    ),
    (
        HEAD + "band X X1..X3 Y1..Y2\n  space /L1/a room w:rest\n  space /L1/b room w:rest\n",
        6,
        "Only one member per band absorbs the remainder (w:rest): /L1/a, /L1/b",
    ),
    (
        HEAD + "band X X3..X1 Y1..Y2\n",
        4,
        "A band range is written in ascending order (members run west to east / south to north): X3..X1",
    ),
    (
        HEAD + "band X X1..X3 Y1..Y2 name:帯\n",
        4,
        "Only the axis and the extent may be written on a band line (attributes go on the member space lines): name:帯",
    ),
    (
        HEAD + "band X X1..X3 Y1..Y2\n  space /L1/a room w:rest level:L1\n",
        5,
        "level: may not be written on a band member (a band is a run on one level): level:L1",
    ),
    (
        HEAD + "band X X1..X3 Y1..Y2\n  space /L1/a room w:rest\n  area X1..X2 Y1..Y2\n",
        6,
        "area may not be written on a band member (its region is derived — write a room that needs area by position)",
    ),
    # koyu 0.16.0's sentences and reading order where the pages are silent (issue 13)
    ("grid X 0 ３６００\n", 1, "The grid coordinate is not a number: ３６００"),
    ("grid X 0 1e3\n", 1, "The grid coordinate is not a number: 1e3"),
    (HEAD + "level L2 3000 :2400\n", 4, "An attribute is written key:value: :2400"),
    (HEAD + "space /L1/a room X1..X2 Y1..Y2 name: 居室\n", 4, "The attribute name has no value"),
    ("space /a room X1..X2 Y1.\n", 1, "An attribute is written key:value: Y1."),  # before any region
    ("space /a room X1..X2 Y1..Y2 level:L1\n", 1, "Undeclared level: level:L1"),  # before the grid
    (HEAD + "space /L1/a room X1..X2 Y1..\n", 4, "Cannot read the region: Y1.."),
    ("space\n", 1, "space requires a path"),
    ("space -- /L1/a room\n", 1, "space takes the form space /path type [X?..X? Y?..Y? [+ ...]]"),
    ("space /a room\n  space /b room\n", 2, "an indented space is written directly under band"),
    (HEAD + "band Z X1..X3 Y1..Y2\n", 4, "A band divides along X or Y: Z (it takes the form band X X1..X2 Y1..Y2)"),
    (HEAD + "band X X1..X3 Y1..Y2\nimport ./missing.muro\n", 4, "band takes one or more indented space lines below it"),
    (
        HEAD + "band X X1..X3 Y1..Y2\n  space /a room w:3600\n  space /L1/b room w:rest\n",
        4,
        "Band members expand onto the same level: /a → a, /L1/b → L1",
    ),
    ("polygon ./site.muro\n", 1, "polygon takes the form polygon /zone-path x,y x,y x,y ..."),
    ("polygon /site 0,0 10,0 x,10\n", 1, "Cannot read the vertex (x,y in mm): x,10"),
    ("polygon /site 0,0 10,0\n", 1, "polygon takes the form polygon /zone-path x,y x,y x,y ..."),
    ("asset SD1\n", 1, "An asset kind is door / window: undefined"),
    (HEAD + "column 600 L9\n", 4, "Undeclared level: L9"),
    (HEAD + "column ６００ L1\n", 4, "The column dimension is not a number: ６００"),
    ("level L1\n", 1, "The level height (z) is not a number: "),
    (HEAD + "level L2 3000 h:0\n", 4, "h is written as a positive number: h:0"),
    (HEAD + "level L2 3000 h:2400 slab:-150\n", 4, "slab is written as a positive number: slab:-150"),
    (HEAD + "over level L1 h:0\n", 4, "h is written as a positive number: h:0"),
    ("boundary /a /b t:-150\n", 1, "t is written as a positive number: t:-150"),
    ("boundary /a x /b\n", 1, "boundary takes the form boundary /pathA /pathB [attributes...]"),
    ("boundary /a /b\n  door w:0\n", 2, "door requires a width w:(mm) (the asset may supply it)"),
    ("asset D1 door w:-800\nboundary /a /b\n  door D1\n", 3, "door requires a width w:(mm) (the asset may supply it)"),
    ("asset D1 door w:800 h:0\nboundary /a /b\n  door D1\n", 3, "h is written as a positive number: h:0"),
    ("boundary /a /b\n  window w:900 @@ h:1100\n", 2, "An attribute is written key:value: @@"),
    (
        "boundary /a /b\n  door w:800 name:D1\nover /a /b\n  = door D1 w:１０００\n",
        4,
        "w is written as a positive number: w:１０００",
    ),
    ("space /a room\nover /a :2600\n", 2, "An attribute is written key:value: :2600"),
    # a line is cut when the read gets there: an earlier line's error comes first
    ('wall /a /b\nspace /a "room\n', 1, "Unknown keyword: wall"),
    (
        "\ufeffkoyu 1.0\n",
        1,
        "Only door / window / seg / line / area / space (a band member) may sit on an indented line: koyu",
    ),
    ("over /L1/nowhere h:1\n", 1, "No such target for over: /L1/nowhere (place it after the layer that defines it)"),
    ("over /a /b t:1\n", 1, "No such boundary for over: /a | /b"),
    ("over /a /b /c t:1\n", 1, "Too many paths on the over target: /a /b /c"),
    ("drop /L1/nowhere\n", 1, "No such target for drop: /L1/nowhere"),
    ("drop column C9\n", 1, "No such column: C9"),
    ("drop level L1\n", 1, "drop takes the form drop /path / drop /pathA /pathB / drop column <name>"),
    ("space /L1/a room\nover /L1/a\n  + door w:1 name:x\n", 3, "over on a space edits area: door"),
    # one reading of a number attribute for every declaration and over edit that needs one
    (HEAD + "level L2 3000 h:tall\n", 4, "The attribute h is written as a number: tall"),
    (HEAD + "boundary /a /b t:thick\n", 4, "The attribute t is written as a number: thick"),
    (HEAD + "column 600 L1 d:deep\n", 4, "The attribute d is written as a number: deep"),
    (HEAD + "over level L1 slab:x\n", 4, "The attribute slab is written as a number: x"),
]


@pytest.mark.parametrize("text, line, message", CASES, ids=[c[2][:40] for c in CASES])
def test_stop_the_read_with_the_documented_sentence(files, text, line, message):
    path = files.write("main.muro", text)
    with pytest.raises(KoyuError) as e:
        load(str(path))
    assert e.value.line == line
    assert e.value.raw == message.format(main=str(path))
    assert str(e.value) == f"{path}:line {line}: {e.value.raw}"


def test_errors_in_a_layer_name_that_layer(files):
    with pytest.raises(KoyuError) as e:
        files.load(
            "import ./plan.muro\nimport ./again.muro\n",
            plan=HEAD + "space /L1/a room\n",
            again="\n\nspace /L1/a room\n",
        )
    root = files.root
    assert str(e.value) == (
        f"{root}/again.muro:line 3: Duplicate space path: /L1/a (first seen in {root}/plan.muro at line 4)"
    )


def test_an_unreadable_entry_is_line_0(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CannotReadFile) as e:
        load("missing.muro")
    assert str(e.value) == "line 0: Cannot read file: missing.muro"


def test_an_unreadable_layer_names_the_import_line(files):
    with pytest.raises(CannotReadFile) as e:
        files.load("\nimport ./missing.muro\n")
    assert str(e.value) == f"{files.root}/main.muro:line 2: Cannot read file: ./missing.muro"


def test_koyu_only_in_the_entry(files):
    with pytest.raises(KoyuError) as e:
        files.load("import ./l.muro\n", l="koyu 1.0\n")
    assert e.value.raw == "The koyu version is declared only in the base layer (the entry)"


def test_cli_json_prints_bytes_or_the_error(files):
    good = files.write("good.muro", HEAD + "space /L1/a room X1..X2 Y1..Y2\n")
    bad = files.write("bad.muro", HEAD + "space /L1/a room X1..X9 Y1..Y2\n")
    run = lambda p: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "koyu_cli.main", "json", str(p)], capture_output=True
    )
    ok = run(good)
    assert ok.returncode == 0 and ok.stdout.endswith(b'  "boundaries": []\n}\n')
    ko = run(bad)
    assert ko.returncode == 1 and ko.stdout == b""
    assert ko.stderr.decode("utf-8").strip() == f"✖ {bad}:line 4: Undefined grid line name: X9"
    usage = subprocess.run([sys.executable, "-m", "koyu_cli.main", "json"], capture_output=True)
    assert usage.returncode == 2
