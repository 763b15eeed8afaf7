"""Plan drawing: the outer corner where two cut walls meet is filled (reference/api/draw.md).
Each wall panel is squared off at its ends, so without a join every outer corner of a
building shows a t/2 x t/2 notch; a drawn-line corner shows a wedge."""

import re

from koyu_model import load
from koyu_model.drawing.plan import draw_plan
from koyu_model.drawing.sheet import sheet_from_model
from koyu_model.form.derive import derive

ROOM = """grid X 0 6000
grid Y 0 6000
level L1 0 h:2700 slab:200
space /L1/a room X1..X2 Y1..Y2
space /out exterior
{boundary}
"""


def _svg(tmp_path, boundary):
    entry = tmp_path / "j.muro"
    entry.write_text(ROOM.format(boundary=boundary), encoding="utf-8")
    model = load(str(entry))
    form = derive(model, levels=["L1"])
    return draw_plan(form, "L1", sheet_from_model(model))


def _number(svg, pattern):
    return float(re.search(pattern, svg).group(1))


def test_each_square_corner_gets_a_join_of_the_two_thicknesses(tmp_path):
    svg = _svg(
        tmp_path,
        "boundary /L1/a /out t:200 edge:S\nboundary /L1/a /out t:200 edge:N\n"
        "boundary /L1/a /out t:200 edge:E\nboundary /L1/a /out t:200 edge:W",
    )
    joins = re.findall(r'<path class="join" d="M([\d.]+) ([\d.]+) L([\d.]+) ([\d.]+) L([\d.]+) ([\d.]+)', svg)
    assert len(joins) == 4
    # a join is 200 x 200 mm, centred on the corner: as wide as a 200 mm wall is thick
    wall = re.search(r'<path class="wall" d="M([\d.]+) ([\d.]+) L([\d.]+) ([\d.]+) L([\d.]+) ([\d.]+)', svg)
    wall_t = abs(float(wall.group(6)) - float(wall.group(4))) or abs(float(wall.group(5)) - float(wall.group(3)))
    for j in joins:
        x0, _, x1, _, _, _ = map(float, j)
        assert abs(abs(x1 - x0) - wall_t) < 0.02


def test_a_drawn_corner_gets_round_joins_and_a_railing_none(tmp_path):
    svg = _svg(
        tmp_path,
        "boundary /L1/a /out t:200\n  line X1,Y1+2000 X1+2000,Y1\n"
        "boundary /L1/a /out t:200 edge:N\nboundary /L1/a /out t:200 edge:E\n"
        "boundary /L1/a /out t:200 edge:W\nboundary /L1/a /out t:200 edge:S",
    )
    assert svg.count('<circle class="join"') == 2  # both ends of the chamfer
    assert svg.count('<path class="join"') == 3  # the three square corners left
    rail = _svg(tmp_path, "boundary /L1/a /out air:1")
    assert 'class="join"' not in rail
