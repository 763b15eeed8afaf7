"""What every ``koyu`` command does the same way: where its words go, UTF-8 bytes on
stdout whatever the console's encoding, and a drawing saved in one step.

Where the words go is the original's rule, kept here alone. **stdout** carries every
answer, and with it what the command line says about a call it cannot take: the usage
text and ``Unknown command: <name>`` (``usage``), and ``check``'s ``⚠``/``✖`` lines, which
are its answer. **stderr** carries only what went wrong on the way to an answer: a file
that cannot be read (``✖ <message>``, exit 1: ``fail``), a flag's value that is refused
(``-s takes a positive number: abc``, exit 2: ``refuse``), and a failure: where the
original died with a stack trace (``died``), and one nobody foresaw (``fail``).
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


def died(message: object) -> int:
    """Where the original died with a stack trace (a drawing with nothing to draw): its
    message as one ``✖`` line on stderr, exit 1."""
    print(f"✖ {message}", file=sys.stderr)
    return 1


def usage(text: str) -> int:
    """A call the command line cannot take, answered with how to call it (or with
    ``Unknown command: …``): ``text`` on stdout, exit 2."""
    write(text + "\n")
    return 2


def refuse(message: str) -> int:
    """A flag's value that cannot be used: ``message`` on stderr, exit 2."""
    print(message, file=sys.stderr)
    return 2


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


def positive_scale(text: str) -> float | None:
    """The scale written (px per mm), or None when it is not a positive finite number."""
    if not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if 0 < value < float("inf") else None


def scale_flag(text: str) -> float | None:
    """A drawing's ``-s`` value as px per mm; None, after ``-s takes a positive number: …``
    (``refuse``), when it is not one (a calling mistake: exit 2)."""
    scale = positive_scale(text)
    if scale is None:
        refuse(f"-s takes a positive number: {text}")
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
