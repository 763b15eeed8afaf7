"""Indoor floor area grouped by attribute keys (spec 0.27: reference/mcp/tools-read.md
model_summary ``byM2``, cli/stats.md "Totalling by an attribute key", muro/attributes.md
"A zone hands a key down to the spaces beneath it").

A space's value for a key is its own declaration, else the value of the deepest zone
whose path is a proper prefix of the space's path and which carries the key; a space with
neither falls into ``(unspecified)``, so each key's buckets add up to the indoor total.
The population and walk are ``floor_totals``'s (levels by z, each level's spaces in model
order, indoor spaces with a region only); values appear in the order first met, and each
bucket is rounded after every addition, as the original's ``byUseM2`` was (COMPAT §9).
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.derived import indoor, layout
from koyu_model.geometry import round2
from koyu_model.jsjson import js_string
from koyu_model.measures.areas import space_areas
from koyu_model.model import Model, Space, Zone
from koyu_model.queries import handed_down

__all__ = ["floor_area_by", "value_for", "UNSPECIFIED"]

#: The bucket of the spaces that carry no value for the key.
UNSPECIFIED = "(unspecified)"


def floor_area_by(model: Model, keys: Sequence[str]) -> dict[str, dict[str, float]]:
    """Per key (in the order given, a repeated key once), value → indoor m²."""
    wanted = list(dict.fromkeys(keys))
    out: dict[str, dict[str, float]] = {key: {} for key in wanted}
    if not wanted:
        return out
    areas = space_areas(model)
    counted = indoor(model)
    by_level = layout(model).by_level
    spaces, zones = model.spaces, model.zones
    for name in model.levels_by_z:
        for path in by_level.get(name, ()):
            if path not in counted:
                continue
            a = areas.get(path)
            if a is None:
                continue
            space = spaces[path]
            for key in wanted:
                bucket = out[key]
                value = value_for(space, key, zones)
                bucket[value] = round2(bucket.get(value, 0) + a)
    return out


def value_for(space: Space, key: str, zones: dict[str, Zone]) -> str:
    """The space's effective value for ``key`` as a bucket name, ``(unspecified)`` for none:
    the nearest declaration of it among what is handed down to the space."""
    for attrs in handed_down(space, zones):
        if key in attrs:
            return _spelled(attrs[key])
    return UNSPECIFIED


def _spelled(value: object) -> str:
    # a bucket is an object key: JavaScript's String() of the value
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return js_string(value)
    return str(value)
