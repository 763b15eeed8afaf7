"""doors: the fewest-doors route and the original's choice among equal routes
(reference/api/queries.md doorsBetween, form/boundaries.md "Passability", COMPAT.md §9)."""

from __future__ import annotations

import heapq

from ask_support import TWO_STOREYS, array_queue_route
from hypothesis import given, settings
from hypothesis import strategies as st

from koyu_model.asking.route import Route, _search, adjacency, doors_between

# Five spaces with no region: the route reads boundaries only.
TIE = """\
level L1 0 h:2400 slab:150
space /L1/s room
space /L1/a room
space /L1/b room
space /L1/c room
space /L1/t room
boundary /L1/s /L1/a
  door w:800
boundary /L1/s /L1/b type:open
boundary /L1/b /L1/c type:open
boundary /L1/b /L1/a type:open
boundary /L1/a /L1/t
  door w:800
boundary /L1/c /L1/t
  door w:800
"""


def heap_route(edges, s, t):
    """The textbook (distance, counter) heap — NOT what the original does."""
    dist = {s: 0}
    prev = {}
    heap = [(0, 0, s)]
    counter = 1
    done = set()
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v, cost in edges[u]:
            if v not in dist or d + cost < dist[v]:
                dist[v] = d + cost
                prev[v] = u
                heapq.heappush(heap, (d + cost, counter, v))
                counter += 1
    nodes = [t]
    while nodes[-1] != s:
        nodes.append(prev[nodes[-1]])
    return dist[t], nodes[::-1]


def test_a_space_lowered_to_the_front_class_goes_before_spaces_found_with_it(files):
    # From s: a costs a door, b is open. Expanding b finds c (new, no door) and lowers a
    # to no door. The original's stable re-sort puts a — already in the array — ahead of
    # c, so a reaches t first; a counter heap would pop c first and route through c.
    model = files.load(TIE)
    route = doors_between(model, "/L1/s", "/L1/t")
    assert route.doors == 1
    assert route.path == ("/L1/s", "/L1/b", "/L1/a", "/L1/t")
    g = adjacency(model)
    s, t = g.index["/L1/s"], g.index["/L1/t"]
    assert [g.paths[n] for n in heap_route(g.edges, s, t)[1]] == ["/L1/s", "/L1/b", "/L1/c", "/L1/t"]
    assert [g.paths[n] for n in array_queue_route(g.edges, s, t)[1]] == list(route.path)


def test_equal_routes_keep_the_one_found_first_in_boundary_order(files):
    text = """\
level L1 0 h:2400 slab:150
space /L1/s room
space /L1/x room
space /L1/y room
space /L1/t room
boundary /L1/s /L1/y
  door w:800
boundary /L1/s /L1/x
  door w:800
boundary /L1/x /L1/t type:open
boundary /L1/y /L1/t type:open
"""
    # y is written first from s, so y is found (and popped) first and t's predecessor
    # is y; the later equal route through x never replaces it (strictly smaller only).
    assert doors_between(files.load(text), "/L1/s", "/L1/t").path == ("/L1/s", "/L1/y", "/L1/t")
    swapped = text.replace(
        "boundary /L1/s /L1/y\n  door w:800\nboundary /L1/s /L1/x\n  door w:800\n",
        "boundary /L1/s /L1/x\n  door w:800\nboundary /L1/s /L1/y\n  door w:800\n",
    )
    assert doors_between(files.load(swapped), "/L1/s", "/L1/t").path == ("/L1/s", "/L1/x", "/L1/t")


def test_fewest_doors_not_fewest_spaces(files):
    text = """\
level L1 0 h:2400 slab:150
space /L1/s room
space /L1/a room
space /L1/b room
space /L1/c room
space /L1/t room
boundary /L1/s /L1/t
  door w:800
  door w:800 at:0.2
boundary /L1/s /L1/t
  door w:800 at:0.8
boundary /L1/s /L1/a type:open
boundary /L1/a /L1/b type:open
boundary /L1/b /L1/c type:open
boundary /L1/c /L1/t type:open
"""
    route = doors_between(files.load(text), "/L1/s", "/L1/t")
    assert route.doors == 0
    assert route.path == ("/L1/s", "/L1/a", "/L1/b", "/L1/c", "/L1/t")


def test_a_two_storey_route_climbs_the_stair_at_no_cost(files):
    model = files.load(TWO_STOREYS)
    route = doors_between(model, "/out", "/L2/bed")
    # Three doored walls; the stair (a door written on it is not read) costs nothing.
    assert route.doors == 3
    assert route.path == ("/out", "/L1/hall", "/L1/st", "/L2/st", "/L2/bed")
    back = doors_between(model, "/L2/bed", "/out")
    assert back.path == tuple(reversed(route.path))


def test_a_shaft_is_not_passed(files):
    model = files.load(TWO_STOREYS)
    assert doors_between(model, "/L2/bed", "/L1/lift") is None
    assert doors_between(model, "/L2/bed", "/L2/lift").doors == 0


PASSABILITY = """\
level L1 0 h:2400 slab:150
space /L1/s room
space /L1/plain room
space /L1/rail room
space /L1/glazed room
space /L1/hole room
space /L1/shaft room
space /L1/open room
boundary /L1/s /L1/plain
boundary /L1/s /L1/rail air:1
boundary /L1/s /L1/glazed
  window w:800 h:1200
boundary /L1/s /L1/hole type:void
boundary /L1/s /L1/shaft type:shaft
boundary /L1/s /L1/open type:open
  door w:800
"""


def test_passability_by_kind(files):
    model = files.load(PASSABILITY)
    for blocked in ("/L1/plain", "/L1/rail", "/L1/glazed", "/L1/hole", "/L1/shaft"):
        assert doors_between(model, "/L1/s", blocked) is None, blocked
    # A door on an open boundary changes nothing: it is not counted (OPN03).
    assert doors_between(model, "/L1/s", "/L1/open").doors == 0


def test_unknown_paths_and_the_same_space(files):
    model = files.load(PASSABILITY)
    assert doors_between(model, "/L1/s", "/L1/s").path == ("/L1/s",)
    assert doors_between(model, "/L1/s", "/L1/s").doors == 0
    assert doors_between(model, "/nope", "/nope") is None
    assert doors_between(model, "/nope", "/L1/s") is None
    assert doors_between(model, "/L1/s", "/nope") is None


def test_a_path_only_boundaries_name_is_walked_like_a_space_but_is_no_end(files):
    # The original walks the boundaries: a hall whose space line was deleted still joins
    # the rooms its boundaries name (the fuzz transcripts). The ends must be spaces.
    text = """\
level L1 0 h:2400 slab:150
space /L1/a room
space /out exterior
boundary /L1/a /L1/ghost type:open
boundary /L1/ghost /out
  door w:800
"""
    model = files.load(text)
    assert doors_between(model, "/L1/a", "/out") == Route(doors=1, path=("/L1/a", "/L1/ghost", "/out"))
    assert doors_between(model, "/L1/ghost", "/out") is None
    assert doors_between(model, "/out", "/L1/ghost") is None


def test_derived_default_walls_never_pass(files):
    text = """\
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
"""
    assert doors_between(files.load(text), "/L1/a", "/L1/b") is None


@st.composite
def graphs(draw):
    n = draw(st.integers(2, 9))
    m = draw(st.integers(0, 24))
    edges = [[] for _ in range(n)]
    for _ in range(m):
        i = draw(st.integers(0, n - 1))
        j = draw(st.integers(0, n - 1))
        if i == j:
            continue
        cost = draw(st.sampled_from((0, 0, 1)))
        edges[i].append((j, cost))
        edges[j].append((i, cost))
    s = draw(st.integers(0, n - 1))
    t = draw(st.integers(0, n - 1))
    return edges, s, t


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_the_bucket_queue_makes_the_original_array_queue_choice(case):
    edges, s, t = case
    if s == t:
        return
    assert _search(edges, s, t) == array_queue_route(edges, s, t)
