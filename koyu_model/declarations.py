"""One handler per unindented keyword (spec: reference/muro/*.md, one page per line).

A mixin of ``compose.Composer``: each handler reads one line against the composition so
far and returns the *parent context* the indented lines below it attach to (or None).
Spans (``/L1..L3/x``), ``stack`` and bands are expanded here and do not survive.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from koyu_model.building import WBoundary, WColumn, WLevel, WSpace, WZone, setfield
from koyu_model.errors import CompositionError, NotationError
from koyu_model.lexing import read_attrs, read_number, read_value
from koyu_model.members import Members
from koyu_model.model import VERSIONS, Asset, GridAxis, Polygon, Source
from koyu_model.positions import read_range, read_region

__all__ = ["Declarations", "Ctx"]

_RANGE_RE = re.compile(r"([A-Za-z]+)([0-9]+)\.\.([A-Za-z]+)([0-9]+)\Z")
_BOUNDARY_KINDS = ("wall", "open", "stair", "shaft", "void")
_STACK_KINDS = ("stair", "shaft", "void")


class Ctx:
    """What the indented lines under a declaration attach to.

    Member lines (door, window, seg, line, area) are gathered here while the block lasts
    and handed to every target when it ends (``Declarations.close``): the levels of a
    span then share one member tuple instead of a copy each.
    """

    __slots__ = ("kind", "targets", "extra", "line", "gathered")

    def __init__(self, kind: str, targets, line: int, extra=None) -> None:
        self.kind, self.targets, self.line, self.extra = kind, targets, line, extra
        self.gathered: Optional[Dict[str, list]] = None

    def gather(self, field: str, member) -> None:
        if self.gathered is None:
            self.gathered = {}
        self.gathered.setdefault(field, []).append(member)


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


def typed(bag: Dict[str, str]) -> dict:
    return {k: read_value(v) for k, v in bag.items()}


class Declarations(Members):
    # -- dispatch --------------------------------------------------------------------

    def declaration(self, ln) -> Optional[Ctx]:
        kw = ln.tokens[0]
        handler = _HANDLERS.get(kw)
        if handler is None:
            raise NotationError(f"Unknown keyword: {kw}", ln.number, self.file)
        return handler(self, ln.tokens, ln.number)

    def close(self, ctx: Ctx) -> None:
        """The block under a declaration ends: a band lays out its members, gathered
        member lines become each target's tuple (one drawn line is the line itself)."""
        if ctx.kind == "band":
            self.finish_band(ctx)
            return
        if ctx.gathered:
            for field, items in ctx.gathered.items():
                value = items[0] if field == "drawn" else tuple(items)
                for target in ctx.targets:
                    setfield(target, field, value)

    def err(self, message: str, line: int) -> NotationError:
        return NotationError(message, line, self.file)

    def number_attr(self, key: str, raw: str, line: int) -> float:
        """The number an attribute carries, or the error that it is written as a number
        (reference/muro/attributes.md)."""
        n = read_number(raw)
        if n is None:
            raise self.err(f"The attribute {key} is written as a number: {raw}", line)
        return n

    def src(self, line: int) -> Source:
        return Source(self.file, line)

    # -- foundation: koyu, name, unit, grid, import ------------------------------------

    def d_koyu(self, toks, line):
        if self.layer != 0:
            raise self.err("The koyu version is declared only in the base layer (the entry)", line)
        if self.version_declared:
            raise self.err(f"The koyu version is declared once (already {self.version})", line)
        if len(toks) < 2:
            raise self.err("koyu takes a version: koyu 1.0", line)
        if len(toks) > 2:
            raise self.err(f"Extra tokens on the koyu version declaration: {' '.join(toks[2:])}", line)
        if toks[1] not in VERSIONS:
            raise self.err(
                f"Unsupported koyu version: {toks[1]} (this tool supports {', '.join(VERSIONS)})", line
            )
        self.version, self.version_declared = toks[1], True

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
                raise self.err(f"A grid coordinate is a number in mm: {tok}", line)
            coords.append(n)
        if len(coords) < 2:
            raise self.err("grid takes two or more coordinates", line)
        if any(b <= a for a, b in zip(coords, coords[1:])):
            raise self.err("grid coordinates are written in ascending order", line)
        names = self.grid.declare(axis, tuple(coords))
        self.grid_axes[axis] = GridAxis(axis, names, tuple(coords), line, self.file)

    def d_import(self, toks, line):
        self.import_layer(toks, line)

    # -- level -------------------------------------------------------------------------

    def d_level(self, toks, line):
        if len(toks) < 2:
            raise self.err("level takes a name and a height: level L1 0", line)
        name = toks[1]
        z = read_number(toks[2]) if len(toks) > 2 else None
        if z is None:
            raise self.err(f"The level height (z) is not a number: {toks[2] if len(toks) > 2 else 'undefined'}", line)
        bag, rest = read_attrs(toks[3:], line, self.file)
        if rest:
            raise self.err(f"An attribute is written key:value: {rest[0]}", line)
        values = {}
        for key, raw in bag.items():
            if key not in ("h", "slab", "pitch", "underground"):
                raise self.err(
                    f"level carries {key}:, which is not in the ledger (level reads h / slab / pitch / underground)", line
                )
            values[key] = self.number_attr(key, raw, line)
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
        self.levels[name] = WLevel(name, z, h, slab, underground, pitch, range_, line, self.file, self.layer)
        self._levels_by_z = None
        self._ranges.clear()

    # -- spans ---------------------------------------------------------------------------

    def level_range(self, word: str, line: int) -> Tuple[str, ...]:
        """``L1..L3`` → every declared level with from.z ≤ z ≤ to.z, in z order (COMPAT §3).

        Remembered per word until a level is declared: a layer spells the same span on
        hundreds of lines (z never changes after declaration; ``over level`` cannot set it)."""
        known = self._ranges.get(word)
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
        names = tuple(lv.name for lv in self.levels_by_z() if la.z <= lv.z <= lb.z)
        self._ranges[word] = names
        return names

    def span_of(self, path: str) -> Optional[str]:
        seg = path[1:].split("/", 1)[0]
        return seg if ".." in seg else None

    def expand_columns(self, paths: List[str], line: int) -> tuple:
        """Expand the span in the first segment of each path; all spans must agree.

        Returns (levels, columns): the span's level names (``None`` without a span) and,
        per path, its spelling on each of them (``/L2..L4/a`` → ``/L2/a``, ``/L3/a``, …;
        a path without a span repeats)."""
        spans = [self.span_of(p) for p in paths]
        written = [s for s in spans if s is not None]
        if not written:
            return None, [[p] for p in paths]
        if any(s != written[0] for s in written):
            raise self.err(f"Level ranges on one line must agree: {', '.join(written)}", line)
        levels = self.level_range(written[0], line)
        columns = []
        for p, s in zip(paths, spans):
            if s is None:
                columns.append([p] * len(levels))
            else:
                rest = p[1 + len(s):]
                columns.append(["/" + lv + rest for lv in levels])
        return levels, columns

    def expand_paths(self, paths: List[str], line: int) -> List[List[str]]:
        """The rows of ``expand_columns``: one list of paths per level of the span."""
        return [list(row) for row in zip(*self.expand_columns(paths, line)[1])]

    # -- space ---------------------------------------------------------------------------

    def split_space_tokens(self, toks, line):
        """Classify the tokens after path and type: regions ('..'), '+', attrs, others."""
        groups: List[List[str]] = [[]]
        attr_toks: List[str] = []
        others: List[str] = []
        for t in toks:
            if t == "+":
                groups.append([])
            elif ".." in t:
                groups[-1].append(t)
            elif ":" in t:
                attr_toks.append(t)
            else:
                others.append(t)
        return groups, attr_toks, others

    def check_type(self, type_: str, line: int) -> None:
        low = type_.lower()
        for word in ("exterior", "void"):
            if _edit1(low, word):
                raise self.err(
                    f"The type {type_} looks like a misspelling of {word} ({word} is read structurally"
                    " — if a different word was meant, spell it further away)",
                    line,
                )

    def space_head(self, toks, line):
        """``space /path type …`` up to its regions: (path, type, region groups, attribute
        tokens), the same for a plain space and a band member (reference/muro/space.md, band.md)."""
        path = toks[1] if len(toks) > 1 else None
        if path is None or not path.startswith("/"):
            raise self.err("space takes the form space /path type [regions...] [attributes...]", line)
        if len(toks) < 3:
            raise self.err(f"space {path} requires a type (a word from the vocabulary)", line)
        type_ = toks[2]
        self.check_type(type_, line)
        groups, attr_toks, others = self.split_space_tokens(toks[3:], line)
        if others:
            raise self.err(f"An attribute is written key:value: {others[0]}", line)
        return path, type_, groups, attr_toks

    def d_space(self, toks, line):
        path, type_, groups, attr_toks = self.space_head(toks, line)
        rects = []
        if len(groups) > 1 or groups[0]:
            rects = [read_region(self.grid, g, line, self.file) for g in groups]
        bag, _ = read_attrs(attr_toks, line, self.file)
        if "w" in bag:
            raise self.err("w: may not be written on space (a space written by width sits indented under band)", line)
        spaces = self.define_spaces(path, type_, rects, bag, line, band=False)
        return Ctx("space", spaces, line)

    def define_spaces(self, path, type_, rects, bag, line, band) -> List[WSpace]:
        level_written = bag.pop("level", None)
        if level_written is not None and level_written not in self.levels:
            raise self.err(f"Undeclared level: level:{level_written}", line)
        # The levels of a span share the line's bag, its sources and its rectangles.
        attrs = typed(bag)
        src = self.src(line)
        attr_src = {k: src for k in attrs}
        rects = tuple(rects)
        levels, (paths,) = self.expand_columns([path], line)
        if levels is None:  # no span: the level is the first segment, if declared so far
            seg = path[1:].split("/", 1)[0]
            levels = (seg if seg in self.levels else None,)
        spaces, file = self.spaces, self.file
        out = []
        for p, level in zip(paths, levels):
            old = spaces.get(p)
            if old is not None:
                raise CompositionError(
                    f"Duplicate space path: {p} (first seen in {old.file} at line {old.line})", line, file
                )
            s = WSpace(
                p, type_, level if level_written is None else level_written, rects, (),
                attrs, attr_src, line, file, level_written, band,
            )
            spaces[p] = s
            out.append(s)
        return out

    # -- boundary, stack -----------------------------------------------------------------

    def d_boundary(self, toks, line):
        # Paths start with "/", attributes contain ":"; their order on the line is free.
        paths = [t for t in toks[1:] if t.startswith("/")]
        if len(paths) != 2:
            raise self.err("boundary takes the form boundary /pathA /pathB [attributes...]", line)
        bag, rest = read_attrs([t for t in toks[1:] if not t.startswith("/")], line, self.file)
        if rest:
            raise self.err(f"An attribute is written key:value: {rest[0]}", line)
        kind = bag.pop("type", "wall")
        if kind not in _BOUNDARY_KINDS:
            raise self.err(f"A boundary type is wall / open / stair / shaft / void: {kind}", line)
        t = None
        if "t" in bag:
            t = self.number_attr("t", bag.pop("t"), line)
        air = False
        if "air" in bag:
            air = read_number(bag.pop("air")) == 1  # 1 sets it; any other value leaves it off
        edge = bag.pop("edge", None)  # a face word; a wrong one is OPN/BND material for check
        attrs = typed(bag)
        src = self.src(line)
        attr_src = {k: src for k in attrs}
        file = self.file
        levels, (pa, pb) = self.expand_columns(paths, line)
        made = [
            WBoundary(a, b, kind, t, air, edge, None, attrs, attr_src, (), (), line, file, False)
            for a, b in zip(pa, pb)
        ]
        sides = []
        for p in paths:
            span = self.span_of(p) if levels is not None else None
            sides.append((p, None) if span is None else (p[1 + len(span):], levels))
        self.add_boundaries(made, sides)
        return Ctx("boundary", made, line)

    def d_stack(self, toks, line):
        name = toks[1] if len(toks) > 1 else "undefined"
        word = toks[2] if len(toks) > 2 else "undefined"
        bag, rest = read_attrs(toks[3:], line, self.file)
        kind = bag.pop("type", "undefined")
        if kind not in _STACK_KINDS:
            raise self.err(f"A stack type is stair / shaft / void: {kind}", line)
        levels = self.level_range(word, line)
        attrs = typed(bag)
        src = self.src(line)
        attr_src = {k: src for k in attrs}
        file = self.file
        made = [
            WBoundary(f"/{lo}/{name}", f"/{hi}/{name}", kind, None, False, None, None, attrs, attr_src,
                     (), (), line, file, True)
            for lo, hi in zip(levels, levels[1:])
        ]
        self.add_boundaries(made, ((f"/{name}", levels[:-1]), (f"/{name}", levels[1:])))
        return Ctx("stack", made, line)

    # -- zone, asset, polygon, column ------------------------------------------------------

    def d_zone(self, toks, line):
        if len(toks) < 2 or not toks[1].startswith("/"):
            raise self.err("zone takes the form zone /path [attributes...]", line)
        bag, rest = read_attrs(toks[2:], line, self.file)
        if rest:
            raise self.err(f"An attribute is written key:value: {rest[0]}", line)
        attrs = typed(bag)
        src = self.src(line)
        attr_src = {k: src for k in attrs}
        for p in self.expand_columns([toks[1]], line)[1][0]:
            old = self.zones.get(p)
            if old is not None:
                raise CompositionError(
                    f"Duplicate zone path: {p} (first seen in {old.file} at line {old.line})", line, self.file
                )
            self.zones[p] = WZone(p, attrs, attr_src, line, self.file)

    def d_asset(self, toks, line):
        if len(toks) < 3:
            raise self.err("asset takes the form asset <name> door|window [attributes...]", line)
        name, kind = toks[1], toks[2]
        if kind not in ("door", "window"):
            raise self.err(f"An asset kind is door / window: {kind}", line)
        bag, rest = read_attrs(toks[3:], line, self.file)
        if rest:
            raise self.err(f"An attribute is written key:value: {rest[0]}", line)
        old = self.assets.get(name)
        if old is not None:
            raise CompositionError(
                f"Duplicate asset name: {name} (first seen in {old.file} at line {old.line})", line, self.file
            )
        attrs = typed(bag)
        src = self.src(line)
        self.assets[name] = Asset(name, kind, attrs, {k: src for k in attrs}, line, self.file)

    def d_polygon(self, toks, line):
        if len(toks) < 2 or not toks[1].startswith("/"):
            raise self.err("polygon takes the form polygon /zone-path x,y x,y x,y …", line)
        path = toks[1]
        points = []
        for tok in toks[2:]:
            parts = tok.split(",")
            xy = [read_number(p) for p in parts] if len(parts) == 2 else [None]
            if None in xy:
                raise self.err(f"A polygon vertex is written x,y in mm: {tok}", line)
            points.append((xy[0], xy[1]))
        if len(points) < 3:
            raise self.err("polygon takes three or more vertices x,y", line)
        old = self.polygons.get(path)
        if old is not None:
            raise CompositionError(
                f"Duplicate site shape: {path} (first seen in {old.file} at line {old.line})", line, self.file
            )
        self.polygons[path] = Polygon(path, tuple(points), line, self.file)

    def d_column(self, toks, line):
        size = read_number(toks[1]) if len(toks) > 1 else None
        if size is None or size <= 0:
            raise self.err(f"A column size is a positive number in mm: {toks[1] if len(toks) > 1 else 'undefined'}", line)
        word = toks[2] if len(toks) > 2 else "undefined"
        if ".." in word:
            levels = self.level_range(word, line)
        else:
            if word not in self.levels:
                raise self.err(f"The range includes an undeclared level (declare level first): {word}", line)
            levels = [word]
        bag, rest = read_attrs(toks[3:], line, self.file)
        if rest:
            raise self.err(f"An attribute is written key:value: {rest[0]}", line)
        d = None
        if "d" in bag:
            d = self.number_attr("d", bag.pop("d"), line)
        x = self._column_names(bag.pop("x", None), "X", line)
        y = self._column_names(bag.pop("y", None), "Y", line)
        attrs = typed(bag)
        src = self.src(line)
        self.columns.append(
            WColumn(size, d, levels, word, x, y, attrs, {k: src for k in attrs}, line, self.file)
        )

    def _column_names(self, raw: Optional[str], axis: str, line: int):
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
        axis = toks[1] if len(toks) > 1 else "undefined"
        if axis not in ("X", "Y"):
            raise self.err(f"A band divides along X or Y: {axis}", line)
        for t in toks[2:]:
            if ":" in t and ".." not in t:
                raise self.err(
                    "Only the axis and the extent may be written on a band line"
                    f" (attributes go on the member space lines): {t}",
                    line,
                )
        ranges = [t for t in toks[2:] if ".." in t]
        if len(ranges) != 2 or len(toks) != 4:
            raise self.err("A region is given as two ranges, X?..X? and Y?..Y?", line)
        read = [read_range(self.grid, t, line, self.file) for t in ranges]
        if read[0][0] == read[1][0]:
            raise self.err("A region is given as two ranges, X?..X? and Y?..Y?", line)
        for tok, r in zip(ranges, read):
            if r[3] > r[4]:
                raise self.err(
                    "A band range is written in ascending order"
                    f" (members run west to east / south to north): {tok}",
                    line,
                )
            if r[3] == r[4]:
                raise self.err("The region has zero width", line)
        along = read[0] if read[0][0] == axis else read[1]
        across = read[1] if along is read[0] else read[0]
        return Ctx("band", [], line, (axis, along, across))


_HANDLERS = {
    "koyu": Declarations.d_koyu,
    "name": Declarations.d_name,
    "unit": Declarations.d_unit,
    "grid": Declarations.d_grid,
    "import": Declarations.d_import,
    "level": Declarations.d_level,
    "space": Declarations.d_space,
    "band": Declarations.d_band,
    "boundary": Declarations.d_boundary,
    "stack": Declarations.d_stack,
    "zone": Declarations.d_zone,
    "asset": Declarations.d_asset,
    "polygon": Declarations.d_polygon,
    "column": Declarations.d_column,
}


def register(keyword: str, handler) -> None:
    _HANDLERS[keyword] = handler


# over / drop live in edits.py; they register themselves there.
