"""A small Form written by hand, for the drawing tests (no derivation needed).

Two storeys: on L1 a living room ``/L1/a``, a room ``/L1/b`` and a stair ``/L1/st`` rising
north; a door and a window between a and b; a rail to the outside; a column. On L2 a void
over ``/L1/a`` (so L1 shows "void above") and an office. A site polygon around it all.
"""

from koyu_model.form import (
    Form,
    FormBoundary,
    FormColumn,
    FormInput,
    FormLevel,
    FormMaterial,
    FormOpening,
    FormPanel,
    FormPlan,
    FormRun,
    FormSeg,
    FormSite,
    FormSpace,
    FormSwing,
    PlanAnchor,
    PlanArc,
    PlanEntity,
    Pt,
    Rect,
    RunPart,
    Seg2,
    Segment,
)


def rect(x1, y1, x2, y2):
    return (Pt(x1, y1), Pt(x2, y1), Pt(x2, y2), Pt(x1, y2))


def band(x, y1, y2, t):
    """A vertical wall interval's footprint, written out by hand."""
    return (Pt(x - t / 2, y1), Pt(x - t / 2, y2), Pt(x + t / 2, y2), Pt(x + t / 2, y1))


A_NAME = '居間 <&">'
A = rect(0, 0, 4000, 5000)
B = rect(4000, 0, 8000, 5000)
ST = rect(8000, 0, 10000, 5000)
SEG_AB = Segment(4000, 0, 4000, 5000, False, edge_of_a="E")
SEG_OUT = Segment(0, 0, 4000, 0, True, edge_of_a="S")


def sample_form() -> Form:
    spaces = [
        FormSpace("/L1/a", "living", "L1", [A], 20, 0, 2400, indoor=True),
        FormSpace("/L1/b", "room", "L1", [B], 20, 0, 2400, indoor=True),
        FormSpace("/L1/st", "stair", "L1", [ST], 10, indoor=True),
        FormSpace("/L2/office", "office", "L2", [B], 20, 3000, 5400, indoor=True),
        FormSpace("/L2/void", "void", "L2", [A], 20, indoor=True, void=True),
    ]
    wall = FormBoundary(
        "/L1/a|/L1/b@0",
        0,
        "/L1/a",
        "/L1/b",
        "wall",
        False,
        "L1",
        False,
        SEG_AB,
        FormMaterial(
            100,
            0,
            3000,
            [
                FormPanel(4000, 0, 4000, 1000, 0, 3000),
                FormPanel(4000, 1000, 4000, 1900, 2000, 3000),
                FormPanel(4000, 1900, 4000, 3000, 0, 3000),
                FormPanel(4000, 3000, 4000, 4200, 0, 800),
                FormPanel(4000, 3000, 4000, 4200, 2000, 3000),
                FormPanel(4000, 4200, 4000, 5000, 0, 3000),
            ],
        ),
    )
    rail = FormBoundary(
        "/L1/a|/out@1",
        1,
        "/L1/a",
        "/out",
        "wall",
        False,
        "L1",
        True,
        SEG_OUT,
        FormMaterial(60, 0, 1100, [FormPanel(0, 0, 4000, 0, 0, 1100)]),
    )
    door = FormOpening(
        "/L1/a|/L1/b@0/0",
        0,
        0,
        "/L1/a",
        "/L1/b",
        "door",
        "D1",
        "L1",
        SEG_AB,
        4000,
        1450,
        900,
        0,
        2000,
        100,
        swing=FormSwing("/L1/a", Pt(4000, 1000), Pt(3100, 1000), Pt(4000, 1900), False),
    )
    window = FormOpening(
        "/L1/a|/L1/b@0/1", 0, 1, "/L1/a", "/L1/b", "window", None, "L1", SEG_AB, 4000, 3600, 1200, 800, 2000, 100
    )
    seg = FormSeg("/L1/a|/L1/b@0~0", 0, 0, "L1", SEG_AB, 4000, 4600, 600, 100)
    run = FormRun(
        "/L1/st",
        "stair",
        "straight",
        "L1",
        "L2",
        0,
        3000,
        3000,
        "N",
        "R",
        Rect(8000, 10000, 0, 5000),
        5000,
        2000,
        1100,
        1,
        [RunPart("flight", Rect(8000, 10000, 1100, 3900), 1100, 3900, 0, 2000, 0, 3000, False, 17, 175)],
        17,
        176.47058823529412,
        175,
        1.0714,
        2800,
    )

    def e(klass, of, ref, **kw):
        return PlanEntity(klass, of, ref, **kw)

    l1 = [
        e("cut", "space", "/L1/a", polygon=A),
        e("cut", "space", "/L1/b", polygon=B),
        e("cut", "space", "/L1/st", polygon=ST),
        e("cut", "boundary", wall.ref, polygon=band(4000, 0, 1000, 100), lines=[Seg2(4000, 0, 4000, 1000)]),
        e("above", "boundary", wall.ref, polygon=band(4000, 1000, 1900, 100), lines=[Seg2(4000, 1000, 4000, 1900)]),
        e("cut", "boundary", wall.ref, polygon=band(4000, 1900, 3000, 100), lines=[Seg2(4000, 1900, 4000, 3000)]),
        e("below", "boundary", wall.ref, polygon=band(4000, 3000, 4200, 100), lines=[Seg2(4000, 3000, 4000, 4200)]),
        e("above", "boundary", wall.ref, polygon=band(4000, 3000, 4200, 100), lines=[Seg2(4000, 3000, 4000, 4200)]),
        e("cut", "boundary", wall.ref, polygon=band(4000, 4200, 5000, 100), lines=[Seg2(4000, 4200, 4000, 5000)]),
        e("below", "boundary", rail.ref, polygon=rect(0, -30, 4000, 30), lines=[Seg2(0, 0, 4000, 0)]),
        e("cut", "opening", door.ref, polygon=band(4000, 1000, 1900, 100), lines=[Seg2(4000, 1000, 4000, 1900)]),
        e(
            "swing",
            "opening",
            door.ref,
            lines=[Seg2(4000, 1000, 3100, 1000)],
            arc=PlanArc(4000, 1000, 900, Pt(3100, 1000), Pt(4000, 1900), False),
        ),
        e("cut", "opening", window.ref, polygon=band(4000, 3000, 4200, 100), lines=[Seg2(4000, 3000, 4000, 4200)]),
        e("cut", "column", "L1/X1/Y1", polygon=rect(-200, -200, 200, 200)),
        e("cut", "run", "/L1/st", role="outline", lines=[Seg2(8000, 1100, 8000, 2200), Seg2(10000, 1100, 10000, 2200)]),
        e("cut", "run", "/L1/st", role="tread", lines=[Seg2(8000, 1275, 10000, 1275), Seg2(8000, 1450, 10000, 1450)]),
        e("cut", "run", "/L1/st", role="break", lines=[Seg2(8000, 2200, 10000, 2200)]),
        e("cut", "run", "/L1/st", role="arrow", lines=[Seg2(9000, 1200, 9000, 2100)]),
        e("anchor", "run", "/L1/st", anchor=PlanAnchor(9000, 2500)),
        e("above", "space", "/L2/void", polygon=A),
    ]
    l2 = [
        e("cut", "space", "/L2/office", polygon=B),
        e("cut", "space", "/L2/void", polygon=A),
    ]
    return Form(
        input=FormInput(1200),
        levels=[FormLevel("L1", 0, 2400, 150, 3000), FormLevel("L2", 3000, 2400, 150, 2600), FormLevel("R", 5600)],
        spaces=spaces,
        boundaries=[wall, rail],
        openings=[door, window],
        segs=[seg],
        columns=[FormColumn(0, 0, 400, 400, "L1", "X1/Y1", 0, (), "L1/X1/Y1", 0, 3000)],
        runs=[run],
        site=[FormSite("/site", [Pt(-2000, -2000), Pt(12000, -2000), Pt(12000, 7000), Pt(-2000, 7000)], 126)],
        plans=[FormPlan("L1", 1200, 1200, l1), FormPlan("L2", 1200, 4200, l2), FormPlan("R", 1200, 6800, [])],
    )
