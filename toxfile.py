"""tox's inline plugin (tox loads ``toxfile.py`` beside tox.ini): find pyenv's interpreters.

pyenv installs each Python under ``$PYENV_ROOT/versions/X.Y.Z`` (``~/.pyenv`` by default)
and puts only the ``pyenv global`` one behind its shims, so ``python3.10`` is usually not
on PATH. This hands every installed CPython to tox's own ``--discover`` ("for Python
discovery first try these Python executables"): each env takes the first one matching
its ``pyXY``, and PATH is searched after them as usual. Nothing found still fails the
env, naming it (``skip_missing_interpreters = false``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from tox.plugin import impl

_RELEASE = re.compile(r"(\d+)\.(\d+)\.(\d+)")  # a CPython release folder, not 3.13-dev or a virtualenv


def pyenv_interpreters() -> list[str]:
    """``$PYENV_ROOT/versions/X.Y.Z/bin/pythonX.Y`` of every installed release, newest first."""
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    found = []
    for folder in (root / "versions").glob("*"):
        release = _RELEASE.fullmatch(folder.name)
        if release is None:
            continue
        major, minor, micro = (int(part) for part in release.groups())
        executable = folder / "bin" / f"python{major}.{minor}"
        if executable.is_file() and os.access(executable, os.X_OK):
            found.append(((major, minor, micro), str(executable)))
    return [executable for _, executable in sorted(found, reverse=True)]


@impl
def tox_add_core_config(core_conf, state) -> None:
    options = state.conf.options
    if hasattr(options, "discover"):  # commands that create no env have no --discover
        options.discover = [*options.discover, *pyenv_interpreters()]
