"""What every ``koyu`` command does the same way: a read error as one ``✖`` line on
stderr with exit 1 (spec: reference/cli/ — "a read error prints ✖ <message>"), UTF-8
bytes on stdout whatever the console's encoding, and a drawing saved in one step.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import tempfile
from collections.abc import Callable

from koyu_model import KoyuError, load
from koyu_model.model import Model


def fail(error: Exception) -> int:
    """Print ``✖ <message>`` on stderr and give exit code 1.

    A KoyuError's str() is the documented sentence; anything else is a last-resort
    catch (bad input never escapes as a traceback), so its type is said too.
    """
    if isinstance(error, KoyuError):
        print(f"✖ {error}", file=sys.stderr)
    else:
        print(f"✖ {type(error).__name__}: {error}", file=sys.stderr)
    return 1


def write(text: str) -> None:
    """Write ``text`` to stdout as UTF-8 bytes and flush."""
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()


def save(path: str, text: str) -> bool:
    """Write ``text`` to ``path`` (its folder made if missing) in one step, so a failure
    leaves no half-written file. False, with ``✖ Cannot write <path>: <reason>`` on
    stderr, when the file cannot be written."""
    try:
        _replace(path, text)
    except OSError as e:
        print(f"✖ Cannot write {path}: {e.strerror or e}", file=sys.stderr)
        return False
    return True


def _replace(path: str, text: str) -> None:
    """``text`` to ``path``: written beside it, then moved over it."""
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    fd, scratch = tempfile.mkstemp(dir=folder, prefix=".koyu-", suffix=".svg")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(scratch, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's 0600
        os.replace(scratch, path)
    except BaseException:
        if os.path.exists(scratch):
            os.unlink(scratch)
        raise


# a positive decimal as a person writes one: 0.02, .5, 2, 1e-3 (ASCII digits only)
_NUMBER = re.compile(r"\+?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?")


def flag_value(value: str) -> str:
    """A flag's value, ``-d=NE`` read as ``-d NE`` (the original silently ignored it)."""
    return value[1:] if value.startswith("=") else value


def positive_scale(text: str) -> float | None:
    """The scale written (px per mm), or None when it is not a positive finite number."""
    if not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if 0 < value < float("inf") else None


def scale_flag(value: str) -> float | None:
    """A drawing's ``-s`` value as px per mm; None, after ``-s takes a positive number: …``
    on stderr, when it is not one (a calling mistake: exit 2)."""
    text = flag_value(value)
    scale = positive_scale(text)
    if scale is None:
        print(f"-s takes a positive number: {text}", file=sys.stderr)
    return scale


def answers(answer: Callable[[Model, argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A subcommand's ``run`` made from ``answer(model, args)``: the entry ``args.file`` is
    read first, and a read error is one ``✖`` line and exit 1 (anything unexpected after
    that is caught once, in main)."""

    @functools.wraps(answer)
    def run(args: argparse.Namespace) -> int:
        try:
            model = load(args.file, release=args.release)
        except KoyuError as e:
            return fail(e)
        return answer(model, args)

    return run
