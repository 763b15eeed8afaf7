"""``koyu graph FILE`` — adjacency space by space (spec: reference/cli/graph.md).

Spaces in model (declaration) order, each as ``path (display name)``, then one indented
line per neighbour: the declared boundaries naming it in model order, then the derived
default walls (koyu_model.derived: ``boundaries_naming``, then ``boundary_table``) — so every
relation shows from both sides and an undeclared contact reads ``| wall``. Where the release
derives walls to the outside (muro 1.4), a space's derived exterior wall is one more
neighbour, ``→ outside`` (the reserved name: the outside is no space, so it gets no heading
of its own). A line is
``  <mark> → <other path>`` and, when the boundary has attributes, two spaces and
``(key:value …)``. Exit 0 always once the building reads (graph passes no judgement); a
read error prints ``✖ <message>``, exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.model import Boundary, Model

# The marks of cli/graph.md "The marks"; a wall with doors is worded by _mark.
MARKS = {
    "open": "〰 open",
    "stair": "↕ stair",
    "shaft": "↕ shaft (not passable)",
    "void": "↕ void",
}
WALL = "| wall"
#: the reserved counterpart of a derived exterior wall (form/boundaries.md "The rest of the
#: perimeter"): no space path can be it, as every space path begins with ``/``
OUTSIDE = "outside"
RAILING = "| railing etc. (open to the air, not passable)"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")


def _mark(b: Boundary) -> str:
    """The mark of one boundary: a wall passes with a door (asking.route.passable), and
    only then is its door count said; a doorless ``air:1`` wall is a railing."""
    from koyu_model.asking.route import passable

    kind = b.kind
    if kind == "wall":
        if passable(b):
            doors = sum(1 for o in b.openings if o.kind == "door")
            return f"— {doors} door" if doors == 1 else f"— {doors} doors"
        return RAILING if b.air else WALL
    # an unknown type word (check reports it) is shown as written, never passable
    return MARKS.get(kind, f"| {kind}")


def _attrs_text(b: Boundary) -> str:
    """``  (key:value …)`` in JavaScript's key order, numbers written as JavaScript writes them;
    nothing for a boundary without attributes (structure keys t/type/air/edge are not
    attributes: model.py lifts them)."""
    if not b.attrs:
        return ""
    from koyu_model.jsjson import js_number, js_object_order

    parts = []
    for k, v in js_object_order(b.attrs).items():
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            v = js_number(v)
        parts.append(f"{k}:{v}")
    return "  (" + " ".join(parts) + ")"


def _naming(model: Model) -> dict[str, tuple[int, ...]]:
    """path → the declared boundaries naming it, then the derived walls naming it — the
    default walls between two spaces, then its wall to the outside — as indices into the
    boundary table."""
    from koyu_model.derived import boundaries_naming, boundary_table

    out = dict(boundaries_naming(model))
    table = boundary_table(model)
    derived = table.boundaries[table.declared :]
    for i, b in enumerate(derived, table.declared):
        for side in (b.a, b.b):  # two different spaces, or a space and the outside
            out[side] = out.get(side, ()) + (i,)
    return out


def graph_lines(model: Model) -> list[str]:
    from koyu_model.derived import boundary_table
    from koyu_model.queries import display_name

    spaces = model.spaces
    boundaries = boundary_table(model).boundaries
    of = _naming(model)
    lines: list[str] = []
    # one boundary's text (mark and attributes) is the same from both sides: made once
    said: dict[int, tuple[str, str]] = {}
    for path, space in spaces.items():
        lines.append(f"{path} ({display_name(space)})")
        for i in of.get(path, ()):
            b = boundaries[i]
            other = b.b if b.a == path else b.a
            if other not in spaces and other != OUTSIDE:
                continue  # a missing space is no neighbour (REF01 speaks for it)
            text = said.get(i)
            if text is None:
                text = said[i] = (_mark(b), _attrs_text(b))
            lines.append(f"  {text[0]} → {other}{text[1]}")
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    lines = graph_lines(model)
    if lines:
        write("\n".join(lines) + "\n")
    return 0
