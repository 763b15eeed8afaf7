"""draw_axo and painted: the axonometric of a Form (reference/api/draw.md "svgAxo").

The look is ours and not pinned; what is pinned: the SVG is well-formed whatever the names
hold, the nearer faces are painted over the farther ones, and each option does what it says.
"""

import math
import xml.etree.ElementTree as ET

import pytest
from depth_oracle import check_order, normal

from koyu_model.drawing.axo import DIRECTIONS, AxoOptions, NothingToDraw, draw_axo, painted
from koyu_model.form.derive import derive

SVG = "{http://www.w3.org/2000/svg}"

# Two storeys: a hall with a south window beside a stair rising north on L1; above, a loft
# and the stair's landing; the roof level R. Walls to the outside are written.
TWO_STOREYS = """koyu 1.0
name 試験棟
unit mm
grid X 0 4000 6000
grid Y 0 5000
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
level R 6000 slab:200
space /L1/hall room X1..X2 Y1..Y2
space /L1/st stair X2..X3 Y1..Y2 stair:N
space /L2/loft room X1..X2 Y1..Y2
space /L2/st room X2..X3 Y1..Y2
space /out exterior
boundary /L1/st /L2/st type:stair
boundary /L1/hall /out t:200
  window w:1500 h:1200 edge:S
boundary /L1/st /out t:200
boundary /L2/loft /out t:200
boundary /L2/st /out t:200
"""


@pytest.fixture
def form(files):
    return derive(files.load(TWO_STOREYS))


def subjects(frags):
    return {f.face.paint.subject for f in frags}


def test_the_drawing_is_a_well_formed_svg_on_white_with_a_label_per_level(form):
    root = ET.fromstring(draw_axo(form, title="試験棟"))
    assert root.tag == SVG + "svg"
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}" and width > 0 and height > 0
    background = root.find(SVG + "rect")
    assert background.get("fill") == "#ffffff" and background.get("width") == root.get("width")
    texts = [t.text for t in root.iter(SVG + "text")]
    assert {"L1  ±0", "L2  +3000", "R  +6000"} <= set(texts)
    assert any(t.startswith("試験棟") for t in texts)
    assert "NaN" not in ET.tostring(root, encoding="unicode")


def test_every_coordinate_lies_on_the_sheet(form):
    root = ET.fromstring(draw_axo(form))
    width, height = float(root.get("width")), float(root.get("height"))
    for path in root.iter(SVG + "path"):
        numbers = [float(n) for n in path.get("d").replace("M", " ").replace("L", " ").replace("Z", " ").split()]
        assert all(0 <= x <= width for x in numbers[0::2]) and all(0 <= y <= height for y in numbers[1::2])


@pytest.mark.parametrize("direction", sorted(DIRECTIONS))
def test_nearer_faces_are_painted_over_farther_ones(form, direction):
    frags = painted(form, AxoOptions(dir=direction))
    sx, sy = DIRECTIONS[direction]
    assert check_order(frags, (sx, sy, 1.0), samples=1500) > 100


def test_the_stair_is_drawn_inside_when_only_its_storey_is(form):
    frags = painted(form, AxoOptions(levels=["L1"], scale=0.05))
    assert "run" in subjects(frags) and "glass" in subjects(frags)
    assert check_order(frags, (1.0, -1.0, 1.0), samples=1500) > 100


def test_hostile_names_leave_the_svg_well_formed(files):
    text = TWO_STOREYS.replace("name 試験棟", "name a&b<c>d\x01\x1bz").replace("L2", "L<2>&")
    model = files.load(text)
    svg = draw_axo(derive(model), title=model.name)
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "a&b<c>d\ufffd\ufffdz — axonometric (from SE)" in texts  # each forbidden character shown as U+FFFD
    assert "L<2>&  +3000" in texts


def test_no_walls_draws_no_wall_face_and_keeps_the_rest(form):
    with_walls = subjects(painted(form))
    without = subjects(painted(form, AxoOptions(walls=False)))
    assert {"wall", "glass"} <= with_walls
    assert not {"wall", "rail", "glass"} & without
    assert {"floor", "roof", "run"} <= without


def test_levels_limit_what_is_drawn(form):
    heights = [p[2] for f in painted(form, AxoOptions(levels=["L1"])) for p in f.points]
    assert max(heights) <= 3000  # L1's walls reach L2's floor level; nothing of L2 above
    assert "roof" not in subjects(painted(form, AxoOptions(levels=["L1"])))
    upper = [p[2] for f in painted(form, AxoOptions(levels=["L2"])) for p in f.points]
    assert min(upper) >= 3000 - 150  # from L2's slab up


def test_ceilings_are_drawn_only_when_asked(form):
    assert "ceiling" not in subjects(painted(form))
    assert "ceiling" in subjects(painted(form, AxoOptions(ceilings=True)))


def test_the_direction_decides_which_sides_are_seen(form):
    def facing(direction):
        normals = set()
        for f in painted(form, AxoOptions(dir=direction)):
            nx, ny, nz = normal(f.points)
            length = (nx * nx + ny * ny + nz * nz) ** 0.5
            if abs(nz) < 1e-6 * length:  # a vertical face: which way it looks
                normals.add((round(nx / length), round(ny / length)))
        return normals

    assert facing("SE") == {(1, 0), (0, -1)}
    assert facing("NW") == {(-1, 0), (0, 1)}
    assert facing("NE") == {(1, 0), (0, 1)}


def test_the_scale_is_pixels_per_millimetre(form):
    width = {s: float(ET.fromstring(draw_axo(form, AxoOptions(scale=s))).get("width")) for s in (0.02, 0.04, 0.06)}
    # the building grows with the scale, the margins and labels around it do not
    grow = width[0.04] - width[0.02]
    assert width[0.06] - width[0.04] == pytest.approx(grow, abs=0.05)
    # 6000 mm east-west and 5000 north-south, each with the outer halves of two 200 mm
    # walls, seen at cos 30°, 0.02 px more per mm
    assert grow == pytest.approx((6200 + 5200) * math.cos(math.pi / 6) * 0.02, abs=0.02)


def test_nothing_to_draw_without_a_level_or_a_region(files):
    no_level = derive(files.load("koyu 1.0\ngrid X 0 3600\ngrid Y 0 4000\nspace /L1/a room X1..X2 Y1..Y2\n"))
    with pytest.raises(NothingToDraw, match="There is nothing to draw"):
        draw_axo(no_level)
    form = derive(files.load(TWO_STOREYS))
    with pytest.raises(NothingToDraw):
        draw_axo(form, AxoOptions(levels=["R"]))  # R holds no space


def test_a_level_without_slab_still_shows_its_spaces(files):
    text = "koyu 1.0\ngrid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2\n"
    frags = painted(derive(files.load(text)))
    assert subjects(frags) == {"trace", "roof"}  # no floor, but a roof with nothing above
    assert ET.fromstring(draw_axo(derive(files.load(text)))).tag == SVG + "svg"


def test_options_are_checked():
    with pytest.raises(ValueError):
        AxoOptions(dir="UP")
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            AxoOptions(scale=bad)
