"""What every ``koyu`` command does the same way: a read error as one ``✖`` line on
stderr with exit 1 (spec: reference/cli/ — "a read error prints ✖ <message>"), and
UTF-8 bytes on stdout whatever the console's encoding.
"""

from __future__ import annotations

import sys

from koyu_model import KoyuError


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
