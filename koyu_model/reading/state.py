"""The state of one composition: every piece the fold over the layers changes, in one
record (``Composition``), with the small records a line leaves in it while it is read.

Nothing here reads a line: the modules above (``words``, ``members``, ``declarations``,
``edits``, ``compose``) are plain functions that take a ``Composition`` and change it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

from koyu_model.jsjson import js_object_order
from koyu_model.model import (
    Asset,
    Azimuth,
    Boundary,
    Column,
    CompositionEdit,
    GridAxis,
    Layer,
    Level,
    Origin,
    Polygon,
    Space,
    Zone,
)
from koyu_model.reading.files import Overlay
from koyu_model.reading.lexing import typed
from koyu_model.reading.positions import GridIndex
from koyu_model.release import DEFAULT, Release

__all__ = [
    "Composition",
    "Block",
    "Expansion",
    "Sides",
    "BoundaryLines",
    "attributes",
    "read_once",
    "names_by_z",
    "add_boundaries",
    "boundaries_touching",
    "boundaries_between",
]


class Composition:
    """One composition, read as one ``release`` reads it (its keywords, its version line).

    Elements are kept as their records, in model order: ``spaces``, ``zones``,
    ``assets``, ``levels`` by path or name, ``boundaries`` and ``columns`` by position (a
    dropped one becomes None). An edit replaces a record by an edited copy
    (``attrs.evolve``) under the same path, name or position.

    Big buildings write the same words on hundreds of lines (a span's paths, a boundary's
    ``t:100 spec:LGS``, ``door SD1 name:洋室1戸`` in every unit). What they mean is read
    once per composition and shared by every line writing them: ``spans`` and
    ``span_levels`` (forgotten when a level is declared), ``typed_attributes`` and
    ``forms``. Only what read without error is kept, so a wrong line fails where and how
    it does.
    """

    __slots__ = (
        "overlay",
        "release",
        "layers",
        "layer_index",
        "grid",
        "grid_axes",
        "version",
        "version_declared",
        "name",
        "levels",
        "levels_by_z",
        "spans",
        "span_levels",
        "typed_attributes",
        "forms",
        "spaces",
        "zones",
        "assets",
        "boundaries",
        "boundary_lines",
        "opinions",
        "polygons",
        "origin",
        "azimuth",
        "columns",
        "edits",
        "attr_layers",
        "resolutions",
        "file",
        "layer",
        "depth",
    )

    def __init__(self, overlay: Overlay = None, release: Release = DEFAULT) -> None:
        self.overlay = overlay
        self.release = release
        self.layers: list[Layer] = []
        self.layer_index: dict[str, int] = {}  # real path → index (strength)
        self.grid = GridIndex()
        self.grid_axes: dict[str, GridAxis] = {}
        self.version = release.undeclared
        self.version_declared = False
        self.name: str | None = None
        self.levels: dict[str, Level] = {}
        self.levels_by_z: tuple[str, ...] | None = None  # names_by_z, until a level is declared
        self.spans: dict[str, Expansion] = {}  # path as written → what it stands for (words.expansions)
        self.span_levels: dict[str, tuple[str, ...]] = {}  # span word → its levels (words.level_range)
        self.typed_attributes: dict[tuple, dict] = {}  # attributes as written → typed (attributes)
        self.forms: dict[tuple, tuple] = {}  # a line's words → what they read as (read_once)
        self.spaces: dict[str, Space] = {}
        self.zones: dict[str, Zone] = {}
        self.assets: dict[str, Asset] = {}
        self.boundaries: list[Boundary | None] = []
        self.boundary_lines = BoundaryLines()  # space path → boundaries (over, drop)
        # (kind, path / position / name) → key → layer holding the current opinion (edits)
        self.opinions: dict[tuple[str, object], dict[str, int]] = {}
        self.polygons: dict[str, Polygon] = {}
        self.origin: Origin | None = None
        self.azimuth: Azimuth | None = None
        self.columns: list[Column | None] = []
        self.edits: list[CompositionEdit] = []
        self.attr_layers: dict[str, int] = {}
        self.resolutions: list[tuple[str, str]] = []  # (joined import path, real path)
        # the layer being read: its real path, its index (strength) and how many imports
        # are open above it (compose.MAX_IMPORT_DEPTH)
        self.file = ""
        self.layer = 0
        self.depth = 0


class Block:
    """A declaration and the indented lines under it (reference/muro/lines.md).

    ``made`` is what the declaration stands for: the records it will make (a space or
    boundary line's ends and fields), a band's members, or an ``over``'s targets. Member
    lines (door, window, seg, line, area) are gathered by record field while the block
    lasts; when it ends (``declarations.close``) every record is made with them, the levels
    of a span sharing one member tuple.
    """

    __slots__ = ("kind", "line", "made", "extra", "members")

    def __init__(self, kind: str, line: int, made, extra=None) -> None:
        self.kind, self.line, self.made, self.extra = kind, line, made, extra
        self.members: dict[str, list] | None = None

    def gather(self, field: str, member) -> None:
        if self.members is None:
            self.members = {field: [member]}
            return
        got = self.members.get(field)
        if got is None:
            self.members[field] = [member]
        else:
            got.append(member)

    def member_tuple(self, field: str) -> tuple:
        got = self.members.get(field) if self.members else None
        return tuple(got) if got else ()


class Expansion(NamedTuple):
    """What a path as written stands for (spec: muro/space.md, spans; COMPAT §3):
    ``/L2..L4/a`` is span ``L2..L4``, rest ``/a``, its levels and a path on each
    (``/L2/a``, ``/L3/a``, ``/L4/a``); a path without a span has ``span`` None and
    ``rest`` the path itself."""

    span: str | None
    rest: str
    levels: tuple[str, ...] | None
    paths: tuple[str, ...] | None


# How a line's two paths were written (add_boundaries): (path, None), or (rest, levels)
# when the j-th boundary has "/" + levels[j] + rest at that end.
Sides = Iterable[tuple[str, tuple[str, ...] | None]]


class BoundaryLines:
    """Which boundaries have a space path at an end, kept per declaration line rather than
    per boundary: a line's boundaries are consecutive in model order and a spanned path
    differs between them only by its level, so a line costs two entries however many
    levels it spans (only ``over`` and ``drop`` ask; most buildings have few of them)."""

    __slots__ = ("written", "spanned", "offsets")

    def __init__(self) -> None:
        # path → (first index, count): every boundary of the line has it at that end
        self.written: dict[str, list[tuple[int, int]]] = {}
        # rest → (first index, level → offset): the boundary at first+offset has
        # "/" + level + rest at that end
        self.spanned: dict[str, list[tuple[int, dict[str, int]]]] = {}
        # levels → (level → offset): most lines span the same levels, so one map each
        self.offsets: dict[tuple[str, ...], dict[str, int]] = {}

    def add(self, first: int, count: int, sides: Sides) -> None:
        for key, levels in sides:
            if levels is None:
                _append(self.written, key, (first, count))
            else:
                offsets = self.offsets.get(levels)
                if offsets is None:
                    offsets = self.offsets[levels] = {lv: j for j, lv in enumerate(levels)}
                _append(self.spanned, key, (first, offsets))

    def touching(self, path: str) -> list[int]:
        """Indices (dropped ones too) of the boundaries with ``path`` at an end, ascending."""
        found: set[int] = set()
        for first, count in self.written.get(path, ()):
            found.update(range(first, first + count))
        # "/" + level + rest == path: a level name may hold "/", so try every cut
        cut = path.find("/", 1)
        while True:
            end = len(path) if cut < 0 else cut
            for first, offsets in self.spanned.get(path[end:], ()):
                j = offsets.get(path[1:end])
                if j is not None:
                    found.add(first + j)
            if cut < 0:
                return sorted(found)
            cut = path.find("/", cut + 1)


E = TypeVar("E")


def _append(table: dict[str, list[E]], key: str, entry: E) -> None:
    """``entry`` at the end of ``table[key]``, a list made on first use."""
    got = table.get(key)
    if got is None:
        table[key] = [entry]
    else:
        got.append(entry)


# -- what a composition reads once -------------------------------------------------------


def attributes(c: Composition, written: dict[str, str]) -> dict:
    """The typed attributes of a line's attributes as ``written``. Lines writing the same
    attributes share one dict (``typed_attributes``), as the levels of a span share their
    line's: nothing changes it after its line (an edit copies it)."""
    key = tuple(written.items())
    got = c.typed_attributes.get(key)
    if got is None:
        got = c.typed_attributes[key] = typed(written)
    return got


def read_once(c: Composition, key: tuple, read: Callable[[], tuple]) -> tuple:
    """``read()`` the first time the composition meets ``key``, the words a line's reading
    depends on (``forms``); the same value for every line writing them after. A line that
    fails is not remembered, so a wrong line fails where and how it does."""
    got = c.forms.get(key)
    if got is None:
        got = c.forms[key] = read()
    return got


def names_by_z(c: Composition) -> tuple[str, ...]:
    """Level names as JavaScript iterates the original's levels object (integer-like names
    first, COMPAT §1), stably sorted by z."""
    if c.levels_by_z is None:
        levels = c.levels
        c.levels_by_z = tuple(sorted(js_object_order(levels), key=lambda name: levels[name].z))
    return c.levels_by_z


# -- boundaries by path --------------------------------------------------------------------


def add_boundaries(c: Composition, made: list[Boundary], sides: Sides) -> None:
    """Append one line's boundaries in model order. ``sides`` tells how its two paths were
    written: ``(path, None)``, the same on every boundary, or ``(rest, levels)``,
    ``"/" + levels[j] + rest`` on the j-th (a span, or a stack's lower/upper levels)."""
    first = len(c.boundaries)
    c.boundaries.extend(made)
    c.boundary_lines.add(first, len(made), sides)


def boundaries_touching(c: Composition, path: str) -> list[int]:
    """Indices of live boundaries with ``path`` at an end, in model order."""
    return [i for i in c.boundary_lines.touching(path) if c.boundaries[i] is not None]


def boundaries_between(c: Composition, p: str, q: str) -> list[int]:
    """Indices of live boundaries joining ``p`` and ``q`` in either orientation."""
    out = []
    for i in c.boundary_lines.touching(p):
        b = c.boundaries[i]
        if b is not None and ((b.a == p and b.b == q) or (b.a == q and b.b == p)):
            out.append(i)
    return out
