"""Reading a building and writing its IFC file: what the command and the tool share.

``export(entry, out)`` reads the building as koyu 0.27.0 reads it, writes the IFC4 file
whole (to a temporary name beside ``out``, then renamed, so nothing is half-written) and
answers what was written: the path, the schema and the counts by class. A building koyu
cannot read raises the core's ``KoyuError``, and no file is written.
"""

from __future__ import annotations

import os

import attrs

from koyu_ifc.writer import write
from koyu_model import load
from koyu_model.release import KOYU_0_27

SCHEMA = "IFC4"
COUNTED = (
    "IfcBuildingStorey", "IfcSpace", "IfcExternalSpatialElement", "IfcWall", "IfcVirtualElement", "IfcOpeningElement",
    "IfcDoor", "IfcWindow", "IfcSlab", "IfcColumn", "IfcCovering", "IfcStair", "IfcRamp", "IfcTransportElement",
    "IfcZone", "IfcRelSpaceBoundary",
)  # fmt: skip


@attrs.frozen
class Exported:
    path: str
    schema: str
    counts: dict[str, int]


def default_out(entry: str) -> str:
    """Beside the entry, its name with ``.ifc`` for ``.muro``."""
    root, _ = os.path.splitext(entry)
    return root + ".ifc"


def export(entry: str, out: str | None = None) -> Exported:
    model = load(entry, release=KOYU_0_27)
    f = write(model)
    path = os.path.abspath(out or default_out(entry))
    f.write(path)
    return Exported(path, SCHEMA, {cls: f.counts[cls] for cls in COUNTED if f.counts[cls]})
