"""painter_order: faces painted first to last so that nearer ones hide farther ones
(checked by depth_oracle.check_order)."""

import random

import pytest
from depth_oracle import check_order, dot

from koyu_model.drawing.depth import Face, painter_order

SE = (1.0, -1.0, 1.0)
VIEWS = [(1.0, 1.0, 1.0), (-1.0, 1.0, 1.0), (1.0, -1.0, 1.0), (-1.0, -1.0, 1.0)]


def _box(x0, y0, z0, x1, y1, z1, toward, paint=None):
    """The faces of a box turned to the viewer."""
    corners = {
        (1, 0, 0): [(x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1)],
        (-1, 0, 0): [(x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0)],
        (0, 1, 0): [(x0, y1, z0), (x0, y1, z1), (x1, y1, z1), (x1, y1, z0)],
        (0, -1, 0): [(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)],
        (0, 0, 1): [(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)],
        (0, 0, -1): [(x0, y0, z0), (x0, y1, z0), (x1, y1, z0), (x1, y0, z0)],
    }
    return [Face(points=pts, paint=paint) for n, pts in corners.items() if dot(n, toward) > 0]


def test_a_long_wall_in_front_hides_a_short_one_behind_its_end():
    # Sorting by the faces' centres would paint the short face last: its centre is nearer
    # the SE viewer (x - y + z is larger), yet the long face stands between.
    long_face = Face(points=[(0, 0, 0), (10000, 0, 0), (10000, 0, 3000), (0, 0, 3000)], paint="long")
    short_face = Face(points=[(9000, 500, 0), (9400, 500, 0), (9400, 500, 3000), (9000, 500, 3000)], paint="short")
    order = painter_order([long_face, short_face], SE)
    assert [f.face.paint for f in order] == ["short", "long"]
    assert check_order(order, SE) > 0


def test_an_upper_floor_is_painted_over_the_lower():
    lower = Face(points=[(0, 0, 0), (4000, 0, 0), (4000, 4000, 0), (0, 4000, 0)], paint="L1")
    upper = Face(points=[(0, 0, 3000), (4000, 0, 3000), (4000, 4000, 3000), (0, 4000, 3000)], paint="L2")
    for view in VIEWS:
        assert [f.face.paint for f in painter_order([upper, lower], view)] == ["L1", "L2"]


def test_faces_crossing_each_other_are_cut_along_the_crossing():
    # a floor at z=50 and a wall at y=50 standing through it, both turned to the viewer
    a = Face(points=[(0, 0, 50), (100, 0, 50), (100, 100, 50), (0, 100, 50)], paint="a")
    b = Face(points=[(0, 50, 0), (100, 50, 0), (100, 50, 100), (0, 50, 100)], paint="b")
    order = painter_order([a, b], SE)
    assert len(order) == 3  # one of them is cut in two by the other's plane
    cut = [f for f in order if not all(f.edges)]
    assert len(cut) == 2 and all(f.face is cut[0].face for f in cut)
    assert check_order(order, SE) > 0


def test_faces_of_one_plane_follow_their_rank():
    ground = Face(points=[(0, 0, 0), (10, 0, 0), (10, 10, 0), (0, 10, 0)], paint="ground", rank=0)
    floor = Face(points=[(2, 2, 0), (8, 2, 0), (8, 8, 0), (2, 8, 0)], paint="floor", rank=3)
    assert [f.face.paint for f in painter_order([floor, ground], SE)] == ["ground", "floor"]


def test_a_face_without_area_is_dropped():
    line = Face(points=[(0, 0, 0), (1, 1, 1), (2, 2, 2)])
    assert painter_order([line], SE) == ()


@pytest.mark.parametrize("seed", range(6))
def test_random_boxes_are_painted_in_depth_order_from_every_corner(seed):
    rng = random.Random(seed)
    boxes = []
    while len(boxes) < 14:
        x, y, z = (rng.uniform(0, 100) for _ in range(3))
        w, d, h = (rng.uniform(4, 45) for _ in range(3))
        box = (x, y, z, x + w, y + d, z + h)
        if all(
            box[3] <= b[0] or b[3] <= box[0] or box[4] <= b[1] or b[4] <= box[1] or box[5] <= b[2] or b[5] <= box[2]
            for b in boxes
        ):
            boxes.append(box)
    for view in VIEWS:
        faces = [f for i, b in enumerate(boxes) for f in _box(*b, view, paint=i)]
        order = painter_order(faces, view)
        assert check_order(order, view, samples=1000, seed=seed) > 20
