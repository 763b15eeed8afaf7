"""The 0.27 language beyond the version line: what each muro version 1.0–1.4 accepts and
refuses (spec-0.27: diagnostics/ver.md VER05 / VER07, muro/attributes.md), the frame
(muro/origin.md, azimuth.md, diagnostics/sit.md SIT06) and canonical 2.0 (json/schema.md).
Each 0.27 reading is pinned beside what 0.16 makes of the same text where they differ."""

from __future__ import annotations

import json

import pytest
from model_support import HEAD

from koyu_model import KoyuError, load
from koyu_model.canonical import canonical_json
from koyu_model.check import check
from koyu_model.errors import CompositionError, NotationError
from koyu_model.release import KOYU_0_16, KOYU_0_27

ROOM = "space /L1/a room X1..X2 Y1..Y2\n"


def read(files, text: str, release=KOYU_0_27, **layers: str):
    for name, body in layers.items():
        files.write(f"{name}.muro", body)
    files.write("main.muro", text)
    return load(files.path(), release=release)


def refusal(files, text: str, release=KOYU_0_27, **layers: str) -> KoyuError:
    with pytest.raises(KoyuError) as caught:
        read(files, text, release, **layers)
    return caught.value


def codes(model) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in check(model)]


def ver(model) -> list:
    return [d for d in check(model) if d.code.startswith("VER")]


# -- each version: a file it accepts and one it refuses --------------------------------------

TYPED = HEAD + ROOM + "space /out yard\nboundary /L1/a /out\n"
NEW_OUTSIDE = HEAD + ROOM + "space /out outside:1\nboundary /L1/a /out\n"
USE_ON_SPACE = HEAD + "space /L1/a room X1..X2 Y1..Y2 use:office\nspace /out outside:1\nboundary /L1/a /out\n"
USE_ON_ZONE = HEAD + "zone /L1 use:exclusive\n" + ROOM + "space /out outside:1\nboundary /L1/a /out\n"
NAMESPACED = HEAD + "zone /L1 lease.category:exclusive\n" + ROOM + "space /out outside:1\nboundary /L1/a /out\n"


@pytest.mark.parametrize(
    ("version", "accepted", "refused", "code"),
    [
        ("koyu 1.0", TYPED, NEW_OUTSIDE, "VER05"),  # 1.0 knows no outside: (nor an untyped space)
        ("koyu 1.1", NEW_OUTSIDE, None, None),  # the spelling is 1.2's: a parse error
        ("muro 1.2", USE_ON_ZONE, None, None),
        ("muro 1.3", NAMESPACED, USE_ON_SPACE, "VER07"),
        ("muro 1.4", NEW_OUTSIDE, USE_ON_ZONE, "VER07"),
    ],
)
def test_each_version_accepts_its_vocabulary_and_refuses_another(files, version, accepted, refused, code):
    model = read(files, f"{version}\n{accepted}")
    assert model.version == version.split()[1] and ver(model) == []
    if refused is not None:
        assert [d.code for d in ver(read(files, f"{version}\n{refused}"))] == [code]
    else:  # 1.1 and 1.2 refuse the other word for their line, before any check
        other = {"koyu": "muro", "muro": "koyu"}[version.split()[0]]
        error = refusal(files, f"{other} {version.split()[1]}\n{accepted}")
        assert type(error) is NotationError and error.line == 1


def test_ver05_names_the_type_word_and_what_the_space_silently_becomes(files):
    model = read(files, "koyu 1.0\n" + HEAD + ROOM + "space /L1/hole void X2..X3 Y1..Y2\nspace /out exterior\n")
    assert [(d.code, d.line, d.path) for d in ver(model)] == [
        ("VER05", 6, ("/L1/hole",)),
        ("VER05", 7, ("/out",)),
    ]
    assert ver(model)[1].message == (
        "A koyu 1.0 file writes exterior in the type position: /out — 1.1 reads no meaning from the type, so"
        " this space silently stops being outside (it becomes indoor floor area). Write outside:1 instead,"
        " then raise the version to koyu 1.1"
    )
    # one reader, one meaning: the type word does not make it outside, even in a 1.0 file
    assert not model.spaces["/out"].outside and not model.spaces["/L1/hole"].void
    # 0.16 reads the same bytes as muro 1.0 always did: structurally, and without a word said
    old = read(files, "koyu 1.0\n" + HEAD + ROOM + "space /out exterior\n", release=KOYU_0_16)
    assert old.spaces["/out"].outside and ver(old) == []


def test_ver05_watches_the_later_spelling_too_an_untyped_space_or_outside_and_void_keys(files):
    model = read(files, "koyu 0.5\n" + HEAD + "space /L1/a X1..X2 Y1..Y2\nspace /out outside:1\nspace /x room void:1\n")
    assert [(d.code, d.line) for d in ver(model)] == [("VER05", 5), ("VER05", 6), ("VER05", 7)]
    assert ": no type —" in ver(model)[0].message and ": no type / outside: —" in ver(model)[1].message
    assert ": void: —" in ver(model)[2].message
    # undeclared reads as 1.1, which spells it so: nothing to say
    assert ver(read(files, HEAD + "space /L1/a X1..X2 Y1..Y2\nspace /out outside:1\n")) == []


def test_ver07_spaces_then_zones_and_only_from_1_3(files):
    text = HEAD + "zone /L1 use:exclusive\nspace /L1/a room X1..X2 Y1..Y2 use:office\n"
    model = read(files, "muro 1.4\n" + text)
    assert [(d.code, d.line, d.path) for d in ver(model)] == [("VER07", 6, ("/L1/a",)), ("VER07", 5, ("/L1",))]
    assert ver(model)[1].message == (
        "A muro 1.4 file carries use: on zone /L1 — use is retired after muro 1.2. Write a namespaced key"
        " of your own (lease.category:, fire.compartment:, dept.name:) instead, or keep the file at muro 1.2"
    )
    assert ver(read(files, "muro 1.2\n" + text)) == [] and ver(read(files, text)) == []
    assert ver(read(files, "koyu 1.0\n" + text, release=KOYU_0_16)) == []


def test_outside_and_void_are_zero_or_one_space_keys_in_0_27_and_unknown_in_0_16(files):
    text = HEAD + ROOM + "space /out outside:yes\n"
    (att,) = [d for d in check(read(files, text)) if d.code.startswith("ATT")]
    assert (att.code, att.message) == ("ATT02", "outside on /out is one of 0 / 1: outside:yes")
    assert "ATT03" in [
        d.code for d in check(read(files, "koyu 1.0\n" + HEAD + "space /out yard outside:1\n", KOYU_0_16))
    ]


def test_vrt04_asks_for_the_void_key_in_0_27(files):
    text = (
        HEAD
        + "level L2 3000 h:2400 slab:150\n"
        + ROOM
        + "space /L2/a room X1..X2 Y1..Y2\nboundary /L1/a /L2/a type:void\n"
    )
    (vrt,) = [d for d in check(read(files, text)) if d.code == "VRT04"]
    assert vrt.message == "The space above a void boundary is expected to declare void:1: /L2/a"
    (old,) = [d for d in check(read(files, text, KOYU_0_16)) if d.code == "VRT04"]
    assert old.message == "The space above a void boundary is expected to be type:void: /L2/a"


# -- the frame: origin and azimuth ---------------------------------------------------------

ORIGIN = "origin epsg:6677 easting:-8000.123 northing:-34000.456 elevation:2.35 vertical:6695\n"


def test_origin_and_azimuth_are_read_in_metres_and_degrees_from_any_layer(files):
    model = read(files, "import ./survey.muro\n" + HEAD + ROOM, survey=ORIGIN + "azimuth Y 347.5\n")
    o, a = model.origin, model.azimuth
    assert (o.epsg, o.easting, o.northing, o.elevation, o.vertical) == (6677, -8000.123, -34000.456, 2.35, 6695)
    assert o.line == 1 and o.file.endswith("survey.muro") and (a.degrees, a.line) == (347.5, 2)
    bare = read(files, HEAD + "origin epsg:6677 easting:0 northing:12\n" + ROOM).origin
    assert (bare.elevation, bare.vertical, bare.easting) == (None, None, 0)


def test_a_second_origin_or_azimuth_names_where_the_first_was_before_reading_itself(files):
    error = refusal(files, "import ./survey.muro\n" + HEAD + "origin epsg:1 easting: northing:\n", survey=ORIGIN)
    assert type(error) is CompositionError and error.line == 5
    assert error.raw == f"Duplicate origin: a model has one frame (first seen in {files.path('survey.muro')} at line 1)"
    error = refusal(files, HEAD + "azimuth Y 10\nazimuth Y 10\n")
    assert error.raw == f"Duplicate azimuth: a model has one frame (first seen in {files.path()} at line 4)"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("origin epsg:6677 eastign:1 northing:2", "origin carries eastign:, which is not in the ledger (origin reads epsg / easting / northing / elevation / vertical)"),
        ("origin epsg:6677 easting:1 northing:2 elevation:3", "elevation: and vertical: are written together (a height needs the datum it is measured from)"),
        ("origin epsg:6677 easting:1 northing:2 vertical:6695", "elevation: and vertical: are written together (a height needs the datum it is measured from)"),
        ("origin epsg:6677 easting:-8000.123: northing:2", "The attribute easting is written as a number: -8000.123:"),
        ("origin epsg:6677.5 easting:1 northing:2", "epsg is an EPSG code, a whole positive number: epsg:6677.5"),
        ("origin easting:1 northing:2", "origin requires epsg: (origin epsg:<code> easting:<metres> northing:<metres> [elevation:<metres> vertical:<code>])"),
        ("azimuth Y -12.5", "azimuth is a bearing clockwise from true north, 0 <= v < 360: -12.5 (write 347.5)"),
        ("azimuth Y 360", "azimuth is a bearing clockwise from true north, 0 <= v < 360: 360 (write 0)"),
        ("azimuth Y 370", "azimuth is a bearing clockwise from true north, 0 <= v < 360: 370 (write 10)"),
        ("azimuth X 10", "azimuth takes the form azimuth Y <degrees> (the bearing of +Y; Y is the one axis)"),
        ("azimuth Y north", "The azimuth is not a number: north"),
    ],
)  # fmt: skip
def test_a_frame_line_written_wrong_stops_with_what_to_write(files, line, message):
    error = refusal(files, HEAD + line + "\n" + ROOM)
    assert type(error) is NotationError and (error.raw, error.line) == (message, 4)


def test_0_16_knows_no_frame(files):
    assert refusal(files, HEAD + ORIGIN, KOYU_0_16).raw == "Unknown keyword: origin"
    assert refusal(files, HEAD + "azimuth Y 0\n", KOYU_0_16).raw == "Unknown keyword: azimuth"


def test_sit06_warns_of_a_position_without_a_bearing_never_the_reverse(files):
    model = read(files, HEAD + ROOM + ORIGIN)
    (sit,) = [d for d in check(model) if d.code.startswith("SIT")]
    assert (sit.code, sit.severity, sit.line, sit.path) == ("SIT06", "warning", 5, None)
    assert sit.message == "origin is written without azimuth, so the model has a position but no bearing"
    assert "SIT06" not in [c for c, _ in codes(read(files, HEAD + ROOM + ORIGIN + "azimuth Y 0\n"))]
    assert "SIT06" not in [c for c, _ in codes(read(files, HEAD + ROOM + "azimuth Y 0\n"))]


# -- canonical 2.0 ---------------------------------------------------------------------------


def test_canonical_2_0_by_hand(files):
    text = (
        "koyu 1.1\nname 枠\nunit mm\ngrid X 0 3600\ngrid Y 0 4000\nlevel L1 0 h:2400\n"
        "azimuth Y 90\norigin epsg:6677 easting:1.5 northing:-2\n"
        "space /L1/a X1..X2 Y1..Y2\nspace /out outside:1\nboundary /L1/a /out t:100\n"
    )
    expected = {
        "format": "koyu-canonical/2.0",
        "muro": "1.1",
        "name": "枠",
        "unit": "mm",
        "origin": {"epsg": 6677, "easting": 1.5, "northing": -2},
        "azimuth": 90,
        "grid": {"X": [0, 3600], "Y": [0, 4000]},
        "levels": {"L1": {"z": 0, "h": 2400}},
        "spaces": {"/L1/a": {"at": ["X1", "Y1", "X2", "Y2"]}, "/out": {"attrs": {"outside": 1}}},
        "boundaries": [{"between": ["/L1/a", "/out"], "a": "/L1/a", "kind": "wall", "t": 100}],
    }
    text_out = canonical_json(read(files, text))
    assert list(json.loads(text_out)) == list(expected) and json.loads(text_out) == expected
    assert text_out.startswith('{\n  "format": "koyu-canonical/2.0",\n  "muro": "1.1",\n')
    # 0.16's document of a file it reads keeps its format, its key and a type on every space
    old = json.loads(canonical_json(read(files, "koyu 1.0\n" + HEAD + "space /out yard\n", KOYU_0_16)))
    assert (old["format"], old["koyu"], old["spaces"]["/out"]) == ("koyu-canonical/1.0", "1.0", {"type": "yard"})


def test_the_older_codes_read_the_release_s_versions(files):
    # 0.27 reads more versions than 0.16: VER02 still fires for a 0.3 file, never for 1.1
    text = HEAD + ROOM + "space /out outside:1\nboundary /L1/a /out\n"
    assert [d.code for d in ver(read(files, "koyu 0.3\n" + text.replace(" outside:1", " yard")))] == ["VER02"]
    assert ver(read(files, "koyu 1.1\n" + text)) == []
