"""The axonometric: a Form projected as it stands, as SVG text (reference/api/draw.md
"svgAxo", cli/axo.md).

Not one rule of shape lives here. Floors, ceilings and roofs are the Form's slabs; walls
its panels, raised from their footprints where the Form settled the junctions (0.27) and
else with ``thicken``; columns its columns, raised with ``column_rect``;
vertical circulation its run solids, raised with ``run_prism``. What this module decides is
appearance: the projection, the light, the colours, the labels and the page.

The projection is an isometric drawing from one corner (``dir``: NE, NW, SE, SW), looking
down: a plan length along either axis keeps its length on the sheet, heights stand
vertical. Every solid becomes the faces it turns to the viewer, and ``depth.painter_order``
sorts them (cutting faces where one order cannot hold), so that nearer faces hide farther
ones. Each face is shaded by how it turns to a light from the upper left of the sheet:
tops lightest, faces looking left lighter than faces looking right. Where faces of one
material on one level continue in one plane (the panels of a wall around its openings,
the pieces of a floor) the edge between them is not inked, so the surface reads as one.

Spaces with a region but no floor slab (on a level without ``slab:``, a void, an exterior
tile) are drawn as their outline on the level's plane, so that a building always stands on
its plan. Each level drawn is labelled at its height on the left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import attrs

from koyu_model.form.columns import column_rect
from koyu_model.form.prism import run_prism
from koyu_model.form.records import Form, FormLevel, FormMaterial
from koyu_model.geometry import thicken
from koyu_model.jsjson import js_number
from koyu_model.model import Model

from .depth import Face, Fragment, painter_order
from .faces import FaceSet, plane_key
from .svg import finite, number, xml_text

__all__ = ["AxoOptions", "DIRECTIONS", "NothingToDraw", "Paint", "SheetOverflow", "draw_axo", "painted"]

# dir → the corner the viewer looks down from, as the signs of its x (east) and y (north)
DIRECTIONS = {"NE": (1, 1), "NW": (-1, 1), "SE": (1, -1), "SW": (-1, -1)}


class NothingToDraw(Exception):
    """No level is drawn, or no space with a region stands on the levels drawn
    (reference/api/draw.md — svgAxo throws)."""

    def __init__(self) -> None:
        super().__init__("There is nothing to draw")


class SheetOverflow(ValueError):
    """At this scale the drawing's coordinates are beyond floating point."""


def _direction(instance, attribute, value) -> None:
    if value not in DIRECTIONS:
        raise ValueError(f"dir is one of NE / NW / SE / SW: {value}")


def _positive(instance, attribute, value) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (math.isfinite(value) and value > 0):
        raise ValueError(f"scale takes a positive number: {value}")


def _names(value) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class AxoOptions:
    """reference/api/draw.md ``AxoOptions``: the corner looked down from, px per mm, the
    levels drawn (None: all), and whether ceilings and walls are drawn."""

    dir: str = attrs.field(default="SE", validator=_direction)
    scale: float = attrs.field(default=0.02, validator=_positive)
    levels: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    ceilings: bool = False
    walls: bool = True


# --- appearance -------------------------------------------------------------------------

FONT_FAMILY = "'Hiragino Sans','Noto Sans CJK JP','Noto Sans JP',sans-serif"
INK = "#2f2b27"  # edges and labels
INK_SOFT = "#77706a"  # leaders and the caption
PAPER = "#ffffff"
SHADOW = (0x4A, 0x4E, 0x56)  # what a face turned from the light goes towards
MARGIN = 32.0  # px around the drawing
LABEL_SIZE = 11.0  # px
CAPTION_SIZE = 12.0  # px
LABEL_GAP = 16.0  # px between the labels and the drawing


@attrs.frozen(cache_hash=True)  # a key of several dicts, hashed for every face
class Paint:
    """How a face is drawn: what it is a face of (``subject``: floor, roof, ceiling, wall,
    rail, glass, column, run, lift, ground, trace, void), its colour before shading,
    ``rank`` among faces sharing a plane (higher lies on top), whether its edges are inked,
    its opacity, and whether the light shades it (a flat trace is not a solid)."""

    subject: str
    colour: tuple[int, int, int]
    rank: int
    inked: bool = True
    opacity: float = 1.0
    shaded: bool = True


FLOOR = Paint("floor", (0xE2, 0xD4, 0xB8), rank=3)
FLOOR_OUTSIDE = Paint("floor", (0xCF, 0xDB, 0xC0), rank=3)  # semi-outdoor: a porch, a balcony
ROOF = Paint("roof", (0xB4, 0xBF, 0xC7), rank=3)
CEILING = Paint("ceiling", (0xEE, 0xEA, 0xE2), rank=3)
WALL = Paint("wall", (0xF6, 0xF4, 0xEF), rank=1)
RAIL = Paint("rail", (0xD2, 0xCC, 0xC2), rank=1)  # a non-enclosing boundary: a fence, a rail
COLUMN = Paint("column", (0xA6, 0xA1, 0x9A), rank=2)
RUN = Paint("run", (0xCF, 0x9C, 0x68), rank=4)
LIFT = Paint("lift", (0x8E, 0xA0, 0xB0), rank=4)
GLASS = Paint("glass", (0x9E, 0xC6, 0xDC), rank=5, opacity=0.5)
GROUND = Paint("ground", (0xEA, 0xEF, 0xE2), rank=0, inked=False, shaded=False)  # an exterior tile
TRACE = Paint("trace", (0xF3, 0xEF, 0xE6), rank=0, shaded=False)  # a region with no floor slab
VOID = Paint("void", (0xFF, 0xFF, 0xFF), rank=0, opacity=0.0, shaded=False)  # its outline only


def _fill(paint: Paint, normal, light) -> str:
    """The face colour: Lambert's law under ``light`` with a generous ambient part, the
    shade going towards a cool grey rather than black."""
    if not paint.shaded:
        r, g, b = paint.colour
        return f"#{r:02x}{g:02x}{b:02x}"
    lit = max(0.0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2])
    k = 0.62 + 0.38 * lit
    r, g, b = (round(c * k + s * (1 - k)) for c, s in zip(paint.colour, SHADOW))
    return f"#{r:02x}{g:02x}{b:02x}"


# --- the view ---------------------------------------------------------------------------

COS30 = math.sqrt(3) / 2
SIN30 = 0.5


@attrs.frozen
class _View:
    """The isometric drawing from corner (sx, sy), at ``scale`` px per mm."""

    sx: int
    sy: int
    scale: float

    @property
    def toward(self) -> tuple[float, float, float]:
        """The direction to the viewer: the points along it fall on one spot of the sheet."""
        return (float(self.sx), float(self.sy), 1.0)

    @property
    def light(self) -> tuple[float, float, float]:
        """A light from the upper left of the sheet and a little from in front, unit length."""
        root2 = math.sqrt(2)
        right = (-self.sy / root2, self.sx / root2)  # the sheet's right, in plan
        front = (self.sx / root2, self.sy / root2)  # towards the viewer, in plan
        x = -0.5 * right[0] + 0.3 * front[0]
        y = -0.5 * right[1] + 0.3 * front[1]
        z = 0.8
        n = math.sqrt(x * x + y * y + z * z)
        return (x / n, y / n, z / n)

    def project(self, x: float, y: float, z: float) -> tuple[float, float]:
        """Sheet px, y downwards, before the page offset."""
        s = self.scale
        return ((self.sx * y - self.sy * x) * COS30 * s, ((self.sx * x + self.sy * y) * SIN30 - z) * s)


# --- solids to faces --------------------------------------------------------------------


def _collect(form: Form, levels: frozenset, options: AxoOptions, view: _View) -> list[Face]:
    """The faces of what stands on ``levels``."""
    out = FaceSet((view.sx, view.sy))
    outside = {s.path for s in form.spaces if s.semi_outdoor}
    floored = set()
    for slab in form.slabs:
        if slab.level not in levels or (slab.kind == "ceiling" and not options.ceilings):
            continue
        if slab.kind == "floor":
            floored.add(slab.space)
            paint = FLOOR_OUTSIDE if slab.space in outside else FLOOR
        else:
            paint = ROOF if slab.kind == "roof" else CEILING
        n = len(slab.outline)
        out.prism(_xy(slab.outline), (slab.z0,) * n, (slab.z1,) * n, paint, slab.level)

    z_of: dict[str | None, int | float] = {lv.name: lv.z for lv in form.levels}  # a space's level may be None
    for space in form.spaces:
        if space.level in levels and space.path not in floored:
            paint = GROUND if space.outside else VOID if space.void else TRACE
            for piece in space.outline:
                out.flat(_xy(piece), z_of[space.level], paint, space.level)

    if options.walls:
        walls = [fb for fb in form.boundaries if fb.material is not None and fb.level in levels]
        joined = False  # the Form settled the junctions itself (0.27's footprints)
        for fb in walls:
            paint = RAIL if fb.air else WALL
            material = cast(FormMaterial, fb.material)  # a wall's is not None
            for p in material.panels:
                if p.footprint is not None:
                    joined = True
                    foot = _xy(p.footprint)
                else:
                    foot = list(thicken(p.x1, p.y1, p.x2, p.y2, material.t))
                n = len(foot)
                out.prism(foot, (p.z0,) * n, (p.z1,) * n, paint, fb.level)
        for foot, z0, z1, level in () if joined else _corner_posts(walls):
            out.prism(foot, (z0,) * len(foot), (z1,) * len(foot), WALL, level)
        for o in form.openings:  # a window's glass; a door is left open
            if o.kind != "door" and o.level in levels and o.segment is not None:
                half = _along(o.segment, o.w / 2)
                if half is not None:
                    dx, dy = half
                    out.sheet(o.cx - dx, o.cy - dy, o.cx + dx, o.cy + dy, o.z0, o.z1, GLASS, o.level)

    for c in form.columns:
        if c.level in levels:
            out.prism(_xy(column_rect(c)), (c.z0,) * 4, (c.z1,) * 4, COLUMN, c.level)

    for run in form.runs:
        if run.level in levels:
            paint = LIFT if run.device == "lift" else RUN
            for solid in run.solids:
                prism = run_prism(solid)
                out.prism(_xy(prism.poly), list(prism.bottom), list(prism.top), paint, run.level)
    return out.faces()


def _corner_posts(walls) -> list[tuple[list, float, float, str]]:
    """What fills the outer corner where wall panels turn square at one end point: each
    panel is its centre line thickened and squared off, so two meeting at a right angle
    leave a notch outside the corner, t/2 by t/2. The notch is the quarter around the point
    that no panel runs into; a post fills it over the height the panels share. Drawing
    only: the Form keeps its panels as derived (the plan drawing fills the same corners).
    A corner at another angle is left as it is."""
    ends: dict[tuple, list[tuple]] = {}
    for fb in walls:
        if fb.air:
            continue
        t = fb.material.t
        for p in fb.material.panels:
            dx, dy = p.x2 - p.x1, p.y2 - p.y1
            if not t or (dx == 0) == (dy == 0):
                continue  # no thickness, no length, or not along an axis
            ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)  # from the start into the panel
            for x, y, sign in ((p.x1, p.y1, 1), (p.x2, p.y2, -1)):
                key = (fb.level, round(x * 2) / 2, round(y * 2) / 2)
                ends.setdefault(key, []).append((ux * sign, uy * sign, t, p.z0, p.z1))
    posts = []
    for (level, x, y), meeting in ends.items():
        z0, z1 = max(w[3] for w in meeting), min(w[4] for w in meeting)
        hx = max((w[2] for w in meeting if w[0] == 0), default=0) / 2  # across the north-south panels
        hy = max((w[2] for w in meeting if w[1] == 0), default=0) / 2  # across the east-west ones
        if z1 <= z0 or not hx or not hy:
            continue  # panels in line, or alone: they meet flush
        for qx in (-1, 1):
            for qy in (-1, 1):
                # a panel running into +x covers the quarters with qx = +1, on both sides
                if any((w[0] and w[0] == qx) or (w[1] and w[1] == qy) for w in meeting):
                    continue
                foot = [(x, y), (x + qx * hx, y), (x + qx * hx, y + qy * hy), (x, y + qy * hy)]
                posts.append((foot, z0, z1, level))
    return posts


def _xy(outline) -> list[tuple[float, float]]:
    return [(p.x, p.y) for p in outline]


def _along(segment, half: float) -> tuple[float, float] | None:
    """Half a band's width as a plan vector along its segment."""
    dx, dy = segment.x2 - segment.x1, segment.y2 - segment.y1
    length = math.hypot(dx, dy)
    if not length or not math.isfinite(length):
        return None
    return (dx / length * half, dy / length * half)


# --- the sheet --------------------------------------------------------------------------


def _text_width(text: str, size: float) -> float:
    """A rough advance: a wide (CJK) character one em, the rest about 0.6 em."""
    return sum(size if ord(ch) > 0x2E7F else size * 0.6 for ch in text)


def _level_text(level: FormLevel) -> str:
    z = level.z
    return f"{level.name}  {'±' if z == 0 else '+' if z > 0 else ''}{js_number(z)}"


def _drawn(form: Form, options: AxoOptions) -> list[FormLevel]:
    """The levels drawn, in the Form's order; NothingToDraw when no space with a region
    stands on them."""
    wanted = None if options.levels is None else set(options.levels)
    drawn = [lv for lv in form.levels if (wanted is None or lv.name in wanted) and math.isfinite(lv.z)]
    names = {lv.name for lv in drawn}
    if not any(s.level in names and s.outline for s in form.spaces):
        raise NothingToDraw()
    return drawn


def _view(options: AxoOptions) -> _View:
    sx, sy = DIRECTIONS[options.dir]
    return _View(sx=sx, sy=sy, scale=options.scale)


def painted(form: Form, options: AxoOptions = AxoOptions()) -> tuple[Fragment, ...]:
    """What the drawing paints, first to last: the faces turned to the viewer, cut where
    one order cannot hold, each ``Fragment.face.paint`` a ``Paint``. Raises NothingToDraw
    as draw_axo does."""
    levels = frozenset(lv.name for lv in _drawn(form, options))
    view = _view(options)
    return painter_order(_collect(form, levels, options, view), view.toward)


def draw_model_axo(model: Model, options: AxoOptions = AxoOptions()) -> str:
    """The axonometric of a composed model as ``koyu axo`` draws it (and the view tool with
    it): the Form of the levels drawn, the building's name heading the caption and the
    release's footer below. Raises as ``draw_axo`` does."""
    from koyu_model.drawing.sheet import sheet_title
    from koyu_model.form.derive import derive

    form = derive(model, levels=options.levels)
    return draw_axo(form, options, title=sheet_title(model), footer=model.release.axo_footer)


def draw_axo(form: Form, options: AxoOptions = AxoOptions(), title: str = "Untitled", footer: str | None = None) -> str:
    """The axonometric of ``form`` as SVG text; ``title`` (the building's name) heads the
    caption, ``<title> — axonometric (from <dir>)``, and ``footer`` (when given) is a line
    below it. Raises NothingToDraw when no level is drawn or no space with a region stands
    on those drawn, SheetOverflow when the scale takes coordinates beyond floating point."""
    drawn = _drawn(form, options)
    view = _view(options)
    light = view.light
    fills: dict[tuple, str] = {}
    shapes = []  # (sheet points, inked edges, paint, fill) in painting order
    corner = None  # the drawing's leftmost point: sheet x, sheet y, its height
    for frag in painted(form, options):
        sheet = [view.project(*p) for p in frag.points]
        if not finite(c for p in sheet for c in p):  # the face is finite, its image is not
            raise SheetOverflow(f"The drawing does not fit a sheet at {options.scale} px/mm")
        for (x, y), p in zip(sheet, frag.points):
            if corner is None or (x, -y) < (corner[0], -corner[1]):
                corner = (x, y, p[2])
        paint = frag.face.paint
        key = (paint, plane_key(frag.face.points)[:3])
        fill = fills.get(key)
        if fill is None:
            fill = fills[key] = _fill(paint, key[1], light)
        shapes.append((sheet, frag.edges, paint, fill))
    if corner is None:  # nothing but edge-on faces: the labels still stand
        corner = (0.0, 0.0, drawn[0].z)

    labels = _labels(drawn, corner, options.scale)
    xs = [x for sheet, *_ in shapes for x, _ in sheet] or [corner[0]]
    ys = [y for sheet, *_ in shapes for _, y in sheet] + [y for _, y, _ in labels]
    label_w = max(_text_width(text, LABEL_SIZE) for text, _, _ in labels)
    ox = MARGIN + label_w + LABEL_GAP - min(xs)
    oy = MARGIN + LABEL_SIZE - min(ys)
    captions = [f"{title} — axonometric (from {options.dir})"] + ([footer] if footer else [])
    width = max(ox + max(xs) + MARGIN, 2 * MARGIN + max(_text_width(c, CAPTION_SIZE) for c in captions))
    height = oy + max(ys) + MARGIN + CAPTION_SIZE * (0.6 + 1.4 * len(captions))
    if not finite((width, height)):
        raise SheetOverflow(f"The drawing does not fit a sheet at {options.scale} px/mm")

    stroke = min(1.0, max(0.25, options.scale * 25))
    w, h = number(width), number(height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"'
        f' font-family="{xml_text(FONT_FAMILY)}">',
        "<style>"
        f".f{{stroke:{INK};stroke-width:{number(stroke)};stroke-linejoin:round}}"
        f".s{{fill:none;stroke-width:{number(stroke * 2)};stroke-linecap:round}}"
        f".e{{fill:none;stroke:{INK};stroke-width:{number(stroke)};stroke-linecap:round}}"
        f".k{{fill:none;stroke:{INK_SOFT};stroke-width:0.6;stroke-dasharray:2 2}}"
        "</style>",
        f'<rect width="{w}" height="{h}" fill="{PAPER}"/>',
    ]
    for sheet, edges, paint, fill in shapes:
        out.extend(_shape(sheet, edges, paint, fill, ox, oy, stroke * 1.5))
    text_x = MARGIN + label_w
    for text, y, at in labels:
        out.append(
            f'<path class="k" d="M{number(text_x + 4)} {number(y + oy - LABEL_SIZE * 0.35)}'
            f'L{number(corner[0] + ox - 4)} {number(at + oy)}"/>'
        )
        out.append(
            f'<text x="{number(text_x)}" y="{number(y + oy)}" font-size="{number(LABEL_SIZE)}" fill="{INK}"'
            f' text-anchor="end">{xml_text(text)}</text>'
        )
    for i, caption in enumerate(reversed(captions)):  # the last line sits on the bottom margin
        out.append(
            f'<text x="{number(MARGIN)}" y="{number(height - MARGIN - i * CAPTION_SIZE * 1.4)}"'
            f' font-size="{number(CAPTION_SIZE)}" fill="{INK_SOFT}">{xml_text(caption)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _shape(sheet, edges, paint: Paint, fill: str, ox: float, oy: float, seam: float) -> list[str]:
    """The SVG of one painted face, or part of a face."""
    d = "M" + "L".join(f"{number(x + ox)} {number(y + oy)}" for x, y in sheet) + "Z"
    opacity = "" if paint.opacity >= 1 else f' fill-opacity="{number(paint.opacity)}"'
    if paint.inked and all(edges):
        return [f'<path class="f" fill="{fill}"{opacity} d="{d}"/>']
    out = [f'<path fill="{fill}"{opacity} d="{d}"/>']
    n = len(sheet)
    ink, joins = [], []
    for k in range(n):
        (x1, y1), (x2, y2) = sheet[k], sheet[(k + 1) % n]
        if edges[k] and paint.inked:
            ink.append(f"M{number(x1 + ox)} {number(y1 + oy)}L{number(x2 + ox)} {number(y2 + oy)}")
        elif not edges[k] and paint.opacity >= 1:
            # an edge inside a surface (a cut, or where the next face of it goes on): a
            # stroke of the face's own colour closes the hairline that the anti-aliasing of
            # two abutting faces leaves; it stops short where it meets an inked edge
            length = math.hypot(x2 - x1, y2 - y1)
            if length <= 2 * seam:
                continue
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            a = seam if paint.inked and edges[k - 1] else 0.0
            b = seam if paint.inked and edges[(k + 1) % n] else 0.0
            joins.append(
                f"M{number(x1 + ux * a + ox)} {number(y1 + uy * a + oy)}"
                f"L{number(x2 - ux * b + ox)} {number(y2 - uy * b + oy)}"
            )
    if joins:
        out.append(f'<path class="s" stroke="{fill}" d="{"".join(joins)}"/>')
    if ink:
        out.append(f'<path class="e" d="{"".join(ink)}"/>')
    return out


def _labels(drawn: Sequence[FormLevel], corner, scale: float) -> list[tuple[str, float, float]]:
    """(text, baseline y, y of the level at the drawing's left corner) for each drawn
    level in the order given, the baselines pushed apart so that no two overlap."""
    _, cy, cz = corner
    placed = {}
    last = None
    for lv in sorted(drawn, key=lambda lv: -lv.z):  # from the top of the sheet down
        at = cy - (lv.z - cz) * scale
        y = at + LABEL_SIZE * 0.35
        if last is not None and y < last + LABEL_SIZE * 1.25:
            y = last + LABEL_SIZE * 1.25
        last = y
        placed[lv.name] = (y, at)
    return [(_level_text(lv), *placed[lv.name]) for lv in drawn]
