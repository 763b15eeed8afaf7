"""The version line, ``koyu 1.0`` / ``muro 1.4`` (spec: reference/muro/version.md,
diagnostics/ver.md): which version it declares, or why it declares none.

What a release reads here is data on its ``Release``: the versions (``reads``), the first
one spelled ``muro`` (``muro_from``), whether a later version than the newest is VER06
(``newer_is_ver06``). Where and how often the line is written is the composition's
(``declarations.Declarations.d_version``).
"""

from __future__ import annotations

import re

from koyu_model.errors import NewerVersion, NotationError
from koyu_model.release import Release

__all__ = ["declared_version"]

# A version that could be one of a later release: <major>.<minor>, ASCII digits. Anything
# else not read (`0`, `-1.4`, a dotless run of digits) is no version at all.
_LATER_SHAPE = re.compile(r"([0-9]+)\.([0-9]+)\Z")


def _word_for(release: Release, version: str, later: bool) -> str:
    """The one word ``version``'s line is spelled with."""
    muro_from = release.muro_from
    if muro_from is None:
        return "koyu"
    if later or release.reads.index(version) >= release.reads.index(muro_from):
        return "muro"
    return "koyu"


def _is_later(release: Release, version: str) -> bool:
    """Whether ``version`` (not read) is later than the newest read one, by number."""
    m = _LATER_SHAPE.match(version)
    if m is None:
        return False
    newest = release.newest.split(".")
    return (int(m[1]), int(m[2])) > (int(newest[0]), int(newest[1]))


def declared_version(release: Release, toks: list[str], line: int, file: str) -> str:
    """The version a line ``<word> <version>`` declares, ``toks[0]`` one of
    ``release.version_words``; an error in the documented words otherwise."""
    word = toks[0]
    if len(toks) < 2:
        newest = release.newest
        raise NotationError(f"{word} takes a version: {_word_for(release, newest, False)} {newest}", line, file)
    if len(toks) > 2:
        raise NotationError(f"Extra tokens on the {word} version declaration: {' '.join(toks[2:])}", line, file)
    version = toks[1]
    known = version in release.reads
    later = not known and release.newer_is_ver06 and _is_later(release, version)
    if not known and not later:
        raise NotationError(
            f"Unsupported {word} version: {version} (this tool supports {', '.join(release.reads)})", line, file
        )
    muro_from = release.muro_from
    wanted = _word_for(release, version, later)
    if muro_from is not None and word != wanted:
        if wanted == "muro":
            last_koyu = release.reads[release.reads.index(muro_from) - 1]
            raise NotationError(
                f'muro {version} names itself muro: write "muro {version}". The koyu spelling names the'
                f" implementation and stops at {last_koyu}",
                line,
                file,
            )
        raise NotationError(
            f"The muro keyword arrives in {muro_from}, and a {version} processor cannot read it — a"
            f' {version} file declares itself "koyu {version}"',
            line,
            file,
        )
    if later:
        raise NewerVersion(
            f"This file is written in muro {version}, and this build of koyu ({release.koyu}) reads up to"
            f" {release.newest}. The file is not the problem — upgrade koyu",
            line,
            file,
        )
    return version
