"""Four access rules of the built-in profile (reference/validate/access.md):
access.unreachable, access.voidonly, access.throughtenant, access.parking.

Each asks koyu_model.validate.access (the same graph, the same reach and the same
judgements as 0.16's chapter) about its own population of spaces, one outcome per space
in model order; a rule whose population is empty is not applicable, with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from koyu_model.validate.access import (
    CAR,
    CAR_WIDTH_MIN,
    PERSON,
    access_graph,
    avoiding_rentable,
    common_corridors,
    common_runs,
    front_of_house,
    needs_exit,
    only_onto_void,
    person_neighbours,
    reach,
)

from .protocol import applicable, not_applicable, outcome

__all__ = ["back_of_house", "parking", "through_tenant", "unreachable", "void_only"]

NO_EXTERIOR = "No exterior space is declared"


def _space(ref: str) -> list[dict[str, str]]:
    return [{"kind": "space", "ref": ref}]


def _judge(spaces, population: list[int], ok: list[bool] | Any, passed: str, failed: str):
    """One outcome per space of ``population``, in the order of their paths (the
    original's: its outcomes come sorted by subject)."""
    out = []
    for i in sorted(population, key=lambda i: spaces[i].path):
        ref = spaces[i].path
        if ok[i]:
            out.append(outcome(ref, "pass", _space(ref), passed.format(ref=ref)))
        else:
            out.append(outcome(ref, "fail", _space(ref), failed.format(ref=ref)))
    return applicable(out)


def _exteriors(spaces) -> list[int]:
    return [i for i, s in enumerate(spaces) if s.outside]


def unreachable(model, artifacts: Mapping[str, Any]):
    spaces = list(model.spaces.values())
    exteriors = _exteriors(spaces)
    if not exteriors:
        return not_applicable(NO_EXTERIOR)
    population = [i for i, s in enumerate(spaces) if needs_exit(s)]
    if not population:
        return not_applicable("No regioned non-exterior space belongs to the person-route population")
    people = reach(access_graph(model).edges, exteriors, PERSON)
    return _judge(
        spaces,
        population,
        people,
        "{ref} has a person-passable route to the exterior",
        "Cannot reach the exterior: {ref} (no passable boundary leads out — write a door)",
    )


def void_only(model, artifacts: Mapping[str, Any]):
    spaces = list(model.spaces.values())
    graph = access_graph(model)
    population = [i for i, s in enumerate(spaces) if needs_exit(s) and person_neighbours(graph, i)]
    if not population:
        return not_applicable("No eligible space has an incident passable boundary")
    ok = [not only_onto_void(graph, spaces, i) if i in set(population) else True for i in range(len(spaces))]
    return _judge(
        spaces,
        population,
        ok,
        "{ref} has an incident passable boundary that is not limited to a declared void",
        "Doors open only onto a void: {ref} (they open where there is no floor, so nobody can pass)",
    )


def through_tenant(model, artifacts: Mapping[str, Any]):
    spaces = list(model.spaces.values())
    exteriors = _exteriors(spaces)
    if not exteriors:
        return not_applicable(NO_EXTERIOR)
    stairs = [i for i, s in enumerate(spaces) if s.rects and s.type == "stair"]
    if not stairs:
        return not_applicable("No regioned space has the free type stair")
    return _judge(
        spaces,
        stairs,
        avoiding_rentable(access_graph(model), exteriors),
        "{ref} has a route to the exterior that avoids rentable intermediate spaces",
        "Escape from {ref} passes through rentable space (if the tenant locks up, there is no way out)",
    )


def parking(model, artifacts: Mapping[str, Any]):
    spaces = list(model.spaces.values())
    exteriors = _exteriors(spaces)
    if not exteriors:
        return not_applicable(NO_EXTERIOR)
    population = [
        i for i, s in enumerate(spaces) if s.rects and not (s.outside or s.void) and s.type in ("parking", "ramp")
    ]
    if not population:
        return not_applicable("No regioned eligible space is typed parking or ramp")
    return _judge(
        spaces,
        population,
        reach(access_graph(model).edges, exteriors, CAR),
        "{ref} has a vehicle-passable route to the exterior",
        "No vehicle route to the exterior: {ref} (needs an opening at least "
        f"{CAR_WIDTH_MIN}mm wide, a type:open boundary, or a ramp)",
    )


def back_of_house(model, artifacts: Mapping[str, Any]):
    spaces = list(model.spaces.values())
    graph = access_graph(model)
    corridors = [i for i in common_corridors(graph, spaces) if spaces[i].rects]
    if not corridors:
        return not_applicable("No regioned common corridor is declared")
    runs = [i for i in common_runs(graph, spaces) if spaces[i].rects]
    if not runs:
        return not_applicable("No regioned common space carries stair or escalator")
    reached = front_of_house(graph, spaces, corridors, runs)
    return _judge(
        spaces,
        runs,
        {i: reached.get(i, True) for i in runs},
        "{ref} has a horizontal-entry route from a common corridor that avoids back-of-house",
        "{ref} cannot be reached from a common corridor without passing through back-of-house "
        "(visitors cannot use this vertical circulation)",
    )
