"""The two kinds of building the original koyu 0.16.0 could not answer (issue 13, "Beyond
the original"): a huge flat level, on which it hung in ``check``, and a label carrying a
character XML 1.0 forbids, which it copied into a plan SVG that did not parse. Ours answers
each call the fuzz corpus asks, and every drawing is well-formed XML, whatever the file
holds. The buildings are generated here.
"""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

import pytest
import robust_support as rs

# The characters XML 1.0 forbids (https://www.w3.org/TR/xml/#charsets) that a UTF-8 file
# can hold: the C0 controls but tab, LF and CR, and U+FFFE, U+FFFF. Vertical tab and form
# feed are also JavaScript whitespace: they split a token, so they go only in the title.
FORBIDDEN = [chr(c) for c in range(0x20) if chr(c) not in "\t\n\r"] + ["\ufffe", "\uffff"]
IN_A_TOKEN = [c for c in FORBIDDEN if c not in "\x0b\x0c"]
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _calls(entry: str, level: str, start: str, goal: str, content: str):
    """The eleven calls of the fuzz corpus, in its order (fuzz/README.md)."""
    f = {"file": entry}
    return [
        ("check", f),
        ("canonical_json", f),
        ("model_summary", f),
        ("spaces", f),
        ("validate", f),
        ("light", f),
        ("site", f),
        ("plan_svg", dict(f, level=level)),
        ("doors", dict(f, **{"from": start, "to": goal})),
        ("layers", f),
        ("write_layer", dict(f, layer="main.muro", content=content)),
    ]


def _answers(client, calls):
    out = {}
    for name, arguments in calls:
        result = rs.answer_of(client, name, arguments)
        assert not result.get("isError"), (name, result["content"][0]["text"][:300])
        out[name] = result["content"][0]["text"]
    return out


def _flat(rows: int, cols: int) -> str:
    """rows x cols touching rooms on one level (every wall derived), a door from each room
    of the first row to the next, and one from the first room out."""
    lines = [
        "koyu 1.0",
        "grid X " + " ".join(str(3000 * i) for i in range(cols + 1)),
        "grid Y " + " ".join(str(3000 * j) for j in range(rows + 1)),
        "level L1 0 h:2700 slab:200",
    ]
    for j in range(rows):
        for i in range(cols):
            lines.append(f"space /L1/r{j:03d}-{i:03d} room X{i + 1}..X{i + 2} Y{j + 1}..Y{j + 2}")
    lines.append("space /out exterior")
    for i in range(cols - 1):
        lines += [f"boundary /L1/r000-{i:03d} /L1/r000-{i + 1:03d}", "  door w:900"]
    lines += ["boundary /L1/r000-000 /out edge:S", "  door w:900"]
    return "\n".join(lines) + "\n"


def test_a_huge_flat_level_is_answered_by_every_call(tmp_path, logged):
    client, log = logged
    rows, cols = 50, 80  # 4,000 rooms: the shape of the dropped 20,000, at a test's cost
    text = _flat(rows, cols)
    entry = str(rs.write_building(tmp_path, {"main.muro": text}))
    last = f"/L1/r000-{cols - 1:03d}"
    got = _answers(client, _calls(entry, "L1", last, "/out", text))

    check = json.loads(got["check"])
    assert check["ok"] is True and check["errors"] == []
    summary = json.loads(got["model_summary"])
    assert summary["floorsM2"]["L1"]["rooms"] == rows * cols
    assert summary["totalFloorM2"] == rows * cols * 9
    assert len(json.loads(got["spaces"])) == rows * cols + 1
    # every room of the first row passed, each through one more door
    route = json.loads(got["doors"])
    assert route["doors"] == cols and len(route["path"]) == cols + 1
    # every room but those of the first row is sealed by derived walls
    unreachable = [f for f in json.loads(got["validate"])["findings"] if f["rule"] == "access.unreachable"]
    assert len(unreachable) == (rows - 1) * cols
    svg = ElementTree.fromstring(got["plan_svg"].encode())
    assert sum(1 for t in svg.iter("{http://www.w3.org/2000/svg}text") if (t.text or "").startswith("/L1/r")) == (
        rows * cols
    )
    assert json.loads(got["write_layer"])["written"]
    assert log.take() == ""


def _labelled(c: str) -> str:
    """One building whose every kind of drawn word carries ``c``: the title, a level, a
    space's path, type word and name, an area's name, a seg's label, a road's name, and the
    names of a door and a window (not drawn, but read)."""
    title_only = c in "\x0b\x0c"
    t = "" if title_only else c
    return f"""koyu 1.0
name Ho{c}use
grid X 0 4000 8000 12000
grid Y 0 5000 9000
level L{t}1 0 h:2700 slab:150
zone /site name:Si{t}te site:1
polygon /site 0,0 12000,0 12000,9000 0,9000
space /site/li{t}ving ro{t}om X1..X2 Y1..Y2 name:Li{t}ving level:L{t}1
  area X1..X1+1800 Y1..Y2 name:Do{t}ma
space /site/hall hall X2..X3 Y1..Y2 level:L{t}1
space /road exterior road:6000 name:Ro{t}ad
space /out exterior
boundary /site/li{t}ving /site/hall
  door w:900 name:Do{t}or
  seg w:1000 spec:Cur{t}tain
boundary /site/hall /road edge:S
  door w:900
boundary /site/li{t}ving /out edge:S
  window w:1200 name:Wi{t}ndow
"""


@pytest.mark.parametrize("c", FORBIDDEN, ids=[f"U+{ord(c):04X}" for c in FORBIDDEN])
def test_a_character_xml_forbids_never_reaches_a_drawing(tmp_path, logged, c):
    client, log = logged
    text = _labelled(c)
    entry = str(rs.write_building(tmp_path, {"main.muro": text}))
    t = "" if c not in IN_A_TOKEN else c
    got = _answers(client, _calls(entry, f"L{t}1", f"/site/li{t}ving", "/road", text))
    drawing = got["plan_svg"]
    assert not NOT_XML.search(drawing)
    svg = ElementTree.fromstring(drawing.encode())
    words = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    title = svg.find("{http://www.w3.org/2000/svg}title").text
    if c not in IN_A_TOKEN:
        assert title == "Ho use — L1 plan"  # read as the space between two words
    else:
        # each word is drawn with U+FFFD where the character was
        assert title == "Ho\ufffduse — L\ufffd1 plan"
        for word in ("Li\ufffdving", "ro\ufffdom · 20 m2", "/site/li\ufffdving", "Do\ufffdma", "Cur\ufffdtain"):
            assert word in words
        assert "Ro\ufffdad · road 6000 mm" in words
        assert "Ho\ufffduse — L\ufffd1 plan" in words
    # the other answers carry the character itself, JSON-escaped
    assert json.loads(got["spaces"])[0]["type"] == f"ro{t}om"
    assert log.take() == ""
