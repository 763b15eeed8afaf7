"""The one cache of composed Models: the last few buildings read, handed out again while
every layer is unchanged.

Each entry is re-validated on every call against the exact text of every composed layer
and the resolution of every import, so the answer is always that of the files as they
are now; a Model never changes, so sharing one is safe. At most ``SIZE`` entries are kept
(the least recently used goes first). ``KOYU_NO_CACHE=1`` in the environment turns it off
(every load is a first read: bench/run.py --no-cache).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict

from koyu_model.model import Model
from koyu_model.reading.files import LayerTooLarge, layer_text
from koyu_model.release import Release

__all__ = ["ENABLED", "SIZE", "recall", "remember", "clear_cache"]

ENABLED = os.environ.get("KOYU_NO_CACHE", "") in ("", "0")
SIZE = 8

#: (entry's real path, the release that read it) → (its Model, every (joined import path,
#: real path) it resolved): the same files read as two releases are two Models
_MODELS: OrderedDict[tuple[str, Release], tuple[Model, list[tuple[str, str]]]] = OrderedDict()
_LOCK = threading.Lock()


def recall(real: str, release: Release) -> Model | None:
    """The Model ``release`` read for the entry at ``real``, if every layer still reads the same."""
    key = (real, release)
    with _LOCK:
        hit = _MODELS.get(key)
    if hit is None:
        return None
    model, resolutions = hit
    for joined, target in resolutions:
        if os.path.realpath(joined) != target:
            return None
    for layer in model.layers:
        try:
            if layer_text(layer.path) != layer.source:
                return None
        except LayerTooLarge:
            return None
    with _LOCK:
        if key in _MODELS:
            _MODELS.move_to_end(key)
    return model


def remember(real: str, release: Release, model: Model, resolutions: list[tuple[str, str]]) -> None:
    key = (real, release)
    with _LOCK:
        _MODELS[key] = (model, resolutions)
        _MODELS.move_to_end(key)
        while len(_MODELS) > SIZE:
            _MODELS.popitem(last=False)


def clear_cache() -> None:
    """Forget every remembered Model (tests, or a caller that wants a cold read)."""
    with _LOCK:
        _MODELS.clear()
