"""GlobalIds derived, never drawn: the same building gives the same identifiers on any
machine and on every run, and editing one room leaves every other object's alone.

Every GlobalId is the IFC compression of the name-based UUID (version 5) of
``"<kind>:<identity>"`` in koyu's namespace — koyu 0.27.0's exporter's rule, so that our
file and the original's name every object alike: a space by its ``uid:`` or else its
path, a wall by ``<ref>#<index among the segments of that ref>``, a slab by
``<space>/<kind>#<index>``, a property set by ``pset:<tag>``, a relationship by what it
relates (a classification's by ``use:<use>:<the classified object's GlobalId>``).
"""

from __future__ import annotations

import uuid

from ifcopenshell.guid import compress

NAMESPACE = uuid.UUID("fb2ab0b6-b032-5b19-a7c9-377840b94073")


def global_id(kind: str, identity: str) -> str:
    return compress(uuid.uuid5(NAMESPACE, f"{kind}:{identity}").hex)
