"""Small buildings of our own and a reference search for the Asking queries (the ``files``
fixture is tests/conftest.py's)."""

from __future__ import annotations


def array_queue_route(edges, s, t):
    """The original's search written literally: an array re-sorted stably by distance
    before every pop, neighbours relaxed in order, a push on every strict improvement."""
    dist = {s: 0}
    prev = {}
    queue = [s]
    while queue:
        queue.sort(key=lambda n: dist[n])
        cur = queue.pop(0)
        if cur == t:
            break
        for v, cost in edges[cur]:
            nd = dist[cur] + cost
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                prev[v] = cur
                queue.append(v)
    if t not in dist:
        return None
    nodes = [t]
    while nodes[-1] != s:
        nodes.append(prev[nodes[-1]])
    return dist[t], nodes[::-1]


# Two storeys joined by a stair; a lift shaft beside it that nobody walks through.
TWO_STOREYS = """\
grid X 0 3600 7200
grid Y 0 4000
level L1 0 h:2400 slab:150
level L2 2550 h:2400 slab:150
space /out exterior
space /L1/hall room X1..X2 Y1..Y2
space /L1/st stair X2..X3 Y1..Y2
space /L2/bed room X1..X2 Y1..Y2
space /L2/st stair X2..X3 Y1..Y2
space /L1/lift room X2..X3 Y1..Y2
space /L2/lift room X2..X3 Y1..Y2
boundary /L1/hall /out edge:S
  door w:900
boundary /L1/hall /L1/st
  door w:800
  door w:800 at:0.2
boundary /L1/st /L2/st type:stair
  door w:800
boundary /L2/st /L2/bed
  door w:800
boundary /L1/lift /L2/lift type:shaft
boundary /L2/lift /L2/bed type:open
"""
