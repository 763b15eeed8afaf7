"""Building frozen attrs records without their __init__ (a speed measure, nothing more).

A frozen attrs record's generated __init__ sets each field through a bound
``object.__setattr__``: several microseconds a record, and a big building derives
thousands of segments and placements. Setting the slots through their descriptors gives
the same record — same type, same fields, equal, same hash and repr — at a fraction of
that. Only a plain slotted record qualifies (no converter, validator or post-init hook);
for anything else :func:`slot_setters` answers None and callers use the constructor.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence, Tuple

import attrs

__all__ = ["slot_setters"]


def slot_setters(cls: type, names: Sequence[str]) -> Optional[Tuple[Callable, ...]]:
    """The slot setters of ``cls``'s fields, which must be exactly ``names`` in order; None
    when ``cls`` is not a plain slotted attrs record (then build it the ordinary way)."""
    try:
        fields = attrs.fields(cls)
    except (TypeError, attrs.exceptions.NotAnAttrsClassError):
        return None
    if tuple(f.name for f in fields) != tuple(names):
        return None
    if any(f.converter is not None or f.validator is not None for f in fields):
        return None
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        return None
    slots = getattr(cls, "__slots__", ())
    if cls.__new__ is not object.__new__ or not all(n in slots for n in names):
        return None
    return tuple(cls.__dict__[n].__set__ for n in names)
