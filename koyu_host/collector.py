"""The cyclic garbage collector kept out of tool calls.

A tool call on a large building allocates hundreds of thousands of small objects while the
previous building's Model (kept by the bounded Model cache) is still alive; each automatic
collection then walks that whole heap, and a call's cost grows faster than the building.
Reference counting frees what a call drops, so the collector is paused for the call and
resumed after it, when its next pass finds any cycles left behind. ``freeze_startup``
moves everything loaded at start-up out of the collector's sight for the same reason.
The language core leaves the collector alone: pausing it is the host's choice, per call.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused", "freeze_startup"]


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside the block (re-entrant: a collector already off stays off)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def freeze_startup() -> None:
    """Collect once, then park every surviving start-up object in the permanent generation."""
    gc.collect()
    gc.freeze()
