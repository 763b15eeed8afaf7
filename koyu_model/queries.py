"""Small pure readings of a Model that several tools share (spec: mcp/tools-read.md,
muro/zone.md, muro/boundary.md; COMPAT §4, §9).

* ``display_name`` — ``name:`` when it is a string, else the last path segment.
* ``effective_use`` — the space's own string ``use:``, else the deepest zone above it
  (by path prefix) with a string ``use:``; numeric values are ignored.
* ``declared_levels``, ``select_levels`` — the levels as written, and those a ``koyu axo -l``
  spec names (the command line and the view tool both take it).

Semi-outdoor, indoor and covered spaces are derived once per Model: ``koyu_model.derived``
(cover.py); areas need the derived pieces (drawn lines cut regions): ``koyu_model.measures``.
"""

from __future__ import annotations

from collections.abc import Iterator

from koyu_model.model import Attrs, Model, Space, Zone

__all__ = ["last_segment", "display_name", "handed_down", "effective_use", "declared_levels", "select_levels"]


def last_segment(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def display_name(space: Space) -> str:
    """The name shown for a space: a string ``name:``, else its last path segment."""
    name = space.attrs.get("name")
    return name if isinstance(name, str) else last_segment(space.path)


def handed_down(space: Space, zones: dict[str, Zone]) -> Iterator[Attrs]:
    """The attribute dicts a space's value for a key comes from, nearest first: its own,
    then each zone whose path is a proper prefix of its path, deepest first (``/L1/A/ldk``
    → ``/L1/A``, ``/L1``; muro/attributes.md). O(depth), the model's zone dict the index."""
    yield space.attrs
    path = space.path
    i = path.rfind("/")
    while i > 0:
        zone = zones.get(path[:i])
        if zone is not None:
            yield zone.attrs
        i = path.rfind("/", 0, i)


def effective_use(space: Space, zones: dict[str, Zone], key: str = "use") -> str | None:
    """The space's axis of aggregation, or ``None`` (``(unspecified)`` in totals): the
    nearest string value of ``key`` (``Release.use_key``: ``use``, or 0.27's
    ``lease.category``) among what is handed down to it."""
    for attrs in handed_down(space, zones):
        value = attrs.get(key)
        if isinstance(value, str):
            return value
    return None


def declared_levels(model: Model) -> list[str]:
    """Level names in the order their lines were written (file, then line): the list an
    undeclared level's message offers (cli/plan.md, cli/axo.md; the view tool)."""
    layer_rank = {layer.path: layer.index for layer in model.layers}
    levels = sorted(model.levels.values(), key=lambda lv: (layer_rank.get(lv.file, 0), lv.line))
    return [lv.name for lv in levels]


def undeclared_level(model: Model, name: str) -> str:
    """The sentence a drawing asked of a level nobody declared answers (cli/plan.md,
    cli/axo.md): ``Undeclared level: L9 (declared: L1 L2 R)``, in declaration order."""
    return f"Undeclared level: {name} (declared: {' '.join(declared_levels(model))})"


def select_levels(model: Model, spec: str) -> tuple[list[str], str | None]:
    """(the level names ``spec`` selects, the first undeclared name or None): ``koyu axo
    -l``'s list ``L1,L3``, range ``L1..L5`` (every level whose z lies between the two ends,
    whichever is written first), or both; a name is taken whole first, so a level whose name
    holds ``,`` or ``..`` is still found."""
    levels = model.levels
    if spec in levels:
        return [spec], None
    chosen: list[str] = []
    for item in spec.split(","):
        item = item.strip()
        if item in levels:
            chosen.append(item)
            continue
        if ".." not in item:
            return [], item
        low, high = (end.strip() for end in item.split("..", 1))
        for end in (low, high):
            if end not in levels:
                return [], end
        z0, z1 = sorted((levels[low].z, levels[high].z))
        chosen.extend(name for name, lv in levels.items() if z0 <= lv.z <= z1)
    return chosen, None
