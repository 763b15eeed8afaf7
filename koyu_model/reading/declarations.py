"""One function per unindented keyword (spec: reference/muro/*.md, one page per line).

Each reads one line against the composition so far (``state.Composition``) and returns
the ``Block`` the indented lines below it attach to (or None); ``compose.HANDLERS`` maps
the keywords to them. A space, boundary or stack line makes its records when its block
ends (``close``), with the members read under it, one record per level of its span:
spans (``/L1..L3/x``), ``stack`` and bands are expanded here and do not survive.
"""

from __future__ import annotations

from koyu_model.errors import CompositionError, NotationError
from koyu_model.jsjson import js_string
from koyu_model.model import (
    Asset,
    Azimuth,
    Boundary,
    Column,
    GridAxis,
    Level,
    Origin,
    Polygon,
    Rect,
    Source,
    Space,
    Zone,
)
from koyu_model.reading.lexing import read_attrs, read_number, typed
from koyu_model.reading.members import finish_band
from koyu_model.reading.positions import not_two_ranges, read_range, read_region, undefined_grid_name, zero_width
from koyu_model.reading.state import Block, Composition, add_boundaries, attributes, read_once
from koyu_model.reading.versionline import declared_version
from koyu_model.reading.words import (
    RANGE_RE,
    boundary_kind,
    check_level_written,
    check_new_space,
    check_no_width,
    expand_paths,
    level_range,
    number_attr,
    positive_attr,
    space_path,
    space_places,
    space_words,
    span_columns,
    undeclared_level,
    unreadable_range,
)

__all__ = [
    "close",
    "version_line",
    "name_line",
    "unit_line",
    "grid_line",
    "origin_line",
    "azimuth_line",
    "level_line",
    "space_line",
    "boundary_line",
    "stack_line",
    "zone_line",
    "asset_line",
    "polygon_line",
    "column_line",
    "band_line",
]

_STACK_KINDS = ("stair", "shaft", "void")
# The keys an origin line reads, in the order its canonical entry writes them (muro/origin.md).
_ORIGIN_KEYS = ("epsg", "easting", "northing", "elevation", "vertical")
_ORIGIN_FORM = "origin epsg:<code> easting:<metres> northing:<metres> [elevation:<metres> vertical:<code>]"
_POLYGON_FORM = "polygon takes the form polygon /zone-path x,y x,y x,y ..."


# -- blocks ------------------------------------------------------------------------


def close(c: Composition, block: Block) -> None:
    """The block under a declaration ends: its records are made with the members
    gathered under it, or a band lays out its members."""
    kind = block.kind
    if kind == "space":
        paths, levels, type_, rects, attrs, attr_src, level_written = block.made
        areas = block.member_tuple("areas")
        spaces, line, file = c.spaces, block.line, c.file
        outside, void = c.release.outside_and_void(type_, attrs)
        for path, level in zip(paths, levels):
            spaces[path] = Space(
                path, type_, level, rects, areas, attrs, attr_src, line, file, level_written, False, outside, void
            )
    elif kind == "boundary" or kind == "stack":
        ends_a, ends_b, boundary_type, t, air, edge, attrs, attr_src, sides = block.made
        drawn = block.members.get("drawn") if block.members else None
        drawn = drawn[0] if drawn else None
        openings, segs = block.member_tuple("openings"), block.member_tuple("segs")
        line, file, stack = block.line, c.file, kind == "stack"
        made = [
            Boundary(a, b, boundary_type, t, air, edge, drawn, attrs, attr_src, openings, segs, line, file, stack)
            for a, b in zip(ends_a, ends_b)
        ]
        add_boundaries(c, made, sides)
    elif kind == "band":
        finish_band(c, block)


# -- foundation: the version line, name, unit, grid ------------------------------------


def version_line(c: Composition, toks, line):
    """``koyu 1.0`` / ``muro 1.4``: once, in the base layer (muro/version.md); what the
    line itself may say is the release's (versionline)."""
    subject = c.release.version_subject
    if c.layer != 0:
        raise NotationError(f"{subject} is declared only in the base layer (the entry)", line, c.file)
    if c.version_declared:
        raise NotationError(f"{subject} is declared once (already {c.version})", line, c.file)
    c.version = declared_version(c.release, toks, line, c.file)
    c.version_declared = True


def name_line(c: Composition, toks, line):
    if len(toks) < 2:
        raise NotationError("name takes a value", line, c.file)
    value = " ".join(toks[1:])
    if c.name is not None and c.name != value:
        raise NotationError(
            f'name is declared once (already "{c.name}" — in the base layer when composing)', line, c.file
        )
    c.name = value


def unit_line(c: Composition, toks, line):
    unit = toks[1] if len(toks) > 1 else "undefined"
    if unit != "mm":
        raise NotationError(f"The only unit in v0 is mm: {unit}", line, c.file)


def grid_line(c: Composition, toks, line):
    axis = toks[1] if len(toks) > 1 else "undefined"
    if axis not in ("X", "Y"):
        raise NotationError(f"A grid axis is X or Y: {axis}", line, c.file)
    if axis in c.grid_axes:
        raise NotationError(f"grid {axis} is declared once (in the base layer when composing)", line, c.file)
    coords = []
    for tok in toks[2:]:
        n = read_number(tok)
        if n is None:
            raise NotationError(f"The grid coordinate is not a number: {tok}", line, c.file)
        coords.append(n)
    if len(coords) < 2:
        raise NotationError("grid takes two or more coordinates", line, c.file)
    if any(b <= a for a, b in zip(coords, coords[1:])):
        raise NotationError("grid coordinates are written in ascending order", line, c.file)
    names = c.grid.declare(axis, tuple(coords))
    c.grid_axes[axis] = GridAxis(axis, names, tuple(coords), line, c.file)


# -- the frame: origin, azimuth (0.27: muro/origin.md, azimuth.md) ---------------------


def origin_line(c: Composition, toks, line):
    """``origin epsg:<code> easting:<m> northing:<m> [elevation:<m> vertical:<code>]``:
    once across all layers; the numbers are metres and the codes are carried unread."""
    _frame_once(c, "origin", c.origin, line)
    written = read_attrs(toks[1:], line, c.file)
    for key in written:
        if key not in _ORIGIN_KEYS:
            raise NotationError(
                f"origin carries {key}:, which is not in the ledger (origin reads {' / '.join(_ORIGIN_KEYS)})",
                line,
                c.file,
            )
    for key in ("epsg", "easting", "northing"):
        if key not in written:
            raise NotationError(f"origin requires {key}: ({_ORIGIN_FORM})", line, c.file)
    if ("elevation" in written) != ("vertical" in written):
        raise NotationError(
            "elevation: and vertical: are written together (a height needs the datum it is measured from)", line, c.file
        )
    values = {key: number_attr(c, key, raw, line) for key, raw in written.items()}
    for key in ("epsg", "vertical"):
        code = values.get(key)
        if code is not None and (type(code) is not int or code <= 0):
            raise NotationError(f"{key} is an EPSG code, a whole positive number: {key}:{written[key]}", line, c.file)
    c.origin = Origin(
        int(values["epsg"]),
        values["easting"],
        values["northing"],
        values.get("elevation"),
        None if values.get("vertical") is None else int(values["vertical"]),
        line,
        c.file,
    )


def azimuth_line(c: Composition, toks, line):
    """``azimuth Y <degrees>``: the true bearing of +Y, ``0 <= v < 360``, refused (not
    folded) outside it; once across all layers."""
    _frame_once(c, "azimuth", c.azimuth, line)
    if len(toks) != 3 or toks[1] != "Y":
        raise NotationError(
            "azimuth takes the form azimuth Y <degrees> (the bearing of +Y; Y is the one axis)", line, c.file
        )
    raw = toks[2]
    degrees = read_number(raw)
    if degrees is None:
        raise NotationError(f"The azimuth is not a number: {raw}", line, c.file)
    if not 0 <= degrees < 360:
        folded = degrees % 360
        if isinstance(folded, float) and folded.is_integer():
            folded = int(folded)
        raise NotationError(
            f"azimuth is a bearing clockwise from true north, 0 <= v < 360: {raw} (write {js_string(folded)})",
            line,
            c.file,
        )
    c.azimuth = Azimuth(degrees, line, c.file)


def _frame_once(c: Composition, word: str, first: Origin | Azimuth | None, line: int) -> None:
    """A model has one frame: a second line, in any layer, stops the read."""
    if first is not None:
        raise CompositionError(
            f"Duplicate {word}: a model has one frame (first seen in {first.file} at line {first.line})",
            line,
            c.file,
        )


# -- level -------------------------------------------------------------------------


def level_line(c: Composition, toks, line):
    name = toks[1] if len(toks) > 1 else ""
    z = read_number(toks[2]) if len(toks) > 2 else None
    if z is None:  # an unwritten z is spelled as nothing (diagnostics/syn.md)
        raise NotationError(f"The level height (z) is not a number: {toks[2] if len(toks) > 2 else ''}", line, c.file)
    written = read_attrs(toks[3:], line, c.file)
    values = {}
    for key, raw in written.items():
        if key not in ("h", "slab", "pitch", "underground"):
            raise NotationError(
                f"level carries {key}:, which is not in the ledger (level reads h / slab / pitch / underground)",
                line,
                c.file,
            )
        # h, slab and pitch are lengths; underground is a flag (1 or anything else)
        if key == "underground":
            values[key] = number_attr(c, key, raw, line)
        else:
            values[key] = positive_attr(c, key, raw, line)
    h, slab, pitch = values.get("h"), values.get("slab"), values.get("pitch")
    underground = values.get("underground") == 1
    m = RANGE_RE.match(name)
    if m:
        p1, n1, p2, n2 = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
        if p1 != p2 or n2 < n1:
            raise unreadable_range(c, name, line)
        if pitch is None:
            raise NotationError(f"A level range requires pitch: (the storey height in mm): {name}", line, c.file)
        for k in range(n1, n2 + 1):
            _add_level(c, f"{p1}{k}", z + pitch * (k - n1), h, slab, underground, pitch, name, line)
    else:
        if pitch is not None:
            raise NotationError("pitch is available only on a level range declaration (L?..L?)", line, c.file)
        _add_level(c, name, z, h, slab, underground, None, None, line)


def _add_level(c: Composition, name, z, h, slab, underground, pitch, range_, line):
    if isinstance(z, float) and z.is_integer() and abs(z) < 2**53:
        z = int(z)
    if name in c.levels:
        raise CompositionError(f"Duplicate level: {name}", line, c.file)
    c.levels[name] = Level(name, z, h, slab, underground, pitch, range_, line, c.file)
    c.levels_by_z = None
    c.spans.clear()
    c.span_levels.clear()


# -- space ---------------------------------------------------------------------------


def space_line(c: Composition, toks, line):
    path = space_path(c, toks, line)
    type_, groups, written = space_words(c, toks, line)
    level_written = written.pop("level", None)
    if level_written is not None:
        check_level_written(c, level_written, line)
    check_no_width(c, written, line)
    rects: tuple[Rect, ...] = ()
    if len(groups) > 1 or groups[0]:
        rects = tuple(read_region(c.grid, g, line, c.file) for g in groups)
    attrs = attributes(c, written)
    attr_src = dict.fromkeys(attrs, Source(c.file, line)) if attrs else {}
    paths, levels = space_places(c, path, level_written, line)
    for p in paths:
        check_new_space(c, p, line)
    return Block("space", line, (paths, levels, type_, rects, attrs, attr_src, level_written))


# -- boundary, stack -----------------------------------------------------------------


def boundary_line(c: Composition, toks, line):
    # The two paths come first, then the attributes.
    if len(toks) < 3 or toks[1][:1] != "/" or toks[2][:1] != "/":
        raise NotationError("boundary takes the form boundary /pathA /pathB [attributes...]", line, c.file)
    pa, pb = toks[1], toks[2]
    kind, t, air, edge, attrs = read_once(c, ("boundary", *toks[3:]), lambda: _boundary_words(c, toks, line))
    attr_src = dict.fromkeys(attrs, Source(c.file, line)) if attrs else {}
    (ea, eb), levels, (ends_a, ends_b) = span_columns(c, (pa, pb), line)
    # a written end is the same on every boundary; a spanned one is "/" + level + rest
    sides = ((ea.rest, None if ea.span is None else levels), (eb.rest, None if eb.span is None else levels))
    return Block("boundary", line, (ends_a, ends_b, kind, t, air, edge, attrs, attr_src, sides))


def _boundary_words(c: Composition, toks, line) -> tuple:
    """What a boundary line's attributes read as: (kind, t, air, edge, other attributes)."""
    written = read_attrs(toks[3:], line, c.file)
    kind = boundary_kind(c, written.pop("type", "wall"), line)
    t = None
    if "t" in written:
        t = positive_attr(c, "t", written.pop("t"), line)
    air = False
    if "air" in written:
        # a flag read as a number, as level's underground: is (attributes.md: 0 / 1): a
        # spelling that is no number stops the read; 1 sets it, any other number leaves it off
        air = number_attr(c, "air", written.pop("air"), line) == 1
    edge = written.pop("edge", None)  # a face word; a wrong one is OPN/BND material for check
    return kind, t, air, edge, attributes(c, written)


def stack_line(c: Composition, toks, line):
    # the name is the last segment of the spaces' paths, never a path (muro/stack.md)
    if len(toks) < 2 or toks[1].startswith("/"):
        raise NotationError("stack takes the form stack <name> <L?..L?> type:stair|shaft|void", line, c.file)
    name = toks[1]
    levels = level_range(c, toks[2] if len(toks) > 2 else "undefined", line)
    written = read_attrs(toks[3:], line, c.file)
    kind = written.pop("type", "undefined")
    if kind not in _STACK_KINDS:
        raise NotationError(f"A stack type is stair / shaft / void: {kind}", line, c.file)
    attrs = attributes(c, written)
    src = Source(c.file, line)
    attr_src = {k: src for k in attrs}
    ends = [f"/{lv}/{name}" for lv in levels]
    sides = ((f"/{name}", levels[:-1]), (f"/{name}", levels[1:]))
    return Block("stack", line, (ends[:-1], ends[1:], kind, None, False, None, attrs, attr_src, sides))


# -- zone, asset, polygon, column ------------------------------------------------------


def zone_line(c: Composition, toks, line):
    if len(toks) < 2 or not toks[1].startswith("/"):
        raise NotationError("zone takes the form zone /path [attributes...]", line, c.file)
    attrs = attributes(c, read_attrs(toks[2:], line, c.file))
    src = Source(c.file, line)
    attr_src = {k: src for k in attrs}
    for (p,) in expand_paths(c, [toks[1]], line):
        old = c.zones.get(p)
        if old is not None:
            raise CompositionError(
                f"Duplicate zone path: {p} (first seen in {old.file} at line {old.line})", line, c.file
            )
        c.zones[p] = Zone(p, attrs, attr_src, line, c.file)


def asset_line(c: Composition, toks, line):
    name = toks[1] if len(toks) > 1 else "undefined"
    kind = toks[2] if len(toks) > 2 else "undefined"  # an unwritten kind, as JavaScript spells it
    if kind not in ("door", "window"):
        raise NotationError(f"An asset kind is door / window: {kind}", line, c.file)
    written = read_attrs(toks[3:], line, c.file)
    old = c.assets.get(name)
    if old is not None:
        raise CompositionError(
            f"Duplicate asset name: {name} (first seen in {old.file} at line {old.line})", line, c.file
        )
    attrs = typed(written)
    src = Source(c.file, line)
    c.assets[name] = Asset(name, kind, attrs, {k: src for k in attrs}, line, c.file)


def polygon_line(c: Composition, toks, line):
    if len(toks) < 2 or not toks[1].startswith("/"):
        raise NotationError(_POLYGON_FORM, line, c.file)
    path = toks[1]
    points = []
    for tok in toks[2:]:
        parts = tok.split(",")
        x, y = (read_number(parts[0]), read_number(parts[1])) if len(parts) == 2 else (None, None)
        if x is None or y is None:
            raise NotationError(f"Cannot read the vertex (x,y in mm): {tok}", line, c.file)
        points.append((x, y))
    if len(points) < 3:  # the form itself asks for three (diagnostics/sit.md)
        raise NotationError(_POLYGON_FORM, line, c.file)
    old = c.polygons.get(path)
    if old is not None:
        raise CompositionError(
            f"Duplicate site shape: {path} (first seen in {old.file} at line {old.line})", line, c.file
        )
    c.polygons[path] = Polygon(path, tuple(points), line, c.file)


def column_line(c: Composition, toks, line):
    size = read_number(toks[1]) if len(toks) > 1 else None
    if size is None or size <= 0:  # the side is a positive length; the one sentence for both
        raise NotationError(
            f"The column dimension is not a number: {toks[1] if len(toks) > 1 else 'undefined'}", line, c.file
        )
    word = toks[2] if len(toks) > 2 else "undefined"
    if ".." in word:
        levels = level_range(c, word, line)
    else:
        if word not in c.levels:
            raise undeclared_level(c, word, line)
        levels = (word,)
    written = read_attrs(toks[3:], line, c.file)
    d = None
    if "d" in written:
        d = positive_attr(c, "d", written.pop("d"), line)
    x = _column_names(c, written.pop("x", None), "X", line)
    y = _column_names(c, written.pop("y", None), "Y", line)
    attrs = typed(written)
    src = Source(c.file, line)
    c.columns.append(Column(size, d, tuple(levels), word, x, y, attrs, {k: src for k in attrs}, line, c.file))


def _column_names(c: Composition, raw: str | None, axis: str, line: int):
    """``x:X3,X1`` → names in grid order (COMPAT §6). A name must be a declared grid
    line; one from the other axis is kept, after the axis' own, by collation."""
    if raw is None:
        return None
    names = c.grid.x_names if axis == "X" else c.grid.y_names
    index = {n: i for i, n in enumerate(names)}
    declared = c.grid.X if axis == "Y" else c.grid.Y  # the other axis
    picked = []
    for name in raw.split(","):
        if name not in index and name not in declared:
            raise undefined_grid_name(name, line, c.file)
        if name not in picked:
            picked.append(name)
    picked.sort(key=lambda n: (0, index[n], "") if n in index else (1, 0, n))
    return tuple(picked)


# -- band -----------------------------------------------------------------------------


def band_line(c: Composition, toks, line):
    # An attribute after the axis is refused before the axis is read (band.md: no
    # key:value may be written here), so a space line turned band names its attribute.
    for t in toks[2:]:
        if ":" in t and ".." not in t:
            raise NotationError(
                "Only the axis and the extent may be written on a band line"
                f" (attributes go on the member space lines): {t}",
                line,
                c.file,
            )
    axis = toks[1] if len(toks) > 1 else "undefined"
    if axis not in ("X", "Y"):
        raise NotationError(
            f"A band divides along X or Y: {axis} (it takes the form band X X1..X2 Y1..Y2)", line, c.file
        )
    ranges = [t for t in toks[2:] if ".." in t]
    if len(ranges) != 2 or len(toks) != 4:
        raise not_two_ranges(line, c.file)
    read = [read_range(c.grid, t, line, c.file) for t in ranges]
    if read[0][0] == read[1][0]:
        raise not_two_ranges(line, c.file)
    for tok, r in zip(ranges, read):
        if r[3] > r[4]:
            raise NotationError(
                f"A band range is written in ascending order (members run west to east / south to north): {tok}",
                line,
                c.file,
            )
        if r[3] == r[4]:
            raise zero_width(line, c.file)
    along = read[0] if read[0][0] == axis else read[1]
    across = read[1] if along is read[0] else read[0]
    return Block("band", line, [], (axis, along, across))
