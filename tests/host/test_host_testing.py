"""koyu_host.testing: a plugin served in-process, uninstalled, under the name it will be
installed as, on either surface; answers read as values."""

from __future__ import annotations

import types

import pytest
from host_support import ZETA_SOURCE
from test_host_plugins import BUILT_IN

from koyu_host import Content, Image, Text, Tool, ToolError, Validator, hookimpl
from koyu_host.testing import KoyuServer, ProtocolError

BUILDING = """koyu 1.0
grid X 0 3000 6000
grid Y 0 3000
level L1 0 h:2400 slab:150
space /out exterior
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
boundary /L1/a /L1/b
  door w:800
boundary /L1/b /out
  door w:900 edge:E
"""


def _plugin(**hooks) -> types.SimpleNamespace:
    return types.SimpleNamespace(**{name: hookimpl(function) for name, function in hooks.items()})


def _entry(tmp_path) -> str:
    path = tmp_path / "main.muro"
    path.write_text(BUILDING, encoding="utf-8")
    return str(path)


def _every_space(model):
    for path in model.spaces:
        yield {"rule": "space.seen", "level": "caution", "message": f"saw {path}", "path": [path]}


def _seen(registry):
    registry.add(Validator("seen", _every_space))


def test_a_validator_is_served_under_the_name_given_beside_koyus_own(tmp_path):
    koyu = KoyuServer(plugins={"acme": _plugin(koyu_register_validators=_seen)})
    assert [t["name"] for t in koyu.tools] == BUILT_IN
    findings = koyu.call("validate", file=_entry(tmp_path)).json["findings"]
    assert [f["message"] for f in findings if f["rule"] == "acme/space.seen"] == [
        "saw /out",
        "saw /L1/a",
        "saw /L1/b",
    ]


def test_another_server_in_this_process_keeps_its_own_validators(tmp_path):
    seen = KoyuServer(plugins={"acme": _plugin(koyu_register_validators=_seen)})
    plain = KoyuServer()
    assert not [f for f in plain.call("validate", file=_entry(tmp_path)).json["findings"] if "/" in f["rule"]]
    assert [f for f in seen.call("validate", file=_entry(tmp_path)).json["findings"] if f["rule"] == "acme/space.seen"]


def test_the_0_27_surface_serves_its_fourteen_tools_and_its_validate():
    koyu = KoyuServer(surface="0.27")
    names = [t["name"] for t in koyu.tools]
    assert len(names) == 14 and "section_svg" in names and "elevation_svg" in names
    assert koyu.initialize()["serverInfo"]["version"] == "0.27.0"
    missing = koyu.call("validate", file="/nonexistent/x.muro", profile="p", asOf="2026-01-02")
    assert missing.error == "line 0: Cannot read file: /nonexistent/x.muro"
    with pytest.raises(ValueError, match="no surface is named '0.20'"):
        KoyuServer(surface="0.20")


def test_installed_third_party_plugins_are_left_out(site):
    site.add("zeta-koyu", "zeta_koyu", ZETA_SOURCE, {"zeta": "zeta_koyu"})
    assert "zeta_echo" not in [t["name"] for t in KoyuServer().tools]
    import zeta_koyu

    assert [t["name"] for t in KoyuServer(plugins={"zeta": zeta_koyu}, builtins=False).tools] == ["zeta_echo"]


def test_a_name_of_koyus_own_is_refused():
    with pytest.raises(ValueError, match="'verify' is one of koyu's own"):
        KoyuServer(plugins={"verify": _plugin(koyu_register_validators=_seen)})


def _tools(registry):
    from host_support import FileOnly

    def fail(args):
        raise ToolError("no roof here")

    def picture(args):
        return Content(Image(b"\x89PNG", "image/png"), Text("a picture"))

    for name, handler in (("words", lambda a: "plain words"), ("fail", fail), ("picture", picture)):
        registry.add(Tool(name, "A probe", FileOnly, handler, group="Asking", place=1))


def test_answers_read_as_text_json_images_or_an_error_and_the_wrong_reading_fails_loudly():
    koyu = KoyuServer(plugins={"probe": _plugin(koyu_register_tools=_tools)}, builtins=False)
    assert koyu.call("words", file="a.muro").text == "plain words"
    failed = koyu.call("fail", {"file": "a.muro"})
    assert failed.is_error and failed.error == "no roof here"
    with pytest.raises(AssertionError, match="fail failed: no roof here"):
        _ = failed.json
    with pytest.raises(AssertionError, match='words answered, it did not fail: .*"plain words"'):
        _ = koyu.call("words", file="a.muro").error
    picture = koyu.call("picture", file="a.muro")
    assert picture.images == [Image(b"\x89PNG", "image/png")] and picture.text == "a picture"
    assert koyu.call("words").error == "file (a string) is required"
    with pytest.raises(ProtocolError, match="Unknown tool: roof"):
        koyu.call("roof")


def test_without_koyus_own_plugins_installed_it_says_so(monkeypatch):
    import koyu_host.testing

    monkeypatch.setattr(koyu_host.testing, "discover", lambda: [])
    with pytest.raises(RuntimeError, match="koyu's own plugins are not installed here: install koyu-mcp"):
        KoyuServer()
    assert KoyuServer(builtins=False).tools == []
