"""A layer's text from the disk, or from an overlay (README, "Limits").

A layer is a regular file, or a device that ends at once (``/dev/null`` reads as an empty
layer, as in the original). A FIFO would block and ``/dev/zero`` never ends, so a file is
opened without blocking and looked at before it is read; one larger than
``MAX_LAYER_BYTES`` is refused unread. Bytes that are no UTF-8 read as U+FFFD.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

__all__ = ["MAX_LAYER_BYTES", "Overlay", "LayerTooLarge", "layer_text", "too_large"]

#: The largest layer read, in bytes.
MAX_LAYER_BYTES = 64 * 1024 * 1024

#: ``overlay(real path) -> text or None``: a layer's text instead of the disk's.
Overlay = Callable[[str], str | None] | None


class LayerTooLarge(Exception):
    """A layer over MAX_LAYER_BYTES: refused before it is read into memory."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


def too_large(ref: str, size: int) -> str:
    """The sentence for a layer over the limit, ``ref`` as the import (or the caller) wrote it."""
    return f"File too large: {ref} ({size} bytes; a layer is at most {MAX_LAYER_BYTES} bytes)"


def layer_text(real: str, overlay: Overlay = None) -> str | None:
    """The text of the layer at ``real``, or None when it cannot be read (LayerTooLarge when too big)."""
    if overlay is not None:
        supplied = overlay(real)
        if supplied is not None:
            return supplied
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):  # ValueError: a path with an embedded NUL
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if stat.S_ISCHR(info.st_mode):
                return _device_text(f)
            if not stat.S_ISREG(info.st_mode):
                return None
            if info.st_size > MAX_LAYER_BYTES:
                raise LayerTooLarge(info.st_size)
            # Ask for the size known (a larger request allocates that much at once), and
            # one byte more: if it comes, the file grew while we read it — read on.
            data = f.read(info.st_size + 1)
            if len(data) > info.st_size:
                data += f.read(MAX_LAYER_BYTES + 1 - len(data))
    except OSError:
        return None
    if len(data) > MAX_LAYER_BYTES:  # grew while we read it
        raise LayerTooLarge(len(data))
    return data.decode("utf-8", errors="replace")


def _device_text(f) -> str | None:
    """A character device's text if it ends within MAX_LAYER_BYTES without waiting, else None."""
    try:
        data = f.read(MAX_LAYER_BYTES + 1)
    except OSError:  # it would wait (a terminal), or refuses to be read
        return None
    if data is None or len(data) > MAX_LAYER_BYTES or f.read(1):
        return None
    return data.decode("utf-8", errors="replace")
