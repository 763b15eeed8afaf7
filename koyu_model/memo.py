"""Per-Model memoisation: compute a derived thing once per (immutable) Model object.

``koyu_model.load`` hands out the *same* Model object while a building's files are
unchanged, so anything derived from a Model (its canonical text, its Form, its
diagnostics) can be remembered against that object and is forgotten when it dies::

    from koyu_model.memo import remember
    form = remember(model, "form", lambda: derive(model))

Keys are any hashable value naming what was computed (include arguments that matter).
Thread-safe enough for one server: the worst case is computing a value twice.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Callable, Dict, Hashable, TypeVar

__all__ = ["remember", "forget"]

T = TypeVar("T")

_STORE: Dict[int, Dict[Hashable, Any]] = {}
_LOCK = threading.Lock()


def remember(model: Any, key: Hashable, make: Callable[[], T]) -> T:
    """Return the value remembered for ``(model, key)``, computing it with ``make`` once."""
    ident = id(model)
    with _LOCK:
        bag = _STORE.get(ident)
        if bag is not None and key in bag:
            return bag[key]
    value = make()
    with _LOCK:
        bag = _STORE.get(ident)
        if bag is None:
            bag = _STORE[ident] = {}
            weakref.finalize(model, _drop, ident)
        bag[key] = value
    return value


def forget(model: Any) -> None:
    """Drop everything remembered for ``model`` (it is dropped anyway when the Model dies)."""
    _drop(id(model))


def _drop(ident: int) -> None:
    with _LOCK:
        _STORE.pop(ident, None)
