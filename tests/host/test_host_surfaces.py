"""Two surfaces, one set of declarations: koyu 0.16.0 (the default) and koyu 0.27.0 (``--as 0.27``).

Each surface's tools/list is made from the tools' own ``serves`` declarations; a tool whose
0.27 behaviour is not built answers every call, after its arguments, with one sentence.
"""

from __future__ import annotations

import subprocess

import attrs
import pytest

from koyu_host import ENTRY_FILE, Serving, Tool, argument, plugins
from koyu_host.arguments import input_schema, structure
from koyu_host.client import Client, server_command
from koyu_host.errors import ArgumentError
from koyu_host.plugins import Catalogue
from koyu_host.surfaces import SURFACES

ORDER_0_27 = [
    "model_summary",
    "check",
    "layers",
    "write_layer",
    "new_uids",
    "doors",
    "spaces",
    "light",
    "validate",
    "site",
    "plan_svg",
    "section_svg",
    "elevation_svg",
    "canonical_json",
]


@attrs.frozen
class Plain:
    file: str = argument(ENTRY_FILE)


@attrs.frozen
class Wider:
    file: str = argument(ENTRY_FILE)
    depth: int = argument("How deep", default=1)


def _answer(args):
    return {"file": args.file}


def _tool(name, place, serves=None):
    extra = {} if serves is None else {"serves": serves}
    return Tool(name, f"{name} as 0.16", Plain, _answer, group="Reading", place=place, **extra)


def test_each_surface_lists_what_the_tools_declare_for_it():
    tools = [
        _tool("old", 1),  # no serves: koyu 0.16.0's alone
        _tool("both", 2, (Serving("0.16"), Serving("0.27", description="both as 0.27", input=Wider, place=9))),
        _tool("new", 3, (Serving("0.27"),)),
    ]
    old = Catalogue.of(tools)
    new = Catalogue.of(tools, surface="0.27")
    assert [t.name for t in old.tools] == ["old", "both"]
    assert [t.name for t in new.tools] == ["new", "both"]  # both's 0.27 place, 9, puts it last
    both = new.tool("both")
    assert both is not None and both.description == "both as 0.27"
    assert list(both.listing()["inputSchema"]["properties"]) == ["file", "depth"]
    assert old.tool("both").listing()["inputSchema"]["required"] == ["file"]


def test_a_serving_names_a_surface_that_exists():
    with pytest.raises(ValueError, match="no surface is named '0.20'"):
        Serving("0.20")


def test_the_built_in_tools_list_as_koyu_0_27_lists_them():
    catalogue = plugins.load(surface="0.27")
    assert [t.name for t in catalogue.tools] == ORDER_0_27
    default = plugins.load()
    assert "section_svg" not in [t.name for t in default.tools]
    # where 0.27 changed nothing, the listing is the 0.16 one: the same declared data
    for name in ("check", "layers", "write_layer", "new_uids", "doors", "spaces", "light", "plan_svg"):
        assert catalogue.tool(name).listing() == default.tool(name).listing()
    summary = catalogue.tool("model_summary").listing()["inputSchema"]
    assert summary["properties"]["by"]["type"] == "array" and summary["properties"]["by"]["items"] == {"type": "string"}
    assert summary["required"] == ["file"]
    assert catalogue.tool("validate").listing()["inputSchema"]["required"] == ["file", "profile", "asOf"]
    look = catalogue.tool("section_svg").listing()["inputSchema"]["properties"]["look"]
    assert list(look) == ["type", "enum", "description"] and look["enum"] == ["N", "E", "S", "W"]


def test_initialize_names_the_muro_versions_on_0_27_only():
    new = Client.in_memory(surface=SURFACES["0.27"]).initialize()
    assert new["serverInfo"] == {
        "name": "koyu",
        "version": "0.27.0",
        "muro": {
            "reads": ["0.1", "0.2", "0.3", "0.4", "0.5", "1.0", "1.1", "1.2", "1.3", "1.4"],
            "newest": "1.4",
            "undeclared": "1.1",
        },
    }
    assert new["instructions"].endswith(
        "Form (the drawings — plan_svg, section_svg, elevation_svg) is generated, never written."
    )
    old = Client.in_memory().initialize()
    assert old["serverInfo"] == {"name": "koyu", "version": "0.16.0"}
    assert old["instructions"].endswith("Form (plan_svg) is generated, never written.")


def test_an_array_argument_holds_non_empty_strings_and_null_is_not_absent():
    @attrs.frozen
    class Keys:
        by: tuple[str, ...] = argument("Keys", default=(), invalid="by must hold non-empty strings")

    assert input_schema(Keys)["properties"]["by"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": "Keys",
    }
    assert structure({}, Keys).by == ()
    assert structure({"by": ["a", "b"]}, Keys).by == ("a", "b")
    for bad in (None, "a", [""], [1], [["a"]]):
        with pytest.raises(ArgumentError, match="by must hold non-empty strings"):
            structure({"by": bad}, Keys)


def test_a_choice_argument_names_its_choices_and_the_value():
    @attrs.frozen
    class Face:
        face: str = argument("Face", choices=("N", "E", "S", "W"))

    assert structure({"face": "S"}, Face).face == "S"
    with pytest.raises(ArgumentError, match="^face is one of N / E / S / W: SW$"):
        structure({"face": "SW"}, Face)
    with pytest.raises(ArgumentError, match=r"^face \(a string\) is required$"):
        structure({"face": ""}, Face)


def _run(*args):
    return subprocess.run(
        [*server_command(), *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )


def test_koyu_mcp_as_0_27_says_its_version_and_refuses_an_unknown_release_in_one_line():
    done = _run("--as", "0.27", "--version")
    assert (done.returncode, done.stdout) == (
        0,
        "koyu-mcp 0.27.0 — reads muro 0.1–1.4 (newest 1.4; a file with no version line is read as 1.1)\n",
    )
    assert _run("--as=0.16", "--version").stdout == _run("--version").stdout
    bad = _run("--as", "0.20")
    assert (bad.returncode, bad.stdout, bad.stderr) == (
        2,
        "",
        "koyu-mcp: unknown release '0.20': --as takes 0.16 or 0.27\n",
    )
    assert "--as 0.27" in _run("--help").stdout
