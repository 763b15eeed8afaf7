"""One handler per unindented keyword (spec: reference/muro/*.md, one page per line).

A mixin of ``compose.Composer``: each handler reads one line against the composition so
far and returns the ``Block`` the indented lines below it attach to (or None). A space,
boundary or stack line makes its records when its block ends, with the members read
under it, one record per level of its span: spans (``/L1..L3/x``), ``stack`` and bands
are expanded here and do not survive.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple, cast

from koyu_model.errors import CompositionError, NotationError
from koyu_model.jsjson import js_string
from koyu_model.model import Asset, Azimuth, Boundary, Column, GridAxis, Level, Origin, Polygon, Source, Space, Zone
from koyu_model.reading.lexing import read_attrs, read_number, typed
from koyu_model.reading.members import Members
from koyu_model.reading.positions import read_range, read_region
from koyu_model.reading.versionline import declared_version
from koyu_model.release import Release

__all__ = ["Declarations", "Block"]

_RANGE_RE = re.compile(r"([A-Za-z]+)([0-9]+)\.\.([A-Za-z]+)([0-9]+)\Z")
_BOUNDARY_KINDS = ("wall", "open", "stair", "shaft", "void")
_STACK_KINDS = ("stair", "shaft", "void")
# The keys an origin line reads, in the order its canonical entry writes them (muro/origin.md).
_ORIGIN_KEYS = ("epsg", "easting", "northing", "elevation", "vertical")
_ORIGIN_FORM = "origin epsg:<code> easting:<metres> northing:<metres> [elevation:<metres> vertical:<code>]"


def _is_type_word(token: str) -> bool:
    """Whether a space line's first word after the path is its type (when the type is
    optional): not a region (``..``), not a ``+`` and not an attribute (``key:value``)."""
    return token != "+" and ".." not in token and ":" not in token


class Block:
    """A declaration and the indented lines under it (reference/muro/lines.md).

    ``made`` is what the declaration stands for: the records it will make (a space or
    boundary line's ends and fields), a band's members, or an ``over``'s targets. Member
    lines (door, window, seg, line, area) are gathered by record field while the block
    lasts; when it ends (``Declarations.close``) every record is made with them, the levels
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


def _edit1(a: str, b: str) -> bool:
    """Edit distance exactly 1 (insert, delete or replace; no transposition)."""
    la, lb = len(a), len(b)
    if abs(la - lb) > 1 or a == b:
        return False
    if la == lb:
        return sum(1 for x, y in zip(a, b) if x != y) == 1
    if la > lb:
        a, b, la, lb = b, a, lb, la
    i = 0
    while i < la and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1 :]


class Expansion(NamedTuple):
    """What a path as written stands for (spec: muro/space.md, spans; COMPAT §3):
    ``/L2..L4/a`` is span ``L2..L4``, rest ``/a``, its levels and a path on each
    (``/L2/a``, ``/L3/a``, ``/L4/a``); a path without a span has ``span`` None and
    ``rest`` the path itself."""

    span: str | None
    rest: str
    levels: tuple[str, ...] | None
    paths: tuple[str, ...] | None


# How a line's two paths were written (compose.Composer.add_boundaries): (path, None), or
# (rest, levels) when the j-th boundary has "/" + levels[j] + rest at that end.
Sides = Iterable[tuple[str, tuple[str, ...] | None]]


def _span_of(path: str) -> str | None:
    """The span a path is written with: its first segment, when that holds ``..``."""
    seg = path[1:].split("/", 1)[0]
    return seg if ".." in seg else None


class Declarations(Members):
    # What the handlers read and write of the composition besides what Members declares
    # (compose.Composer owns the state and the last two methods). Annotations only.
    release: Release
    version: str
    version_declared: bool
    name: str | None
    layer: int
    grid_axes: dict[str, GridAxis]
    levels: dict[str, Level]
    _names_by_z: tuple[str, ...] | None
    spans: dict[str, Expansion]
    span_levels: dict[str, tuple[str, ...]]
    typed_attributes: dict[tuple, dict]
    zones: dict[str, Zone]
    polygons: dict[str, Polygon]
    origin: Origin | None
    azimuth: Azimuth | None
    columns: list[Column | None]
    names_by_z: Callable[[], tuple[str, ...]]
    add_boundaries: Callable[[list[Boundary], Sides], None]

    # -- what a composition reads once (compose.Composer) --------------------------------

    def attributes(self, written: dict[str, str]) -> dict:
        """The typed attributes of a line's attributes as ``written``. Lines writing the same
        attributes share one dict (``typed_attributes``), as the levels of a span share
        their line's: nothing changes it after its line (an edit copies it)."""
        key = tuple(written.items())
        got = self.typed_attributes.get(key)
        if got is None:
            got = self.typed_attributes[key] = typed(written)
        return got

    def read_once(self, key: tuple, read: Callable[[], tuple]) -> tuple:
        """``read()`` the first time the composition meets ``key``, the words a line's
        reading depends on (``forms``); the same value for every line writing them after.
        A line that fails is not remembered, so a wrong line fails where and how it does."""
        got = self.forms.get(key)
        if got is None:
            got = self.forms[key] = read()
        return got

    # -- blocks ------------------------------------------------------------------------

    def close(self, block: Block) -> None:
        """The block under a declaration ends: its records are made with the members
        gathered under it, or a band lays out its members."""
        kind = block.kind
        if kind == "space":
            paths, levels, type_, rects, attrs, attr_src, level_written = block.made
            areas = block.member_tuple("areas")
            spaces, line, file = self.spaces, block.line, self.file
            outside, void = self.release.outside_and_void(type_, attrs)
            for path, level in zip(paths, levels):
                spaces[path] = Space(
                    path, type_, level, rects, areas, attrs, attr_src, line, file, level_written, False, outside, void
                )
        elif kind == "boundary" or kind == "stack":
            ends_a, ends_b, boundary_kind, t, air, edge, attrs, attr_src, sides = block.made
            drawn = block.members.get("drawn") if block.members else None
            drawn = drawn[0] if drawn else None
            openings, segs = block.member_tuple("openings"), block.member_tuple("segs")
            line, file, stack = block.line, self.file, kind == "stack"
            made = [
                Boundary(a, b, boundary_kind, t, air, edge, drawn, attrs, attr_src, openings, segs, line, file, stack)
                for a, b in zip(ends_a, ends_b)
            ]
            self.add_boundaries(made, sides)
        elif kind == "band":
            self.finish_band(block)

    def err(self, message: str, line: int) -> NotationError:
        return NotationError(message, line, self.file)

    def number_attr(self, key: str, raw: str, line: int) -> float:
        """The number an attribute carries, or the error that it is written as a number
        (reference/muro/attributes.md)."""
        n = read_number(raw)
        if n is None:
            raise self.err(f"The attribute {key} is written as a number: {raw}", line)
        return n

    def positive_attr(self, key: str, raw: str, line: int, number_first: bool = True) -> float:
        """The positive number a structure attribute carries (reference/muro/attributes.md):
        a spelling that is no number says so first, then zero or less is refused."""
        n = read_number(raw)
        if n is None and number_first:
            raise self.err(f"The attribute {key} is written as a number: {raw}", line)
        if n is None or n <= 0:
            raise self.err(f"{key} is written as a positive number: {key}:{raw}", line)
        return n

    def src(self, line: int) -> Source:
        return Source(self.file, line)

    # -- foundation: the version line, name, unit, grid ------------------------------------

    def d_version(self, toks, line):
        """``koyu 1.0`` / ``muro 1.4``: once, in the base layer (muro/version.md); what the
        line itself may say is the release's (versionline)."""
        subject = self.release.version_subject
        if self.layer != 0:
            raise self.err(f"{subject} is declared only in the base layer (the entry)", line)
        if self.version_declared:
            raise self.err(f"{subject} is declared once (already {self.version})", line)
        self.version = declared_version(self.release, toks, line, self.file)
        self.version_declared = True

    def d_name(self, toks, line):
        if len(toks) < 2:
            raise self.err("name takes a value", line)
        value = " ".join(toks[1:])
        if self.name is not None and self.name != value:
            raise self.err(f'name is declared once (already "{self.name}" — in the base layer when composing)', line)
        self.name = value

    def d_unit(self, toks, line):
        unit = toks[1] if len(toks) > 1 else "undefined"
        if unit != "mm":
            raise self.err(f"The only unit in v0 is mm: {unit}", line)

    def d_grid(self, toks, line):
        axis = toks[1] if len(toks) > 1 else "undefined"
        if axis not in ("X", "Y"):
            raise self.err(f"A grid axis is X or Y: {axis}", line)
        if axis in self.grid_axes:
            raise self.err(f"grid {axis} is declared once (in the base layer when composing)", line)
        coords = []
        for tok in toks[2:]:
            n = read_number(tok)
            if n is None:
                raise self.err(f"The grid coordinate is not a number: {tok}", line)
            coords.append(n)
        if len(coords) < 2:
            raise self.err("grid takes two or more coordinates", line)
        if any(b <= a for a, b in zip(coords, coords[1:])):
            raise self.err("grid coordinates are written in ascending order", line)
        names = self.grid.declare(axis, tuple(coords))
        self.grid_axes[axis] = GridAxis(axis, names, tuple(coords), line, self.file)

    # -- the frame: origin, azimuth (0.27: muro/origin.md, azimuth.md) ---------------------

    def d_origin(self, toks, line):
        """``origin epsg:<code> easting:<m> northing:<m> [elevation:<m> vertical:<code>]``:
        once across all layers; the numbers are metres and the codes are carried unread."""
        self._frame_once("origin", self.origin, line)
        written = read_attrs(toks[1:], line, self.file)
        for key in written:
            if key not in _ORIGIN_KEYS:
                raise self.err(
                    f"origin carries {key}:, which is not in the ledger (origin reads {' / '.join(_ORIGIN_KEYS)})", line
                )
        for key in ("epsg", "easting", "northing"):
            if key not in written:
                raise self.err(f"origin requires {key}: ({_ORIGIN_FORM})", line)
        if ("elevation" in written) != ("vertical" in written):
            raise self.err(
                "elevation: and vertical: are written together (a height needs the datum it is measured from)", line
            )
        values = {key: self.number_attr(key, raw, line) for key, raw in written.items()}
        for key in ("epsg", "vertical"):
            code = values.get(key)
            if code is not None and (type(code) is not int or code <= 0):
                raise self.err(f"{key} is an EPSG code, a whole positive number: {key}:{written[key]}", line)
        self.origin = Origin(
            int(values["epsg"]),
            values["easting"],
            values["northing"],
            values.get("elevation"),
            None if values.get("vertical") is None else int(values["vertical"]),
            line,
            self.file,
        )

    def d_azimuth(self, toks, line):
        """``azimuth Y <degrees>``: the true bearing of +Y, ``0 <= v < 360``, refused (not
        folded) outside it; once across all layers."""
        self._frame_once("azimuth", self.azimuth, line)
        if len(toks) != 3 or toks[1] != "Y":
            raise self.err("azimuth takes the form azimuth Y <degrees> (the bearing of +Y; Y is the one axis)", line)
        raw = toks[2]
        degrees = read_number(raw)
        if degrees is None:
            raise self.err(f"The azimuth is not a number: {raw}", line)
        if not 0 <= degrees < 360:
            folded = degrees % 360
            if isinstance(folded, float) and folded.is_integer():
                folded = int(folded)
            raise self.err(
                f"azimuth is a bearing clockwise from true north, 0 <= v < 360: {raw} (write {js_string(folded)})",
                line,
            )
        self.azimuth = Azimuth(degrees, line, self.file)

    def _frame_once(self, word: str, first: Origin | Azimuth | None, line: int) -> None:
        """A model has one frame: a second line, in any layer, stops the read."""
        if first is not None:
            raise CompositionError(
                f"Duplicate {word}: a model has one frame (first seen in {first.file} at line {first.line})",
                line,
                self.file,
            )

    # -- level -------------------------------------------------------------------------

    def d_level(self, toks, line):
        name = toks[1] if len(toks) > 1 else ""
        z = read_number(toks[2]) if len(toks) > 2 else None
        if z is None:  # an unwritten z is spelled as nothing (diagnostics/syn.md)
            raise self.err(f"The level height (z) is not a number: {toks[2] if len(toks) > 2 else ''}", line)
        written = read_attrs(toks[3:], line, self.file)
        values = {}
        for key, raw in written.items():
            if key not in ("h", "slab", "pitch", "underground"):
                raise self.err(
                    f"level carries {key}:, which is not in the ledger (level reads h / slab / pitch / underground)",
                    line,
                )
            # h, slab and pitch are lengths; underground is a flag (1 or anything else)
            if key == "underground":
                values[key] = self.number_attr(key, raw, line)
            else:
                values[key] = self.positive_attr(key, raw, line)
        h, slab, pitch = values.get("h"), values.get("slab"), values.get("pitch")
        underground = values.get("underground") == 1
        m = _RANGE_RE.match(name)
        if m:
            p1, n1, p2, n2 = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
            if p1 != p2 or n2 < n1:
                raise self.err(f"Cannot read the level range: {name}", line)
            if pitch is None:
                raise self.err(f"A level range requires pitch: (the storey height in mm): {name}", line)
            for k in range(n1, n2 + 1):
                self._add_level(f"{p1}{k}", z + pitch * (k - n1), h, slab, underground, pitch, name, line)
        else:
            if pitch is not None:
                raise self.err("pitch is available only on a level range declaration (L?..L?)", line)
            self._add_level(name, z, h, slab, underground, None, None, line)

    def _add_level(self, name, z, h, slab, underground, pitch, range_, line):
        if isinstance(z, float) and z.is_integer() and abs(z) < 2**53:
            z = int(z)
        if name in self.levels:
            raise CompositionError(f"Duplicate level: {name}", line, self.file)
        self.levels[name] = Level(name, z, h, slab, underground, pitch, range_, line, self.file)
        self._names_by_z = None
        self.spans.clear()
        self.span_levels.clear()

    # -- spans ---------------------------------------------------------------------------

    def level_range(self, word: str, line: int) -> tuple[str, ...]:
        """``L1..L3`` → every declared level with from.z ≤ z ≤ to.z, in z order (COMPAT §3).
        Read once per word (``span_levels``) until a level is declared."""
        known = self.span_levels.get(word)
        if known is not None:
            return known
        m = _RANGE_RE.match(word)
        if not m:
            raise self.err(f"Cannot read the level range: {word}", line)
        a, b = word.split("..", 1)
        la, lb = self.levels.get(a), self.levels.get(b)
        if la is None or lb is None:
            raise self.err(f"The range includes an undeclared level (declare level first): {word}", line)
        if la.z >= lb.z:
            raise self.err(f"The range runs backwards: {word}", line)
        levels = self.levels
        known = self.span_levels[word] = tuple([n for n in self.names_by_z() if la.z <= levels[n].z <= lb.z])
        return known

    def expansions(self, paths, line: int) -> tuple[list[Expansion], tuple[str, ...] | None]:
        """Per path as written, what it stands for, and the levels of the line's span (None
        without one); all spans on one line must agree.

        Read once per path and composition (``spans``) until a level is declared: the
        boundaries of a span then share their path strings with its spaces."""
        got = [self.spans.get(p) for p in paths]
        spans = [_span_of(p) if e is None else e.span for p, e in zip(paths, got)]
        span = None
        for s in spans:
            if s is not None and s != span:
                if span is not None:
                    written = [s for s in spans if s is not None]
                    raise self.err(f"Level ranges on one line must agree: {', '.join(written)}", line)
                span = s
        levels = None if span is None else self.level_range(span, line)
        if None in got:
            for i, (p, s) in enumerate(zip(paths, spans)):
                if got[i] is None:
                    if s is None or levels is None:  # no span here (levels is None only when the line has none)
                        e = Expansion(None, p, None, None)
                    else:  # s is the line's span
                        rest = p[1 + len(s) :]
                        e = Expansion(span, rest, levels, tuple(["/" + lv + rest for lv in levels]))
                    got[i] = self.spans[p] = e
        return cast(list[Expansion], got), levels  # every None is filled in

    def span_columns(self, paths, line: int) -> tuple:
        """(expansions, levels, columns): the span's levels (None without a span) and per
        path, the path on each of them (``/L2..L4/a`` → ``/L2/a``, ``/L3/a``, …; a path
        without a span repeats); all spans on one line must agree."""
        got, levels = self.expansions(paths, line)
        if levels is None:
            return got, None, [(p,) for p in paths]
        return got, levels, [(p,) * len(levels) if e.span is None else e.paths for p, e in zip(paths, got)]

    def expand_paths(self, paths, line: int) -> list[tuple[str, ...]]:
        """One row of paths per level of the span (``/L2..L4/a /out`` → ``(/L2/a, /out)``,
        ``(/L3/a, /out)``, …), or the paths themselves."""
        return list(zip(*self.span_columns(paths, line)[2]))

    # -- space ---------------------------------------------------------------------------

    def check_type(self, type_: str, line: int) -> None:
        low = type_.lower()
        for word in ("exterior", "void"):
            if _edit1(low, word):
                raise self.err(
                    f"The type {type_} looks like a misspelling of {word} ({word} is read structurally"
                    " — if a different word was meant, spell it further away)",
                    line,
                )

    def space_path(self, toks, line) -> str:
        """The path of ``space /path type …`` (reference/muro/space.md), and a type after it."""
        if len(toks) < 2:
            raise self.err("space requires a path", line)
        path = toks[1]
        if not path.startswith("/"):
            raise self.err("space takes the form space /path type [X?..X? Y?..Y? [+ ...]]", line)
        if len(toks) < 3 and self.release.structural_type:
            raise self.err(f"space {path} requires a type (a word from the vocabulary)", line)
        return path

    def space_words(self, toks: list[str], line: int) -> tuple:
        """What follows the path of a space line (a plain space or a band member, band.md):
        (type, region groups, raw attributes). After the type, a token holding ``..`` is a
        region (even an attribute's value, COMPAT §2) and ``+`` starts another one; every
        other token is an attribute, read in order before any region is resolved."""
        rest = toks[2:]
        type_: str | None = None
        if self.release.structural_type:
            type_ = rest.pop(0)
            self.check_type(type_, line)
        elif rest and _is_type_word(rest[0]):  # optional: a word that is no region or attribute
            type_ = rest.pop(0)
        groups: list[list[str]] = [[]]
        attr_toks: list[str] = []
        for t in rest:
            if t == "+":
                groups.append([])
            elif ".." in t:
                groups[-1].append(t)
            else:
                attr_toks.append(t)
        return type_, groups, read_attrs(attr_toks, line, self.file)

    def d_space(self, toks, line):
        path = self.space_path(toks, line)
        type_, groups, written = self.space_words(toks, line)
        level_written = written.pop("level", None)
        if level_written is not None and level_written not in self.levels:
            raise self.err(f"Undeclared level: level:{level_written}", line)
        if "w" in written:
            raise self.err("w: may not be written on space (a space written by width sits indented under band)", line)
        rects = ()
        if len(groups) > 1 or groups[0]:
            rects = tuple(read_region(self.grid, g, line, self.file) for g in groups)
        attrs = self.attributes(written)
        attr_src = dict.fromkeys(attrs, Source(self.file, line)) if attrs else {}
        paths, levels = self.space_places(path, level_written, line)
        for p in paths:
            self.check_new_space(p, line)
        return Block("space", line, (paths, levels, type_, rects, attrs, attr_src, level_written))

    def space_places(self, path: str, level_written: str | None, line: int) -> tuple:
        """(paths, levels): the spaces one written path stands for, one per level of its
        span (or one), in level order. Without a span the level is the first segment, if
        declared so far; a written ``level:`` is every one's level."""
        (e,), _ = self.expansions([path], line)
        paths: tuple[str, ...]
        levels: tuple[str | None, ...]
        if e.paths is None or e.levels is None:  # no span
            seg = path[1:].split("/", 1)[0]
            paths, levels = (path,), (seg if seg in self.levels else None,)
        else:
            paths, levels = e.paths, e.levels
        if level_written is not None:
            levels = (level_written,) * len(paths)
        return paths, levels

    def check_new_space(self, path: str, line: int) -> None:
        """A path composed before stops the read."""
        old = self.spaces.get(path)
        if old is not None:
            raise CompositionError(
                f"Duplicate space path: {path} (first seen in {old.file} at line {old.line})", line, self.file
            )

    # -- boundary, stack -----------------------------------------------------------------

    def d_boundary(self, toks, line):
        # The two paths come first, then the attributes.
        if len(toks) < 3 or toks[1][:1] != "/" or toks[2][:1] != "/":
            raise self.err("boundary takes the form boundary /pathA /pathB [attributes...]", line)
        pa, pb = toks[1], toks[2]
        kind, t, air, edge, attrs = self.read_once(("boundary", *toks[3:]), lambda: self._boundary_words(toks, line))
        attr_src = dict.fromkeys(attrs, Source(self.file, line)) if attrs else {}
        (ea, eb), levels, (ends_a, ends_b) = self.span_columns((pa, pb), line)
        # a written end is the same on every boundary; a spanned one is "/" + level + rest
        sides = ((ea.rest, None if ea.span is None else levels), (eb.rest, None if eb.span is None else levels))
        return Block("boundary", line, (ends_a, ends_b, kind, t, air, edge, attrs, attr_src, sides))

    def _boundary_words(self, toks, line) -> tuple:
        """What a boundary line's attributes read as: (kind, t, air, edge, other attributes)."""
        written = read_attrs(toks[3:], line, self.file)
        kind = written.pop("type", "wall")
        if kind not in _BOUNDARY_KINDS:
            raise self.err(f"A boundary type is wall / open / stair / shaft / void: {kind}", line)
        t = None
        if "t" in written:
            t = self.positive_attr("t", written.pop("t"), line)
        air = False
        if "air" in written:
            # a flag read as a number, as level's underground: is (attributes.md: 0 / 1): a
            # spelling that is no number stops the read; 1 sets it, any other number leaves it off
            air = self.number_attr("air", written.pop("air"), line) == 1
        edge = written.pop("edge", None)  # a face word; a wrong one is OPN/BND material for check
        return kind, t, air, edge, self.attributes(written)

    def d_stack(self, toks, line):
        # the name is the last segment of the spaces' paths, never a path (muro/stack.md)
        if len(toks) < 2 or toks[1].startswith("/"):
            raise self.err("stack takes the form stack <name> <L?..L?> type:stair|shaft|void", line)
        name = toks[1]
        levels = self.level_range(toks[2] if len(toks) > 2 else "undefined", line)
        written = read_attrs(toks[3:], line, self.file)
        kind = written.pop("type", "undefined")
        if kind not in _STACK_KINDS:
            raise self.err(f"A stack type is stair / shaft / void: {kind}", line)
        attrs = self.attributes(written)
        src = self.src(line)
        attr_src = {k: src for k in attrs}
        ends = [f"/{lv}/{name}" for lv in levels]
        sides = ((f"/{name}", levels[:-1]), (f"/{name}", levels[1:]))
        return Block("stack", line, (ends[:-1], ends[1:], kind, None, False, None, attrs, attr_src, sides))

    # -- zone, asset, polygon, column ------------------------------------------------------

    def d_zone(self, toks, line):
        if len(toks) < 2 or not toks[1].startswith("/"):
            raise self.err("zone takes the form zone /path [attributes...]", line)
        attrs = self.attributes(read_attrs(toks[2:], line, self.file))
        src = self.src(line)
        attr_src = {k: src for k in attrs}
        for (p,) in self.expand_paths([toks[1]], line):
            old = self.zones.get(p)
            if old is not None:
                raise CompositionError(
                    f"Duplicate zone path: {p} (first seen in {old.file} at line {old.line})", line, self.file
                )
            self.zones[p] = Zone(p, attrs, attr_src, line, self.file)

    def d_asset(self, toks, line):
        name = toks[1] if len(toks) > 1 else "undefined"
        kind = toks[2] if len(toks) > 2 else "undefined"  # an unwritten kind, as JavaScript spells it
        if kind not in ("door", "window"):
            raise self.err(f"An asset kind is door / window: {kind}", line)
        written = read_attrs(toks[3:], line, self.file)
        old = self.assets.get(name)
        if old is not None:
            raise CompositionError(
                f"Duplicate asset name: {name} (first seen in {old.file} at line {old.line})", line, self.file
            )
        attrs = typed(written)
        src = self.src(line)
        self.assets[name] = Asset(name, kind, attrs, {k: src for k in attrs}, line, self.file)

    def d_polygon(self, toks, line):
        if len(toks) < 2 or not toks[1].startswith("/"):
            raise self.err("polygon takes the form polygon /zone-path x,y x,y x,y ...", line)
        path = toks[1]
        points = []
        for tok in toks[2:]:
            parts = tok.split(",")
            xy = [read_number(p) for p in parts] if len(parts) == 2 else [None]
            if None in xy:
                raise self.err(f"Cannot read the vertex (x,y in mm): {tok}", line)
            points.append((xy[0], xy[1]))
        if len(points) < 3:  # the form itself asks for three (diagnostics/sit.md)
            raise self.err("polygon takes the form polygon /zone-path x,y x,y x,y ...", line)
        old = self.polygons.get(path)
        if old is not None:
            raise CompositionError(
                f"Duplicate site shape: {path} (first seen in {old.file} at line {old.line})", line, self.file
            )
        self.polygons[path] = Polygon(path, tuple(points), line, self.file)

    def d_column(self, toks, line):
        size = read_number(toks[1]) if len(toks) > 1 else None
        if size is None or size <= 0:  # the side is a positive length; the one sentence for both
            raise self.err(f"The column dimension is not a number: {toks[1] if len(toks) > 1 else 'undefined'}", line)
        word = toks[2] if len(toks) > 2 else "undefined"
        if ".." in word:
            levels = self.level_range(word, line)
        else:
            if word not in self.levels:
                raise self.err(f"Undeclared level: {word}", line)
            levels = [word]
        written = read_attrs(toks[3:], line, self.file)
        d = None
        if "d" in written:
            d = self.positive_attr("d", written.pop("d"), line)
        x = self._column_names(written.pop("x", None), "X", line)
        y = self._column_names(written.pop("y", None), "Y", line)
        attrs = typed(written)
        src = self.src(line)
        self.columns.append(Column(size, d, tuple(levels), word, x, y, attrs, {k: src for k in attrs}, line, self.file))

    def _column_names(self, raw: str | None, axis: str, line: int):
        """``x:X3,X1`` → names in grid order (COMPAT §6). A name must be a declared grid
        line; one from the other axis is kept, after the axis' own, by collation."""
        if raw is None:
            return None
        names = self.grid.x_names if axis == "X" else self.grid.y_names
        index = {n: i for i, n in enumerate(names)}
        declared = self.grid.X if axis == "Y" else self.grid.Y  # the other axis
        picked = []
        for name in raw.split(","):
            if name not in index and name not in declared:
                raise self.err(f"Undefined grid line name: {name}", line)
            if name not in picked:
                picked.append(name)
        picked.sort(key=lambda n: (0, index[n], "") if n in index else (1, 0, n))
        return tuple(picked)

    # -- band -----------------------------------------------------------------------------

    def d_band(self, toks, line):
        # An attribute after the axis is refused before the axis is read (band.md: no
        # key:value may be written here), so a space line turned band names its attribute.
        for t in toks[2:]:
            if ":" in t and ".." not in t:
                raise self.err(
                    "Only the axis and the extent may be written on a band line"
                    f" (attributes go on the member space lines): {t}",
                    line,
                )
        axis = toks[1] if len(toks) > 1 else "undefined"
        if axis not in ("X", "Y"):
            raise self.err(f"A band divides along X or Y: {axis} (it takes the form band X X1..X2 Y1..Y2)", line)
        ranges = [t for t in toks[2:] if ".." in t]
        if len(ranges) != 2 or len(toks) != 4:
            raise self.err("A region is given as two ranges, X?..X? and Y?..Y?", line)
        read = [read_range(self.grid, t, line, self.file) for t in ranges]
        if read[0][0] == read[1][0]:
            raise self.err("A region is given as two ranges, X?..X? and Y?..Y?", line)
        for tok, r in zip(ranges, read):
            if r[3] > r[4]:
                raise self.err(
                    f"A band range is written in ascending order (members run west to east / south to north): {tok}",
                    line,
                )
            if r[3] == r[4]:
                raise self.err("The region has zero width", line)
        along = read[0] if read[0][0] == axis else read[1]
        across = read[1] if along is read[0] else read[0]
        return Block("band", line, [], (axis, along, across))
