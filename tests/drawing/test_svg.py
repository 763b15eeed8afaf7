"""koyu_model.drawing.svg: text any XML 1.0 reader accepts, numbers any SVG reader accepts."""

import xml.etree.ElementTree as ET

from koyu_model.drawing.svg import number, xml_text


def test_the_four_markup_characters_are_escaped():
    assert xml_text('a & b < c > d "e"') == "a &amp; b &lt; c &gt; d &quot;e&quot;"


def test_each_character_xml_forbids_becomes_a_replacement_character_and_the_rest_is_kept():
    hostile = "x\x00\x01\x08\x0b\x0c\x0e\x1f\ufffe\uffff\ud800\udfffy"
    assert xml_text(hostile) == "x" + "\ufffd" * 11 + "y"
    kept = "tab\there\nline\rcr é 階 \U0001f3e0 \x7f"
    assert xml_text(kept) == kept


def test_the_result_parses_as_text_and_as_an_attribute():
    hostile = 'ok & <tag attr="1"> \x01\x1b\ud83d end'
    doc = f'<svg title="{xml_text(hostile)}"><text>{xml_text(hostile)}</text></svg>'
    root = ET.fromstring(doc)
    assert root.get("title") == root.find("text").text == 'ok & <tag attr="1"> \ufffd\ufffd\ufffd end'


def test_numbers_have_two_decimals_at_most_and_no_negative_zero():
    assert [number(v) for v in (12.0, 12.5, 12.25, 12.257, -3.1, -0.0, -0.001, 0.0)] == [
        "12",
        "12.5",
        "12.25",
        "12.26",
        "-3.1",
        "0",
        "0",
        "0",
    ]


def test_numbers_are_never_nan_inf_or_in_exponent_form():
    assert number(float("nan")) == number(float("inf")) == number(float("-inf")) == "0"
    assert number(1e20) == "100000000000000000000"
    assert number(1e-7) == "0"
