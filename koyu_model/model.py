"""The composed Model: what reading and composing ``.muro`` gives (spec: reference/api/model.md).

Data flows one way: text → lines → parsed declarations → **Model** → (check | canonical |
derive → Form) → answers. Everything here is a frozen attrs record. Containers inside a
record (``dict`` attributes, ``dict`` indexes) are plain Python containers for speed:
treat them as read-only — nothing after composition mutates a Model.

How to read a Model
-------------------

* **Model order.** ``Model.spaces``, ``zones``, ``assets``, ``polygons``, ``levels`` are
  dicts and ``boundaries``/``columns`` tuples, all in *model order*: declaration order
  after composition, with an imported layer's declarations inlined where its ``import``
  line stands (COMPAT §7). A dropped-then-redefined element sits where it was redefined.
  This is the scan order ``check`` walks. Canonical JSON sorts separately.
* **Provenance.** Every element carries ``line`` (1-based) and ``file`` (the resolved
  absolute path of the layer that wrote it). Members of a container (openings, segs,
  areas) carry ``line`` and ``src_file`` (the file that really wrote them); **diagnostics
  about a member report the container's ``file`` with the member's ``line``** (COMPAT §5:
  a member added by ``+`` in another layer keeps the edit's line but the container's file).
* **Attributes.** ``attrs`` maps key → value in *insertion order* (an ``over`` that
  changes a key keeps its place; a new key goes last). Values are typed per COMPAT §1:
  a number (``int`` when integral, else ``float``) only when the spelling matches ASCII
  ``-?[0-9]+(\\.[0-9]+)?``, otherwise the string as written (after quote removal).
  Unknown keys (ATT03 material), full-width digits, ``daylight:yes`` … are all kept:
  ``check`` reports them, reading never fails on them. JavaScript iterates such dicts with
  integer-like keys first (COMPAT §1): use ``koyu_model.jsjson.js_object_order`` where the
  original's order leaks (ATT diagnostics' key order, MCP objects keyed by source strings).
  ``attr_src`` maps every key in ``attrs`` to the ``Source`` (file, line) that gave its
  final value: the declaration's line, or the ``over``/``=`` line that last changed it
  (an opening's keys supplied by its asset point at the asset's line).
* **Raw spellings and resolved coordinates.** Grid references are kept as written
  (``"X1+900"``) next to their resolved millimetres, because canonical JSON keeps the
  spelling and derivation needs the number.
* **Structure keys are lifted.** A boundary's ``type``/``t``/``air``/``edge``, an opening's
  or seg's ``w``/``h``/``at``/``edge``/``hinge``/``swing``, a column's ``d``/``x``/``y``, a
  space's ``level``/``w`` are typed fields, not attrs. (An asset keeps them in ``attrs``;
  a ``stack`` lifts only ``type``, COMPAT §4.)

Nothing derived lives here: pieces (regions cut by drawn lines), default walls, standing
columns, semi-outdoor status are raised by ``koyu_model.geometry``/``koyu_model.form``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import attrs

from koyu_model.release import DEFAULT, KOYU_0_16, Release

__all__ = [
    "AttrValue",
    "Attrs",
    "Source",
    "Layer",
    "GridAxis",
    "Grid",
    "Level",
    "Rect",
    "Area",
    "Space",
    "Zone",
    "Asset",
    "Opening",
    "Seg",
    "DrawnLine",
    "Boundary",
    "derived_wall",
    "Column",
    "Polygon",
    "CompositionEdit",
    "Origin",
    "Azimuth",
    "Stash",
    "StashKey",
    "Model",
    "STRUCTURAL_KINDS",
    "VERTICAL_KINDS",
    "VERSIONS",
]

#: An attribute value: a number if its spelling is numeric (COMPAT §1), else a string.
AttrValue = str | int | float
#: An element's attributes, insertion-ordered.
Attrs = dict[str, AttrValue]

#: Boundary kinds (spec: muro/boundary.md). ``wall`` and ``open`` are horizontal.
STRUCTURAL_KINDS = ("wall", "open", "stair", "shaft", "void")
VERTICAL_KINDS = frozenset({"stair", "shaft", "void"})
#: The language versions koyu 0.16.0 accepts, old to new (spec: muro/version.md).
VERSIONS = KOYU_0_16.reads

# Every record is @attrs.frozen(weakref_slot=False), spelled out on each so type checkers
# see attrs classes: slots, frozen, eq by value; no __weakref__ slot: nothing takes a weak
# reference to a record (only to a Model), and thousands of spaces and boundaries would
# each carry it.


@attrs.frozen(weakref_slot=False)
class Source:
    """Where something was written: a layer's resolved absolute path and a 1-based line."""

    file: str
    line: int


@attrs.frozen(weakref_slot=False)
class Layer:
    """One composed file. ``index`` is its strength (0 = entry = weakest; later is stronger).

    ``source`` is the file's full text exactly as read (before NFC), for the ``layers`` tool.
    """

    index: int
    path: str
    source: str


@attrs.frozen(weakref_slot=False)
class GridAxis:
    """One declared grid axis: names ``X1, X2, …`` and their millimetre coordinates."""

    axis: str  # "X" or "Y"
    names: tuple[str, ...]
    coords: tuple[int | float, ...]
    line: int
    file: str


@attrs.frozen(weakref_slot=False)
class Grid:
    """The coordinate system. An axis never declared is ``None`` (canonical writes ``[]``)."""

    X: GridAxis | None = None
    Y: GridAxis | None = None


@attrs.frozen(weakref_slot=False)
class Level:
    """A named floor height (spec: muro/level.md). Levels have no free attributes.

    ``pitch`` and ``range`` are set on levels expanded from a range declaration
    (``level L2..L4 4400 pitch:3400`` → ``range="L2..L4"``). ``underground`` is True only
    when ``underground:1`` was written (never inferred from z).
    """

    name: str
    z: int | float
    h: int | float | None = None
    slab: int | float | None = None
    underground: bool = False
    pitch: int | float | None = None
    range: str | None = None
    line: int = 0
    file: str = ""


@attrs.frozen(weakref_slot=False)
class Rect:
    """One written rectangle of a region, normalised ascending.

    ``xa``/``xb``/``ya``/``yb`` are the grid references as written (``"X1+900"``), swapped
    so that ``x1 < x2`` and ``y1 < y2`` hold for the resolved millimetres. A band's derived
    interior cut is spelled by the floor rule (spec: muro/band.md).
    """

    xa: str
    xb: str
    ya: str
    yb: str
    x1: int | float
    x2: int | float
    y1: int | float
    y2: int | float

    @property
    def spelled(self) -> tuple[str, str, str, str]:
        """The canonical quadruple ``[X start, Y start, X end, Y end]``."""
        return (self.xa, self.ya, self.xb, self.yb)


@attrs.frozen(weakref_slot=False)
class Area:
    """An uncounted subdivision inside a space (spec: muro/area.md). One rectangle."""

    rect: Rect
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    src_file: str  # the file that wrote it; diagnostics use the space's file


@attrs.frozen(weakref_slot=False)
class Space:
    """A space: the primary element (spec: muro/space.md).

    ``level`` is the level it belongs to: the ``level:`` attribute if written, else the
    first path segment if that named a level declared *before* the line, else ``None``
    (SUF02 material). ``level_written`` is the ``level:`` spelling when one was written.
    ``rects`` are the written rectangles in written order (empty = no region).
    ``band`` is True for a member written under ``band`` (its region was derived).
    ``type`` is ``None`` when none was written (0.27 reads it as optional). ``outside`` and
    ``void``: whether the space is outside the building or a void through the floor, as
    the release that read it says (``Release.outside_and_void``).
    """

    path: str
    type: str | None
    level: str | None
    rects: tuple[Rect, ...]
    areas: tuple[Area, ...]
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    file: str
    level_written: str | None = None
    band: bool = False
    outside: bool = False
    void: bool = False

    @property
    def has_region(self) -> bool:
        return bool(self.rects)

    @property
    def first_segment(self) -> str:
        """The first path segment (``"L1"`` for ``/L1/a``)."""
        p = self.path[1:] if self.path.startswith("/") else self.path
        return p.split("/", 1)[0]


@attrs.frozen(weakref_slot=False)
class Zone:
    """A counted aggregation with no geometry (spec: muro/zone.md)."""

    path: str
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    file: str


@attrs.frozen(weakref_slot=False)
class Asset:
    """A door/window type (spec: muro/asset.md). Structure keys (w, h, at…) stay in attrs."""

    name: str
    kind: str  # "door" | "window"
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    file: str


@attrs.frozen(weakref_slot=False)
class Opening:
    """A door or window on a boundary (spec: muro/door.md, window.md).

    ``w``/``h`` are typed (the asset may have supplied them). Position: ``at`` is the ratio
    (0.5 when unwritten) unless ``at_ref`` holds a grid reference as written, in which case
    ``at_abs`` is its resolved millimetres and ``at_axis`` ``"X"``/``"Y"``; canonical JSON
    writes ``at_ref`` when set, else ``at``. ``attrs`` are the merged attributes: the
    asset's, overridden by the line's own (structure keys lifted out). ``name_claimed`` is
    True when ``name:`` was written on the opening's own line (or by ``+``/``=``) with a
    value different from its asset's name — only such names count for UID04 (COMPAT §4).
    """

    kind: str  # "door" | "window"
    ref: str | None
    w: int | float
    h: int | float | None
    at: int | float
    at_ref: str | None
    at_abs: int | float | None
    at_axis: str | None
    edge: str | None
    hinge: str | None
    swing: str | None
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    src_file: str
    name_claimed: bool = False

    @property
    def name(self) -> AttrValue | None:
        return self.attrs.get("name")


@attrs.frozen(weakref_slot=False)
class Seg:
    """An uncounted interval along a boundary (spec: muro/seg.md); positioned like an opening."""

    w: int | float
    at: int | float
    at_ref: str | None
    at_abs: int | float | None
    at_axis: str | None
    edge: str | None
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    src_file: str

    @property
    def name(self) -> AttrValue | None:
        return self.attrs.get("name")


@attrs.frozen(weakref_slot=False)
class DrawnLine:
    """A drawn line under a boundary (spec: muro/line.md).

    Endpoints are ordered by resolved coordinate (x, then y) at the exit of parsing; the
    spellings ``a_ref``/``b_ref`` (``"X1,Y5+2000"``) swap with them.
    """

    a_ref: str
    b_ref: str
    a: tuple[int | float, int | float]
    b: tuple[int | float, int | float]
    line: int


@attrs.frozen(weakref_slot=False)
class Boundary:
    """A declared relation between two space paths (spec: muro/boundary.md).

    ``a``/``b`` are as written (``a`` is the side written first: it orients ``edge`` and
    ``swing``). ``t`` is ``None`` when unwritten; ``air`` True only for ``air:1``; ``edge``
    ``None`` when unwritten, else the word as written (a wrong word is check's to report). ``stack`` is True when the boundary was expanded from a
    ``stack`` line. Default (derived) walls are never in ``Model.boundaries``.
    """

    a: str
    b: str
    kind: str
    t: int | float | None
    air: bool
    edge: str | None
    drawn: DrawnLine | None
    attrs: Attrs
    attr_src: dict[str, Source]
    openings: tuple[Opening, ...]
    segs: tuple[Seg, ...]
    line: int
    file: str
    stack: bool = False

    @property
    def between(self) -> tuple[str, str]:
        """The two paths in code-point order: the identity of the relation."""
        return (self.a, self.b) if self.a <= self.b else (self.b, self.a)

    @property
    def vertical(self) -> bool:
        return self.kind in VERTICAL_KINDS


def derived_wall(a: str, b: str) -> Boundary:
    """A plain ``wall`` between ``a`` and ``b`` that nobody wrote (line 0, no file, nothing
    written on it): a default wall between two spaces, or a wall to the outside."""
    return Boundary(
        a=a,
        b=b,
        kind="wall",
        t=None,
        air=False,
        edge=None,
        drawn=None,
        attrs={},
        attr_src={},
        openings=(),
        segs=(),
        line=0,
        file="",
    )


@attrs.frozen(weakref_slot=False)
class Column:
    """A column declaration (spec: muro/column.md). Where columns stand is derived.

    ``levels`` are the expanded level names in ascending z; ``levels_written`` the level
    word or range as written (``"B2..L6"``, used in COL messages). ``x``/``y`` are the
    ``x:``/``y:`` grid names in grid order (a declared name of the other axis after them,
    by collation), or ``None`` for "every grid line". ``d`` is ``None`` when unwritten.
    """

    size: int | float
    d: int | float | None
    levels: tuple[str, ...]
    levels_written: str
    x: tuple[str, ...] | None
    y: tuple[str, ...] | None
    attrs: Attrs
    attr_src: dict[str, Source]
    line: int
    file: str


@attrs.frozen(weakref_slot=False)
class Polygon:
    """A site polygon: the one free vertex list (spec: muro/polygon.md). Never reordered."""

    path: str
    points: tuple[tuple[int | float, int | float], ...]
    line: int
    file: str


@attrs.frozen(weakref_slot=False)
class Origin:
    """Where the model's ``(0, 0, 0)`` sits in a coordinate reference system (0.27:
    muro/origin.md): EPSG codes carried unresolved, coordinates in **metres**.
    ``elevation`` and ``vertical`` are written together or not at all."""

    epsg: int
    easting: int | float
    northing: int | float
    elevation: int | float | None
    vertical: int | None
    line: int
    file: str

    def to_json(self) -> dict[str, int | float]:
        """The origin as written, in the key order of the canonical entry (json/schema.md)."""
        out: dict[str, int | float] = {"epsg": self.epsg, "easting": self.easting, "northing": self.northing}
        if self.elevation is not None and self.vertical is not None:  # written together or not at all
            out["elevation"] = self.elevation
            out["vertical"] = self.vertical
        return out


@attrs.frozen(weakref_slot=False)
class Azimuth:
    """The true bearing of the model's +Y axis, degrees clockwise from true north,
    ``0 <= degrees < 360`` (0.27: muro/azimuth.md)."""

    degrees: int | float
    line: int
    file: str


@attrs.frozen(weakref_slot=False)
class CompositionEdit:
    """Where an ``over``, ``drop`` or set edit (``+``/``-``/``=``) was written, in scan order.

    ``word`` is ``over``/``drop``/``+``/``-``/``=``; ``subject`` the rest of the line's tokens
    joined by single spaces (``"/L1/a floor:タイル"``). VER04 reads these; nothing else does.
    """

    word: str
    subject: str
    line: int
    file: str


T = TypeVar("T")


class StashKey(Generic[T]):
    """Names one value derived from a Model (``FORM = StashKey[Form]("form")``): the part of
    the core that derives it declares the key beside the function that builds it."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"StashKey({self.name!r})"


class Stash:
    """What has been derived from one Model, each value under its own ``StashKey``, kept as
    long as the Model (the way pytest's ``Config.stash`` keeps a plugin's state).

    A Model never changes, so a value derived from it never goes stale; two threads asking
    at once may both build it, and the first one stored is kept."""

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[StashKey, object] = {}

    def get(self, key: StashKey[T], build: Callable[[], T]) -> T:
        """The value under ``key``, built by ``build()`` the first time it is asked for."""
        try:
            return self._values[key]  # type: ignore[return-value]
        except KeyError:
            return self._values.setdefault(key, build())  # type: ignore[return-value]


@attrs.frozen
class Model:
    """A read and composed building: the written composition, almost no form.

    ``release`` is the koyu release that read it (``koyu_model.release``): what checking,
    deriving and answering say of it follows that release.
    ``version`` is the language version (the release's ``undeclared`` when none is written);
    ``version_declared`` says whether ``koyu <v>`` was written (canonical emits ``koyu``
    only then). ``name`` is the building's name or ``None``. ``unit`` is always ``"mm"``.

    ``levels`` is in declaration order; ``level_order`` is the order JavaScript iterates
    the original's levels object (integer-like names first, COMPAT §1), and
    ``levels_by_z`` that order stably sorted by z — use it for "the level above", LVL01,
    HGT, VRT02, span expansion ties.

    ``layers`` are the composed files in strength order (index 0 = the entry).
    ``attr_layers`` is the original's ``attrSrc``: ``"<kind>:<subject>:<key>"`` → layer
    index, for keys an ``over`` set (``koyu layers --attrs``). ``edits`` lists every
    ``over``/``drop``/set edit in scan order.
    """

    version: str
    version_declared: bool
    name: str | None
    unit: str
    grid: Grid
    levels: dict[str, Level]
    level_order: tuple[str, ...]
    levels_by_z: tuple[str, ...]
    spaces: dict[str, Space]
    zones: dict[str, Zone]
    assets: dict[str, Asset]
    boundaries: tuple[Boundary, ...]
    polygons: dict[str, Polygon]
    columns: tuple[Column, ...]
    layers: tuple[Layer, ...]
    attr_layers: dict[str, int]
    edits: tuple[CompositionEdit, ...]
    entry: str = ""
    release: Release = DEFAULT
    #: the geodetic frame (0.27: muro/origin.md, azimuth.md): None when not written
    origin: Origin | None = None
    azimuth: Azimuth | None = None
    #: what has been derived from this Model (Stash): not part of what the building is
    stash: Stash = attrs.field(factory=Stash, init=False, eq=False, repr=False)

    def level_of(self, space: Space) -> Level | None:
        """The space's Level record, or ``None`` when undetermined."""
        return self.levels.get(space.level) if space.level is not None else None
