"""What a third-party validator is given and what comes of its findings: a read-only copy
of the model with no way to the server's derived values, and findings that cannot be
written as JSON dropped with a note while everything else validate found is answered."""

from __future__ import annotations

import io
import json

import attrs
import pytest

from koyu_host import Validator, plugins
from koyu_host.client import Client
from koyu_host.plugins import Catalogue
from koyu_host.validators import ReadOnlyDict, RegisteredValidator, read_only, run_validators
from koyu_model.model import StashKey

BUILDING = """koyu 1.0
grid X 0 3000 6000
grid Y 0 3000
level L1 0 h:2400 slab:150
zone /L1 use:home
asset D1 door w:800
space /L1/a room X1..X2 Y1..Y2 name:Study
  area X1..X1+1000 Y1..Y2 name:Desk
space /L1/b room X2..X3 Y1..Y2
space /out exterior
boundary /L1/a /L1/b
  door D1
  seg w:600 spec:Shelf
boundary /L1/b /out edge:E
  door w:900
column 300 L1 x:X1 y:Y1
"""


@pytest.fixture
def model(files):
    return files.load(BUILDING)


def _run(check, model, log=None):
    return run_validators([RegisteredValidator("acme", Validator("probe", check))], model, log=log or io.StringIO())


def _mappings_and_lists(value, seen=None):
    """Every dict and list reachable from ``value`` through records, mappings and tuples."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, (dict, list)):
        yield value
    if isinstance(value, dict):
        items = list(value.keys()) + list(value.values())
    elif isinstance(value, (list, tuple)):
        items = list(value)
    elif attrs.has(type(value)):
        items = [getattr(value, f.name) for f in attrs.fields(type(value)) if f.init]
    else:
        items = []
    for item in items:
        yield from _mappings_and_lists(item, seen)


def test_every_mapping_a_validator_can_reach_refuses_a_change(model):
    view = read_only(model)
    found = list(_mappings_and_lists(view))
    assert len(found) > 20  # the model's own mappings, and every record's bags
    assert all(type(m) is ReadOnlyDict for m in found), {type(m) for m in found}
    # and yet it reads as the model does
    assert view == model and list(view.spaces) == list(model.spaces)
    assert view.spaces["/L1/a"].attrs == {"name": "Study"}


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.spaces.__setitem__("/L1/c", m.spaces["/L1/a"]),
        lambda m: m.spaces.pop("/L1/a"),
        lambda m: m.spaces["/L1/a"].attrs.update(name="Den"),
        lambda m: m.spaces["/L1/a"].areas[0].attrs.clear(),
        lambda m: m.boundaries[0].openings[0].attrs.setdefault("fire", 30),
        lambda m: m.boundaries[0].segs[0].attr_src.popitem(),
        lambda m: m.zones["/L1"].attrs.__delitem__("use"),
        lambda m: m.levels.__ior__({"L9": m.levels["L1"]}),
        lambda m: m.columns[0].attrs.__setitem__("x", 1),
        lambda m: m.assets["D1"].attrs.__setitem__("w", 1),
    ],
)
def test_a_validator_that_changes_the_model_fails_and_the_model_is_untouched(model, change):
    before = attrs.asdict(model, recurse=True)

    def meddle(view):
        change(view)
        return []

    [caution] = _run(meddle, model)
    assert caution["rule"] == "acme/probe" and "read-only" in caution["message"]
    assert attrs.asdict(model, recurse=True) == before


def test_a_validator_never_reaches_what_the_server_derived_nor_leaves_anything_on_the_model(model):
    derived = StashKey("derived by the server")
    assert model.stash.get(derived, lambda: "the server's") == "the server's"
    seen = []

    def look(view):
        seen.append(view.stash.get(derived, lambda: "the validator's own"))
        return []

    assert _run(look, model) == []
    assert seen == ["the validator's own"]
    assert model.stash.get(derived, lambda: "rebuilt") == "the server's"


def test_the_core_still_reads_the_copy(model):
    from koyu_model.canonical import canonical_json
    from koyu_model.measures import space_areas

    view = read_only(model)
    assert space_areas(view) == space_areas(model) == {"/L1/a": 9, "/L1/b": 9}
    assert canonical_json(view) == canonical_json(model)


def test_a_finding_that_cannot_be_written_as_json_is_dropped_with_a_note_and_the_rest_kept(model):
    def mixed(view):
        yield {"rule": "a", "level": "caution", "message": "kept", "path": ["/L1/a"]}
        yield {"rule": "b", "level": "caution", "message": "a set", "path": {"/L1/a"}}
        yield {"rule": "c", "level": "caution", "message": "an object", "space": view.spaces["/L1/a"]}
        yield {"rule": "d", "level": "violation", "message": "kept too", "line": 6}

    log = io.StringIO()
    found = _run(mixed, model, log)
    assert [f["message"] for f in found] == ["kept", "kept too"]
    notes = [line for line in log.getvalue().splitlines() if "cannot be written as JSON" in line]
    assert len(notes) == 2 and "acme/probe" in notes[0] and "a set" in notes[0] and "an object" in notes[1]


def test_validate_answers_everything_else_it_found(files, monkeypatch, capsys):
    from koyu_verify.validate import BUILTIN

    def unwritable(view):
        yield {"rule": "odd", "level": "caution", "message": "a set", "path": {1, 2}}
        yield {"rule": "fine", "level": "caution", "message": "fine"}

    catalogue = Catalogue.of(
        plugins.load().tools,
        [RegisteredValidator("verify", v) for v in BUILTIN] + [RegisteredValidator("acme", Validator("x", unwritable))],
    )
    monkeypatch.setattr(plugins, "_active", catalogue)
    entry = files.write("main.muro", BUILDING.replace("  door w:900\n", ""))  # nobody gets out now
    result = Client.in_memory(catalogue).call_tool("validate", {"file": str(entry)})
    assert not result.get("isError")
    rules = [f["rule"] for f in json.loads(result["content"][0]["text"])["findings"]]
    assert "access.unreachable" in rules and rules[-1] == "acme/fine" and "acme/odd" not in rules
    assert "cannot be written as JSON" in capsys.readouterr().err


def test_validate_of_0_27_runs_no_validator(files):
    """0.27's validate answers the one profile it is asked for: a validator is 0.16's."""
    import types

    from koyu_host import hookimpl
    from koyu_host.testing import KoyuServer

    def everywhere(model):
        return [{"rule": "always", "level": "violation", "message": "validator ran"}]

    plugin = types.SimpleNamespace(
        koyu_register_validators=hookimpl(lambda registry: registry.add(Validator("x", everywhere)))
    )
    entry = files.write("main.muro", BUILDING)  # koyu 1.0: both releases read it
    on_0_16 = KoyuServer({"acme": plugin}).call("validate", file=str(entry))
    assert "acme/always" in on_0_16.text
    on_0_27 = KoyuServer({"acme": plugin}, surface="0.27").call(
        "validate", file=str(entry), profile="koyu.profile.schematic-screen", asOf="2026-01-02"
    )
    assert on_0_27.json["profile"]["id"] == "koyu.profile.schematic-screen"
    assert "validator ran" not in on_0_27.text and "acme" not in on_0_27.text
