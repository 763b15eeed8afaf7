"""koyu-minarea: rooms smaller than the minimum area declared for them.

A koyu plugin (entry point ``minarea`` in the group ``koyu.plugins``) that registers one
validator. The minimum is the space's own ``minarea.m2`` or else the nearest zone above it
(by path) carrying one; a namespaced key, so ``check`` carries it silently.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_host import Validator, hookimpl

KEY = "minarea.m2"
RULE = "room.size"


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def minimum(space, zones) -> float | None:
    """The minimum area (m²) asked of ``space``: its own, else the deepest zone's above it."""
    own = space.attrs.get(KEY)
    if _number(own):
        return own
    path = space.path
    i = path.rfind("/")
    while i > 0:
        zone = zones.get(path[:i])
        if zone is not None and _number(zone.attrs.get(KEY)):
            return zone.attrs[KEY]
        i = path.rfind("/", 0, i)
    return None


def _spell(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def check(model) -> Iterator[dict]:
    """One violation per space with a region whose area is under its minimum."""
    from koyu_model.measures import space_areas

    areas = space_areas(model)
    for path, space in model.spaces.items():
        if not space.rects:
            continue
        need = minimum(space, model.zones)
        if need is None or path not in areas:
            continue
        area = areas[path]
        if area < need:
            yield {
                "rule": RULE,
                "level": "violation",
                "message": f"{path} is {area:.2f} m2, under its minimum of {_spell(need)} m2",
                "line": space.line,
                "file": space.file,
                "path": [path],
            }


@hookimpl
def koyu_register_validators(registry):
    registry.add(Validator(RULE, check))
