"""The Form's records and their JSON (reference/form/index.md, api/derive.md)."""

import copy
import json

import attrs
import pytest

from koyu_model.form import (
    Form,
    FormInput,
    FormJsonError,
    FormLevel,
    FormSpace,
    PlanEntity,
    Pt,
    form_from_json,
    form_text,
    form_to_json,
    record_to_json,
)

# A small Form written by hand: two rooms and a door between them, one level with no pitch,
# a run with a part and a solid, a column, a site polygon, and every kind of plan entity.
SEG = {"x1": 3000, "y1": 0, "x2": 3000, "y2": 3000, "horizontal": False, "edgeOfA": "E"}
SQUARE_A = [{"x": 0, "y": 0}, {"x": 3000, "y": 0}, {"x": 3000, "y": 3000}, {"x": 0, "y": 3000}]
SQUARE_B = [{"x": 3000, "y": 0}, {"x": 6000, "y": 0}, {"x": 6000, "y": 3000}, {"x": 3000, "y": 3000}]
RECT = {"x1": 0, "x2": 1200, "y1": 0, "y2": 3000}

SMALL = {
    "input": {"cut": 1200},
    "levels": [
        {"name": "L1", "z": 0, "h": 2400, "slab": 150, "pitch": 3000},
        {"name": "屋上", "z": 3000},
    ],
    "spaces": [
        {
            "path": "/L1/a",
            "type": "room",
            "level": "L1",
            "outline": [SQUARE_A],
            "areaM2": 9,
            "z0": 0,
            "z1": 2400,
            "indoor": True,
            "semiOutdoor": False,
            "covered": False,
        },
        {
            "path": "/L1/b",
            "type": "テラス",
            "outline": [SQUARE_B],
            "indoor": False,
            "semiOutdoor": True,
            "covered": False,
        },
    ],
    "boundaries": [
        {
            "ref": "/L1/a|/L1/b@0",
            "boundary": 0,
            "a": "/L1/a",
            "b": "/L1/b",
            "kind": "wall",
            "derived": False,
            "level": "L1",
            "air": False,
            "segment": SEG,
            "material": {
                "t": 100,
                "z0": 0,
                "z1": 3000,
                "panels": [
                    {"x1": 3000, "y1": 0, "x2": 3000, "y2": 1050, "z0": 0, "z1": 3000},
                    {"x1": 3000, "y1": 1050, "x2": 3000, "y2": 1950, "z0": 2000, "z1": 3000},
                ],
            },
        },
        {
            "ref": "/L1/b|/out@1",
            "boundary": 1,
            "a": "/L1/b",
            "b": "/out",
            "kind": "open",
            "derived": False,
            "air": True,
            "segment": {"x1": 3000, "y1": 0, "x2": 6000, "y2": 3000, "horizontal": False, "diagonal": True},
        },
    ],
    "openings": [
        {
            "ref": "/L1/a|/L1/b@0/0",
            "boundary": 0,
            "index": 0,
            "a": "/L1/a",
            "b": "/L1/b",
            "kind": "door",
            "name": "扉",
            "level": "L1",
            "segment": SEG,
            "cx": 3000,
            "cy": 1500,
            "w": 900,
            "z0": 0,
            "z1": 2000,
            "t": 100,
            "style": "swing",
            "swing": {
                "into": "/L1/a",
                "hinge": {"x": 3000, "y": 1050},
                "leaf": {"x": 2100, "y": 1050},
                "jamb": {"x": 3000, "y": 1950},
                "ccw": False,
            },
            "sliding": False,
        },
    ],
    "segs": [
        {
            "ref": "/L1/a|/L1/b@0~0",
            "boundary": 0,
            "index": 0,
            "segment": SEG,
            "cx": 3000,
            "cy": 2500,
            "w": 400,
            "t": 100,
        },
    ],
    "slabs": [
        {"kind": "floor", "space": "/L1/a", "level": "L1", "outline": SQUARE_A, "z0": -150, "z1": 0},
    ],
    "columns": [
        {
            "x": 0,
            "y": 0,
            "w": 600,
            "d": 600,
            "level": "L1",
            "grid": "X1/Y1",
            "decl": 0,
            "attrs": {"2": "two", "spec": "RC"},
            "ref": "L1/X1/Y1",
            "z0": 0,
            "z1": 3000,
        },
    ],
    "runs": [
        {
            "path": "/L1/a",
            "device": "stair",
            "form": "straight",
            "level": "L1",
            "upper": "屋上",
            "z0": 0,
            "z1": 3000,
            "rise": 3000,
            "up": "N",
            "turn": "R",
            "rect": RECT,
            "length": 3000,
            "width": 1200,
            "entry": 1100,
            "lanes": 1,
            "parts": [
                {
                    "kind": "flight",
                    "rect": RECT,
                    "t0": 1100,
                    "t1": 1900,
                    "s0": 0,
                    "s1": 1200,
                    "z0": 0,
                    "z1": 3000,
                    "reversed": False,
                    "risers": 17,
                    "tread": 50,
                }
            ],
            "risers": 17,
            "riser": 176.47058823529412,
            "tread": 50,
            "slope": 3.75,
            "going": 800,
            "solids": [
                {"kind": "box", "rect": RECT, "z0": -200, "z1": 176.5},
                {"kind": "incline", "rect": RECT, "up": "N", "z0": 0, "z1": 3000, "t": 200},
            ],
        },
    ],
    "site": [{"path": "/site", "points": SQUARE_A, "areaM2": 9.000000000000002}],
    "plans": [
        {
            "level": "L1",
            "cut": 1200,
            "cutZ": 1200,
            "entities": [
                {"class": "cut", "of": "space", "ref": "/L1/a", "polygon": SQUARE_A},
                {
                    "class": "swing",
                    "of": "opening",
                    "ref": "/L1/a|/L1/b@0/0",
                    "lines": [{"x1": 3000, "y1": 1050, "x2": 2100, "y2": 1050}],
                    "arc": {
                        "cx": 3000,
                        "cy": 1050,
                        "r": 900,
                        "from": {"x": 2100, "y": 1050},
                        "to": {"x": 3000, "y": 1950},
                        "ccw": False,
                    },
                },
                {
                    "class": "cut",
                    "of": "run",
                    "ref": "/L1/a",
                    "role": "arrow",
                    "lines": [{"x1": 600, "y1": 1100, "x2": 600, "y2": 1900}],
                },
                {"class": "anchor", "of": "run", "ref": "/L1/a", "anchor": {"x": 600, "y": 1500, "up": True}},
            ],
        },
    ],
}


def test_round_trip_is_the_same_dict_in_the_same_key_order():
    form = form_from_json(copy.deepcopy(SMALL))
    back = form_to_json(form)
    assert back == SMALL
    # key order too, at every depth: the text of both is identical
    assert json.dumps(back, ensure_ascii=False) == json.dumps(SMALL, ensure_ascii=False)


def test_records_are_typed_and_frozen():
    form = form_from_json(SMALL)
    assert isinstance(form.spaces[0], FormSpace)
    assert form.spaces[0].area_m2 == 9 and form.spaces[1].semi_outdoor is True
    assert form.boundaries[0].segment.edge_of_a == "E"
    assert form.plans[0].entities[1].arc.from_ == Pt(2100, 1050)
    assert form.plans[0].entities[0].klass == "cut"
    assert form.plans[0].cut_z == 1200
    assert isinstance(form.spaces[0].outline, tuple) and isinstance(form.spaces[0].outline[0], tuple)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        form.spaces[0].path = "/x"


def test_absent_values_are_omitted_never_null():
    form = form_from_json(SMALL)
    text = form_text(form)
    assert "null" not in text
    level = form_to_json(form)["levels"][1]
    assert level == {"name": "屋上", "z": 3000}
    space_b = form_to_json(form)["spaces"][1]
    assert "level" not in space_b and "areaM2" not in space_b and "z0" not in space_b
    boundary = form_to_json(form)["boundaries"][1]
    assert "material" not in boundary and "level" not in boundary and "edgeOfA" not in boundary["segment"]


def test_constructed_records_serialise_with_spec_key_names():
    form = Form(
        input=FormInput(cut=900),
        levels=[FormLevel(name="L1", z=0, h=2400)],
        spaces=[
            FormSpace(
                path="/L1/a",
                type="room",
                level="L1",
                outline=[[Pt(0, 0), Pt(1, 0), Pt(1, 1)]],
                area_m2=0.5,
                indoor=True,
            )
        ],
        plans=[],
    )
    d = form_to_json(form)
    assert list(d) == [
        "input",
        "levels",
        "spaces",
        "boundaries",
        "openings",
        "segs",
        "slabs",
        "columns",
        "runs",
        "site",
        "plans",
    ]
    assert d["levels"] == [{"name": "L1", "z": 0, "h": 2400}]
    assert list(d["spaces"][0]) == ["path", "type", "level", "outline", "areaM2", "indoor", "semiOutdoor", "covered"]
    assert d["boundaries"] == [] and d["site"] == []


def test_column_attrs_keep_javascript_object_order():
    # an attribute bag is a JavaScript object: integer-like keys iterate first
    data = copy.deepcopy(SMALL)
    data["columns"][0]["attrs"] = {"spec": "RC", "10": "x", "2": "y"}
    d = form_to_json(form_from_json(data))
    assert list(d["columns"][0]["attrs"]) == ["2", "10", "spec"]


def test_text_is_one_space_indent_with_javascript_numbers():
    text = form_text(form_from_json(SMALL))
    assert text.startswith('{\n "input": {\n  "cut": 1200\n }')
    assert '"areaM2": 9.000000000000002' in text
    assert '"name": "屋上"' in text  # non-ASCII written raw


def test_a_wrong_shape_names_the_place():
    data = copy.deepcopy(SMALL)
    del data["boundaries"][0]["ref"]
    with pytest.raises(FormJsonError, match="/boundaries/0/ref"):
        form_from_json(data)
    with pytest.raises(FormJsonError):
        form_from_json([])


def test_plan_entity_optional_parts_default_absent():
    e = PlanEntity(klass="cut", of="space", ref="/L1/a", polygon=[Pt(0, 0)])
    assert e.role is None and e.lines is None and e.arc is None and e.anchor is None
    assert record_to_json(e) == {"class": "cut", "of": "space", "ref": "/L1/a", "polygon": [{"x": 0, "y": 0}]}
