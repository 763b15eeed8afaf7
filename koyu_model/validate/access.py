"""Reachability — ``access.unreachable`` / ``voidonly`` / ``throughtenant`` / ``parking`` /
``backofhouse`` (reference/validate/access.md; form/boundaries.md "Passability"; COMPAT §9).

One graph per Model, built once: nodes are the spaces in model order, then the paths a
boundary names that are no space (``koyu_model.asking.route.graph_nodes``: the original
walks them like spaces), edges the declared boundaries in model order. A person passes
``open``, ``stair`` and a wall with a door (``koyu_model.asking.route.passable``); a car
passes ``open``, a door at least ``CAR_WIDTH_MIN`` wide, and the ``stair`` link of a space
carrying ``ramp:``. Derived default walls carry no door and never pass. The search passes
*through* void and shaft spaces like any other (COMPAT §9: the original does).

Each rule is one full pass, and each pass costs one search over that graph — never one per
space or per stair (the original's 309 s at 6,356 spaces):

* unreachable — one search from every ``exterior`` space; asked only when one exists;
* voidonly — a space's own passable boundaries, all to ``void`` spaces;
* throughtenant — a second search from the exteriors that passes only through spaces
  that are not ``use:rentable``: every ``stair`` space it misses. access.md says "every
  route out passes through a rentable space"; the transcripts show the original reading
  that literally — a stair with no route out at all is cautioned too (beside its
  ``access.unreachable``), and a path only a boundary names clears nothing (it is no
  space, so nothing says it is not rentable);
* parking — one search along car edges from the exteriors; asked only when one exists;
* backofhouse — one search from the common corridors that never enters a ``backyard``
  and never takes the ``stair`` link of any candidate; a candidate it misses is asked
  again alone, allowing every other candidate's link (access.md: only the run's own
  vertical link is refused), so the answer is the per-run one at the cost of one search
  plus one per run actually reported.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

import attrs

from koyu_model.asking.route import graph_nodes, passable
from koyu_model.model import Model, StashKey
from koyu_model.queries import effective_use

from .finding import Finding, finding

__all__ = [
    "CAR",
    "CAR_WIDTH_MIN",
    "PERSON",
    "AccessGraph",
    "access_graph",
    "avoiding_rentable",
    "check_access",
    "common_corridors",
    "common_runs",
    "front_of_house",
    "needs_exit",
    "only_onto_void",
    "person_neighbours",
    "reach",
]

CAR_WIDTH_MIN = 2400  # mm (validate/index.md thresholds)

GRAPH: StashKey[AccessGraph] = StashKey("validate.access.graph")

PERSON = 1  # edge flags
CAR = 2
STAIR = 4


@attrs.frozen
class AccessGraph:
    """``paths`` as ``graph_nodes`` gives them: the first ``spaces`` are the model's spaces,
    the rest paths only a boundary names; ``edges[node]`` = (neighbour, flags) in boundary
    model order; ``uses`` the effective ``use`` of each node (None when unspecified or no
    space)."""

    paths: tuple[str, ...]
    spaces: int
    index: dict[str, int]
    edges: tuple[tuple[tuple[int, int], ...], ...]
    uses: tuple[str | None, ...]


def access_graph(model: Model) -> AccessGraph:
    """The model's access graph, once per Model."""
    return model.stash.get(GRAPH, lambda: _build(model))


def _build(model: Model) -> AccessGraph:
    spaces = model.spaces
    paths, index = graph_nodes(model)
    edges: list[list[tuple[int, int]]] = [[] for _ in paths]
    for b in model.boundaries:
        i = index[b.a]
        j = index[b.b]
        if i == j:
            continue
        if b.kind == "stair":
            flags = PERSON | STAIR  # (passable)
            if any(side in spaces and "ramp" in spaces[side].attrs for side in (b.a, b.b)):
                flags |= CAR
        else:
            flags = _flags(b)
        if flags:
            edges[i].append((j, flags))
            edges[j].append((i, flags))
    key = model.release.use_key
    uses = tuple(effective_use(s, model.zones, key) for s in spaces.values()) + (None,) * (len(paths) - len(spaces))
    return AccessGraph(paths, len(spaces), index, tuple(tuple(e) for e in edges), uses)


def _flags(b) -> int:
    """PERSON and CAR of a boundary that is not a stair."""
    flags = PERSON if passable(b) else 0
    if b.kind == "open":
        flags |= CAR
    elif b.kind == "wall" and any(o.kind == "door" and o.w >= CAR_WIDTH_MIN for o in b.openings):
        flags |= CAR
    return flags


def reach(
    edges: Sequence[Sequence[tuple[int, int]]],
    sources: Iterable[int],
    want: int,
    enter: Callable[[int], bool] | None = None,
    expand: Callable[[int], bool] | None = None,
    skip_edge: Callable[[int, int, int], bool] | None = None,
) -> list[bool]:
    """Which nodes one breadth-first search reaches from ``sources`` along edges carrying
    ``want``. ``enter(v)`` false: never reached; ``expand(v)`` false: reached but not passed
    through; ``skip_edge(u, v, flags)`` true: that edge is not taken."""
    seen = [False] * len(edges)
    queue: deque[int] = deque()
    for s in sources:
        if not seen[s]:
            seen[s] = True
            queue.append(s)
    while queue:
        u = queue.popleft()
        if expand is not None and not expand(u):
            continue
        for v, flags in edges[u]:
            if seen[v] or not flags & want:
                continue
            if enter is not None and not enter(v):
                continue
            if skip_edge is not None and skip_edge(u, v, flags):
                continue
            seen[v] = True
            queue.append(v)
    return seen


def needs_exit(s) -> bool:
    """A space ``access.unreachable`` asks about: it has a region and is neither outside,
    a void nor a shaft."""
    return bool(s.rects) and not (s.outside or s.void) and s.type != "shaft"


def person_neighbours(graph: AccessGraph, i: int) -> list[int]:
    """The spaces a person passes to from space ``i`` (one boundary away)."""
    return [v for v, flags in graph.edges[i] if flags & PERSON]


def only_onto_void(graph: AccessGraph, spaces: list, i: int) -> bool:
    """Every person-passable boundary of space ``i`` leads onto a void."""
    others = person_neighbours(graph, i)
    return bool(others) and all(v < graph.spaces and spaces[v].void for v in others)


def avoiding_rentable(graph: AccessGraph, exteriors: list[int]) -> list[bool]:
    """Which spaces reach the exterior without passing through a rentable space."""
    uses = graph.uses
    return reach(graph.edges, exteriors, PERSON, expand=lambda u: u < graph.spaces and uses[u] != "rentable")


def check_access(model: Model) -> list[Finding]:
    graph = access_graph(model)
    spaces = list(model.spaces.values())
    exteriors = [i for i, s in enumerate(spaces) if s.outside]
    out: list[Finding] = []

    # access.unreachable
    people = reach(graph.edges, exteriors, PERSON) if exteriors else None
    if people is not None:
        for i, s in enumerate(spaces):
            if needs_exit(s) and not people[i]:
                out.append(
                    finding(
                        "access.unreachable",
                        f"Cannot reach the exterior: {s.path} (no passable boundary leads out — write a door)",
                        s.line,
                        s.file,
                        (s.path,),
                    )
                )

    # access.voidonly
    for i, s in enumerate(spaces):
        if not s.rects or s.void or s.outside:
            continue
        if only_onto_void(graph, spaces, i):
            out.append(
                finding(
                    "access.voidonly",
                    f"Doors open only onto a void: {s.path} (they open where there is no floor, so nobody can pass)",
                    s.line,
                    s.file,
                    (s.path,),
                )
            )

    # access.throughtenant
    stairs = [i for i, s in enumerate(spaces) if s.type == "stair"]
    if exteriors and stairs:
        clear = avoiding_rentable(graph, exteriors)
        for i in stairs:
            if not clear[i]:
                s = spaces[i]
                out.append(
                    finding(
                        "access.throughtenant",
                        f"Escape from {s.path} passes through rentable space (if the tenant locks "
                        "up, there is no way out)",
                        s.line,
                        s.file,
                        (s.path,),
                    )
                )

    # access.parking
    parking = [i for i, u in enumerate(graph.uses) if u == "parking"]
    if exteriors and parking:
        cars = reach(graph.edges, exteriors, CAR)
        for i in parking:
            if not cars[i]:
                s = spaces[i]
                out.append(
                    finding(
                        "access.parking",
                        f"No vehicle route to the exterior: {s.path} (needs an opening at least "
                        f"{CAR_WIDTH_MIN}mm wide, a type:open boundary, or a ramp)",
                        s.line,
                        s.file,
                        (s.path,),
                    )
                )

    out.extend(_backofhouse(graph, spaces))
    return out


def common_corridors(graph: AccessGraph, spaces) -> list[int]:
    """The common corridors (type corridor, use common) ``access.backofhouse`` starts from."""
    uses = graph.uses
    return [i for i, s in enumerate(spaces) if s.type == "corridor" and uses[i] == "common"]


def common_runs(graph: AccessGraph, spaces) -> list[int]:
    """The common spaces declaring a vertical run (``stair:`` / ``escalator:``)."""
    uses = graph.uses
    return [i for i, s in enumerate(spaces) if uses[i] == "common" and ("stair" in s.attrs or "escalator" in s.attrs)]


def front_of_house(graph: AccessGraph, spaces, corridors: list[int], runs: list[int]) -> dict[int, bool]:
    """For each run, whether a common corridor reaches it without entering a backyard
    (by its horizontal entry: no run's own vertical link counts)."""
    run_set = set(runs)

    def enter(v: int) -> bool:
        return v >= graph.spaces or spaces[v].type != "backyard"

    def any_run_link(u: int, v: int, flags: int) -> bool:
        return bool(flags & STAIR) and (u in run_set or v in run_set)

    everywhere = reach(graph.edges, corridors, PERSON, enter=enter, skip_edge=any_run_link)
    out: dict[int, bool] = {}
    for x in runs:
        if everywhere[x]:
            out[x] = True
            continue

        def own_link(u: int, v: int, flags: int, x=x) -> bool:
            return bool(flags & STAIR) and (u == x or v == x)

        out[x] = bool(reach(graph.edges, corridors, PERSON, enter=enter, skip_edge=own_link)[x])
    return out


def _backofhouse(graph: AccessGraph, spaces) -> list[Finding]:
    corridors = common_corridors(graph, spaces)
    if not corridors:
        return []
    runs = common_runs(graph, spaces)
    if not runs:
        return []
    reached = front_of_house(graph, spaces, corridors, runs)
    out: list[Finding] = []
    for x in runs:
        if reached[x]:
            continue
        s = spaces[x]
        out.append(
            finding(
                "access.backofhouse",
                f"{s.path} cannot be reached from a common corridor without passing through "
                "back-of-house (visitors cannot use this vertical circulation)",
                s.line,
                s.file,
                (s.path,),
            )
        )
    return out
