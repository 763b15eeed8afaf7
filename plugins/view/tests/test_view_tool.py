"""The ``view`` tool on buildings of its own: every kind answers a PNG of the width asked and
a line saying what it shows; a drawing that cannot be made answers its SVG tool's sentence;
bad arguments are refused in the host's words; the tool is listed, with its annotations,
after the original's tools on both surfaces."""

import base64
import os
import struct
import sys

import attrs
import koyu_view
import pytest
from koyu_view import raster, view

from koyu_host.client import Client
from koyu_host.plugins import Catalogue, discover, load
from koyu_host.surfaces import SURFACES
from koyu_host.testing import installed_environment, is_installed
from koyu_host.tools import ToolRegistry

# koyu 0.16.0's notation: two storeys, Japanese room names, a plot outside
OLD = """koyu 1.0
name 小さな家
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 2700 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2 name:居間
space /L1/b room X2..X3 Y1..Y2 name:台所
space /L2/c room X1..X3 Y1..Y2 name:寝室
boundary /L1/a /L1/b t:120
  door w:780
boundary /L1/a /out t:180
  window w:1600 h:1200 edge:S
"""
# koyu 0.27.0's notation
NEW = """muro 1.4
name 二階の家
grid X 0 4000 8000
grid Y 0 3000
level L1 0 h:2400 slab:200
level L2 3000 h:2400 slab:200
level R 6000
space /L1/a room X1..X3 Y1..Y2 name:居間
space /L2/c room X1..X2 Y1..Y2 name:寝室
space /L2/d room X2..X3 Y1..Y2
"""
ASCII = """koyu 1.0
grid X 0 3000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2 name:hall
"""
BROKEN = "koyu 1.0\nspace /L1/a room X1..X2 Y1..Y2\n"
ORIGINALS = {"0.16": 12, "0.27": 14}  # the original's tools on each surface


def catalogue(surface: str) -> Catalogue:
    """The built-in tools and this one (from its source, whether or not it is installed)."""
    registry = ToolRegistry("view")
    koyu_view.koyu_register_tools(registry)
    others = list(load([ep for ep in discover() if ep.dist == "koyu-mcp"], surface=surface).tools)  # koyu's own alone
    return Catalogue.of(others + registry.tools, surface=surface)


@pytest.fixture(scope="module")
def old():
    return Client.in_memory(catalogue("0.16"))


@pytest.fixture(scope="module")
def new():
    return Client.in_memory(catalogue("0.27"), surface=SURFACES["0.27"])


@pytest.fixture
def files(tmp_path):
    made = {}
    for name, text in (("old", OLD), ("new", NEW), ("ascii", ASCII), ("broken", BROKEN)):
        (tmp_path / f"{name}.muro").write_text(text, encoding="utf-8")
        made[name] = str(tmp_path / f"{name}.muro")
    return made


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height), read from the bytes: the signature, then IHDR, the first chunk."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind, width, height = struct.unpack(">I4sII", png[8:24])
    assert (length, kind) == (13, b"IHDR")
    return width, height


def view_of(client, **arguments) -> tuple[bytes, str]:
    answer = client.call_tool("view", arguments)
    assert not answer.get("isError"), answer["content"]
    image, line = answer["content"]
    assert (image["type"], image["mimeType"], line["type"]) == ("image", "image/png", "text")
    return base64.b64decode(image["data"]), line["text"]


def refusal(client, **arguments) -> str:
    answer = client.call_tool("view", arguments)
    assert answer.get("isError") is True
    [item] = answer["content"]
    return item["text"]


# --- the listing --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "surface, kinds", [("0.16", ["plan", "axo"]), ("0.27", ["plan", "section", "elevation", "axo"])]
)
def test_listed_after_the_original_tools_with_its_annotations(surface, kinds):
    client = Client.in_memory(catalogue(surface), surface=SURFACES[surface])
    listed = client.list_tools()
    # after the original's tools, and after any other agent tool installed here (diff: 13)
    assert len(listed) >= ORIGINALS[surface] + 1 and listed[-1]["name"] == "view"
    entry = listed[-1]
    assert entry["title"] == "View a drawing"
    assert entry["annotations"] == {"title": "View a drawing", "readOnlyHint": True, "openWorldHint": False}
    schema = entry["inputSchema"]
    assert schema["required"] == ["file", "kind"] and schema["properties"]["kind"]["enum"] == kinds
    assert schema["properties"]["width"]["type"] == "integer"
    assert ("face" in schema["properties"]) is (surface == "0.27")
    assert "annotations" not in next(t for t in listed if t["name"] == "plan_svg")  # the original's carry none


# --- every kind, at the width asked --------------------------------------------------------


def test_a_plan_at_the_width_asked(old, files):
    png, line = view_of(old, file=files["old"], kind="plan", level="L1", width=640)
    width, height = png_size(png)
    assert width == 640 and 0 < height < 2000
    assert line == f"Plan of L1, {files['old']}, 640×{height} px"


def test_the_default_width_is_1024(old, files):
    png, line = view_of(old, file=files["old"], kind="axo")
    width, height = png_size(png)
    assert width == 1024 and line == f"Axonometric from SE, {files['old']}, 1024×{height} px"


def test_an_axonometric_as_koyu_axo_takes_its_arguments(old, files):
    png, line = view_of(old, file=files["old"], kind="axo", dir="NW", levels="L1..L1", walls=False, width=300)
    assert png_size(png)[0] == 300 and line.startswith("Axonometric from NW of L1..L1, ")
    whole, _ = view_of(old, file=files["old"], kind="axo", dir="NW", width=300)
    assert whole != png  # the levels and the walls change the drawing


@pytest.mark.parametrize(
    "arguments, says",
    [
        ({"kind": "plan", "level": "L2"}, "Plan of L2"),
        ({"kind": "section", "at": "X1+2000"}, "Section at X1+2000 looking W"),
        ({"kind": "section", "at": "Y1+1500", "look": "S"}, "Section at Y1+1500 looking S"),
        ({"kind": "elevation", "face": "E"}, "E elevation"),
        ({"kind": "axo", "dir": "SW"}, "Axonometric from SW"),
    ],
)
def test_every_kind_of_the_0_27_surface(new, files, arguments, says):
    png, line = view_of(new, file=files["new"], width=512, **arguments)
    width, height = png_size(png)
    assert width == 512 and line == f"{says}, {files['new']}, 512×{height} px"


def test_the_0_16_surface_reads_as_0_16_and_the_0_27_surface_as_0_27(old, new, files):
    assert refusal(old, file=files["new"], kind="plan", level="L1").endswith("Unknown keyword: muro")
    png, _ = view_of(new, file=files["old"], kind="plan", level="L1")  # 0.27 reads muro 1.0 too
    assert png_size(png)[0] == 1024


def test_a_png_over_the_limit_is_drawn_narrower_and_says_so(old, files, monkeypatch):
    monkeypatch.setattr(raster, "LIMIT", 12_000)
    png, line = view_of(old, file=files["old"], kind="plan", level="L1", width=1600)
    width, height = png_size(png)
    assert len(png) <= 12_000 and width < 1600
    assert (
        line
        == f"Plan of L1, {files['old']}, {width}×{height} px; drawn {width} px wide, not 1600, to keep the PNG under 1 MB"
    )


def test_without_a_cjk_font_a_japanese_label_is_said_to_be_boxes(old, files, monkeypatch):
    from koyu_view import fonts

    monkeypatch.setattr(fonts, "fonts", lambda: fonts.Fonts(sans_serif="DejaVu Sans"))
    _, line = view_of(old, file=files["old"], kind="plan", level="L1")
    assert line.endswith("; no CJK font found: Japanese labels are drawn as boxes; install fonts-noto-cjk")
    _, line = view_of(old, file=files["ascii"], kind="plan", level="L1")
    assert "CJK" not in line  # nothing Japanese to draw


# --- what cannot be drawn: the SVG tool's own sentence --------------------------------------


def test_a_drawing_that_cannot_be_made_answers_as_its_svg_tool(old, new, files):
    def svg_tool(client, name, **arguments):
        answer = client.call_tool(name, arguments)
        assert answer.get("isError") is True
        return answer["content"][0]["text"]

    for kind, tool, arguments in (
        ("plan", "plan_svg", {"level": "L9"}),
        ("section", "section_svg", {"at": "X9"}),
        ("section", "section_svg", {"at": "X1", "look": "N"}),
        ("section", "section_svg", {}),
        ("elevation", "elevation_svg", {}),
    ):
        client = old if kind == "plan" else new
        for file in (files["new" if client is new else "old"], files["broken"], files["old"] + ".missing"):
            said = svg_tool(client, tool, file=file, **arguments)
            assert refusal(client, file=file, kind=kind, **arguments) == said
    assert refusal(old, file=files["broken"], kind="axo") == svg_tool(old, "plan_svg", file=files["broken"], level="L1")


def test_nothing_to_draw_and_an_undeclared_level_as_koyu_axo_says_them(old, files, tmp_path):
    assert refusal(old, file=files["old"], kind="axo", levels="L1,L9") == "Undeclared level: L9 (declared: L1 L2)"
    empty = tmp_path / "empty.muro"
    empty.write_text("koyu 1.0\nlevel L1 0 h:2400\n", encoding="utf-8")
    assert refusal(old, file=str(empty), kind="axo") == "There is nothing to draw"


# --- bad arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize("width", [0, 63, 2049, 1.5, "wide", True])
def test_a_width_outside_64_to_2048_is_refused(old, files, width):
    assert (
        refusal(old, file=files["old"], kind="axo", width=width) == "width is a whole number of pixels from 64 to 2048"
    )


def test_the_widest_and_the_narrowest(old, files):
    for width in (64, 2048):
        png, _ = view_of(old, file=files["ascii"], kind="plan", level="L1", width=width)
        assert png_size(png)[0] == width


def test_the_kind_and_its_own_arguments(old, new, files):
    f = files["old"]
    assert refusal(old, file=f) == "kind (a string) is required"
    assert refusal(old, file=f, kind="photo") == "kind is one of plan / axo: photo"
    assert refusal(new, file=f, kind="photo") == "kind is one of plan / section / elevation / axo: photo"
    assert refusal(old, file=f, kind="section", at="X1") == (
        "kind section is drawn on koyu 0.27.0's surface only (koyu-mcp --as 0.27); here kind is one of plan / axo"
    )
    assert refusal(old, file=f, kind="plan") == "level (a string) is required"
    assert refusal(old, kind="plan", level="L1") == "file (a string) is required"
    assert refusal(old, file=f, kind="axo", level="L1") == "level is an argument of kind plan, not axo"
    assert refusal(old, file=f, kind="plan", level="L1", walls=False) == "walls is an argument of kind axo, not plan"
    assert (
        refusal(new, file=f, kind="elevation", face="S", at="X1") == "at is an argument of kind section, not elevation"
    )
    assert refusal(old, file=f, kind="axo", dir="UP") == "dir is one of NE / NW / SE / SW: UP"
    assert refusal(new, file=f, kind="elevation", face="Q") == "face is one of N / E / S / W: Q"


def test_every_kind_of_the_0_27_surface_names_its_own_arguments():
    names = {f.name.rstrip("_") for f in attrs.fields(view.Input027)}
    assert set(view.KINDS_0_27) == set(view.OWN)
    assert {name for own in view.OWN.values() for name in own} == names - {"file", "kind", "width"}


# --- installed --------------------------------------------------------------------------------


def installed_or_skip(tmp_path) -> dict:
    """The environment of a real koyu-mcp, where this plugin comes in through its entry point
    only; skipped (or failed, where KOYU_VIEW_INSTALLED says it must be there) when it is not."""
    env = installed_environment()
    if not is_installed("view", cwd=tmp_path):
        if os.environ.get("KOYU_VIEW_INSTALLED"):
            pytest.fail("koyu-view should be installed here, but its entry point is missing")
        pytest.skip("koyu-view is not installed (pip install ./plugins/view)")
    return env


def test_installed_it_is_served_by_koyu_mcp_on_both_surfaces(tmp_path, files):
    env = installed_or_skip(tmp_path)
    for flags, file, kind in (([], files["old"], "axo"), (["--as", "0.27"], files["new"], "elevation")):
        server = Client.process([sys.executable, "-m", "koyu_host", *flags], cwd=str(tmp_path), env=env)
        try:
            server.initialize()
            names = [t["name"] for t in server.list_tools()]
            assert (
                "view" in names[ORIGINALS["0.27" if flags else "0.16"] :]
            )  # after the originals'; other agent tools may be installed
            png, line = (
                view_of(server, file=file, kind=kind, face="S", width=200)
                if kind == "elevation"
                else view_of(server, file=file, kind=kind, width=200)
            )
            assert png_size(png)[0] == 200 and line.endswith(f"{file}, 200×{png_size(png)[1]} px")
        finally:
            server.close()
