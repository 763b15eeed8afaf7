"""Composing layers into one Model (spec: reference/muro/composition.md, import.md).

The entry is read line by line; an ``import`` line reads its layer right there (depth
first), so a layer's declarations land in model order where the ``import`` stands, and
the layer list is the import tree flattened in pre-order, a layer read twice keeping its
first position. Layers are identified by real path. Strength is the layer index, never
scan order. Declarations are handled by ``declarations.Declarations``; ``over``/``drop``
and set edits by ``edits.Edits``; this module owns the state, the walk over the layers
and the Model made at the end.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

from koyu_model.errors import CannotReadFile, NotationError
from koyu_model.jsjson import js_object_order
from koyu_model.model import (
    Asset,
    Azimuth,
    Boundary,
    Column,
    CompositionEdit,
    Grid,
    GridAxis,
    Layer,
    Level,
    Model,
    Origin,
    Polygon,
    Space,
    Zone,
)
from koyu_model.reading.declarations import Block, Declarations, Expansion, Sides
from koyu_model.reading.edits import Edits
from koyu_model.reading.files import LayerTooLarge, Overlay, layer_text, too_large
from koyu_model.reading.lexing import split_lines
from koyu_model.reading.positions import GridIndex
from koyu_model.release import DEFAULT, Release

__all__ = ["Composer", "MAX_IMPORT_DEPTH"]

# The deepest import chain, in layers below the entry (README, "Limits").
MAX_IMPORT_DEPTH = 1000


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


class Composer(Declarations, Edits):
    """The state of one composition, read as one ``release`` reads it (its keywords, its
    version line). Declaration handlers live in the mixins.

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

    def __init__(self, overlay: Overlay = None, release: Release = DEFAULT) -> None:
        self.overlay = overlay
        self.release = release
        # the keywords this release reads: the version line's words are the release's
        self.handlers = HANDLERS | dict.fromkeys(release.version_words, Composer.d_version)
        if release.frame_lines:
            self.handlers |= FRAME_HANDLERS
        self.layers: list[Layer] = []
        self.layer_index: dict[str, int] = {}
        self.grid = GridIndex()
        self.grid_axes: dict[str, GridAxis] = {}
        self.version = release.undeclared
        self.version_declared = False
        self.name: str | None = None
        self.levels: dict[str, Level] = {}
        self._names_by_z: tuple[str, ...] | None = None
        self.spans: dict[str, Expansion] = {}  # path as written → what it stands for (expansions)
        self.span_levels: dict[str, tuple[str, ...]] = {}  # span word → its levels (level_range)
        self.typed_attributes: dict[tuple, dict] = {}  # attributes as written → typed (attributes)
        self.forms: dict[tuple, tuple] = {}  # a line's words → what they read as (read_once)
        self.spaces: dict[str, Space] = {}
        self.zones: dict[str, Zone] = {}
        self.assets: dict[str, Asset] = {}
        self.boundaries: list[Boundary | None] = []
        self.boundary_lines = BoundaryLines()  # space path → boundaries (over, drop)
        # (kind, path / position / name) → key → layer holding the current opinion (edits.Edits)
        self.opinions: dict[tuple[str, object], dict[str, int]] = {}
        self.polygons: dict[str, Polygon] = {}
        self.origin: Origin | None = None
        self.azimuth: Azimuth | None = None
        self.columns: list[Column | None] = []
        self.edits: list[CompositionEdit] = []
        self.attr_layers: dict[str, int] = {}
        self.resolutions: list[tuple[str, str]] = []  # (joined import path, real path)
        # the layer being read: its real path, its index (strength) and how many imports
        # are open above it (MAX_IMPORT_DEPTH)
        self.file = ""
        self.layer = 0
        self.depth = 0

    # -- the walk -----------------------------------------------------------------

    def read_layer(self, real: str, text: str) -> None:
        """Read the layer at ``real`` and, where each ``import`` line stands, the layer it
        imports (depth first). The layers being read are a stack: a layer's walk stops at
        an import of a layer not read yet, which is read next, and goes on after it."""
        reading = [self._open(real, text)]
        while reading:
            self.file, self.layer, lines = reading[-1]
            self.depth = len(reading) - 1
            imported = self._walk(lines)
            if imported is None:
                reading.pop()
            else:
                reading.append(self._open(*imported))

    def _open(self, real: str, text: str) -> tuple:
        """Compose a layer: its strength is its place in the list; its lines, to be walked."""
        index = len(self.layers)
        self.layers.append(Layer(index, real, text))
        self.layer_index[real] = index
        return real, index, iter(split_lines(text, real))

    def _walk(self, lines) -> tuple[str, str] | None:
        """Read the current layer's lines to its end (None), or up to an import of a layer
        not read yet: (its real path, its text)."""
        block = None  # the declaration indented lines attach to
        handlers = self.handlers
        for ln in lines:
            number, indented, tokens = ln
            if tokens is None:  # lexing.split_lines left it uncut
                raise NotationError("Unclosed quote", number, self.file)
            if indented:
                self.indented(block, ln)
                continue
            if block is not None:
                self.close(block)
                block = None
            if tokens[0] == "import":
                imported = self._imported(tokens, number)
                if imported is not None:
                    return imported
                continue
            handler = handlers.get(tokens[0])
            if handler is None:
                raise NotationError(f"Unknown keyword: {tokens[0]}", number, self.file)
            block = handler(self, tokens, number)
        if block is not None:
            self.close(block)
        return None

    def _imported(self, tokens: list[str], line: int) -> tuple[str, str] | None:
        """The layer an import line names (spec: muro/import.md): (real path, text), or
        None when it is composed already (double imports and cycles fold away)."""
        if len(tokens) < 2:
            raise NotationError("import takes a path: import ./layer.muro", line, self.file)
        ref = tokens[1]
        joined = os.path.join(os.path.dirname(self.file), ref)
        try:
            target = os.path.realpath(joined)
        except ValueError:  # an embedded NUL names no file
            raise CannotReadFile(f"Cannot read file: {ref}", line, self.file) from None
        self.resolutions.append((joined, target))
        if target in self.layer_index:
            return None
        if self.depth >= MAX_IMPORT_DEPTH:
            raise CannotReadFile(
                f"Imports nest too deep: {ref} (an import chain is at most {MAX_IMPORT_DEPTH} layers)", line, self.file
            )
        try:
            text = layer_text(target, self.overlay)
        except LayerTooLarge as big:
            raise CannotReadFile(too_large(ref, big.size), line, self.file) from None
        if text is None:
            raise CannotReadFile(f"Cannot read file: {ref}", line, self.file)
        return target, text

    # -- boundaries by path ----------------------------------------------------------

    def add_boundaries(self, made: list[Boundary], sides: Sides) -> None:
        """Append one line's boundaries in model order. ``sides`` tells how its two paths
        were written: ``(path, None)``, the same on every boundary, or ``(rest, levels)``,
        ``"/" + levels[j] + rest`` on the j-th (a span, or a stack's lower/upper levels)."""
        first = len(self.boundaries)
        self.boundaries.extend(made)
        self.boundary_lines.add(first, len(made), sides)

    def boundaries_touching(self, path: str) -> list[int]:
        """Indices of live boundaries with ``path`` at an end, in model order."""
        return [i for i in self.boundary_lines.touching(path) if self.boundaries[i] is not None]

    def boundaries_between(self, p: str, q: str) -> list[int]:
        """Indices of live boundaries joining ``p`` and ``q`` in either orientation."""
        out = []
        for i in self.boundary_lines.touching(p):
            b = self.boundaries[i]
            if b is not None and ((b.a == p and b.b == q) or (b.a == q and b.b == p)):
                out.append(i)
        return out

    # -- levels in z order ----------------------------------------------------------

    def names_by_z(self) -> tuple[str, ...]:
        """Level names as JavaScript iterates the original's levels object (integer-like
        names first, COMPAT §1), stably sorted by z."""
        if self._names_by_z is None:
            levels = self.levels
            self._names_by_z = tuple(sorted(js_object_order(levels), key=lambda name: levels[name].z))
        return self._names_by_z

    # -- the Model --------------------------------------------------------------------

    def freeze(self, entry: str) -> Model:
        return Model(
            version=self.version,
            version_declared=self.version_declared,
            name=self.name,
            unit="mm",
            grid=Grid(self.grid_axes.get("X"), self.grid_axes.get("Y")),
            levels=self.levels,
            level_order=tuple(js_object_order(self.levels)),
            levels_by_z=self.names_by_z(),
            spaces=self.spaces,
            zones=self.zones,
            assets=self.assets,
            boundaries=tuple([b for b in self.boundaries if b is not None]),
            polygons=self.polygons,
            columns=tuple([c for c in self.columns if c is not None]),
            layers=tuple(self.layers),
            attr_layers=self.attr_layers,
            edits=tuple(self.edits),
            entry=entry,
            release=self.release,
            origin=self.origin,
            azimuth=self.azimuth,
        )


# One handler per unindented keyword but import, which is the walk's, and the version
# line, whose words are the release's (spec: reference/muro/*.md); each returns the block
# the indented lines below it attach to, or None.
HANDLERS: dict[str, Callable[[Composer, list[str], int], Block | None]] = {
    "name": Composer.d_name,
    "unit": Composer.d_unit,
    "grid": Composer.d_grid,
    "level": Composer.d_level,
    "space": Composer.d_space,
    "band": Composer.d_band,
    "boundary": Composer.d_boundary,
    "stack": Composer.d_stack,
    "zone": Composer.d_zone,
    "asset": Composer.d_asset,
    "polygon": Composer.d_polygon,
    "column": Composer.d_column,
    "over": Composer.d_over,
    "drop": Composer.d_drop,
}

# The frame's keywords, read by a release whose ``frame_lines`` says so (0.27: muro/origin.md,
# azimuth.md); in another they are unknown keywords.
FRAME_HANDLERS: dict[str, Callable[[Composer, list[str], int], Block | None]] = {
    "origin": Composer.d_origin,
    "azimuth": Composer.d_azimuth,
}
