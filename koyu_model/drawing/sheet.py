"""The plan sheet: the words a plan shows that the Form does not carry, the paper a level
is drawn on, and the sheet's own marks around the drawing (grid bubbles, title block,
scale bar, north arrow).

The Form carries no appearance and no annotation words (reference/form/index.md — "Form
carries no appearance"): no display names, no title, no grid names, no area labels. A
plan sheet needs them, so they travel beside the Form in a ``PlanSheet``. Everything in
one is *written* in the source (names, grid lines, an area's rectangle, a road's width);
nothing is derived shape, and the drawing never re-derives any. ``sheet_from_model``
fills one from a composed Model; a caller without a model (a test, a viewer of a saved
Form) builds one by hand or uses the default, which names each space by the last segment
of its path.

``Paper`` is the page: millimetres of the plan to pixels of the sheet (+Y is north, so
up), the margins, and the SVG lines as they are written.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence

import attrs

from koyu_model.form.records import Form, Pt
from koyu_model.jsjson import js_number, js_string
from koyu_model.model import Model
from koyu_model.queries import display_name, last_segment

from .svg import number, xml_text

__all__ = [
    "GridLine",
    "AreaMark",
    "SegMark",
    "RoadMark",
    "PlanSheet",
    "sheet_from_model",
    "Paper",
    "text_width",
    "FONT_FAMILY",
]

Number = int | float

FONT_FAMILY = (
    "'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans CJK JP','Noto Sans JP','Yu Gothic',Meiryo,sans-serif"
)
FOOTER = "koyu — generated from spaces (wall centrelines, mm)"

# The palette: ink on warm paper.
PAPER = "#fbf9f4"
INK = "#1d1d1b"
INK_SOFT = "#5f5a52"
FAINT = "#a59d8f"
GRID = "#b9ae98"
INDOOR = "#efe7d6"
SEMI = "#e3ead8"
OUTSIDE = "#eef0ea"
AREA = "#e2d8c2"
SEG = "#7c766d"
ACCENT = "#9b3d2a"

MARGIN_L = 96.0  # room for the Y bubbles
MARGIN_T = 96.0  # room for the X bubbles
MARGIN_R = 64.0
MARGIN_B = 100.0  # the title block
MIN_WIDTH = 560.0  # the title block's words need this much


# --- the words ------------------------------------------------------------------------


@attrs.frozen
class GridLine:
    """One written grid line: axis "X" (a vertical line at x) or "Y" (horizontal at y)."""

    axis: str
    name: str
    coord: Number


@attrs.frozen
class AreaMark:
    """A written `area` inside a space (reference/muro/area.md): its label and rectangle."""

    space: str
    level: str | None
    label: str
    x1: Number
    y1: Number
    x2: Number
    y2: Number


@attrs.frozen
class SegMark:
    """The label of an uncounted seg (its ``spec:``, else ``name:``), found again on the
    Form by its boundary's pair and its width (the Form's seg index is canonical order,
    not the written one)."""

    a: str
    b: str
    w: Number
    label: str


@attrs.frozen
class RoadMark:
    """An exterior space declared a road (``road:<width>``); drawn beside the site
    boundary segments that face it, on the lowest level."""

    path: str
    name: str
    width: Number


def _tuple(items: Iterable[object]) -> tuple:
    # PlanSheet's converter: mypy cannot type converter=tuple (tuple is generic)
    return tuple(items)


@attrs.frozen
class PlanSheet:
    """The annotation words of the sheet: title, space display names, grids, marks."""

    title: str = "Untitled"
    names: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tuple)
    grids: tuple[GridLine, ...] = attrs.field(default=(), converter=_tuple)
    areas: tuple[AreaMark, ...] = attrs.field(default=(), converter=_tuple)
    segs: tuple[SegMark, ...] = attrs.field(default=(), converter=_tuple)
    roads: tuple[RoadMark, ...] = attrs.field(default=(), converter=_tuple)
    #: where true north lies on the paper, degrees counter-clockwise from up the sheet;
    #: None: the model has no bearing, and no north arrow is drawn
    north: float | None = 0.0
    _by_path: dict[str, str] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(lambda sheet: dict(sheet.names), takes_self=True)
    )

    def has_name(self, path: str) -> bool:
        return path in self._by_path

    def name_of(self, path: str) -> str:
        name = self._by_path.get(path)
        return name if name is not None else last_segment(path)


def _js_text(value) -> str:
    """An attribute value as a JavaScript template literal spells it."""
    return value if isinstance(value, str) else js_string(value)


def sheet_title(model: Model) -> str:
    """The title a drawing of ``model`` carries: its name, else ``Untitled``."""
    return model.name if isinstance(model.name, str) and model.name else "Untitled"


def sheet_from_model(model: Model) -> PlanSheet:
    """The sheet's words, as written in a composed Model."""
    title = sheet_title(model)
    names = []
    areas = []
    roads = []
    for path, space in model.spaces.items():
        names.append((path, display_name(space)))
        for area in space.areas:
            label = area.attrs.get("name")
            label = label if isinstance(label, str) else ""
            floor = area.attrs.get("floor")
            if floor is not None and floor != "":
                label = f"{label} · {_js_text(floor)}" if label else _js_text(floor)
            r = area.rect
            areas.append(AreaMark(path, space.level, label, r.x1, r.y1, r.x2, r.y2))
        road = space.attrs.get("road")
        if space.outside and isinstance(road, (int, float)) and not isinstance(road, bool):
            roads.append(RoadMark(path, display_name(space), road))
    grids: list[GridLine] = []
    for axis in (model.grid.X, model.grid.Y):
        if axis is not None:
            grids.extend(GridLine(axis.axis, n, c) for n, c in zip(axis.names, axis.coords))
    segs = []
    for b in model.boundaries:
        for seg in b.segs:
            label = seg.attrs.get("spec", seg.attrs.get("name"))
            if label is not None and label != "":
                segs.append(SegMark(b.a, b.b, seg.w, _js_text(label)))
    north: float | None = 0.0
    if model.release.north_from_azimuth:  # azimuth: the bearing of +Y, so north lies that far anticlockwise of it
        north = None if model.azimuth is None else model.azimuth.degrees
    return PlanSheet(title=title, names=names, grids=grids, areas=areas, segs=segs, roads=roads, north=north)


# --- the paper ------------------------------------------------------------------------


def text_width(text: str, size: float) -> float:
    """A rough advance in pixels: a full-width character is one em, any other about
    0.58 em."""
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.58 for ch in text) * size


class Paper:
    """The page a level is drawn on: the plan's extent in mm (``minx``…``maxy``) at
    ``scale`` px per mm inside the margins, and the SVG lines written so far."""

    def __init__(self, minx: float, miny: float, maxx: float, maxy: float, scale: float):
        self.minx, self.miny, self.maxx, self.maxy, self.scale = minx, miny, maxx, maxy, scale
        self.width = max(MARGIN_L + (maxx - minx) * scale + MARGIN_R, MIN_WIDTH)
        self.height = MARGIN_T + (maxy - miny) * scale + MARGIN_B
        self.out: list[str] = []
        # a plan repeats few coordinates many times: each is placed and written once
        self._x_text: dict[float, str] = {}
        self._y_text: dict[float, str] = {}

    def X(self, x: float) -> float:
        return MARGIN_L + (x - self.minx) * self.scale

    def Y(self, y: float) -> float:
        return MARGIN_T + (self.maxy - y) * self.scale

    def sx(self, x: float) -> str:
        """``number(X(x))``."""
        got = self._x_text.get(x)
        if got is None:
            got = self._x_text[x] = number(MARGIN_L + (x - self.minx) * self.scale)
        return got

    def sy(self, y: float) -> str:
        """``number(Y(y))``."""
        got = self._y_text.get(y)
        if got is None:
            got = self._y_text[y] = number(MARGIN_T + (self.maxy - y) * self.scale)
        return got

    def path(self, polys: Iterable[Sequence[Pt]]) -> str:
        """Path data for closed polygons in plan mm (a polygon of fewer than two points is
        left out)."""
        known_x, known_y = self._x_text, self._y_text
        parts = []
        for poly in polys:
            if len(poly) < 2:
                continue
            cmds = []
            for p in poly:
                x = known_x.get(p.x)
                if x is None:
                    x = self.sx(p.x)
                y = known_y.get(p.y)
                if y is None:
                    y = self.sy(p.y)
                cmds.append(f"{x} {y}")
            parts.append("M" + " L".join(cmds) + "Z")
        return " ".join(parts)

    def line(self, x1, y1, x2, y2, style: str) -> None:
        """A line between two points in plan mm."""
        self.out.append(f'<line x1="{self.sx(x1)}" y1="{self.sy(y1)}" x2="{self.sx(x2)}" y2="{self.sy(y2)}" {style}/>')

    def text(self, x: float, y: float, content: str, style: str) -> None:
        """Words at sheet pixels (not mm)."""
        self.out.append(f'<text x="{number(x)}" y="{number(y)}" {style}>{xml_text(content)}</text>')


# --- the sheet's own marks ------------------------------------------------------------


def draw_grids(paper: Paper, grids: Sequence[GridLine]) -> None:
    """The grid lines across the drawing, each with its bubble in the margin; bubbles of
    close lines are staggered one row further out rather than overlap."""
    top, bottom = MARGIN_T - 30, paper.Y(paper.miny) + 26
    left, right = MARGIN_L - 30, paper.X(paper.maxx) + 26
    dash = 'stroke-dasharray="9 3 1.5 3"'
    out = paper.out
    placed: list[tuple[str, float, float, int]] = []  # (axis, position along the axis, radius, row) of bubbles drawn
    for g in sorted(grids, key=lambda g: (g.axis, g.coord)):
        r = max(11.0, text_width(g.name, 10) / 2 + 4)
        if g.axis == "X":
            at = paper.X(g.coord)
            out.append(
                f'<line x1="{number(at)}" y1="{number(top)}" x2="{number(at)}" y2="{number(bottom)}" '
                f'stroke="{GRID}" stroke-width="0.7" {dash}/>'
            )
        else:
            at = paper.Y(g.coord)
            out.append(
                f'<line x1="{number(left)}" y1="{number(at)}" x2="{number(right)}" y2="{number(at)}" '
                f'stroke="{GRID}" stroke-width="0.7" {dash}/>'
            )
        row = 0
        for axis, pos, rr, rw in reversed(placed[-4:]):
            if axis == g.axis and rw == row and abs(pos - at) < r + rr + 1:
                row = 1 if row == 0 else 0
        placed.append((g.axis, at, r, row))
        if g.axis == "X":
            bx, by = at, top - 12 - row * 25
            out.append(
                f'<line x1="{number(bx)}" y1="{number(by + r)}" x2="{number(bx)}" y2="{number(top)}" '
                f'stroke="{GRID}" stroke-width="0.7"/>'
            )
        else:
            bx, by = left - 12 - row * 25, at
            out.append(
                f'<line x1="{number(bx + r)}" y1="{number(by)}" x2="{number(left)}" y2="{number(by)}" '
                f'stroke="{GRID}" stroke-width="0.7"/>'
            )
        out.append(
            f'<circle cx="{number(bx)}" cy="{number(by)}" r="{number(r)}" fill="{PAPER}" stroke="{GRID}" stroke-width="1"/>'
        )
        paper.text(bx, by + 3.5, g.name, f'text-anchor="middle" font-size="10" fill="{INK_SOFT}"')


def _round_length(target_mm: float) -> float:
    """A round scale-bar length (1, 2 or 5 × 10^k mm) not longer than the target."""
    if target_mm <= 0:
        return 1000.0
    k = 10 ** math.floor(math.log10(target_mm))
    for m in (5, 2, 1):
        if m * k <= target_mm:
            return m * k
    return k


def draw_title_block(paper: Paper, form: Form, sheet: PlanSheet, level: str, cut, is_site: bool) -> None:
    """Below the drawing: the title, the level's facts and the footer; a scale bar in
    metres; and in the top right corner the north arrow where the sheet knows where north
    is (``PlanSheet.north``)."""
    out = paper.out
    base = paper.height - 30
    out.append(
        f'<line x1="24" y1="{number(base - 34)}" x2="{number(paper.width - 24)}" y2="{number(base - 34)}" '
        f'stroke="{GRID}" stroke-width="0.6"/>'
    )
    paper.text(24, base - 10, f"{sheet.title} — {level} plan", f'font-size="15" font-weight="bold" fill="{INK}"')
    z = next((lv.z for lv in form.levels if lv.name == level), None)
    facts = []
    if z is not None:
        facts.append(f"FL {js_number(z)} mm")
    if cut is not None:
        facts.append(f"cut {js_number(cut)} mm above FL")
    if is_site and (form.site or sheet.roads):
        facts.append("doubles as the site plan")
    if facts:
        paper.text(24, base + 8, " · ".join(facts), f'font-size="9" fill="{INK_SOFT}"')
    paper.text(paper.width - 24, base + 8, FOOTER, f'text-anchor="end" font-size="9" fill="{FAINT}"')

    length = _round_length(140.0 / paper.scale)
    px = length * paper.scale
    x0, y0 = paper.width - 24 - px, base - 20
    for i in range(4):  # alternating blocks
        fill = INK if i % 2 == 0 else PAPER
        out.append(
            f'<rect x="{number(x0 + px * i / 4)}" y="{number(y0)}" width="{number(px / 4)}" height="4" '
            f'fill="{fill}" stroke="{INK}" stroke-width="0.6"/>'
        )
    paper.text(x0, y0 - 4, "0", f'text-anchor="middle" font-size="8" fill="{INK_SOFT}"')
    paper.text(
        x0 + px, y0 - 4, f"{js_number(length / 1000)} m", f'text-anchor="middle" font-size="8" fill="{INK_SOFT}"'
    )

    if sheet.north is not None:
        _north_arrow(paper, paper.width - 36, 40.0, sheet.north)


def _north_arrow(paper: Paper, nx: float, ny: float, north: float) -> None:
    """The north arrow at (nx, ny), turned ``north`` degrees anticlockwise from up."""
    out = paper.out
    out.append(
        f'<circle cx="{number(nx)}" cy="{number(ny)}" r="13" fill="none" stroke="{INK_SOFT}" stroke-width="0.8"/>'
    )
    if north:
        out.append(f'<g transform="rotate({number(-north)} {number(nx)} {number(ny)})">')
    out.append(
        f'<path d="M{number(nx)} {number(ny - 11)}L{number(nx + 5)} {number(ny + 7)}L{number(nx)} {number(ny + 3)}'
        f'L{number(nx - 5)} {number(ny + 7)}Z" fill="{INK}"/>'
    )
    paper.text(nx, ny - 16, "N", f'text-anchor="middle" font-size="9" font-weight="bold" fill="{INK}"')
    if north:
        out.append("</g>")
