"""An atomic whole-file replacement (spec: reference/mcp/tools-write.md, "The write is atomic").

The text goes to ``<target>.tmp-<pid>`` in the target's own directory, is flushed to disk,
then renamed over the target; the directory is flushed so the rename itself survives a
crash. If anything fails, the temporary file is removed and the target is left exactly as
it was — untouched, never half-written.
"""

from __future__ import annotations

import os
import stat

__all__ = ["write_atomically", "node_utf8"]


def node_utf8(text: str) -> bytes:
    """UTF-8 as Node writes a JavaScript string: a lone surrogate becomes U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def _mode_of(path: str) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666  # a new file: the umask decides, as for any created file


def write_atomically(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; raises ``OSError`` with the original intact."""
    directory = os.path.dirname(path)
    tmp = f"{path}.tmp-{os.getpid()}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    mode = _mode_of(path)
    try:
        fd = os.open(tmp, flags, mode)
    except FileExistsError:  # a leftover of a crashed write by a process with our pid
        os.unlink(tmp)
        fd = os.open(tmp, flags, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_directory(directory)


def _sync_directory(directory: str) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems cannot sync a directory; the rename has happened
    finally:
        os.close(fd)
