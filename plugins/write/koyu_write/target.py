"""Where ``write_layer`` may write (spec: reference/mcp/tools-write.md, "What happens, in
order" and "The safety contract").

The blast radius is the ``.muro`` files inside the entry's directory tree:

* ``resolve_target`` — steps 1–3: resolve ``layer`` against the entry's directory (an
  absolute ``layer`` stands as it is), refuse anything not ending in ``.muro``, refuse an
  escape written into the path (``../x.muro``, ``sub/../../x.muro``).
* ``real_target`` — step 7: resolve symlinks on both sides and check containment again, so
  a symlink inside the directory that points out of it is refused; the real file must be
  a ``.muro`` too, so a link never leads a write into a file that is not the notation.

Refusals are ``TargetRefused`` whose ``str()`` is the documented sentence.
"""

from __future__ import annotations

import os

__all__ = ["TargetRefused", "NOT_MURO", "OUTSIDE", "entry_directory", "resolve_target", "real_target", "inside"]

NOT_MURO = "Only .muro files can be written"
OUTSIDE = "Cannot write outside the entry's directory"


class TargetRefused(Exception):
    """A write target outside the blast radius; ``str()`` is the sentence the tool answers."""


def entry_directory(entry: str) -> str:
    """The absolute directory the entry lives in (the yardstick for what may be written)."""
    return os.path.dirname(os.path.abspath(entry))


def inside(path: str, root: str) -> bool:
    """Whether ``path`` lies in ``root``'s tree (both absolute and normalised)."""
    if path == root:
        return True
    return path.startswith(root.rstrip(os.sep) + os.sep)


def resolve_target(entry: str, layer: str) -> str:
    """Steps 1–3: the absolute, normalised target, or ``TargetRefused``."""
    root = entry_directory(entry)
    target = os.path.normpath(os.path.join(root, layer))
    if not target.endswith(".muro"):
        raise TargetRefused(NOT_MURO)
    if not inside(target, root) or target == root:
        raise TargetRefused(OUTSIDE)
    return target


def real_target(entry: str, target: str) -> str:
    """Step 7: the target with symlinks resolved, still inside the entry's real directory
    and still a ``.muro`` file; ``TargetRefused`` otherwise."""
    root = os.path.realpath(entry_directory(entry))
    real = os.path.realpath(target)
    if not inside(real, root) or real == root:
        raise TargetRefused(OUTSIDE)
    if not real.endswith(".muro"):
        raise TargetRefused(NOT_MURO)
    return real
