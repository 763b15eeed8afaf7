"""A plugin's tool may answer MCP content items (an image and a line), and carry annotations;
the built-in answer shape — one text item — is what every other answer gets."""

from __future__ import annotations

import base64

import attrs
import pytest
from host_support import client_for, make_tool

from koyu_host import Annotations, Content, Image, Text, Tool
from koyu_host.client import Client

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_content_answers_its_items_in_order_an_image_in_base64():
    picture = PNG_SIGNATURE + bytes(range(256))  # every byte value survives the round trip
    tool = make_tool(handler=lambda args: Content(Image(picture, "image/png"), Text(f"drew {args.file}")))
    result = client_for(tool).call_tool("probe", {"file": "a.muro"})
    assert "isError" not in result
    image, text = result["content"]
    assert image["type"] == "image" and image["mimeType"] == "image/png"
    assert base64.b64decode(image["data"]) == picture
    assert text == {"type": "text", "text": "drew a.muro"}


def test_any_other_answer_is_one_text_item():
    result = client_for(make_tool(handler=lambda args: {"a": 1})).call_tool("probe", {"file": "x"})
    assert result == {"content": [{"type": "text", "text": '{\n "a": 1\n}'}]}


def test_content_refuses_what_is_not_an_item():
    with pytest.raises(ValueError):
        Content()
    with pytest.raises(TypeError):
        Content("just a string")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Image("not bytes", "image/png")  # type: ignore[arg-type]


def test_annotations_are_listed_with_a_title_and_absent_without():
    annotated = attrs.evolve(make_tool("seen"), annotations=Annotations("Look at it"))
    plain = make_tool("plain", place=2)
    listed = {t["name"]: t for t in client_for(annotated, plain).list_tools()}
    assert list(listed["seen"]) == ["name", "title", "description", "inputSchema", "annotations"]
    assert listed["seen"]["title"] == "Look at it"
    assert listed["seen"]["annotations"] == {"title": "Look at it", "readOnlyHint": True, "openWorldHint": False}
    assert list(listed["plain"]) == ["name", "description", "inputSchema"]


def test_annotations_survive_serving_on_another_surface():
    from koyu_host import Serving

    tool = attrs.evolve(make_tool(), annotations=Annotations("T"), serves=(Serving("0.16"), Serving("0.27")))
    served = tool.on("0.27")
    assert isinstance(served, Tool) and served.annotations == Annotations("T")


def test_a_description_can_be_written_from_what_the_plugins_installed():
    from koyu_host.plugins import Catalogue

    def describe(catalogue):
        return f"One of {len(catalogue.tools)} tools"

    tools = [make_tool("counted", description=describe), make_tool("other", place=2)]
    listed = {t["name"]: t for t in Client.in_memory(Catalogue.of(tools)).list_tools()}
    assert listed["counted"]["description"] == "One of 2 tools"
    assert listed["other"]["description"] == "A probe"


def test_the_demo_client_shows_an_image_by_its_size_and_writes_it_where_asked(tmp_path):
    from koyu_host.client import _shown

    picture = PNG_SIGNATURE + b"rest"
    item = Image(picture, "image/png").item()
    assert _shown(item, "view", None) == "[image/png: 12 bytes]"
    shown = _shown(item, "view", str(tmp_path / "out"))
    assert shown == f"[image/png: 12 bytes] written to {tmp_path / 'out' / 'view-1.png'}"
    assert (tmp_path / "out" / "view-1.png").read_bytes() == picture
    assert _shown({"type": "text", "text": "Plan of L1"}, "view", None) == "Plan of L1"
