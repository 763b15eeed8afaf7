"""The Form: the derived shape of a building, as frozen records.

reference/form/index.md and reference/api/derive.md define ``Form``; this module holds its
types and nothing else (no derivation, no JSON); a boundary's ``Segment`` is the geometry
kernel's record, named here too. Field names are Python spellings of the
spec's; each field's JSON key (when it differs) and its nested record type are kept in the
field's metadata so that ``serialize.py`` can write and read the exact shape of
``koyu form FILE`` without a second table of names.

Fields declared in the spec's order are written in that order. A field that may be absent
(``h?``, ``swing?`` ...) defaults to ``None`` and is omitted from JSON, never written null.
Sequences are tuples (converted on construction), so a Form is immutable end to end.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from koyu_model.geometry.segments import Segment  # the kernel's record, carried as it is

__all__ = [
    "Number",
    "Pt",
    "Seg2",
    "Rect",
    "Segment",
    "FormInput",
    "FormLevel",
    "FormSpace",
    "FormPanel",
    "FormMaterial",
    "FormBoundary",
    "FormSwing",
    "FormOpening",
    "FormSeg",
    "Slab",
    "FormColumn",
    "RunPart",
    "RunSolid",
    "FormRun",
    "FormSite",
    "PlanArc",
    "PlanAnchor",
    "PlanEntity",
    "FormPlan",
    "Form",
    "PLAN_CLASSES",
    "PLAN_SUBJECTS",
    "PLAN_ROLES",
]

Number = int | float

# reference/form/plan.md — the closed vocabularies of a plan entity.
PLAN_CLASSES = ("cut", "below", "above", "swing", "anchor")
PLAN_SUBJECTS = ("space", "boundary", "opening", "column", "run")
PLAN_ROLES = ("outline", "tread", "break", "arrow")


def _tuple(value: Any) -> Any:
    if value is None or isinstance(value, tuple):
        return value
    return tuple(value)


def _tuple2(value: Any) -> Any:
    if value is None:
        return value
    return tuple(_tuple(v) for v in value)


def _f(key: str | None = None, of: Any = None, *, optional: bool = False, seq: int = 0, default: Any = attrs.NOTHING):
    """A record field. ``key``: JSON key when not the Python name; ``of``: nested record
    type; ``seq``: 1 for a list of ``of``, 2 for a list of lists; ``optional``: absent
    means None and is omitted from JSON."""
    meta = {"key": key, "of": of, "seq": seq, "optional": optional}
    converter = _tuple if seq == 1 else _tuple2 if seq == 2 else None
    if optional and default is attrs.NOTHING:
        default = None
    if converter is not None:
        return attrs.field(metadata=meta, converter=converter, default=default)
    return attrs.field(metadata=meta, default=default)


# --- geometry -------------------------------------------------------------------------


class Pt(NamedTuple):
    """A point in plan, mm (reference/api/model.md `Pt`). The one record that is a named
    tuple: a Form holds tens of thousands of points, and a section reads a footprint or an
    outline as the (x, y) ring it is, without a copy. ``serialize.py`` writes it {x, y}."""

    x: Number
    y: Number


@attrs.frozen
class Seg2:
    """A 2D segment, mm (reference/api/solids.md `Seg2`): plan entity lines, arrows."""

    x1: Number = _f()
    y1: Number = _f()
    x2: Number = _f()
    y2: Number = _f()


@attrs.frozen
class Rect:
    """A rectangle of a vertical run, mm. Written x1, x2, y1, y2 — the key order the
    original's run objects carry (reference/form/vertical-runs.md; api/solids.md)."""

    x1: Number = _f()
    x2: Number = _f()
    y1: Number = _f()
    y2: Number = _f()


# --- levels and spaces ----------------------------------------------------------------


@attrs.frozen
class FormInput:
    """The argument the derivation was given: the plan cut height above FL, mm
    (reference/form/plan.md — the cut is an input to the Form, not part of it)."""

    cut: Number = _f()


@attrs.frozen
class FormLevel:
    """A level and its storey pitch (reference/form/index.md, bodies.md).

    ``pitch``: how far walls and columns rise — the z difference to the level above, or
    on the top level the tallest ceiling height plus ROOF_T; absent when it cannot be
    determined (then nothing stands on that level).
    """

    name: str = _f()
    z: Number = _f()
    h: Number | None = _f(optional=True)
    slab: Number | None = _f(optional=True)
    pitch: Number | None = _f(optional=True)


@attrs.frozen
class FormSpace:
    """A space with a region: its derived convex pieces (reference/form/regions.md).

    ``outline``: the pieces, each counter-clockwise — never the written allocation.
    ``area_m2``: rounded to 0.01 m². ``z0``/``z1``: the volume, only when a ceiling
    height is settled. ``covered``: a space is stacked above it. Spaces without a
    region (an exterior) are not in the Form (api/derive.md `FormSpace`). ``type`` is absent
    when none was written (0.27). ``outside``/``void``: what the space is
    (``koyu_model.Space``); only 0.27's Form writes them (``Release.form_space_facts``).
    """

    path: str = _f()
    type: str | None = _f(optional=True)
    level: str | None = _f(optional=True)
    outline: tuple[tuple[Pt, ...], ...] = _f(of=Pt, seq=2, default=())
    area_m2: Number | None = _f("areaM2", optional=True)
    z0: Number | None = _f(optional=True)
    z1: Number | None = _f(optional=True)
    indoor: bool = _f(default=False)
    semi_outdoor: bool = _f("semiOutdoor", default=False)
    outside: bool = _f(default=False)
    void: bool = _f(default=False)
    covered: bool = _f(default=False)


# --- boundaries, openings, segs -------------------------------------------------------


@attrs.frozen
class FormPanel:
    """One interval of a wall between openings, with its z range
    (reference/form/bodies.md — a wall is a list of intervals split by openings).
    ``footprint``: the interval's body with the junctions at its ends settled (0.27,
    bodies.md "Where two walls meet"); None where the release does not join walls."""

    x1: Number = _f()
    y1: Number = _f()
    x2: Number = _f()
    y2: Number = _f()
    z0: Number = _f()
    z1: Number = _f()
    footprint: tuple[Pt, ...] | None = _f(of=Pt, seq=1, optional=True)


@attrs.frozen
class FormMaterial:
    """The matter of a wall: thickness, z range and its panels (reference/form/bodies.md).
    Present only on a ``wall`` with a level and a settled storey pitch."""

    t: Number = _f()
    z0: Number = _f()
    z1: Number = _f()
    panels: tuple[FormPanel, ...] = _f(of=FormPanel, seq=1, default=())


@attrs.frozen
class FormBoundary:
    """One derived segment of a boundary (reference/form/boundaries.md).

    A boundary with several segments gives one FormBoundary per segment, all with the
    same ``ref`` ``<a>|<b>@<i>``; ``boundary`` is the index i into canonical boundary
    order. ``kind`` is wall/open/stair/shaft/void; ``derived``: a default wall between
    touching spaces; ``air``: a non-enclosing boundary (rail, fence). ``material`` is
    absent when there is no matter (``type:open``, no pitch).
    """

    ref: str = _f()
    boundary: int = _f()
    a: str = _f()
    b: str = _f()
    kind: str = _f()
    derived: bool = _f()
    level: str | None = _f(optional=True)
    air: bool = _f(default=False)
    segment: Segment = _f(of=Segment, default=None)
    material: FormMaterial | None = _f(of=FormMaterial, optional=True)


@attrs.frozen
class FormSwing:
    """Where a door opens (reference/form/bodies.md — where a door opens, and its trace).

    ``into``: the space it opens into; ``hinge``: the centre of the quarter circle;
    ``leaf``: the leaf tip fully open; ``jamb``: the far jamb; ``ccw``: the arc from
    leaf to jamb sweeps counter-clockwise.
    """

    into: str = _f()
    hinge: Pt = _f(of=Pt)
    leaf: Pt = _f(of=Pt)
    jamb: Pt = _f(of=Pt)
    ccw: bool = _f()


@attrs.frozen
class FormOpening:
    """A door or window placed on a boundary segment (reference/form/bodies.md).

    ``ref`` is ``<boundary ref>/<index>``. ``cx``/``cy``: centre, mm; ``w``: width;
    ``z0``/``z1``: a door rises from FL to its head, anything else hangs from
    OPENING_HEAD; ``t``: leaf thickness = wall thickness. ``swing`` on doors that swing;
    ``sliding`` for style:sliding / style:auto (no trace).
    """

    ref: str = _f()
    boundary: int = _f()
    index: int = _f()
    a: str = _f()
    b: str = _f()
    kind: str = _f()
    name: str | None = _f(optional=True)
    level: str | None = _f(optional=True)
    segment: Segment = _f(of=Segment, default=None)
    cx: Number = _f(default=0)
    cy: Number = _f(default=0)
    w: Number = _f(default=0)
    z0: Number = _f(default=0)
    z1: Number = _f(default=0)
    t: Number = _f(default=0)
    style: str | None = _f(optional=True)
    swing: FormSwing | None = _f(of=FormSwing, optional=True)
    sliding: bool = _f(default=False)


@attrs.frozen
class FormSeg:
    """Where an uncounted subdivision (`seg`) sits on a boundary segment
    (reference/api/derive.md `FormSeg`). ``ref`` is ``<boundary ref>~<index>``;
    ``t`` is the band's thickness = wall thickness."""

    ref: str = _f()
    boundary: int = _f()
    index: int = _f()
    level: str | None = _f(optional=True)
    segment: Segment = _f(of=Segment, default=None)
    cx: Number = _f(default=0)
    cy: Number = _f(default=0)
    w: Number = _f(default=0)
    t: Number = _f(default=0)


# --- slabs and columns ----------------------------------------------------------------


@attrs.frozen
class Slab:
    """A floor, ceiling or roof over one derived piece (reference/form/bodies.md —
    floors, ceilings and roofs; api/solids.md `Slab`)."""

    kind: str = _f()
    space: str = _f()
    level: str = _f()
    outline: tuple[Pt, ...] = _f(of=Pt, seq=1, default=())
    z0: Number = _f(default=0)
    z1: Number = _f(default=0)


@attrs.frozen
class FormColumn:
    """A column standing where a grid intersection meets a floor (reference/form/bodies.md
    — columns; api/derive.md `FormColumn`).

    ``grid``: the pair of grid lines (``X3/Y2``); ``decl``: index of the declaration that
    raised it; ``attrs``: the declaration's attributes as (key, value) pairs in the
    original's object order; ``ref``: ``<level>/<X grid>/<Y grid>``; z from FL to FL+pitch.
    """

    x: Number = _f()
    y: Number = _f()
    w: Number = _f()
    d: Number = _f()
    level: str = _f()
    grid: str = _f()
    decl: int = _f()
    attrs: tuple[tuple[str, Any], ...] = _f(seq=1, default=())
    ref: str = _f(default="")
    z0: Number = _f(default=0)
    z1: Number = _f(default=0)


# --- vertical runs --------------------------------------------------------------------


@attrs.frozen
class RunPart:
    """A flight or landing of a vertical run (reference/form/vertical-runs.md).

    ``t0``/``t1``: span along the run; ``s0``/``s1``: across it, from the left of the
    direction of travel; ``z0``/``z1``: height at t0 and t1; ``reversed``: a person
    travels towards decreasing t. ``risers``/``tread`` on stair flights; ``lane``: which
    parallel unit (escalators).
    """

    kind: str = _f()
    rect: Rect = _f(of=Rect)
    t0: Number = _f()
    t1: Number = _f()
    s0: Number = _f()
    s1: Number = _f()
    z0: Number = _f()
    z1: Number = _f()
    reversed: bool = _f()
    risers: int | None = _f(optional=True)
    tread: Number | None = _f(optional=True)
    lane: int | None = _f(optional=True)


@attrs.frozen
class RunSolid:
    """A solid of a vertical run (reference/api/solids.md `RunSolid`).

    ``kind`` "box" (treads, landings, lift cars: rect, z0, z1) or "incline" (ramps,
    escalator decks, balustrades: also ``up``, the edge that is higher, and ``t``).
    """

    kind: str = _f()
    rect: Rect = _f(of=Rect)
    up: str | None = _f(optional=True)
    z0: Number = _f(default=0)
    z1: Number = _f(default=0)
    t: Number | None = _f(optional=True)


@attrs.frozen
class FormRun:
    """Vertical circulation: the step division and its solids
    (reference/form/vertical-runs.md; api/solids.md `VerticalRun` + ``solids``).

    A run carries no ``ref``: ``path`` is the space that declared it. ``upper``: the
    level reached (absent for a lift closing on its own level). ``up``: direction of
    ascent; ``turn``: L/R; aggregates ``risers``/``riser``/``tread`` (stairs),
    ``slope`` (steepest flight), ``going`` (first unit's horizontal length).
    """

    path: str = _f()
    device: str = _f()
    form: str = _f()
    level: str = _f()
    upper: str | None = _f(optional=True)
    z0: Number = _f(default=0)
    z1: Number = _f(default=0)
    rise: Number = _f(default=0)
    up: str = _f(default="N")
    turn: str = _f(default="R")
    rect: Rect = _f(of=Rect, default=None)
    length: Number = _f(default=0)
    width: Number = _f(default=0)
    entry: Number = _f(default=0)
    lanes: int = _f(default=1)
    parts: tuple[RunPart, ...] = _f(of=RunPart, seq=1, default=())
    risers: Number = _f(default=0)
    riser: Number = _f(default=0)
    tread: Number = _f(default=0)
    slope: Number = _f(default=0)
    going: Number = _f(default=0)
    solids: tuple[RunSolid, ...] = _f(of=RunSolid, seq=1, default=())


# --- site -----------------------------------------------------------------------------


@attrs.frozen
class FormSite:
    """A given site polygon and its area, unrounded (reference/api/derive.md `FormSite`;
    COMPAT.md §8 — in polygon declaration order)."""

    path: str = _f()
    points: tuple[Pt, ...] = _f(of=Pt, seq=1, default=())
    area_m2: Number = _f("areaM2", default=0)


# --- the plan -------------------------------------------------------------------------


@attrs.frozen
class PlanArc:
    """The trace of a swinging door: centre, radius, from the leaf tip to the jamb
    (reference/form/plan.md)."""

    cx: Number = _f()
    cy: Number = _f()
    r: Number = _f()
    from_: Pt = _f("from", of=Pt)
    to: Pt = _f(of=Pt)
    ccw: bool = _f()


@attrs.frozen
class PlanAnchor:
    """A seat for a symbol; ``up`` on a run arrow says whether travelling it climbs
    (reference/form/plan.md)."""

    x: Number = _f()
    y: Number = _f()
    up: bool | None = _f(optional=True)


@attrs.frozen
class PlanEntity:
    """One classified 2D entity of a plan (reference/form/plan.md).

    ``klass`` (JSON ``class``): cut / below / above / swing / anchor. ``of``: space /
    boundary / opening / column / run. ``ref``: the subject's identity (a run's path).
    ``role`` on runs: outline / tread / break / arrow. ``polygon``: the footprint;
    ``lines``: centre lines; ``arc``: a door's trace; ``anchor``: a symbol's seat.
    """

    klass: str = _f("class")
    of: str = _f()
    ref: str = _f()
    role: str | None = _f(optional=True)
    polygon: tuple[Pt, ...] | None = _f(of=Pt, seq=1, optional=True)
    lines: tuple[Seg2, ...] | None = _f(of=Seg2, seq=1, optional=True)
    arc: PlanArc | None = _f(of=PlanArc, optional=True)
    anchor: PlanAnchor | None = _f(of=PlanAnchor, optional=True)


@attrs.frozen
class FormPlan:
    """The plan of one level: the cut (above FL and in world z) and its entities
    (reference/form/plan.md; COMPAT.md §8 for the entity order)."""

    level: str = _f()
    cut: Number = _f()
    cut_z: Number = _f("cutZ")
    entities: tuple[PlanEntity, ...] = _f(of=PlanEntity, seq=1, default=())


@attrs.frozen
class Form:
    """The derived shape of a building — the one return value of derive(model)
    (reference/form/index.md). It carries no appearance: coordinates, thicknesses, z
    ranges, directions, identities and the plan classification only.

    Orders (COMPAT.md §8): spaces and slabs in path collation order; boundaries in
    canonical boundary order, one entry per segment; runs by z0 then path; columns by
    level z; site in polygon declaration order; plans one per level.
    """

    input: FormInput = _f(of=FormInput)
    levels: tuple[FormLevel, ...] = _f(of=FormLevel, seq=1, default=())
    spaces: tuple[FormSpace, ...] = _f(of=FormSpace, seq=1, default=())
    boundaries: tuple[FormBoundary, ...] = _f(of=FormBoundary, seq=1, default=())
    openings: tuple[FormOpening, ...] = _f(of=FormOpening, seq=1, default=())
    segs: tuple[FormSeg, ...] = _f(of=FormSeg, seq=1, default=())
    slabs: tuple[Slab, ...] = _f(of=Slab, seq=1, default=())
    columns: tuple[FormColumn, ...] = _f(of=FormColumn, seq=1, default=())
    runs: tuple[FormRun, ...] = _f(of=FormRun, seq=1, default=())
    site: tuple[FormSite, ...] = _f(of=FormSite, seq=1, default=())
    plans: tuple[FormPlan, ...] = _f(of=FormPlan, seq=1, default=())
