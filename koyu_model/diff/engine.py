"""``semantic_diff(a, b)``: two composed Models → a ModelDiff (spec: reference/api/diff.md).

A pure function: it reads the two Models (and what is derived from each: default walls,
areas) and changes nothing. ``a`` is the before, ``b`` the after.
"""

from __future__ import annotations

from koyu_model.model import Model

from .boundaries import diff_boundaries
from .elements import diff_assets, diff_columns, diff_grid, diff_levels, diff_polygons, diff_spaces, diff_zones
from .matching import match_paths, uid_counts
from .order import LevelOrder
from .records import ModelDiff, ValueChange

__all__ = ["semantic_diff"]


def semantic_diff(a: Model, b: Model) -> ModelDiff:
    order = LevelOrder.of(a, b)
    held_a, held_b = uid_counts(a), uid_counts(b)
    zones = match_paths(a.zones, b.zones, held_a, held_b)
    spaces = match_paths(a.spaces, b.spaces, held_a, held_b)
    # a boundary names its two sides by path: a renamed space carries its boundaries over
    renames = {**zones.renames(), **spaces.renames()}
    return ModelDiff(
        grid=diff_grid(a, b),
        levels=diff_levels(a, b),
        assets=diff_assets(a, b),
        polygons=diff_polygons(a, b),
        zones=diff_zones(a, b, zones, order),
        spaces=diff_spaces(a, b, spaces, order),
        boundaries=diff_boundaries(a, b, renames, order),
        columns=diff_columns(a, b),
        version=ValueChange(a.version, b.version) if a.version != b.version else None,
        name=ValueChange(a.name, b.name) if a.name != b.name else None,
    )
