"""How the original reads a call ``koyu <command> <file> [args...]``: by place and by
name, forgiving what it does not know. Scripts written against koyu rely on these quirks,
so they are kept (reference/cli/plan.md: "the ``-l=L2`` form does nothing"):

- the file is the token after the command, whatever it looks like (``check --json a.muro``
  reads the file ``--json``); a later positional (doors' two paths, diff's second file) is
  the token after that, or None when the call ends first;
- a flag is looked for among the tokens after the file; its value is the token that follows
  its first appearance, whatever that is (``-s -1`` asks for the scale -1), and a flag with
  nothing after it keeps its default (``plan a.muro -l`` draws the default level);
- a token no subcommand reads is ignored (``check a.muro --verbose``), and so is
  ``-l=L2``: a flag is a whole token.

Each subcommand declares what it reads with argparse's words (``add_argument``), so the
declaration reads as usual; only the reading differs.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import attrs


@attrs.define
class _Flag:
    names: tuple[str, ...]
    dest: str
    default: Any
    action: str
    convert: Callable[[str], Any] | None


class CallReader:
    """What one subcommand reads from its call; ``read(argv)`` reads it."""

    def __init__(self) -> None:
        self._positionals: list[str] = []
        self._flags: list[_Flag] = []

    def add_argument(
        self,
        *names: str,
        dest: str | None = None,
        default: Any = None,
        action: str = "store",
        type: Callable[[str], Any] | None = None,  # noqa: A002 - argparse's word
        nargs: str | None = None,
    ) -> None:
        """A positional (``"file"``, ``"other"``) or a flag. ``action`` is ``store`` (the
        value after it), ``store_true``/``store_false`` (present or not) or ``append``
        (the value after each appearance, None where the call ends; none: ``[]``). ``nargs``
        is accepted for argparse's sake: every positional after the file is optional here,
        and a flag's missing value is its default."""
        if not names[0].startswith("-"):
            self._positionals.append(names[0])
            return
        name = dest or names[-1].lstrip("-").replace("-", "_")
        self._flags.append(_Flag(names, name, default, action, type))

    def read(self, argv: list[str]) -> argparse.Namespace:
        """``argv`` from the command on (the command and its file at least): its
        positionals by place, its flags by name. A flag's ``type`` may raise ValueError."""
        values: dict[str, Any] = {"command": argv[0]}
        for i, name in enumerate(self._positionals, start=1):
            values[name] = argv[i] if i < len(argv) else None
        rest = argv[2:]
        for flag in self._flags:
            values[flag.dest] = _flag_value(flag, rest)
        return argparse.Namespace(**values)


def _flag_value(flag: _Flag, rest: list[str]) -> Any:
    places = [i for i, token in enumerate(rest) if token in flag.names]
    if flag.action == "store_true":
        return bool(places)
    if flag.action == "store_false":
        return not places
    following = [rest[i + 1] if i + 1 < len(rest) else None for i in places]
    if flag.action == "append":
        return following
    if not following or following[0] is None:
        return flag.default
    return flag.convert(following[0]) if flag.convert else following[0]
