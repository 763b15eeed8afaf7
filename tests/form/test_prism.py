"""run_prism: a run solid raised into a prism (reference/api/solids.md "runPrism")."""

from koyu_model.form.prism import run_prism
from koyu_model.form.records import Pt, Rect, RunSolid


def test_an_incline_rises_towards_its_up_edge_and_its_underside_follows_t():
    # the documented ramp: up=E, top -7400 on the low edge, -5550 on the high one, t 200
    ramp = RunSolid(kind="incline", rect=Rect(x1=21000, x2=24700, y1=2000, y2=5000), up="E", z0=-7400, z1=-5550, t=200)
    prism = run_prism(ramp)
    assert prism.poly == (Pt(x=21000, y=2000), Pt(x=24700, y=2000), Pt(x=24700, y=5000), Pt(x=21000, y=5000))
    assert prism.top == (-7400, -5550, -5550, -7400)
    assert prism.bottom == (-7600, -5750, -5750, -7600)


def test_each_direction_lifts_its_own_edge():
    rect = Rect(x1=0, x2=10, y1=0, y2=20)
    tops = {up: run_prism(RunSolid(kind="incline", rect=rect, up=up, z0=0, z1=5, t=1)).top for up in "NESW"}
    assert tops == {"N": (0, 0, 5, 5), "E": (0, 5, 5, 0), "S": (5, 5, 0, 0), "W": (5, 0, 0, 5)}


def test_a_box_is_level():
    prism = run_prism(RunSolid(kind="box", rect=Rect(x1=0, x2=1, y1=0, y2=1), z0=100, z1=300))
    assert prism.bottom == (100,) * 4 and prism.top == (300,) * 4
