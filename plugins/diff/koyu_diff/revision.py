"""The building as it stood at a git revision, read out of git: nothing is checked out and
the working tree is not touched.

The entry is composed by the core as any entry is (``koyu_model.load``), through an
overlay that hands it each layer's text at the revision — the blob ``git show REV:path``
prints, read with ``git cat-file blob`` so that a folder at that path is no layer. A layer
outside the work tree is not git's: it is read from the disk. A layer the revision does
not hold reads as missing, as it did then — unless a file stands there now, which would
pass today's text off as the revision's: that is an error of its own.
"""

from __future__ import annotations

import os
import subprocess

import attrs

from koyu_host import ToolError
from koyu_model.release import DEFAULT, Release

__all__ = ["Revision", "load_at_revision"]


def _git(folder: str, args: list[str]) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", "-C", folder, *args], capture_output=True, stdin=subprocess.DEVNULL)
    except OSError:
        raise ToolError("git is not available here: against git:REV reads the building out of git") from None


@attrs.frozen
class Revision:
    """A commit of the git work tree holding the entry: ``top`` its top folder (a real
    path), ``rev`` as it was asked for, ``commit`` the commit it names."""

    top: str
    rev: str
    commit: str

    @classmethod
    def of(cls, entry: str, rev: str) -> Revision:
        folder = os.path.dirname(entry)
        found = _git(folder, ["rev-parse", "--show-toplevel"]) if os.path.isdir(folder) else None
        if found is None or found.returncode != 0:
            said = found.stderr.decode("utf-8", "replace").strip().splitlines() if found is not None else []
            if said and "not a git repository" not in said[0]:  # a repository git refuses to read
                raise ToolError(f"git cannot read the work tree of {folder}: {said[0]}")
            raise ToolError(f"{folder} is not in a git work tree, so there is no git:{rev} to compare with")
        top = os.path.realpath(found.stdout.decode("utf-8", "replace").strip())
        # a revision spelled like an option is none (and must never reach git as one)
        named = (
            None
            if not rev or rev.startswith("-")
            else _git(top, ["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"])
        )
        if named is None or named.returncode != 0:
            raise ToolError(f"Unknown git revision: {rev} (in the work tree {top})")
        return cls(top, rev, named.stdout.decode("ascii").strip())

    def text_of(self, real: str) -> str | None:
        """A layer's text at this revision; ``None`` to read the disk (a layer outside the
        work tree, or one missing both then and now)."""
        inside = os.path.relpath(real, self.top)
        if inside == os.pardir or inside.startswith(os.pardir + os.sep):
            return None
        blob = _git(self.top, ["cat-file", "blob", f"{self.commit}:{inside.replace(os.sep, '/')}"])
        if blob.returncode == 0:
            return blob.stdout.decode("utf-8", errors="replace")
        if os.path.lexists(real):
            raise ToolError(f"{inside} is not in git revision {self.rev}: the building did not hold it then")
        return None


def load_at_revision(entry: str, rev: str, release: Release = DEFAULT):
    """The composed Model of ``entry`` as it stood at git revision ``rev``, read as ``release``."""
    from koyu_model import KoyuError, load

    revision = Revision.of(entry, rev)
    try:
        return load(entry, overlay=revision.text_of, release=release)
    except KoyuError as err:
        raise ToolError(f"At git revision {rev}: {err}") from None
