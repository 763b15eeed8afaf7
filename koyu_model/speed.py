"""Keeping big buildings fast: pause the cyclic garbage collector around bulk work.

Reading and writing a large building allocates hundreds of thousands of small,
acyclic objects; each automatic collection then walks the whole (growing) heap, which
makes the work grow faster than the building. Reference counting frees what these
phases drop, so pausing the collector loses nothing.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

__all__ = ["gc_paused"]


@contextmanager
def gc_paused() -> Iterator[None]:
    """Disable automatic collection inside the block (re-entrant; restores the state)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
