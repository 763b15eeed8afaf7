"""Routes through the access graph, as koyu 0.27.0's access analysis finds them.

The graph is 0.16's (koyu_model.validate.access.access_graph: the same nodes, the same
passability for a person and for a car). What 0.27 adds is the route itself, and a route
is only reproducible with the original's tie-breaks, which the recorded reports show:

* a node's neighbours are taken in the order of their paths (code point by code point),
  never in the order the boundaries were written;
* one breadth-first search runs from the origins of a question — the exteriors, or the
  common corridors — themselves in path order, and each node keeps the neighbour it was
  first reached from. A route is that chain: from a space back to the origin that reached
  it first, so where two routes are equally short the one the search met first wins (a
  basement car park leaves by the stair to ``/out`` rather than the ramp to ``/road``,
  ``/out`` being searched first).

``RouteGraph`` keeps each node's edges sorted so, built once per Model.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

import attrs

from koyu_model.model import Model, StashKey
from koyu_model.validate.access import AccessGraph, access_graph

__all__ = ["RouteGraph", "chain", "route_graph", "search"]

ROUTES: StashKey[RouteGraph] = StashKey("assessment.access.routes")

#: ``search``'s answer for a node no search reached, and for an origin
UNREACHED = -2
ORIGIN = -1


@attrs.frozen
class RouteGraph:
    """The access graph with each node's edges (neighbour, flags) sorted by the
    neighbour's path (stable: boundaries joining one pair twice keep model order)."""

    graph: AccessGraph
    edges: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def paths(self) -> tuple[str, ...]:
        return self.graph.paths


def route_graph(model: Model) -> RouteGraph:
    return model.stash.get(ROUTES, lambda: _sorted(access_graph(model)))


def _sorted(graph: AccessGraph) -> RouteGraph:
    paths = graph.paths
    return RouteGraph(graph, tuple(tuple(sorted(e, key=lambda edge: paths[edge[0]])) for e in graph.edges))


def search(
    routes: RouteGraph,
    origins: Sequence[int],
    want: int,
    enter: Callable[[int], bool] | None = None,
    expand: Callable[[int], bool] | None = None,
    skip_edge: Callable[[int, int, int], bool] | None = None,
) -> list[int]:
    """One breadth-first search from ``origins`` (in the order given) along the edges
    carrying ``want``: for each node, the node it was first reached from (``ORIGIN`` for
    an origin, ``UNREACHED`` for a node never reached). ``enter(v)`` false: never
    reached; ``expand(v)`` false: reached but never passed through (an origin always
    is); ``skip_edge(u, v, flags)`` true: that edge is not taken."""
    edges = routes.edges
    came = [UNREACHED] * len(edges)
    queue: deque[int] = deque()
    for o in origins:
        if came[o] == UNREACHED:
            came[o] = ORIGIN
            queue.append(o)
    while queue:
        u = queue.popleft()
        if expand is not None and came[u] != ORIGIN and not expand(u):
            continue
        for v, flags in edges[u]:
            if came[v] != UNREACHED or not flags & want:
                continue
            if enter is not None and not enter(v):
                continue
            if skip_edge is not None and skip_edge(u, v, flags):
                continue
            came[v] = u
            queue.append(v)
    return came


def chain(came: Sequence[int], node: int) -> list[int]:
    """The route from ``node`` back to the origin that reached it ([] when none did)."""
    if came[node] == UNREACHED:
        return []
    out = [node]
    while came[node] != ORIGIN:
        node = came[node]
        out.append(node)
    return out
