"""The fewest-doors route between two spaces (reference/api/queries.md doorsBetween;
mcp/tools-ask.md#doors; COMPAT.md §9).

The graph: nodes are spaces, edges are declared boundaries that can be passed
(form/boundaries.md, "Passability"): ``open`` and ``stair`` always, at no cost; a ``wall``
only with a door, at a cost of one door however many are written on it; ``shaft`` and
``void`` never. A door on ``open`` or ``stair`` counts nothing (OPN03, VRT05). Derived
default walls carry no door, so they never pass and never appear here.

A path a boundary names that is no space (REF01 has spoken) is a node all the same: the
original walks the boundaries, not the spaces, so a deleted or renamed hall still joins
the rooms its boundaries name (the fuzz transcripts: ``/L1/ldk → /L1/hall → /out`` with
``/L1/hall`` undeclared). queries.md says nothing of it. The two ends of a route must be
spaces (queries.md: ``undefined`` when the path does not exist).

Which route among equal ones
----------------------------
The original runs a Dijkstra over an array: before each pop the array is stably sorted
by current distance, the front is taken, its neighbours are relaxed in boundary model
order, a space is pushed when its distance strictly improves. Its tie-break is not a
``(distance, counter)`` heap's. With costs 0 and 1, after a sort the array always reads
``[class d … | class d+1 …]`` (d = the front's distance), and one expansion can only

* push a newly found space at the end (distance d or d+1),
* lower a space of class d+1 to d (a zero-cost edge) — it keeps its place in the array:
  in class d+1 if an earlier expansion put it there, among this expansion's pushes if
  this one found it first (at a door) and then again through an open boundary.

So the next stable sort gives class d as: what was left of class d, then the lowered
spaces of the old class d+1 *in their class-(d+1) order*, then this expansion's pushes
now at distance d in push order; and class d+1 as: its unlowered members in order, then
this expansion's pushes still at d+1. (A lowered space pushed a second time, or skipped
as already taken, changes nothing: its first copy is always ahead.) ``_search`` keeps exactly those two sequences — a bucket
queue — and so reproduces the original's pops, and its predecessors, in O(V + E).
"""

from __future__ import annotations

from collections import deque

import attrs

from koyu_model.model import Boundary, Model, StashKey

__all__ = ["Route", "passable", "door_cost", "adjacency", "doors_between", "graph_nodes"]

GRAPH: StashKey[Graph] = StashKey("asking.route.graph")


@attrs.frozen
class Route:
    """``doors``: the doors passed; ``path``: the spaces passed through, from first to last."""

    doors: int
    path: tuple[str, ...]


def passable(b: Boundary) -> bool:
    """form/boundaries.md "Passability": wall only with a door; open and stair always."""
    if b.kind == "wall":
        return any(o.kind == "door" for o in b.openings)
    return b.kind in ("open", "stair")


def door_cost(b: Boundary) -> int:
    """One door for a passable wall; nothing for open or stair (a door there is not read)."""
    return 1 if b.kind == "wall" else 0


@attrs.frozen
class Graph:
    """The passable space graph, built once per Model: ``paths`` as ``graph_nodes`` gives
    them, ``index`` path → node, ``edges[node]`` = (neighbour, cost) in boundary model order."""

    paths: tuple[str, ...]
    index: dict[str, int]
    edges: tuple[list[tuple[int, int]], ...]  # read only once built


def graph_nodes(model: Model) -> tuple[tuple[str, ...], dict[str, int]]:
    """The nodes of a space graph, with their index: the spaces in model order, then each
    path a boundary names that is no space, in boundary model order (see the docstring)."""
    paths = list(model.spaces)
    index = {p: i for i, p in enumerate(paths)}
    for b in model.boundaries:
        for side in (b.a, b.b):
            if side not in index:
                index[side] = len(paths)
                paths.append(side)
    return tuple(paths), index


def adjacency(model: Model) -> Graph:
    """The model's passable graph, once per Model."""
    return model.stash.get(GRAPH, lambda: _build(model))


def _build(model: Model) -> Graph:
    paths, index = graph_nodes(model)
    edges: list[list[tuple[int, int]]] = [[] for _ in paths]
    for b in model.boundaries:
        kind = b.kind
        # passable() and door_cost(), inlined: this runs once per boundary of the building.
        if kind == "wall":
            for o in b.openings:
                if o.kind == "door":
                    break
            else:
                continue
            cost = 1
        elif kind == "open" or kind == "stair":
            cost = 0
        else:
            continue
        i = index[b.a]
        j = index[b.b]
        if i == j:
            continue  # a loop relaxes nothing
        edges[i].append((j, cost))
        edges[j].append((i, cost))
    return Graph(paths=paths, index=index, edges=tuple(edges))


def doors_between(model: Model, start: str, goal: str) -> Route | None:
    """The route through the fewest doors, or ``None`` when ``goal`` cannot be reached —
    including when either path names no space (queries.md: the same answer)."""
    if start not in model.spaces or goal not in model.spaces:
        return None
    graph = adjacency(model)
    s = graph.index[start]
    t = graph.index[goal]
    if s == t:
        return Route(doors=0, path=(start,))
    found = _search(graph.edges, s, t)
    if found is None:
        return None
    doors, nodes = found
    return Route(doors=doors, path=tuple(graph.paths[n] for n in nodes))


def _search(edges, s: int, t: int) -> tuple[int, list[int]] | None:
    """The original's array-queue Dijkstra, as two buckets (see the module docstring)."""
    n = len(edges)
    dist: list[int | None] = [None] * n
    prev: list[int] = [-1] * n
    done = [False] * n
    # Position in class d+1 (-1: not there), for ordering spaces lowered out of it.
    rank: list[int] = [-1] * n
    dist[s] = 0
    current = deque([s])
    upcoming: list[int] = []  # class d+1 in array order (lowered ones go stale)
    d = 0
    while True:
        if not current:
            current = deque(v for v in upcoming if dist[v] == d + 1)
            if not current:
                break
            upcoming = []
            d += 1
        u = current.popleft()
        if done[u]:
            continue
        done[u] = True
        if u == t:
            break
        lowered: list[int] = []
        pushed: list[int] = []
        for v, cost in edges[u]:
            nd = d + cost
            old = dist[v]
            if old is None:
                dist[v] = nd
                prev[v] = u
                pushed.append(v)
            elif nd < old:  # only d+1 → d: reached again at no cost
                dist[v] = nd
                prev[v] = u
                if rank[v] >= 0 and not done[v]:
                    lowered.append(v)  # keeps its earlier place in class d+1
                # else: pushed by this very expansion, it keeps its push position
        if lowered:
            lowered.sort(key=rank.__getitem__)
            current.extend(lowered)
        for v in pushed:
            if dist[v] == d:
                current.append(v)
            else:
                rank[v] = len(upcoming)
                upcoming.append(v)
    found = dist[t]
    if found is None:
        return None
    nodes = [t]
    while nodes[-1] != s:
        nodes.append(prev[nodes[-1]])
    nodes.reverse()
    return found, nodes
