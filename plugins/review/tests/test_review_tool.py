"""The ``review`` tool on buildings of its own, on both surfaces: the counts, every error and
violation, the grouping of warnings and cautions, the byte bound on a building with
hundreds of errors, validate's argument errors, the installed profiles in the description,
and its place after the original's tools."""

import json
import os
import sys

import koyu_review
import pytest
from koyu_review.answer import EXAMPLES, LIMIT

from koyu_host import plugins
from koyu_host.client import Client
from koyu_host.plugins import Catalogue
from koyu_host.profiles import RegisteredProfile
from koyu_host.surfaces import SURFACES
from koyu_host.testing import installed_environment, is_installed
from koyu_host.tools import ToolRegistry
from koyu_host.validators import RegisteredValidator, Validator
from koyu_model.assessment import Analysis, Profile, Rule, RuleSet, applicable, outcome
from koyu_model.check import check
from koyu_model.jsjson import tool_text

PROFILE = {"profile": "koyu.profile.schematic-screen", "asOf": "2026-08-03"}
ORIGINAL = {
    "0.16": [
        *("model_summary", "check", "layers", "write_layer", "new_uids", "doors"),
        *("spaces", "light", "validate", "site", "plan_svg", "canonical_json"),
    ],
}
ORIGINAL["0.27"] = ORIGINAL["0.16"][:11] + ["section_svg", "elevation_svg", "canonical_json"]

# koyu 0.16 (muro 1.0): a study and a workshop, neither with a way out; a boundary written
# twice and one to a space nobody declared (two errors); two storeys without a slab: (two
# SUF03 warnings, grouped as one).
MAIN_016 = """koyu 1.0
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 2600 h:2400
level L3 5200 h:2400
space /out exterior
import ./rooms.muro
"""
ROOMS_016 = """space /L1/a room X1..X2 Y1..Y2 name:書斎 daylight:1
space /L1/b room X2..X3 Y1..Y2 name:工房
space /L2/c room X1..X2 Y1..Y2
space /L3/d room X1..X2 Y1..Y2
boundary /L1/a /L1/b t:120
  door w:780
boundary /L1/a /L1/b t:120
boundary /L1/b /L1/zz t:120
"""

# koyu 0.27 (muro 1.4): the same rooms, consistent; /L1/a lacks daylight and both lack a
# door out (three violations); the window without h: is a caution.
BUILDING_027 = """muro 1.4
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /out outside:1
space /L1/a room X1..X2 Y1..Y2 name:書斎 daylight:1
space /L1/b room X2..X3 Y1..Y2 name:工房
boundary /L1/a /L1/b t:120
  door w:780
boundary /L1/a /out t:150
  window w:600 edge:S
boundary /L1/b /out t:150
"""


def catalogue(surface, extra_profiles=(), extra_validators=()):
    """The installed tools of ``surface`` and this one (from its source, installed or not)."""
    base = plugins.load(surface=surface)
    registry = ToolRegistry("review")
    koyu_review.koyu_register_tools(registry)
    others = [t for t in base.tools if t.name != "review"]
    profiles = tuple(base.profiles) + tuple(extra_profiles)
    validators = tuple(base.validators) + tuple(extra_validators)
    return Catalogue.of(others + registry.tools, validators, base.plugins, surface, profiles)


@pytest.fixture
def serve():
    """``serve(surface, profiles=(), validators=())``: a client of that surface, its catalogue
    the active one (validate's findings and profiles are looked up there); the previous one
    put back after."""
    before = plugins.active()

    def make(surface, extra_profiles=(), extra_validators=()):
        made = catalogue(surface, extra_profiles, extra_validators)
        plugins.activate(made)
        return Client.in_memory(made, surface=SURFACES[surface])

    yield make
    plugins.activate(before)


def call(client, tool="review", **arguments):
    answer = client.call_tool(tool, arguments)
    text = answer["content"][0]["text"]
    return (text, True) if answer.get("isError") else (json.loads(text), False)


def building(folder, files):
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return str(folder / next(iter(files)))


def test_one_tool_listed_after_the_originals_with_its_annotations_on_each_surface(serve):
    registry = ToolRegistry("review")
    koyu_review.koyu_register_tools(registry)
    (tool,) = registry.tools
    assert (tool.name, tool.group, tool.place) == ("review", "Verifying", 21)
    for surface, required in (("0.16", ["file"]), ("0.27", ["file", "profile", "asOf"])):
        listed = serve(surface).list_tools()
        names = [t["name"] for t in listed]
        # the originals' first, as they list them; the other agent tools may be installed beside
        assert names[: len(ORIGINAL[surface])] == ORIGINAL[surface] and "review" in names[len(ORIGINAL[surface]) :]
        entry = listed[names.index("review")]
        assert entry["title"] == "Review the building"
        assert entry["annotations"] == {"title": "Review the building", "readOnlyHint": True, "openWorldHint": False}
        assert entry["inputSchema"]["required"] == required


def test_0_16_counts_every_error_and_the_violations(serve, tmp_path):
    entry = building(tmp_path, {"main.muro": MAIN_016, "rooms.muro": ROOMS_016})
    found, failed = call(serve("0.16"), file=entry)
    assert not failed
    assert found["file"] == entry
    checked = found["check"]
    assert checked["ok"] is False and (checked["spaces"], checked["boundaries"]) == (5, 3)
    assert checked["counts"] == {"errors": 2, "warnings": 2}
    assert checked["byCode"] == {"BND02": 1, "REF01": 1, "SUF03": 2}
    assert checked["errors"] == [  # in check's scan order
        {
            "code": "REF01",
            "message": "References an undefined space: /L1/zz",
            "at": "rooms.muro:8",
            "paths": ["/L1/b", "/L1/zz"],
        },
        {
            "code": "BND02",
            "message": f"Duplicate boundary: /L1/a | /L1/b (first seen at {tmp_path / 'rooms.muro'}:line 5)",
            "at": "rooms.muro:7",
            "paths": ["/L1/a", "/L1/b"],
        },
    ]
    judged = found["validate"]
    assert judged["counts"]["violations"] == sum(judged["byRule"][r] for r in ("daylight.ratio", "access.unreachable"))
    unreachable = [v for v in judged["violations"] if v["rule"] == "access.unreachable"]
    assert {v["paths"][0] for v in unreachable} >= {"/L1/a", "/L1/b"}
    assert all(v["at"].startswith("rooms.muro:") for v in unreachable)
    assert found["verdict"][0] == "✖ Inconsistent — 2 errors / 2 warnings"
    assert found["verdict"][1].startswith(f"Validation — {judged['counts']['violations']} violations / ")
    assert "leftOut" not in found


def test_warnings_are_grouped_by_code_with_a_few_examples(serve, tmp_path):
    levels = "".join(f"level L{n} {n * 2600} h:2400\n" for n in range(2, 8))  # six without slab:
    rooms = "".join(f"space /L{n}/r room X1..X2 Y1..Y2\n" for n in range(2, 8))
    entry = building(tmp_path, {"main.muro": MAIN_016.replace("level L2 2600 h:2400\nlevel L3 5200 h:2400\n", levels)})
    (tmp_path / "rooms.muro").write_text(rooms, encoding="utf-8")
    found, _ = call(serve("0.16"), file=entry)
    (group,) = found["check"]["warnings"]
    assert (group["code"], group["count"]) == ("SUF03", 6)
    assert len(group["examples"]) == EXAMPLES
    assert [e["at"] for e in group["examples"]] == ["main.muro:5", "main.muro:6", "main.muro:7"]
    assert group["examples"][0]["message"].startswith("Level L2 has no slab:")
    assert "code" not in group["examples"][0]  # the group names it once
    assert found["check"]["ok"] is True and found["verdict"][0] == "✔ Consistent — 7 spaces / 0 boundaries (6 warnings)"


def test_0_27_the_assessment_violations_cautions_and_accounting(serve, tmp_path):
    entry = building(tmp_path, {"main.muro": BUILDING_027})
    found, failed = call(serve("0.27"), file=entry, **PROFILE)
    assert not failed
    assert found["check"]["ok"] is True and found["check"]["errors"] == []
    judged = found["validate"]
    assert (judged["profile"], judged["asOf"], judged["model"]) == (
        "koyu.profile.schematic-screen@1",
        "2026-08-03",
        "consistent",
    )
    violations = {(v["rule"], v["paths"][0]) for v in judged["violations"]}
    assert violations == {
        ("koyu.schematic.daylight.ratio", "/L1/a"),
        ("koyu.schematic.access.unreachable", "/L1/a"),
        ("koyu.schematic.access.unreachable", "/L1/b"),
    }
    assert judged["counts"] == {"violations": 3, "cautions": 1}
    assert [(c["rule"], c["count"]) for c in judged["cautions"]] == [("koyu.schematic.daylight.unknown", 1)]
    assert all(v["at"].startswith("main.muro:") for v in judged["violations"])
    assert judged["unjudged"] == [] and judged["state"] == "complete"
    assert found["verdict"][1:] == [
        "Validation — 3 violations / 1 caution",
        f"koyu.profile.schematic-screen@1 — {judged['rules']['evaluated']} evaluated / "
        f"{judged['rules']['notApplicable']} not applicable / 0 indeterminate / 0 error",
    ]


def test_0_27_an_inconsistent_model_is_not_the_green_line(serve, tmp_path):
    entry = building(tmp_path, {"main.muro": BUILDING_027 + "boundary /L1/b /L1/zz t:120\n"})
    found, _ = call(serve("0.27"), file=entry, **PROFILE)
    assert [e["code"] for e in found["check"]["errors"]] == ["REF01"]
    (unjudged,) = found["validate"]["unjudged"]
    assert (
        unjudged["state"] == "indeterminate" and len(unjudged["rules"]) == found["validate"]["rules"]["indeterminate"]
    )
    assert found["verdict"][1].startswith("✖ Validation incomplete — ")


def many_errors(count):
    """A building of ``count`` rooms in a row, each with a boundary to a space nobody
    declared: ``count`` errors (REF01)."""
    grid = " ".join(str(3000 * n) for n in range(count + 1))
    rooms = "".join(
        f"space /L1/room{n:04d} room X{n + 1}..X{n + 2} Y1..Y2\nboundary /L1/room{n:04d} /L1/nowhere{n:04d} t:100\n"
        for n in range(count)
    )
    return f"muro 1.4\ngrid X {grid}\ngrid Y 0 3000\nlevel L1 0 h:2400 slab:150\nspace /out outside:1\n" + rooms


@pytest.mark.parametrize("surface", ["0.16", "0.27"])
def test_hundreds_of_errors_stay_within_the_bound_and_say_what_was_left_out(serve, tmp_path, surface):
    text = many_errors(400)
    if surface == "0.16":
        text = text.replace("muro 1.4", "koyu 1.0").replace("space /out outside:1", "space /out exterior")
    entry = building(tmp_path, {"main.muro": text})
    client = serve(surface)
    answer = client.call_tool("review", {"file": entry, **PROFILE} if surface == "0.27" else {"file": entry})
    written = answer["content"][0]["text"]
    found = json.loads(written)
    assert len(written.encode("utf-8")) <= LIMIT
    assert written == tool_text(found)  # the text measured is the text sent
    from koyu_model import load
    from koyu_model.release import RELEASES

    diagnostics = [d for d in check(load(entry, release=RELEASES[surface])) if d.is_error]
    shown = found["check"]["errors"]
    total = found["check"]["counts"]["errors"]
    assert total == len(diagnostics) == 400 and 0 < len(shown) < total
    # the first errors in scan order, each whole
    assert [(e["code"], e["message"]) for e in shown] == [(d.code, d.message) for d in diagnostics[: len(shown)]]
    assert f"{total - len(shown)} of {total} errors left out: check lists every one" in found["leftOut"]
    # the big answer check gives is what review keeps an agent from
    checked = client.call_tool("check", {"file": entry})["content"][0]["text"]
    assert len(checked.encode("utf-8")) > 5 * LIMIT


def test_long_names_are_clipped_and_the_answer_still_fits(serve, tmp_path):
    long_room = "/L1/" + "部屋" * 3000
    text = many_errors(50).replace("/L1/room0007", long_room)
    entry = building(tmp_path, {"main.muro": text})
    written = serve("0.27").call_tool("review", {"file": entry, **PROFILE})["content"][0]["text"]
    assert len(written.encode("utf-8")) <= LIMIT and long_room not in written


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"profile": ""},
        {"asOf": "2026-08-03"},
        {"profile": "koyu.profile.schematic-screen"},
        {"profile": "koyu.profile.schematic-screen", "asOf": "2026-02-30"},
        {"profile": "koyu.profile.schematic-screen", "asOf": 20260803},
        {"profile": "koyu.profile.nothing", "asOf": "2026-08-03"},
        {"profile": "koyu.profile.schematic-screen@9", "asOf": "2026-08-03"},
        {"profile": ["koyu.profile.schematic-screen"], "asOf": "2026-08-03"},
    ],
)
def test_profile_and_as_of_are_refused_as_validate_refuses_them(serve, tmp_path, arguments):
    entry = building(tmp_path, {"main.muro": BUILDING_027})
    client = serve("0.27")
    review = call(client, file=entry, **arguments)
    validate = call(client, "validate", file=entry, **arguments)
    assert review == validate and review[1] is True


@pytest.mark.parametrize("surface", ["0.16", "0.27"])
def test_a_broken_building_answers_checks_sentence(serve, tmp_path, surface):
    entry = building(tmp_path, {"main.muro": "koyu 1.0\nspace /L1/a room X1..X2 Y1..Y2\n"})
    client = serve(surface)
    extra = PROFILE if surface == "0.27" else {}
    message, failed = call(client, file=entry, **extra)
    assert failed and message == f"{entry}:line 2: Undefined grid line name: X1"
    assert (message, failed) == call(client, "check", file=entry)
    missing = str(tmp_path / "none.muro")
    assert call(client, file=missing, **extra) == call(client, "check", file=missing)


def _exits_narrower_than(model, artifacts):
    return applicable(
        [
            outcome("/L1/b", "fail", [{"kind": "space", "ref": "/L1/b"}], "No exit of 1200mm from /L1/b"),
            outcome("/L1/a", "pass", [{"kind": "space", "ref": "/L1/a"}], "/L1/a has one"),
        ]
    )


def _broken(model, artifacts):
    raise KeyError("nothing here")


ACME = Profile(
    "acme.profile.wide-exits",
    "2",
    (
        RuleSet(
            "acme.ruleset",
            "1",
            (
                Rule("acme.exit.wide", "1", "violation", ("acme.count",), _exits_narrower_than),
                Rule("acme.broken", "1", "caution", ("acme.count",), _broken),
            ),
        ),
    ),
    (Analysis("acme.count", "1", lambda model: ({"spaces": len(model.spaces)}, [])),),
)


def test_the_description_names_the_installed_profiles_and_review_runs_them(serve, tmp_path):
    client = serve("0.27", [RegisteredProfile("acme", ACME)])
    (listed,) = [t for t in client.list_tools() if t["name"] == "review"]
    assert listed["description"].endswith(
        "Profiles: installed: koyu.profile.schematic-screen, acme.profile.wide-exits (from acme)"
    )
    entry = building(tmp_path, {"main.muro": BUILDING_027})
    found, failed = call(client, file=entry, profile="acme/acme.profile.wide-exits", asOf="2026-08-03")
    assert not failed
    assert found["validate"]["violations"] == [
        {"rule": "acme.exit.wide", "message": "No exit of 1200mm from /L1/b", "at": "main.muro:7", "paths": ["/L1/b"]}
    ]
    assert found["validate"]["profile"] == "acme.profile.wide-exits@2"
    # a rule that raised reached no verdict: said, not taken for a pass
    assert found["validate"]["unjudged"] == [
        {"state": "error", "reason": "acme.broken failed: 'nothing here'", "rules": ["acme.broken"]}
    ]
    assert found["validate"]["state"] == "incomplete"
    assert found["verdict"][1:] == [
        "Validation — 1 violation / 0 cautions",
        "acme.profile.wide-exits@2 — 1 evaluated / 0 not applicable / 0 indeterminate / 1 error",
    ]
    plain = serve("0.27")
    (alone,) = [t for t in plain.list_tools() if t["name"] == "review"]
    assert alone["description"].endswith("Profiles: koyu ships one: koyu.profile.schematic-screen")


def _odd_findings(model):
    """A third party's validator whose findings carry odd extras under the names review reads."""
    yield {"rule": "odd", "level": "violation", "message": "odd one", "line": "7", "file": 3, "path": "/L1/a"}
    yield {"rule": "odd", "level": "caution", "message": "odd two", "line": 2, "path": ["/L1/a", 5, None]}


def test_0_16_third_party_validators_are_reviewed_and_named(serve, tmp_path):
    client = serve("0.16", extra_validators=[RegisteredValidator("acme", Validator("odd", _odd_findings))])
    (listed,) = [t for t in client.list_tools() if t["name"] == "review"]
    assert listed["description"].endswith("validators installed beside the built-in rules: acme/odd")
    entry = building(tmp_path, {"main.muro": MAIN_016, "rooms.muro": ROOMS_016})
    found, failed = call(client, file=entry)
    assert not failed
    assert {"rule": "acme/odd", "message": "odd one"} in found["validate"]["violations"]
    assert found["validate"]["cautions"] == [
        {"rule": "acme/odd", "count": 1, "examples": [{"message": "odd two", "at": "line 2", "paths": ["/L1/a"]}]}
    ]
    assert found["validate"]["byRule"]["acme/odd"] == 2


def _installed(tmp_path):
    """Whether koyu-review is installed (its entry point seen by a fresh Python)."""
    env = installed_environment()
    if not is_installed("review", cwd=tmp_path):
        if os.environ.get("KOYU_REVIEW_INSTALLED"):
            pytest.fail("koyu-review should be installed here, but its entry point is missing")
        pytest.skip("koyu-review is not installed (pip install ./plugins/review)")
    return env


@pytest.mark.parametrize("surface", ["0.16", "0.27"])
def test_installed_it_is_served_by_koyu_mcp(tmp_path, surface):
    """Through the entry point only: a real koyu-mcp in a fresh process, where this test's
    sys.path trick does not reach. Runs when the plugin is installed (tox installs it)."""
    env = _installed(tmp_path)
    if surface == "0.16":
        entry, extra = building(tmp_path / "b", {"main.muro": MAIN_016, "rooms.muro": ROOMS_016}), {}
    else:
        entry, extra = building(tmp_path / "b", {"main.muro": BUILDING_027}), PROFILE
    server = Client.process([sys.executable, "-m", "koyu_host", "--as", surface], cwd=str(tmp_path), env=env)
    try:
        server.initialize()
        listed = server.list_tools()
        (review,) = [t for t in listed if t["name"] == "review"]  # other agent tools may be installed beside
        assert review["annotations"]["title"] == "Review the building"
        answer = json.loads(server.call_tool("review", {"file": entry, **extra})["content"][0]["text"])
        assert answer["validate"]["counts"]["violations"] == len(answer["validate"]["violations"]) >= 2
    finally:
        server.close()


def test_the_official_mcp_sdk_reads_it(tmp_path):
    """The official MCP Python SDK (the test extra) lists review and calls it on koyu-mcp."""
    env = _installed(tmp_path)
    try:
        import mcp
    except ImportError:
        pytest.skip("the MCP Python SDK (mcp, the test extra) is not installed on this Python")
    import asyncio

    from koyu_host.client import server_command

    entry = building(tmp_path / "b", {"main.muro": many_errors(300)})

    async def session():
        command = server_command()
        params = mcp.StdioServerParameters(command=command[0], args=[*command[1:], "--as", "0.27"], env=env)
        with open(tmp_path / "stderr.txt", "w", encoding="utf-8") as errlog:
            async with mcp.Client(mcp.stdio_client(params, errlog=errlog), read_timeout_seconds=60) as c:
                tools = (await c.list_tools()).tools
                return tools, await c.call_tool("review", {"file": entry, **PROFILE})

    tools, result = asyncio.run(session())
    (review,) = [t for t in tools if t.name == "review"]
    assert review.annotations.title == "Review the building" and review.annotations.read_only_hint is True
    assert result.is_error is False
    [block] = result.content
    assert len(block.text.encode("utf-8")) <= LIMIT
    assert json.loads(block.text)["check"]["counts"]["errors"] == 300
