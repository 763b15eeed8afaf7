"""The plan drawing: one level of a Form as SVG text (reference/api/draw.md, cli/plan.md).

Not one rule of shape lives here. Every wall band is a ``cut`` interval of the Form, every
door trace its ``swing`` entity, every tread and arrow a run entity of the Form's plan
(reference/form/plan.md). What this module decides is appearance only: colours, line
weights, symbols (arrow heads, break slashes, grid bubbles, the void hatch), the words of
annotations, scale and margins. It imports nothing that derives shape (a test pins that).

The lowest level doubles as the site plan: the site polygon and the roads are drawn there
and only there (reference/form/plan.md — site boundaries appear on the lowest storey).
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from koyu_model.form.records import Form, FormRun, FormSpace, PlanEntity, Pt
from koyu_model.jsjson import js_number, js_round

from .sheet import PlanSheet

__all__ = ["draw_plan", "PlanError", "slope_text", "run_annotation", "FONT_FAMILY"]

FONT_FAMILY = (
    "'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans CJK JP','Noto Sans JP','Yu Gothic',Meiryo,sans-serif"
)
FOOTER = "koyu — generated from spaces (wall centrelines, mm)"

# Palette — ink on warm paper.
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


class PlanError(Exception):
    """The level cannot be drawn; the message is the documented sentence."""


# --- small helpers --------------------------------------------------------------------


def _n(v: float) -> str:
    """A coordinate for SVG: two decimals at most, no trailing zeros."""
    if not math.isfinite(v):
        return "0"
    r = round(v, 2)
    i = int(r)
    if r == i:
        return str(i)  # also -0 → "0"
    return repr(r)  # shortest round-trip; sheet coordinates never reach exponent form


# What XML 1.0 forbids in a document (https://www.w3.org/TR/xml/#charsets): the C0 controls
# but tab, LF and CR; the surrogates; U+FFFE and U+FFFF. A file may carry any of them in a
# name, a type word, a path (the original copied a U+0000 straight into a <text>, and its
# SVG did not parse); each becomes U+FFFD, so the drawing parses and still shows where.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _esc(text: str) -> str:
    """Words for the SVG: escaped, and with no character XML 1.0 forbids — every word of
    the drawing passes here (``_Sheet.text`` and the few literal ``<text>`` and ``<title>``)."""
    text = _NOT_XML.sub("\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


@lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    """A rough advance in ems: full-width characters are one em, the rest about 0.58 em
    (a label's words are measured more than once while it is fitted)."""
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.58 for ch in text)


def _text_width(text: str, size: float) -> float:
    return _ems(text) * size


def slope_text(slope: float) -> str:
    """A slope as ``1/N`` to one decimal, ``.0`` dropped; ``—`` at or below zero
    (reference/api/solids.md `slopeText`)."""
    if not slope or slope <= 0 or slope != slope:
        return "—"
    return "1/" + js_number(js_round(10 / slope) / 10)


def run_annotation(run: FormRun) -> Optional[str]:
    """The words beside a run's anchor: step division for a stair, slope otherwise.
    The Form carries the numbers; turning them into words is the drawing's job
    (reference/form/plan.md — `anchor` returns only the seat)."""
    if run.device == "stair":
        return f"{js_number(run.risers)}段 蹴上{js_number(js_round(run.riser))}/踏面{js_number(js_round(run.tread))}"
    if run.device == "ramp":
        return f"勾配 {slope_text(run.slope)}"
    if run.device == "escalator":  # units side by side are counted; a single one is not
        units = f"{js_number(run.lanes)}台 " if run.lanes > 1 else ""
        return f"{units}勾配 {slope_text(run.slope)}"
    return None


def _area(poly: Sequence[Pt]) -> float:
    s = 0.0
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        s += p.x * q.y - q.x * p.y
    return s / 2


def _centroid(poly: Sequence[Pt]) -> Tuple[float, float]:
    a = _area(poly)
    if abs(a) < 1e-9:
        return (sum(p.x for p in poly) / len(poly), sum(p.y for p in poly) / len(poly))
    cx = cy = 0.0
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        c = p.x * q.y - q.x * p.y
        cx += (p.x + q.x) * c
        cy += (p.y + q.y) * c
    return (cx / (6 * a), cy / (6 * a))


# --- the sheet ------------------------------------------------------------------------


class _Sheet:
    """Coordinates and the SVG being written."""

    def __init__(self, minx: float, miny: float, maxx: float, maxy: float, scale: float):
        self.minx, self.miny, self.maxx, self.maxy, self.s = minx, miny, maxx, maxy, scale
        self.width = MARGIN_L + (maxx - minx) * scale + MARGIN_R
        self.height = MARGIN_T + (maxy - miny) * scale + MARGIN_B
        self.out: List[str] = []
        # a plan repeats few coordinates many times: each is placed and spelled once
        self._sx: Dict[float, str] = {}
        self._sy: Dict[float, str] = {}

    def X(self, x: float) -> float:
        return MARGIN_L + (x - self.minx) * self.s

    def Y(self, y: float) -> float:
        return MARGIN_T + (self.maxy - y) * self.s

    def sx(self, x: float) -> str:
        """``_n(X(x))``, remembered."""
        got = self._sx.get(x)
        if got is None:
            got = self._sx[x] = _n(MARGIN_L + (x - self.minx) * self.s)
        return got

    def sy(self, y: float) -> str:
        """``_n(Y(y))``, remembered."""
        got = self._sy.get(y)
        if got is None:
            got = self._sy[y] = _n(MARGIN_T + (self.maxy - y) * self.s)
        return got

    def pts(self, poly: Iterable[Pt]) -> str:
        sx, sy = self.sx, self.sy
        return " ".join(f"{sx(p.x)},{sy(p.y)}" for p in poly)

    def path(self, polys: Iterable[Sequence[Pt]]) -> str:
        known_x, known_y = self._sx, self._sy
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

    def line(self, x1, y1, x2, y2, attrs: str) -> None:
        self.out.append(f'<line x1="{self.sx(x1)}" y1="{self.sy(y1)}" x2="{self.sx(x2)}" y2="{self.sy(y2)}" {attrs}/>')

    def text(self, x: float, y: float, content: str, attrs: str) -> None:
        """Text at sheet pixels (not mm)."""
        self.out.append(f'<text x="{_n(x)}" y="{_n(y)}" {attrs}>{_esc(content)}</text>')


def _extent(xs: List[float], ys: List[float]) -> Optional[Tuple[float, float, float, float]]:
    xs = list(filter(math.isfinite, xs))
    ys = list(filter(math.isfinite, ys))
    if not xs or not ys:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def _entity_coords(e: PlanEntity, xs: List[float], ys: List[float]) -> None:
    if e.polygon:
        xs.extend([p.x for p in e.polygon])
        ys.extend([p.y for p in e.polygon])
    if e.lines:
        for s in e.lines:
            xs.append(s.x1)
            xs.append(s.x2)
            ys.append(s.y1)
            ys.append(s.y2)
    if e.arc is not None:
        a = e.arc
        xs.append(a.cx - a.r)
        xs.append(a.cx + a.r)
        ys.append(a.cy - a.r)
        ys.append(a.cy + a.r)


def _lowest_level(form: Form) -> Optional[str]:
    best = None
    for lv in form.levels:
        if best is None or lv.z < best.z:
            best = lv
    return best.name if best is not None else None


def draw_plan(form: Form, level: str, sheet: Optional[PlanSheet] = None, *, scale: Optional[float] = None) -> str:
    """The plan of ``level`` as SVG text, drawn from ``form`` alone (plus the sheet's words).

    Raises PlanError("There is no space with a region on level <level>") when no space of
    the Form stands on that level (reference/mcp/tools-ask.md#plan_svg; COMPAT.md §9).
    ``scale`` is px per mm; by default it is chosen so the drawing reads at screen size.
    """
    sheet = sheet or PlanSheet()
    spaces = [s for s in form.spaces if s.level == level and any(len(p) >= 3 for p in s.outline)]
    if not spaces:
        raise PlanError(f"There is no space with a region on level {level}")
    plan = next((p for p in form.plans if p.level == level), None)
    entities: Tuple[PlanEntity, ...] = plan.entities if plan is not None else ()
    is_site = level == _lowest_level(form)
    sites = form.site if is_site else ()
    areas = [a for a in sheet.areas if a.level == level]

    xs: List[float] = [p.x for s in spaces for piece in s.outline for p in piece]
    ys: List[float] = [p.y for s in spaces for piece in s.outline for p in piece]
    for e in entities:
        _entity_coords(e, xs, ys)
    for site in sites:
        xs.extend(p.x for p in site.points)
        ys.extend(p.y for p in site.points)
    for a in areas:
        xs.extend((a.x1, a.x2))
        ys.extend((a.y1, a.y2))
    ext = _extent(xs, ys)
    minx, miny, maxx, maxy = ext if ext else (0.0, 0.0, 1.0, 1.0)
    # grid lines lying near the drawing widen it; far-off ones are left out
    span = max(maxx - minx, maxy - miny, 1.0)
    grids = [
        g
        for g in sheet.grids
        if (g.axis == "X" and minx - span <= g.coord <= maxx + span)
        or (g.axis == "Y" and miny - span <= g.coord <= maxy + span)
    ]
    for g in grids:
        if g.axis == "X":
            minx, maxx = min(minx, g.coord), max(maxx, g.coord)
        else:
            miny, maxy = min(miny, g.coord), max(maxy, g.coord)
    w, h = max(maxx - minx, 1.0), max(maxy - miny, 1.0)
    if scale is None:
        scale = min(0.12, max(0.035, 1100.0 / max(w, h)))
    sh = _Sheet(minx, miny, maxx, maxy, scale)
    width = max(sh.width, 560.0)
    sh.width = width

    out = sh.out
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(sh.height)}" '
        f'viewBox="0 0 {_n(width)} {_n(sh.height)}" font-family="{FONT_FAMILY}">'
    )
    out.append(f"<title>{_esc(sheet.title)} — {_esc(level)} plan</title>")
    out.append(
        "<defs>"
        '<pattern id="void" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" '
        f'stroke="{FAINT}" stroke-width="0.6"/></pattern>'
        f'<marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="{INK}"/></marker>'
        "</defs>"
    )
    out.append(f'<rect width="{_n(width)}" height="{_n(sh.height)}" fill="{PAPER}"/>')

    _draw_site(sh, form, sheet, sites, level, is_site)
    _draw_spaces(sh, spaces)
    _draw_areas(sh, areas)
    _draw_grids(sh, grids)
    _draw_wall_joins(sh, form, entities)
    _draw_entities(sh, form, entities)
    _draw_segs(sh, form, sheet, level)
    _draw_runs_words(sh, form, entities)
    _draw_labels(sh, spaces, sheet, {r.path for r in form.runs})
    _draw_title(sh, form, sheet, level, plan.cut if plan is not None else None, is_site)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- layers ---------------------------------------------------------------------------


def _space_fill(s: FormSpace) -> str:
    if s.type == "void":
        return "url(#void)"
    if s.indoor:
        return INDOOR
    if s.semi_outdoor:
        return SEMI
    return OUTSIDE


def _draw_site(sh: _Sheet, form: Form, sheet: PlanSheet, sites, level: str, is_site: bool) -> None:
    for site in sites:
        if len(site.points) < 3:
            continue
        sh.out.append(
            f'<path d="{sh.path([site.points])}" fill="none" stroke="{INK_SOFT}" stroke-width="1.2" '
            'stroke-dasharray="16 3 2.5 3 2.5 3"/>'
        )
        top = max(site.points, key=lambda p: (p.y, -p.x))
        words = f"site {js_number(js_round(site.area_m2 * 100) / 100)} m2"
        if sheet.has_name(site.path):
            words = f"{sheet.name_of(site.path)} · {words}"
        sh.text(sh.X(top.x) + 4, sh.Y(top.y) - 6, words, f'font-size="9" fill="{INK_SOFT}"')
    if not is_site or not sheet.roads:
        return
    cx, cy = (sh.minx + sh.maxx) / 2, (sh.miny + sh.maxy) / 2
    roads = {r.path: r for r in sheet.roads}
    done = set()
    for b in form.boundaries:
        road = roads.get(b.b) or roads.get(b.a)
        if road is None or (b.level is not None and b.level != level) or road.path in done:
            continue
        sg = b.segment
        mx, my = (sg.x1 + sg.x2) / 2, (sg.y1 + sg.y2) / 2
        dx, dy = sg.x2 - sg.x1, sg.y2 - sg.y1
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        if nx * (mx - cx) + ny * (my - cy) < 0:
            nx, ny = -nx, -ny
        px, py = sh.X(mx) + nx * 22, sh.Y(my) - ny * 22
        rot = -math.degrees(math.atan2(dy, dx))
        if rot > 90 or rot < -90:
            rot += 180
        sh.out.append(
            f'<text x="{_n(px)}" y="{_n(py)}" text-anchor="middle" dominant-baseline="middle" '
            f'font-size="10" fill="{INK_SOFT}" transform="rotate({_n(rot)} {_n(px)} {_n(py)})">'
            f"{_esc(road.name)} · road {_esc(js_number(road.width))} mm</text>"
        )
        done.add(road.path)


def _draw_spaces(sh: _Sheet, spaces: Sequence[FormSpace]) -> None:
    for s in spaces:
        sh.out.append(f'<path d="{sh.path(s.outline)}" fill="{_space_fill(s)}"/>')


def _draw_areas(sh: _Sheet, areas) -> None:
    for a in areas:
        x, y = sh.X(a.x1), sh.Y(a.y2)
        w, h = (a.x2 - a.x1) * sh.s, (a.y2 - a.y1) * sh.s
        sh.out.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{AREA}" '
            f'fill-opacity="0.5" stroke="{FAINT}" stroke-width="0.8" stroke-dasharray="4 3"/>'
        )
        if a.label:  # inside the top-left corner, clear of a wall on the edge
            sh.text(x + 8, y + 17, a.label, f'font-size="8.5" fill="{INK_SOFT}"')


def _draw_grids(sh: _Sheet, grids) -> None:
    top, bottom = MARGIN_T - 30, sh.Y(sh.miny) + 26
    left, right = MARGIN_L - 30, sh.X(sh.maxx) + 26
    dash = 'stroke-dasharray="9 3 1.5 3"'
    placed = []  # (axis, position along the axis, radius, row) of bubbles drawn
    for g in sorted(grids, key=lambda g: (g.axis, g.coord)):
        r = max(11.0, _text_width(g.name, 10) / 2 + 4)
        if g.axis == "X":
            x = sh.X(g.coord)
            sh.out.append(
                f'<line x1="{_n(x)}" y1="{_n(top)}" x2="{_n(x)}" y2="{_n(bottom)}" '
                f'stroke="{GRID}" stroke-width="0.7" {dash}/>'
            )
            at = x
        else:
            y = sh.Y(g.coord)
            sh.out.append(
                f'<line x1="{_n(left)}" y1="{_n(y)}" x2="{_n(right)}" y2="{_n(y)}" '
                f'stroke="{GRID}" stroke-width="0.7" {dash}/>'
            )
            at = y
        # close grid lines: stagger the bubble one row further out rather than overlap
        row = 0
        for axis, pos, rr, rw in reversed(placed[-4:]):
            if axis == g.axis and rw == row and abs(pos - at) < r + rr + 1:
                row = 1 if row == 0 else 0
        placed.append((g.axis, at, r, row))
        if g.axis == "X":
            bx, by = at, top - 12 - row * 25
            sh.out.append(
                f'<line x1="{_n(bx)}" y1="{_n(by + r)}" x2="{_n(bx)}" y2="{_n(top)}" stroke="{GRID}" stroke-width="0.7"/>'
            )
        else:
            bx, by = left - 12 - row * 25, at
            sh.out.append(
                f'<line x1="{_n(bx + r)}" y1="{_n(by)}" x2="{_n(left)}" y2="{_n(by)}" stroke="{GRID}" stroke-width="0.7"/>'
            )
        sh.out.append(
            f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(r)}" fill="{PAPER}" stroke="{GRID}" stroke-width="1"/>'
        )
        sh.text(bx, by + 3.5, g.name, f'text-anchor="middle" font-size="10" fill="{INK_SOFT}"')


def _draw_entities(sh: _Sheet, form: Form, entities: Sequence[PlanEntity]) -> None:
    boundaries = {}
    for b in form.boundaries:
        boundaries.setdefault(b.ref, b)
    openings = {o.ref: o for o in form.openings}
    out = sh.out
    # paint order: what is below the cut, then above, then what is cut, then movement
    order = {"below": 0, "above": 1, "cut": 2, "swing": 3, "anchor": 4}
    ranked = sorted(((order.get(e.klass, 5), i) for i, e in enumerate(entities)))
    for _, i in ranked:
        e = entities[i]
        if e.of == "space":
            if e.klass == "above" and e.polygon:  # the projection of a void above
                out.append(
                    f'<path d="{sh.path([e.polygon])}" fill="none" stroke="{FAINT}" '
                    'stroke-width="0.9" stroke-dasharray="7 4"/>'
                )
                cx, _ = _centroid(e.polygon)
                top = max(p.y for p in e.polygon)
                sh.text(
                    sh.X(cx),
                    sh.Y(top) + 16,
                    "void above",
                    f'text-anchor="middle" font-size="9" fill="{FAINT}" font-style="italic"',
                )
            continue
        if e.of == "boundary":
            _boundary_entity(sh, e, boundaries.get(e.ref))
        elif e.of == "opening":
            _opening_entity(sh, e, openings.get(e.ref))
        elif e.of == "column":
            if e.polygon:
                if e.klass == "cut":
                    out.append(f'<path class="column" d="{sh.path([e.polygon])}" fill="{INK}"/>')
                else:
                    out.append(f'<path d="{sh.path([e.polygon])}" fill="none" stroke="{INK_SOFT}" stroke-width="0.7"/>')
        elif e.of == "run":
            _run_entity(sh, e)


def _draw_wall_joins(sh: _Sheet, form: Form, entities: Sequence[PlanEntity]) -> None:
    """Fill the outer corner where two cut walls end at one point at an angle.

    Each wall panel is its centre line thickened, squared off at the ends, so two walls
    meeting at a corner leave a notch outside it (t/2 x t/2 when square). Drawing only:
    the Form keeps its panels as derived. Square corners get the rectangle spanned by the
    two half-thicknesses, any other angle a disc of the larger half-thickness."""
    air = {b.ref for b in form.boundaries if b.air}
    ends: Dict[Tuple[float, float], List[Tuple[float, float, float]]] = {}
    for e in entities:
        if e.of != "boundary" or e.klass != "cut" or not e.polygon or len(e.polygon) != 4 or e.ref in air:
            continue
        p0, p1, p2, p3 = e.polygon
        x0, y0, x3, y3 = p0.x, p0.y, p3.x, p3.y
        t = math.hypot(x0 - x3, y0 - y3)
        ax, ay = (x0 + x3) / 2, (y0 + y3) / 2
        bx, by = (p1.x + p2.x) / 2, (p1.y + p2.y) / 2
        dx, dy = bx - ax, by - ay
        ln = math.hypot(dx, dy)
        if ln == 0 or t == 0:
            continue
        wall = (dx / ln, dy / ln, t)
        for x, y in ((ax, ay), (bx, by)):
            key = (round(x * 2) / 2, round(y * 2) / 2)
            got = ends.get(key)
            if got is None:
                ends[key] = [wall]
            else:
                got.append(wall)
    for (x, y), walls in ends.items():
        if len(walls) < 2:
            continue
        ux, uy, t = walls[0]
        turned = [w for w in walls[1:] if abs(ux * w[1] - uy * w[0]) > 1e-6]
        if not turned:
            continue  # collinear panels already meet flush
        square = all(abs(w[0]) < 1e-9 or abs(w[1]) < 1e-9 for w in walls)
        if square:
            across_x = max((w[2] for w in walls if abs(w[0]) < 1e-9), default=0)  # vertical walls
            across_y = max((w[2] for w in walls if abs(w[1]) < 1e-9), default=0)  # horizontal walls
            box = (
                Pt(x - across_x / 2, y - across_y / 2),
                Pt(x + across_x / 2, y - across_y / 2),
                Pt(x + across_x / 2, y + across_y / 2),
                Pt(x - across_x / 2, y + across_y / 2),
            )
            sh.out.append(f'<path class="join" d="{sh.path([box])}" fill="{INK}"/>')
        else:
            r = max(w[2] for w in walls) / 2 * sh.s
            sh.out.append(f'<circle class="join" cx="{sh.sx(x)}" cy="{sh.sy(y)}" r="{_n(r)}" fill="{INK}"/>')


def _boundary_entity(sh: _Sheet, e: PlanEntity, b) -> None:
    out = sh.out
    air = b is not None and b.air
    if air or not e.polygon:
        # a rail or fence that does not enclose, or a boundary with no matter: its centre line
        if not e.lines:
            return
        if air:
            style = f'stroke="{INK}" stroke-width="1.6" stroke-linecap="square"'
        else:
            style = f'stroke="{FAINT}" stroke-width="1" stroke-dasharray="6 4"'
        for s in e.lines:
            sh.line(s.x1, s.y1, s.x2, s.y2, style)
        return
    d = sh.path([e.polygon])
    if e.klass == "cut":
        out.append(f'<path class="wall" d="{d}" fill="{INK}"/>')
    elif e.klass == "below":
        out.append(f'<path d="{d}" fill="{PAPER}" stroke="{INK_SOFT}" stroke-width="0.6"/>')
    else:  # above the cut: a head wall over a door, seen from below
        out.append(f'<path d="{d}" fill="none" stroke="{FAINT}" stroke-width="0.6" stroke-dasharray="3 2"/>')


def _opening_entity(sh: _Sheet, e: PlanEntity, o) -> None:
    out = sh.out
    if e.klass == "swing":
        sliding = o is not None and o.sliding
        for s in e.lines or ():
            if sliding:  # where the leaf slides to: it runs inside the wall, so show it faintly
                sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{PAPER}" stroke-width="1" stroke-dasharray="2 2"')
            else:
                sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{INK}" stroke-width="1.4"')
        if e.arc is not None:
            a = e.arc
            r = a.r * sh.s
            # SVG's y runs downwards, so a counter-clockwise sweep in plan is sweep-flag 0
            sweep = 0 if a.ccw else 1
            out.append(
                f'<path d="M{sh.sx(a.from_.x)} {sh.sy(a.from_.y)} A{_n(r)} {_n(r)} 0 0 {sweep} '
                f'{sh.sx(a.to.x)} {sh.sy(a.to.y)}" fill="none" stroke="{INK}" '
                'stroke-width="0.7" stroke-dasharray="3 2.5"/>'
            )
        return
    kind = o.kind if o is not None else "window"
    if kind == "door":
        if o is not None and o.sliding and o.swing is not None:
            _sliding_leaf(sh, o)
        return  # a door is the gap the wall already leaves; its leaf and trace are the swing
    dashed = ' stroke-dasharray="4 2.5"' if e.klass == "above" else ""
    if e.polygon:
        out.append(f'<path d="{sh.path([e.polygon])}" fill="{PAPER}" stroke="{INK}" stroke-width="0.8"{dashed}/>')
    for s in e.lines or ():
        sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{INK}" stroke-width="0.8"{dashed}')


def _sliding_leaf(sh: _Sheet, o) -> None:
    """A sliding leaf, closed: a slim panel across the opening, set off the wall's centre
    line and lapping the jambs — drafting appearance over the Form's hinge and jamb."""
    sw = o.swing
    hx, hy, jx, jy = sh.X(sw.hinge.x), sh.Y(sw.hinge.y), sh.X(sw.jamb.x), sh.Y(sw.jamb.y)
    dx, dy = jx - hx, jy - hy
    ln = math.hypot(dx, dy)
    if ln < 1e-6:
        return
    ux, uy = dx / ln, dy / ln
    nx, ny = -uy, ux
    t = max(o.t * sh.s, 3.0)
    lap = min(t, ln / 6)
    thick = max(t / 3, 1.5)
    c0, c1 = t / 6 - thick / 2, t / 6 + thick / 2  # across: one side of the centre line
    corners = [
        (hx - ux * lap + nx * c0, hy - uy * lap + ny * c0),
        (jx + ux * lap + nx * c0, jy + uy * lap + ny * c0),
        (jx + ux * lap + nx * c1, jy + uy * lap + ny * c1),
        (hx - ux * lap + nx * c1, hy - uy * lap + ny * c1),
    ]
    d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in corners) + "Z"
    sh.out.append(f'<path d="{d}" fill="{PAPER}" stroke="{INK}" stroke-width="0.8"/>')


def _run_entity(sh: _Sheet, e: PlanEntity) -> None:
    below = e.klass == "below"
    ink = INK_SOFT if below else INK
    for s in e.lines or ():
        if e.role == "arrow":
            sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="1" marker-end="url(#head)"')
            up = e.anchor.up if e.anchor is not None and e.anchor.up is not None else not below
            sh.text(
                sh.X(s.x1) + 4, sh.Y(s.y1) + 4, "UP" if up else "DN", f'font-size="9" font-weight="bold" fill="{ink}"'
            )
        elif e.role == "break":
            sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="1.2"')
            _break_mark(sh, s, ink)
        elif e.role == "tread":
            sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="0.6"')
        else:
            sh.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="1.1"')


def _break_mark(sh: _Sheet, s, ink: str) -> None:
    """The drafting symbol of a break: two short parallel slashes across its middle."""
    x1, y1, x2, y2 = sh.X(s.x1), sh.Y(s.y1), sh.X(s.x2), sh.Y(s.y2)
    dx, dy = x2 - x1, y2 - y1
    ln = math.hypot(dx, dy)
    if ln < 1e-6:
        return
    ux, uy = dx / ln, dy / ln
    nx, ny = -uy, ux
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    for off in (-3.0, 3.0):
        cx, cy = mx + ux * off, my + uy * off
        ax, ay = cx + (nx * 7 - ux * 3), cy + (ny * 7 - uy * 3)
        bx, by = cx - (nx * 7 - ux * 3), cy - (ny * 7 - uy * 3)
        sh.out.append(
            f'<line x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}" stroke="{ink}" stroke-width="1"/>'
        )


def _draw_segs(sh: _Sheet, form: Form, sheet: PlanSheet, level: str) -> None:
    pairs = {b.boundary: (b.a, b.b) for b in form.boundaries}
    labels: Dict[tuple, List[str]] = {}
    for m in sheet.segs:
        labels.setdefault((m.a, m.b, m.w), []).append(m.label)
    for sg in form.segs:
        if sg.level != level:
            continue
        seg = sg.segment
        dx, dy = seg.x2 - seg.x1, seg.y2 - seg.y1
        ln = math.hypot(dx, dy)
        if ln <= 0:
            continue
        ux, uy = dx / ln, dy / ln
        h = sg.w / 2
        # the band drawn as a stroke of the seg's thickness: appearance, not a constructor
        sh.line(
            sg.cx - ux * h,
            sg.cy - uy * h,
            sg.cx + ux * h,
            sg.cy + uy * h,
            f'stroke="{SEG}" stroke-width="{_n(max(sg.t * sh.s, 1.5))}"',
        )
        pair = pairs.get(sg.boundary)
        waiting = labels.get((pair[0], pair[1], sg.w)) if pair is not None else None
        label = waiting.pop(0) if waiting else None
        if label:
            px, py = sh.X(sg.cx), sh.Y(sg.cy)
            if seg.horizontal:
                sh.text(px, py - max(sg.t * sh.s / 2, 1) - 4, label, f'text-anchor="middle" font-size="8" fill="{SEG}"')
            else:
                sh.text(
                    px + max(sg.t * sh.s / 2, 1) + 4, py + 3, label, f'text-anchor="start" font-size="8" fill="{SEG}"'
                )


def _draw_runs_words(sh: _Sheet, form: Form, entities: Sequence[PlanEntity]) -> None:
    runs = {r.path: r for r in form.runs}
    for e in entities:
        if e.of != "run" or e.klass != "anchor" or e.anchor is None:
            continue
        run = runs.get(e.ref)
        words = run_annotation(run) if run is not None else None
        if words:
            x, y = sh.X(e.anchor.x), sh.Y(e.anchor.y)
            sh.out.append(
                f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="middle" font-size="8" '
                f'fill="{ACCENT}" stroke="{PAPER}" stroke-width="2.5" paint-order="stroke">'
                f"{_esc(words)}</text>"
            )


def _draw_labels(sh: _Sheet, spaces: Sequence[FormSpace], sheet: PlanSheet, run_paths) -> None:
    for s in spaces:
        pieces = [p for p in s.outline if len(p) >= 3]
        piece = max(pieces, key=lambda p: abs(_area(p)))
        cx, cy = _label_point(pieces, piece)
        xs = [sh.X(p.x) for p in piece]
        ys = [sh.Y(p.y) for p in piece]
        room_w = max(max(xs) - min(xs), 1.0) * 0.9
        room_h = max(max(ys) - min(ys), 1.0) * 0.9
        name = sheet.name_of(s.path)
        kind = s.type
        if s.area_m2 is not None and s.type != "void":  # a void has no floor to measure
            kind += f" · {js_number(s.area_m2)} m2"
        if s.semi_outdoor:
            kind += " · semi-outdoor"
        lines = [(name, 14.0, INK, ' font-weight="bold"'), (kind, 10.0, INK_SOFT, ""), (s.path, 8.5, FAINT, "")]

        def fit_in(wide: float, high: float) -> float:
            f = min(1.0, high / 40.0)
            for text, size, _, _ in lines:
                f = min(f, wide / max(_text_width(text, size), 1.0))
            return f

        fit = fit_in(room_w, room_h)
        # a tall narrow room reads better with its label turned along its length
        turned = room_h > room_w * 1.5 and fit_in(room_h, room_w) > fit * 1.25 and s.path not in run_paths
        if turned:
            fit = fit_in(room_h, room_w)
        fit = max(fit, 0.42)
        x, y = sh.X(cx), sh.Y(cy)
        if not turned and s.path not in run_paths and len(pieces) > 1:
            # the centre of an L lies near its inner corner: if the words would cross
            # the wall there, they go to the middle of the largest piece instead
            half = max(_text_width(t, size) for t, size, _, _ in lines) * fit / 2
            if not _box_on_space(sh, pieces, x - half, y - 23 * fit, x + half, y + 22 * fit):
                px, py = _centroid(piece)
                x, y = sh.X(px), sh.Y(py)
        if s.path in run_paths:
            # a run fills its room with treads and words: the label goes to the top edge
            y = min(ys) + 6 + 25 * fit
        halo = (
            f' stroke="{PAPER}" stroke-width="2.5" paint-order="stroke"'
            if s.type == "void" or s.path in run_paths
            else ""
        )
        if turned:
            sh.out.append(f'<g transform="rotate(-90 {_n(x)} {_n(y)})">')
        dy = [-4.0, 13.0, 27.0]
        for (text, size, colour, extra), off in zip(lines, dy):
            sh.text(
                x,
                y + (off - 8.0) * fit,
                text,
                f'text-anchor="middle" font-size="{_n(size * fit)}" fill="{colour}"{extra}{halo}',
            )
        if turned:
            sh.out.append("</g>")


def _inside_convex(poly: Sequence[Pt], x: float, y: float) -> bool:
    sign = 0.0
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        c = (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)
        if c * sign < 0:
            return False
        if c:
            sign = c
    return True


def _box_on_space(sh: "_Sheet", pieces, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether each corner of a box on the sheet lies on some piece of the space."""
    sheet_pieces = [[Pt(sh.X(p.x), sh.Y(p.y)) for p in piece] for piece in pieces]
    return all(any(_inside_convex(q, x, y) for q in sheet_pieces) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))


def _label_point(pieces, largest) -> Tuple[float, float]:
    """The centre of the whole space when it lies on the space (pieces are convex),
    else the centre of its largest piece."""
    total = cx = cy = 0.0
    for p in pieces:
        a = abs(_area(p))
        px, py = _centroid(p)
        total += a
        cx += px * a
        cy += py * a
    if total > 0:
        cx, cy = cx / total, cy / total
        if any(_inside_convex(p, cx, cy) for p in pieces):
            return cx, cy
    return _centroid(largest)


def _nice_length(target_mm: float) -> float:
    """A round scale-bar length (1, 2 or 5 × 10^k mm) not longer than the target."""
    if target_mm <= 0:
        return 1000.0
    k = 10 ** math.floor(math.log10(target_mm))
    for m in (5, 2, 1):
        if m * k <= target_mm:
            return m * k
    return k


def _draw_title(sh: _Sheet, form: Form, sheet: PlanSheet, level: str, cut, is_site: bool) -> None:
    out = sh.out
    base = sh.height - 30
    out.append(
        f'<line x1="24" y1="{_n(base - 34)}" x2="{_n(sh.width - 24)}" y2="{_n(base - 34)}" '
        f'stroke="{GRID}" stroke-width="0.6"/>'
    )
    sh.text(24, base - 10, f"{sheet.title} — {level} plan", f'font-size="15" font-weight="bold" fill="{INK}"')
    z = next((lv.z for lv in form.levels if lv.name == level), None)
    facts = []
    if z is not None:
        facts.append(f"FL {js_number(z)} mm")
    if cut is not None:
        facts.append(f"cut {js_number(cut)} mm above FL")
    if is_site and (form.site or sheet.roads):
        facts.append("doubles as the site plan")
    if facts:
        sh.text(24, base + 8, " · ".join(facts), f'font-size="9" fill="{INK_SOFT}"')
    sh.text(sh.width - 24, base + 8, FOOTER, f'text-anchor="end" font-size="9" fill="{FAINT}"')
    # scale bar: alternating blocks, labelled in metres
    length = _nice_length(140.0 / sh.s)
    px = length * sh.s
    x0, y0 = sh.width - 24 - px, base - 20
    for i in range(4):
        fill = INK if i % 2 == 0 else PAPER
        out.append(
            f'<rect x="{_n(x0 + px * i / 4)}" y="{_n(y0)}" width="{_n(px / 4)}" height="4" '
            f'fill="{fill}" stroke="{INK}" stroke-width="0.6"/>'
        )
    sh.text(x0, y0 - 4, "0", f'text-anchor="middle" font-size="8" fill="{INK_SOFT}"')
    sh.text(x0 + px, y0 - 4, f"{js_number(length / 1000)} m", f'text-anchor="middle" font-size="8" fill="{INK_SOFT}"')
    # north arrow: +Y is north (reference/muro/orientation.md)
    nx, ny = sh.width - 36, 40.0
    out.append(f'<circle cx="{_n(nx)}" cy="{_n(ny)}" r="13" fill="none" stroke="{INK_SOFT}" stroke-width="0.8"/>')
    out.append(
        f'<path d="M{_n(nx)} {_n(ny - 11)}L{_n(nx + 5)} {_n(ny + 7)}L{_n(nx)} {_n(ny + 3)}'
        f'L{_n(nx - 5)} {_n(ny + 7)}Z" fill="{INK}"/>'
    )
    sh.text(nx, ny - 16, "N", f'text-anchor="middle" font-size="9" font-weight="bold" fill="{INK}"')
