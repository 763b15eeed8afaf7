"""``koyu.analysis.access@1`` and its five rules (reference/validate/access.md, ADR-0055 §3):
access.unreachable, access.voidonly, access.throughtenant, access.parking,
access.backofhouse.

The analysis keeps the five traversals apart (ADR-0055 §3) and states, per subject, the
route each finds (koyu_model.assessment.routes: 0.16's access graph, the original's
tie-breaks):

* ``personExteriorRoutes`` — every space that needs a way out (a region; neither
  outside, a void nor a shaft), to the exteriors along person-passable boundaries,
  through anything;
* ``passableNeighbourhoods`` — those of them with a passable boundary: the spaces one
  boundary away, and whether each declares a void;
* ``rentableAvoidingExteriorRoutes`` — every regioned ``stair``, to the exteriors
  passing through no ``rentable`` space;
* ``vehicleExteriorRoutes`` — every regioned ``parking`` or ``ramp``, along car-passable
  boundaries;
* ``commonCorridorHorizontalRoutes`` — every regioned common space declaring a run, from
  the common corridors, never entering a ``backyard`` nor taking the run's own vertical
  link (its entry must be horizontal). The route runs corridor first.

Lists come by subject path; each route and each neighbourhood is one evidence item,
which the rule reading it rebuilds from the value (``_route_evidence``,
``_neighbourhood_fact``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.validate.access import (
    CAR,
    CAR_WIDTH_MIN,
    PERSON,
    STAIR,
    common_corridors,
    common_runs,
    needs_exit,
)

from .evidence import SpaceLines, by_id, fact, produced_by, ref
from .protocol import applicable, not_applicable, outcome
from .routes import RouteGraph, chain, route_graph, search

__all__ = ["ANALYSIS", "analyse", "back_of_house", "parking", "through_tenant", "unreachable", "void_only"]

ANALYSIS = "koyu.analysis.access"
NO_EXTERIOR = "No exterior space is declared"

JSON = Any

#: each traversal: (the value's key, the evidence id's prefix, its profile)
PERSON_ROUTES = ("personExteriorRoutes", "person-exterior", "person-exterior-without-space-filter")
RENTABLE_ROUTES = (
    "rentableAvoidingExteriorRoutes",
    "rentable-avoiding-exterior",
    "person-exterior-without-rentable-intermediates",
)
VEHICLE_ROUTES = ("vehicleExteriorRoutes", "vehicle-exterior", "vehicle-exterior-open-wide-door-or-ramp")
COMMON_ROUTES = (
    "commonCorridorHorizontalRoutes",
    "common-horizontal-entry",
    "common-corridor-horizontal-entry-without-backyard",
)
TRAVERSALS = (PERSON_ROUTES, RENTABLE_ROUTES, VEHICLE_ROUTES, COMMON_ROUTES)

#: what a car passes (access.md "Passable by a car"), stated with each vehicle route
VEHICLE_PROFILE = {"doorMinimumMm": CAR_WIDTH_MIN, "openBoundary": True, "rampDeclaredVerticalLink": True}


def _by_path(routes: RouteGraph, nodes) -> list[int]:
    paths = routes.paths
    return sorted(nodes, key=lambda i: paths[i])


def _route(routes: RouteGraph, came: list[int], node: int, reverse: bool = False) -> JSON:
    nodes = chain(came, node)
    path = [routes.paths[i] for i in (reversed(nodes) if reverse else nodes)]
    return {"path": path, "reachable": bool(nodes), "ref": routes.paths[node]}


def analyse(model) -> tuple[JSON, list[JSON]]:
    """The access artifact: (value, evidence)."""
    routes = route_graph(model)
    graph = routes.graph
    spaces = list(model.spaces.values())
    uses = graph.uses
    exteriors = _by_path(routes, (i for i, s in enumerate(spaces) if s.outside))
    leaving = _by_path(routes, (i for i, s in enumerate(spaces) if needs_exit(s)))
    stairs = _by_path(routes, (i for i, s in enumerate(spaces) if s.rects and s.type == "stair"))
    parked = _by_path(
        routes,
        (i for i, s in enumerate(spaces) if s.rects and not (s.outside or s.void) and s.type in ("parking", "ramp")),
    )
    corridors = _by_path(routes, (i for i in common_corridors(graph, spaces) if spaces[i].rects))
    runs = _by_path(routes, (i for i in common_runs(graph, spaces) if spaces[i].rects))

    people = search(routes, exteriors, PERSON)
    clear = search(routes, exteriors, PERSON, expand=lambda u: u < graph.spaces and uses[u] != "rentable")
    cars = search(routes, exteriors, CAR)

    def not_backyard(v: int) -> bool:
        return v >= graph.spaces or spaces[v].type != "backyard"

    def horizontal_entry(x: int) -> list[int]:
        def own_link(u: int, v: int, flags: int) -> bool:
            return bool(flags & STAIR) and x in (u, v)

        return search(routes, corridors, PERSON, enter=not_backyard, skip_edge=own_link)

    value: dict[str, JSON] = {
        "commonCorridorHorizontalRoutes": [_route(routes, horizontal_entry(x), x, reverse=True) for x in runs],
        "commonCorridorRefs": [routes.paths[i] for i in corridors],
        "exteriorRefs": [routes.paths[i] for i in exteriors],
        "passableNeighbourhoods": [
            {"neighbours": _neighbours(routes, spaces, i), "ref": routes.paths[i]}
            for i in leaving
            if any(flags & PERSON for _, flags in routes.edges[i])
        ],
        "personExteriorRoutes": [_route(routes, people, i) for i in leaving],
        "rentableAvoidingExteriorRoutes": [_route(routes, clear, i) for i in stairs],
        "vehicleDoorMinimumMm": CAR_WIDTH_MIN,
        "vehicleExteriorRoutes": [_route(routes, cars, i) for i in parked],
    }
    lines = SpaceLines(model)
    evidence = [_neighbourhood_fact(lines, n) for n in value["passableNeighbourhoods"]]
    for traversal in TRAVERSALS:
        evidence += [_route_evidence(lines, traversal, r) for r in value[traversal[0]]]
    evidence += [_vehicle_fact(lines, r["ref"]) for r in value["vehicleExteriorRoutes"]]
    return value, by_id(evidence)


def _neighbours(routes: RouteGraph, spaces, i: int) -> list[JSON]:
    """The nodes one person-passable boundary from ``i``, each once, by path."""
    seen: dict[int, None] = {}
    for v, flags in routes.edges[i]:
        if flags & PERSON:
            seen.setdefault(v)
    n = routes.graph.spaces
    return [{"declaresVoid": v < n and spaces[v].void, "exists": v < n, "ref": routes.paths[v]} for v in seen]


# --- the evidence, rebuilt by the rules from the value ---------------------------------


def _route_evidence(lines: SpaceLines, traversal: tuple[str, str, str], route: JSON) -> JSON:
    _, prefix, profile = traversal
    path = route["ref"]
    return {
        "id": f"{prefix}:{path}",
        "kind": "route",
        "path": route["path"],
        "producedBy": produced_by(ANALYSIS),
        "profile": profile,
        "reachable": route["reachable"],
        "sources": lines.sources(route["path"] or [path]),
        "subjects": [ref("space", path)],
    }


def _neighbourhood_fact(lines: SpaceLines, neighbourhood: JSON) -> JSON:
    path, neighbours = neighbourhood["ref"], neighbourhood["neighbours"]
    return fact(
        f"passable-neighbours:{path}",
        "incidentPassableNeighbours",
        ANALYSIS,
        [ref("space", path)],
        lines.sources([path] + [n["ref"] for n in neighbours]),
        neighbours,
    )


def _vehicle_fact(lines: SpaceLines, path: str) -> JSON:
    return fact(
        f"vehicle-profile:{path}",
        "vehicleTraversalProfile",
        ANALYSIS,
        [ref("space", path)],
        lines.sources([path]),
        dict(VEHICLE_PROFILE),
    )


# --- the rules --------------------------------------------------------------------------


def _judge(model, traversal, routes: list[JSON], passed: str, failed: str, evidence=None):
    """One outcome per route, by its subject's path: reachable passes."""
    lines = SpaceLines(model)
    out = []
    for r in routes:
        path = r["ref"]
        items = [_route_evidence(lines, traversal, r)] + (evidence(lines, path) if evidence else [])
        message = (passed if r["reachable"] else failed).format(ref=path)
        out.append(outcome(path, "pass" if r["reachable"] else "fail", [ref("space", path)], message, by_id(items)))
    return applicable(out)


def unreachable(model, artifacts: Mapping[str, Any]):
    access = artifacts[ANALYSIS]
    if not access["exteriorRefs"]:
        return not_applicable(NO_EXTERIOR)
    if not access["personExteriorRoutes"]:
        return not_applicable("No regioned non-exterior space belongs to the person-route population")
    return _judge(
        model,
        PERSON_ROUTES,
        access["personExteriorRoutes"],
        "{ref} has a person-passable route to the exterior",
        "Cannot reach the exterior: {ref} (no passable boundary leads out — write a door)",
    )


def void_only(model, artifacts: Mapping[str, Any]):
    neighbourhoods = artifacts[ANALYSIS]["passableNeighbourhoods"]
    if not neighbourhoods:
        return not_applicable("No eligible space has an incident passable boundary")
    lines = SpaceLines(model)
    out = []
    for n in neighbourhoods:
        path = n["ref"]
        evidence = [_neighbourhood_fact(lines, n)]
        if all(v["exists"] and v["declaresVoid"] for v in n["neighbours"]):
            message = f"Doors open only onto a void: {path} (they open where there is no floor, so nobody can pass)"
            out.append(outcome(path, "fail", [ref("space", path)], message, evidence))
        else:
            message = f"{path} has an incident passable boundary that is not limited to a declared void"
            out.append(outcome(path, "pass", [ref("space", path)], message, evidence))
    return applicable(out)


def through_tenant(model, artifacts: Mapping[str, Any]):
    access = artifacts[ANALYSIS]
    if not access["exteriorRefs"]:
        return not_applicable(NO_EXTERIOR)
    if not access["rentableAvoidingExteriorRoutes"]:
        return not_applicable("No regioned space has the free type stair")
    return _judge(
        model,
        RENTABLE_ROUTES,
        access["rentableAvoidingExteriorRoutes"],
        "{ref} has a route to the exterior that avoids rentable intermediate spaces",
        "Escape from {ref} passes through rentable space (if the tenant locks up, there is no way out)",
    )


def parking(model, artifacts: Mapping[str, Any]):
    access = artifacts[ANALYSIS]
    if not access["exteriorRefs"]:
        return not_applicable(NO_EXTERIOR)
    if not access["vehicleExteriorRoutes"]:
        return not_applicable("No regioned eligible space is typed parking or ramp")
    return _judge(
        model,
        VEHICLE_ROUTES,
        access["vehicleExteriorRoutes"],
        "{ref} has a vehicle-passable route to the exterior",
        "No vehicle route to the exterior: {ref} (needs an opening at least "
        f"{CAR_WIDTH_MIN}mm wide, a type:open boundary, or a ramp)",
        evidence=lambda lines, path: [_vehicle_fact(lines, path)],
    )


def back_of_house(model, artifacts: Mapping[str, Any]):
    access = artifacts[ANALYSIS]
    if not access["commonCorridorRefs"]:
        return not_applicable("No regioned common corridor is declared")
    if not access["commonCorridorHorizontalRoutes"]:
        return not_applicable("No regioned common space carries stair or escalator")
    return _judge(
        model,
        COMMON_ROUTES,
        access["commonCorridorHorizontalRoutes"],
        "{ref} has a horizontal-entry route from a common corridor that avoids back-of-house",
        "{ref} cannot be reached from a common corridor without passing through back-of-house "
        "(visitors cannot use this vertical circulation)",
    )
