"""The plan drawing: drawn from the Form alone (reference/api/draw.md, form/plan.md)."""

import ast
import pathlib
import re
from xml.etree import ElementTree

import attrs
import pytest
from plan_samples import A_NAME, sample_form

from koyu_model.drawing import plan as plan_module
from koyu_model.drawing import sheet as sheet_module
from koyu_model.drawing.labels import run_annotation, slope_text
from koyu_model.drawing.plan import PlanError, draw_plan
from koyu_model.drawing.sheet import GridLine, PlanSheet, RoadMark, SegMark

SVG = "{http://www.w3.org/2000/svg}"

SHEET = PlanSheet(
    title="試しの家 & <co>",
    names=[("/L1/a", A_NAME), ("/L1/b", "寝室"), ("/L1/st", "階段")],
    grids=[
        GridLine("X", "X1", 0),
        GridLine("X", "X2", 4000),
        GridLine("X", "X3", 8000),
        GridLine("Y", "Y1", 0),
        GridLine("Y", "Y2", 5000),
    ],
    segs=[SegMark("/L1/a", "/L1/b", 600, "カーテンウォール")],
    roads=[RoadMark("/out", "南側道路", 6000)],
)


def texts(svg):
    """The <text> contents, as the replay tool compares them (whitespace collapsed)."""
    root = ElementTree.fromstring(svg.encode("utf-8"))
    assert root.tag == SVG + "svg"
    return [" ".join("".join(el.itertext()).split()) for el in root.iter(SVG + "text")]


@pytest.fixture(scope="module")
def l1():
    return draw_plan(sample_form(), "L1", SHEET)


def test_the_drawing_is_well_formed_svg(l1):
    root = ElementTree.fromstring(l1.encode("utf-8"))
    assert root.tag == SVG + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert "Noto Sans CJK JP" in root.get("font-family")


def test_each_space_on_the_level_is_labelled_with_name_type_area_and_path(l1):
    got = texts(l1)
    for label in (
        A_NAME,
        "living · 20 m2",
        "/L1/a",
        "寝室",
        "room · 20 m2",
        "/L1/b",
        "階段",
        "stair · 10 m2",
        "/L1/st",
    ):
        assert label in got
    assert "/L2/office" not in got  # another level's space is not on this sheet


def test_names_are_escaped_and_survive_parsing(l1):
    assert "居間 &lt;&amp;&quot;&gt;" in l1
    assert "試しの家 &amp; &lt;co&gt; — L1 plan" in l1
    assert A_NAME in texts(l1)


def test_title_grid_bubbles_and_footer(l1):
    got = texts(l1)
    assert "試しの家 & <co> — L1 plan" in got
    for g in ("X1", "X2", "X3", "Y1", "Y2"):
        assert g in got
    assert "koyu — generated from spaces (wall centrelines, mm)" in got


def test_wall_bands_are_exactly_the_cut_intervals():
    form = sample_form()
    svg = draw_plan(form, "L1", SHEET, scale=0.1)
    root = ElementTree.fromstring(svg.encode("utf-8"))
    walls = [el.get("d") for el in root.iter(SVG + "path") if el.get("class") == "wall"]
    # the site polygon widens the sheet to x = -2000 and y = 7000 (the top)

    def px(x):
        return sheet_module.MARGIN_L + (x + 2000) * 0.1

    def py(y):
        return sheet_module.MARGIN_T + (7000 - y) * 0.1

    expected = []
    for e in form.plans[0].entities:
        if e.klass == "cut" and e.of == "boundary":
            expected.append(
                " ".join(f"{'M' if i == 0 else 'L'}{px(p.x):g} {py(p.y):g}" for i, p in enumerate(e.polygon)) + "Z"
            )
    assert len(expected) == 3
    assert walls == expected  # the head wall (above) and sill (below) are not black bands


def test_door_swing_is_an_arc_and_the_window_a_band(l1):
    assert len(re.findall(r'<path d="M[^"]* A[^"]*"', l1)) == 1
    # the window band is drawn on paper with an outline
    assert f'fill="{sheet_module.PAPER}" stroke="{sheet_module.INK}"' in l1


def test_runs_get_words_and_arrows(l1):
    got = texts(l1)
    assert "17段 蹴上176/踏面175" in got
    assert "UP" in got
    assert 'marker-end="url(#head)"' in l1


def test_void_above_and_seg_label(l1):
    got = texts(l1)
    assert "void above" in got
    assert "カーテンウォール" in got


def test_the_lowest_level_doubles_as_the_site_plan(l1):
    assert 'stroke-dasharray="16 3 2.5 3 2.5 3"' in l1
    assert any(t.startswith("南側道路") for t in texts(l1))
    l2 = draw_plan(sample_form(), "L2", SHEET)
    assert "16 3 2.5 3 2.5 3" not in l2
    assert not any(t.startswith("南側道路") for t in texts(l2))


def test_missing_level_or_level_without_region_is_the_documented_error():
    form = sample_form()
    with pytest.raises(PlanError) as err:
        draw_plan(form, "L9")
    assert str(err.value) == "There is no space with a region on level L9"
    with pytest.raises(PlanError) as err:
        draw_plan(form, "R")
    assert str(err.value) == "There is no space with a region on level R"


def test_default_sheet_names_spaces_by_last_path_segment():
    got = texts(draw_plan(sample_form(), "L2"))
    assert "office" in got and "Untitled — L2 plan" in got
    # a void has no floor: its second line is the word alone
    assert "void" in got and not any(t.startswith("void ·") for t in got)


def test_words_of_runs():
    run = sample_form().runs[0]
    assert run_annotation(run) == "17段 蹴上176/踏面175"
    assert run_annotation(attrs.evolve(run, device="ramp", slope=1 / 7.2)) == "勾配 1/7.2"
    assert run_annotation(attrs.evolve(run, device="escalator", slope=0.5, lanes=2)) == "2台 勾配 1/2"
    assert run_annotation(attrs.evolve(run, device="escalator", slope=0.30612244897959184, lanes=1)) == "勾配 1/3.3"
    assert run_annotation(attrs.evolve(run, device="lift")) is None
    assert slope_text(1 / 7.2) == "1/7.2"
    assert slope_text(1 / 12) == "1/12"
    assert slope_text(0) == "—"


ALLOWED = {
    "__future__",
    "math",
    "re",
    "unicodedata",
    "typing",
    "collections.abc",
    "attrs",
    "koyu_model.form.records",
    "koyu_model.jsjson",
    "koyu_model.model",
    "koyu_model.queries",
    "labels",
    "marks",
    "sheet",
    "svg",
}


@pytest.mark.parametrize("name", ["plan.py", "sheet.py", "marks.py", "labels.py", "svg.py"])
def test_the_plan_drawing_imports_nothing_that_builds_shape(name):
    source = pathlib.Path(plan_module.__file__).with_name(name).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    assert imported <= ALLOWED, imported - ALLOWED


def test_a_label_sits_on_its_space():
    from koyu_model.drawing.labels import _label_point
    from koyu_model.form import Pt

    def sq(x1, y1, x2, y2):
        return (Pt(x1, y1), Pt(x2, y1), Pt(x2, y2), Pt(x1, y2))

    # an L of two pieces: the weighted centre (about 3.3, 3.3) falls in the notch
    arm_a, arm_b = sq(0, 0, 10, 2), sq(0, 2, 2, 10)
    x, y = _label_point([arm_a, arm_b], arm_a)
    assert (x, y) == (5, 1)
    # a rectangle cut into two pieces: the centre of the whole, on the seam
    left, right = sq(0, 0, 4, 4), sq(4, 0, 12, 4)
    assert _label_point([left, right], right) == (6, 2)
