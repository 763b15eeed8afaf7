"""The section and elevation sheets (0.27: cli/section.md "What is on the sheet", ADR-0064),
the section_svg and elevation_svg tools (mcp/tools-ask.md), and the koyu section and koyu
elevation commands (cli/section.md, cli/elevation.md)."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from koyu_cli.main import main
from koyu_host.client import Client
from koyu_host.surfaces import SURFACES
from koyu_model import load
from koyu_model.drawing.section import Guide, draw_section
from koyu_model.drawing.sheet import sheet_from_model
from koyu_model.form.derive import derive
from koyu_model.form.section import FormSection, SectionEntity, axis_plane, line_plane, named_plane, section_form
from koyu_model.release import KOYU_0_27

HOUSE = """muro 1.4
name 二階の家
grid X 0 4000 8000
grid Y 0 3000
level B1 -3000 h:2400 slab:200
level L1 0 h:2400 slab:200
level L2 3000 h:2400 slab:200
level R 6000
space /B1/store room X1..X2 Y1..Y2
space /L1/a room X1..X3 Y1..Y2 name:居間
space /L2/c room X1..X2 Y1..Y2
space /L2/v room X2..X3 Y1..Y2 void:1
"""


@pytest.fixture
def house(tmp_path: Path) -> str:
    p = tmp_path / "main.muro"
    p.write_text(HOUSE, encoding="utf-8")
    return str(p)


def _texts(svg: str) -> list[str]:
    root = ElementTree.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def _svg(path: str, at: str, look: str | None = None, **kwargs) -> str:
    model = load(path, release=KOYU_0_27)
    plane = named_plane(model.grid, at, look)
    section = section_form(derive(model, plans=False), plane)
    return draw_section(section, sheet_from_model(model), f"section at {at} looking {plane.facing}", **kwargs)


def test_the_sheet_carries_the_ladder_the_ground_the_crossing_grid_the_rooms_and_the_title(house):
    texts = _texts(_svg(house, "Y1+1500"))
    for level, height in (("B1", "-3000"), ("L1", "+0"), ("L2", "+3000"), ("R", "+6000")):
        assert level in texts and height in texts  # every declared level, R with no space on it too
    assert "z 0" in texts
    assert {"X1", "X2", "X3"} <= set(texts) and not {"Y1", "Y2"} & set(texts)  # the other axis only
    assert ["居間", "h 2400"] == texts[texts.index("居間") : texts.index("居間") + 2]
    assert {"c", "v", "store"} <= set(texts)  # unnamed rooms by their last segment
    assert "二階の家 — section at Y1+1500 looking N" in texts


def test_what_is_cut_is_solid_and_what_is_beyond_is_toned_far_to_near(house):
    svg = _svg(house, "Y1+1500")
    root = ElementTree.fromstring(svg)
    paths = list(root.iter("{http://www.w3.org/2000/svg}path"))
    solid = [p for p in paths if p.get("fill") == "#1d1d1b"]
    assert len(solid) == 1 and solid[0].get("d").count("M") >= 10  # walls and slabs in one poché
    toned = [p for p in paths if p.get("stroke-opacity")]
    assert toned and all(p.get("fill") != "#1d1d1b" for p in toned)
    # the poché is painted after everything seen beyond
    assert paths.index(solid[0]) > max(paths.index(p) for p in toned)


def test_a_body_hidden_exactly_behind_a_nearer_one_of_its_outline_is_not_painted(house):
    # three walls seen beyond: the far one has the near one's outline (an elevation sees
    # the same wall on every line behind the first), the third stands aside
    wall = ((0.0, 0.0), (1000.0, 0.0), (1000.0, 2400.0), (0.0, 2400.0))
    aside = ((2000.0, 0.0), (3000.0, 0.0), (3000.0, 2400.0), (2000.0, 2400.0))
    entities = (
        SectionEntity("beyond", "boundary", "near", "wall", wall, 100.0),
        SectionEntity("beyond", "boundary", "far", "wall", wall, 9000.0),
        SectionEntity("beyond", "boundary", "aside", "wall", aside, 9000.0),
    )
    section = FormSection(plane=axis_plane("Y", 0, "N"), entities=entities, levels=())
    svg = draw_section(section, sheet_from_model(load(house, release=KOYU_0_27)), "x")
    toned = [p for p in ElementTree.fromstring(svg).iter("{http://www.w3.org/2000/svg}path") if p.get("stroke-opacity")]
    assert len(toned) == 2
    # the one kept is the near wall in its own tone, darker than the far one aside (the tones
    # fade toward the paper with distance; a darker hex sorts first)
    fills = {p.get("d").split()[0]: p.get("fill") for p in toned}
    assert fills["M120"] < fills["M220"]


def test_bodies_next_in_depth_order_at_one_depth_and_in_one_tone_share_one_path(house):
    def rect(u0, u1, z0, z1):
        return ((u0, z0), (u1, z0), (u1, z1), (u0, z1))

    entities = (
        SectionEntity("beyond", "boundary", "b", "wall", rect(0, 1000, 0, 2400), 100.0),
        SectionEntity("beyond", "boundary", "c", "wall", rect(1000, 2000, 0, 2400), 100.0),
        SectionEntity("beyond", "opening", "w", "window", rect(200, 800, 900, 2100), 100.0),
        SectionEntity("beyond", "boundary", "far", "wall", rect(0, 3000, 0, 2400), 9000.0),
        # nearly as far, so of the same tone, but nearer: its own element, painted over
        SectionEntity("beyond", "boundary", "farish", "wall", rect(500, 2500, 0, 2400), 8990.0),
    )
    section = FormSection(plane=axis_plane("Y", 0, "N"), entities=entities, levels=())
    svg = draw_section(section, sheet_from_model(load(house, release=KOYU_0_27)), "x")
    toned = [p for p in ElementTree.fromstring(svg).iter("{http://www.w3.org/2000/svg}path") if p.get("stroke-opacity")]
    # far to near: the far wall, the one nearly as far in the same tone, the two near
    # walls in one path, then the window over them in its own tone
    assert [p.get("d").count("M") for p in toned] == [1, 1, 2, 1]
    assert toned[0].get("fill") == toned[1].get("fill")
    assert len({p.get("fill") for p in toned}) == 3


def test_a_directed_line_has_no_grid_bubbles_and_guides_are_drawn_in_its_frame(house):
    model = load(house, release=KOYU_0_27)
    section = section_form(derive(model, plans=False), line_plane(0, 0, 8000, 3000))
    guide = Guide(points=((0, 0), (8544, 6000)), label="limit")
    texts = _texts(draw_section(section, sheet_from_model(model), "section along the diagonal", guides=[guide]))
    assert not {"X1", "X2", "Y1"} & set(texts)
    assert "limit" in texts and "二階の家 — section along the diagonal" in texts


def test_a_scale_sizes_the_sheet(house):
    small = ElementTree.fromstring(_svg(house, "Y1+1500", scale=0.05))
    large = ElementTree.fromstring(_svg(house, "Y1+1500", scale=0.1))
    # 8100 mm of walls across: 405 px more at twice the scale
    assert float(large.get("width")) - float(small.get("width")) == pytest.approx(8100 * 0.05)


# --- the tools ---------------------------------------------------------------------------


def _call(name: str, arguments: dict) -> tuple[bool, str]:
    result = Client.in_memory(surface=SURFACES["0.27"]).call_tool(name, arguments)
    return bool(result.get("isError")), result["content"][0]["text"]


def test_section_svg_draws_and_refuses_as_the_original_words_it(house):
    error, svg = _call("section_svg", {"file": house, "at": "X1+2000"})
    assert not error and "二階の家 — section at X1+2000 looking W" in _texts(svg)
    assert _call("section_svg", {"file": house, "at": "X9"}) == (
        True,
        "Undefined grid reference: X9 (declared: X1 X2 X3 Y1 Y2)",
    )
    assert _call("section_svg", {"file": house, "at": "X2", "look": "N"}) == (
        True,
        "look N runs along X2 rather than across it (an X reference is looked at from E or W,"
        " a Y reference from N or S)",
    )
    assert _call("section_svg", {"file": house, "at": "X2", "look": "w"}) == (True, "look is one of N / E / S / W: w")
    assert _call("section_svg", {"file": house, "at": "X2", "look": ""}) == (True, "look (a string) is required")
    assert _call("section_svg", {"file": house, "at": ""}) == (True, "at (a string) is required")
    assert _call("section_svg", {"file": house, "at": "X1-100000"}) == (True, "There is nothing to draw")


def test_section_svg_reports_a_broken_building_before_its_plane(tmp_path):
    missing = str(tmp_path / "missing.muro")
    assert _call("section_svg", {"file": missing}) == (True, f"line 0: Cannot read file: {missing}")


def test_elevation_svg_draws_a_face_and_refuses_a_bad_one(house):
    error, svg = _call("elevation_svg", {"file": house, "face": "S"})
    texts = _texts(svg)
    assert not error and "二階の家 — S elevation" in texts and {"X1", "X3"} <= set(texts)
    assert "居間" not in texts  # an elevation cuts no room
    assert _call("elevation_svg", {"file": house, "face": "SW"}) == (True, "face is one of N / E / S / W: SW")
    assert _call("elevation_svg", {"file": house}) == (True, "face (a string) is required")


def test_the_tools_are_0_27_s_alone():
    names = [t["name"] for t in Client.in_memory().list_tools()]
    assert "section_svg" not in names and "elevation_svg" not in names


# --- the command line --------------------------------------------------------------------


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["--as", "0.27", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_koyu_section_writes_the_drawing_and_names_it(house, tmp_path, capsys):
    out = tmp_path / "drawn" / "s.svg"
    assert _run(capsys, "section", house, "--at", "X2+900", "--look", "E", "-o", str(out)) == (
        0,
        f"Generated the section: {out}\n",
        "",
    )
    assert "二階の家 — section at X2+900 looking E" in _texts(out.read_text(encoding="utf-8"))


def test_koyu_section_defaults_to_out_section_reference(house, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _run(capsys, "section", house, "--at", "X2")[:2] == (0, "Generated the section: out/section-X2.svg\n")
    assert (tmp_path / "out" / "section-X2.svg").exists()


@pytest.mark.parametrize(
    "argv, code, err",
    [
        (["--at", "X9"], 2, "Undefined grid reference: X9 (declared: X1 X2 X3 Y1 Y2)\n"),
        (
            ["--at", "X2", "--look", "N"],
            2,
            "--look N runs along X2 rather than across it (an X reference is looked at from E or W,"
            " a Y reference from N or S)\n",
        ),
        (["--at", "X2", "--look", "Q"], 2, "--look is one of N / E / S / W: Q\n"),
        (["--at", "X2", "-s", "0"], 2, "-s takes a positive number: 0\n"),
        (["--at", "X1-100000"], 1, "✖ There is nothing to draw\n"),
    ],
)
def test_koyu_section_refuses_a_calling_mistake_and_writes_nothing(house, tmp_path, capsys, argv, code, err):
    out = tmp_path / "never.svg"
    assert _run(capsys, "section", house, *argv, "-o", str(out)) == (code, "", err)
    assert not out.exists()


def test_koyu_section_with_no_at_prints_its_usage_line_on_stdout(house, tmp_path, capsys):
    out = tmp_path / "never.svg"
    usage = "Usage: koyu section <file.muro> --at <X3|X3+450|Y2-600> [--look N|E|S|W] [-s <scale>] [-o <out.svg>]\n"
    assert _run(capsys, "section", house, "-o", str(out)) == (2, usage, "")
    assert _run(capsys, "section", house, "-o", str(out), "--at") == (2, usage, "")  # --at with no value
    assert not out.exists()


def test_koyu_elevation_writes_the_face_and_refuses_at_and_a_bad_face(house, tmp_path, capsys):
    out = tmp_path / "e.svg"
    assert _run(capsys, "elevation", house, "-f", "W", "-o", str(out)) == (0, f"Generated the elevation: {out}\n", "")
    assert "二階の家 — W elevation" in _texts(out.read_text(encoding="utf-8"))
    refused = "elevation takes no --at (the plane is placed outside the mass; koyu section takes a cut)\n"
    assert _run(capsys, "elevation", house, "--at", "X2") == (2, "", refused)
    assert _run(capsys, "elevation", house, "--face", "SW") == (2, "", "-f is one of N / E / S / W: SW\n")


def test_koyu_elevation_of_nothing_says_so_in_one_line(tmp_path, capsys):
    bare = tmp_path / "bare.muro"
    bare.write_text("muro 1.4\ngrid X 0 3600\ngrid Y 0 4000\nlevel L1 0\nlevel L2 0\n", encoding="utf-8")
    assert _run(capsys, "elevation", str(bare), "-o", str(tmp_path / "e.svg")) == (
        1,
        "",
        "✖ There is nothing to draw\n",
    )
