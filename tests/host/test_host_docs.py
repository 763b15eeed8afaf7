"""The plugin author's guide (docs/plugins.md) keeps up with the code: every hook and every
argument of one is documented there (datasette's docs test is the model), its examples
run as written, and the model functions it lists exist."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import types
from pathlib import Path

import pytest

from koyu_host import hookspecs
from koyu_host.testing import KoyuServer

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")


def _hookspecs() -> dict[str, list[str]]:
    """Each hook's name and its argument names, from koyu_host.hookspecs itself."""
    return {
        name: list(inspect.signature(function).parameters)
        for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(function, hookspecs.PROJECT + "_spec")
    }


def _section(heading: str) -> str:
    start = GUIDE.index(f"\n## {heading}\n")
    end = GUIDE.find("\n## ", start + 1)
    return GUIDE[start : end if end != -1 else len(GUIDE)]


@pytest.mark.parametrize("hook", sorted(_hookspecs()))
def test_every_hook_has_a_section_naming_its_arguments(hook):
    arguments = _hookspecs()[hook]
    section = _section(f"`{hook}({', '.join(arguments)})`")
    for argument in arguments:
        assert f"\n- `{argument}`: " in section, f"{hook}: argument {argument} is not described"
    assert f"def {hook}({', '.join(arguments)}):" in section, f"{hook}: no example implements it"


def test_no_section_names_a_hook_that_is_not_one():
    documented = re.findall(r"^## `(koyu_\w+)\(", GUIDE, re.MULTILINE)
    assert sorted(documented) == sorted(_hookspecs())


def _examples() -> dict[str, str]:
    """The guide's Python blocks that are whole files, by the path on their first line."""
    blocks = re.findall(r"```python\n# (\S+)\n(.*?)```", GUIDE, re.DOTALL)
    return dict(blocks)


@pytest.fixture
def example(monkeypatch):
    """A guide's example module made importable under its package name."""

    def make(path: str) -> types.ModuleType:
        name = path.split("/")[0] if path.endswith("/__init__.py") else Path(path).stem
        module = types.ModuleType(name)
        exec(compile(_examples()[path], f"docs/plugins.md:{path}", "exec"), module.__dict__)
        monkeypatch.setitem(sys.modules, name, module)
        return module

    return make


TWO_LEVELS = """koyu 1.0
grid X 0 2000 6000
grid Y 0 3000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
space /out exterior
space /L1/box bedroom X1..X2 Y1..Y2
space /L1/hall room X2..X3 Y1..Y2
space /L2/top room X1..X3 Y1..Y2
boundary /L1/box /L1/hall
  door w:800
boundary /L1/hall /out
  door w:900 edge:E
"""


def test_the_tool_example_runs_on_both_surfaces(example, tmp_path):
    acme = example("acme_koyu/__init__.py")
    entry = tmp_path / "main.muro"
    entry.write_text(TWO_LEVELS, encoding="utf-8")
    for surface in ("0.16", "0.27"):
        koyu = KoyuServer(plugins={"acme": acme}, surface=surface)
        [listed] = [t for t in koyu.tools if t["name"] == "acme_largest_rooms"]
        assert listed["title"] == "Largest rooms" and listed["inputSchema"]["required"] == ["file", "level"]
        answer = koyu.call("acme_largest_rooms", file=str(entry), level="L1")
        assert answer.json == [{"path": "/L1/hall", "areaM2": 12}, {"path": "/L1/box", "areaM2": 6}]
        assert koyu.call("acme_largest_rooms", file=str(entry), level="L9").error == "No level L9"


def test_the_validator_example_runs(example, tmp_path):
    bedroom = example("bedroom_koyu/__init__.py")
    entry = tmp_path / "main.muro"
    entry.write_text(TWO_LEVELS, encoding="utf-8")
    findings = KoyuServer(plugins={"bedroom": bedroom}).call("validate", file=str(entry)).json["findings"]
    assert [f for f in findings if f["rule"].startswith("bedroom/")] == [
        {
            "rule": "bedroom/bedroom.size",
            "level": "violation",
            "message": "/L1/box is 6.00 m2, under 7 m2",
            "file": str(entry),
            "line": 7,
            "path": ["/L1/box"],
        }
    ]


def test_the_rule_pack_example_passes_the_guides_own_test(example, tmp_path):
    example("roomsize_koyu/__init__.py")
    test_module = example("tests/test_roomsize.py")
    test_module.test_a_room_under_seven_square_metres_fails(tmp_path)


def test_every_model_function_the_guide_lists_exists():
    section = _section("The model a plugin may rely on")
    names = set(re.findall(r"`(koyu_model(?:\.\w+)+)", section))
    assert len(names) >= 8
    for dotted in sorted(names):
        module, _, attribute = dotted.rpartition(".")
        try:
            found = importlib.import_module(dotted)
        except ImportError:
            found = getattr(importlib.import_module(module), attribute, None)
        assert found is not None, dotted


@pytest.mark.parametrize("first_line", ["koyu 1.0", "muro 1.4"])
def test_a_namespaced_key_is_carried_without_a_warning_on_both_releases(files, first_line):
    from koyu_model import load
    from koyu_model.check import check
    from koyu_model.release import KOYU_0_16, KOYU_0_27

    text = TWO_LEVELS.replace("koyu 1.0", first_line).replace("X1..X2 Y1..Y2\n", "X1..X2 Y1..Y2 acme.limit:9\n", 1)
    if first_line == "muro 1.4":
        text = text.replace(" exterior", " outside:1")
    model = load(str(files.write("main.muro", text)), release=KOYU_0_27 if first_line == "muro 1.4" else KOYU_0_16)
    assert model.spaces["/L1/box"].attrs["acme.limit"] == 9
    assert [d.code for d in check(model) if d.code.startswith("ATT")] == []
