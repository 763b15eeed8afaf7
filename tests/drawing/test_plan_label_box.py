"""Plan drawing: a room's words stay on the room (reference/api/draw.md). The centre of
an L-shaped room lies near its inner corner; when the label would cross the wall there it
moves to the middle of the largest piece."""

from xml.etree import ElementTree

from koyu_model import load
from koyu_model.drawing.plan import draw_plan
from koyu_model.drawing.sheet import sheet_from_model
from koyu_model.form.derive import derive

SVG = "{http://www.w3.org/2000/svg}"

# An L: a wide living room (X1..X3 Y1..Y2) and a kitchen leg to the north (X1..X2 Y2..Y3),
# with a bath in the notch. The area-weighted centre (4760, 5215) is 245 mm below the
# bath's corner; a long yard to the north shrinks the sheet's scale until a label centred
# there runs past X3 into the bath.
BUILDING = """grid X 0 1820 5460 9100
grid Y 0 1820 5460 10010
level L1 0 h:2400 slab:200
space /L1/ldk ldk X2..X4 Y2..Y3 + X2..X3 Y3..Y4 name:居間・食堂・台所
space /L1/bath bath X3..X4 Y3..Y4 name:浴室
space /L1/yard yard X1..X4 Y4..Y4+30000 name:庭
"""


def _label_x(tmp_path, text):
    entry = tmp_path / "l.muro"
    entry.write_text(text, encoding="utf-8")
    model = load(str(entry))
    form = derive(model, levels=["L1"])
    root = ElementTree.fromstring(draw_plan(form, "L1", sheet_from_model(model)).encode("utf-8"))
    (el,) = [t for t in root.iter(SVG + "text") if "".join(t.itertext()) == "居間・食堂・台所"]
    return float(el.get("x")), root


def _grid_x(root, name):
    return [float(t.get("x")) for t in root.iter(SVG + "text") if "".join(t.itertext()) == name][0]


def test_an_l_room_label_moves_off_the_inner_corner(tmp_path):
    x, root = _label_x(tmp_path, BUILDING)
    # the living room X2..X4 is the largest piece; its middle is X3 (5460), not the
    # area-weighted 4760 of the whole L
    assert x == _grid_x(root, "X3")


def test_a_label_that_fits_keeps_the_centre_of_the_whole_room(tmp_path):
    # a long leg: the weighted centre (9556, 5675) lies on the kitchen leg, away from any
    # wall, so the label stays there rather than at the living room's middle (10460)
    x, root = _label_x(tmp_path, BUILDING.replace("grid X 0 1820 5460 9100", "grid X 0 1820 15460 19100"))
    x1, x3 = _grid_x(root, "X1"), _grid_x(root, "X3")
    assert abs((x - x1) / (x3 - x1) * 15460 - 9556) < 5
