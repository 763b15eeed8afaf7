"""GlobalIds derived, never drawn: the same building gives the same identifiers on any
machine and on every run, and editing one room leaves every other object's alone.

Every GlobalId is the IFC compression of the name-based UUID (version 5) of
``"<kind>:<identity>"`` in koyu's namespace — koyu 0.27.0's exporter's rule, so that our
file and the original's name every object alike: a space by its ``uid:`` or else its
path, a wall by ``<ref>#<index among the segments of that ref>``, a slab by
``<space>/<kind>#<index>``, a property set by ``pset:<tag>``, a relationship by what it
relates (a classification's by ``use:<use>:<the classified object's GlobalId>``).

The UUID and its compression are spelled out here (a test checks them against ``uuid.uuid5``
and ``ifcopenshell.guid.compress``): the export never imports ifcopenshell.
"""

from __future__ import annotations

import base64
import hashlib
import uuid

NAMESPACE = uuid.UUID("fb2ab0b6-b032-5b19-a7c9-377840b94073")
# uuid5 is SHA-1 over the namespace, then the name. The namespace's hash is kept and copied
# per name: 0.9 µs a GlobalId against uuid.uuid5's 2.8 µs, 15 ms of a tower-sized export's
# 0.31 s, where the margin over koyu 0.27.0's five-fold floor is thinnest (bench/ifc.py).
_SEEDED = hashlib.sha1(NAMESPACE.bytes)

# IFC's base 64 is 22 digits of 6 bits (the first holding the top 2 of the 128), in its own
# alphabet; standard base 64 of the number shifted left by 4 bits gives the same 22 digits
# in the standard alphabet.
_STANDARD = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_IFC = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$"
_TO_IFC = bytes.maketrans(_STANDARD, _IFC)
_VERSION_MASK = ~((0xF000 << 64) | (0xC000 << 48))
_VERSION_5 = (0x5000 << 64) | (0x8000 << 48)  # version 5, the RFC 4122 variant


def compress(n: int) -> str:
    """The 128-bit ``n`` as an IFC GlobalId (``ifcopenshell.guid.compress`` of its hex)."""
    return base64.b64encode((n << 4).to_bytes(17, "big"))[:22].translate(_TO_IFC).decode()


def global_id(kind: str, identity: str) -> str:
    sha = _SEEDED.copy()
    sha.update(f"{kind}:{identity}".encode())
    n = int.from_bytes(sha.digest()[:16], "big")
    return compress((n & _VERSION_MASK) | _VERSION_5)
