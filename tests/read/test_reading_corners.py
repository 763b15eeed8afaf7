"""Rules of the reader found at the corners the held-back buildings reach (issue #30).
Each test names the rule; the buildings are our own."""

from __future__ import annotations

import pytest

from koyu_model import KoyuError
from koyu_model.check import check

HUGE = "9" * 400  # past the largest double: JavaScript's Number() reads it as Infinity

BASE = "grid X 0 3600 5400\ngrid Y 0 4000\nlevel L1 0 h:2400 slab:150\n"


def _error(files, text: str) -> str:
    with pytest.raises(KoyuError) as caught:
        files.load(BASE + text)
    return caught.value.raw


# -- numbers inside sentences are spelled as JavaScript's String(n) ------------------------


def test_a_sentence_spells_a_number_past_the_largest_double_as_infinity_not_json_null(files):
    text = "space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\nboundary /L1/a /out\n  door w:900 h:-" + HUGE + "\n"
    assert _error(files, text) == "h is written as a positive number: h:-Infinity"


def test_a_band_width_is_a_javascript_number_in_the_sum_it_reports(files):
    # past a double it is Infinity; above 2**53 it is rounded to the nearest double
    huge = _error(files, f"band X X1..X3 Y1..Y2\n  space /L1/a room w:{HUGE}\n  space /L1/b room w:1800\n")
    assert huge.startswith("The dimensions sum to Infinitymm against a band width of 5400mm, Infinitymm over\n")
    rounded = _error(files, "band X X1..X3 Y1..Y2\n  space /L1/a room w:9007199254740993\n  space /L1/b room w:rest\n")
    assert rounded.startswith(
        "The dimensions sum to 9007199254740992mm against a band width of 5400mm, 9007199254735592mm over"
    )


def test_a_check_sentence_spells_an_infinite_height_as_infinity(files):
    model = files.load(
        "grid X 0 3600\ngrid Y 0 4000\nlevel L1 0 h:" + HUGE + " slab:150\nlevel L2 3000 slab:150\n"
        "space /L1/a room X1..X2 Y1..Y2\n"
    )
    messages = [d.message for d in check(model)]
    assert messages == [
        "/L1/a collides into the floor above: ceiling height Infinity + L2's slab 150 = Infinity > storey height 3000"
    ]


# -- air: on a boundary line is a flag read as a number ---------------------------------------


@pytest.mark.parametrize("value", ["yes", "１", "Infinity", "1,000"])
def test_a_boundary_line_refuses_an_air_value_that_is_no_number(files, value):
    text = f"space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\nboundary /L1/a /out air:{value}\n"
    assert _error(files, text) == f"The attribute air is written as a number: {value}"


@pytest.mark.parametrize("value, air", [("1", True), ("1.0", True), ("0", False), ("2", False), ("-1", False)])
def test_a_boundary_line_reads_any_number_for_air_and_only_1_sets_it(files, value, air):
    model = files.load(BASE + f"space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\nboundary /L1/a /out air:{value}\n")
    assert model.boundaries[0].air is air


def test_over_still_takes_any_air_value_and_clears_it_with_anything_but_1(files):
    # COMPAT §5: over of a boundary's air: accepts any value
    files.write("base.muro", BASE + "space /L1/a room X1..X2 Y1..Y2\nspace /out exterior\nboundary /L1/a /out air:1\n")
    files.write("strong.muro", "over /L1/a /out air:yes\n")
    model = files.load("import ./base.muro\nimport ./strong.muro\n")
    assert model.boundaries[0].air is False


# -- a band line: its attributes are refused before its axis is read --------------------------


def test_a_band_line_refuses_an_attribute_before_it_reads_the_axis(files):
    # a space line whose keyword became band: the path stands where the axis belongs
    text = "band /L1/a room X1..X2 Y1..Y2 name:居室\n  space /L1/b room w:3600\n"
    assert _error(files, text) == (
        "Only the axis and the extent may be written on a band line (attributes go on the member space lines): name:居室"
    )
    assert _error(files, "band Z X1..X2 Y1..Y2\n  space /L1/b room w:3600\n").startswith(
        "A band divides along X or Y: Z"
    )
