"""The plan marks: how each thing the Form's plan holds is drawn on the sheet.

Not one rule of shape lives here. Every wall band is a ``cut`` interval of the Form, every
door trace its ``swing`` entity, every tread and arrow a run entity of the Form's plan
(reference/form/plan.md). What is decided here is appearance only: fills, line weights and
dashes, symbols (arrow heads, break slashes, the void hatch, sliding leaves, the filled
outer corner where two walls meet), and the short words that go with a mark (a road's
name, a seg's label, the site's area).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from koyu_model.form.records import Form, FormBoundary, FormSpace, PlanEntity, Pt
from koyu_model.jsjson import js_number, js_round

from .labels import centroid
from .sheet import AREA, FAINT, INDOOR, INK, INK_SOFT, OUTSIDE, PAPER, SEG, SEMI, Paper, PlanSheet
from .svg import number, xml_text

__all__ = ["DEFS", "draw_site", "draw_spaces", "draw_areas", "draw_wall_joins", "draw_entities", "draw_segs"]

# The symbols the marks use: the void hatch and the arrow head.
DEFS = (
    "<defs>"
    '<pattern id="void" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" '
    f'stroke="{FAINT}" stroke-width="0.6"/></pattern>'
    f'<marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
    f'markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="{INK}"/></marker>'
    "</defs>"
)

# Paint order of the plan's entities: what is below the cut, then above, then what is
# cut, then movement.
_PAINT_ORDER = {"below": 0, "above": 1, "cut": 2, "swing": 3, "anchor": 4}


def draw_site(paper: Paper, form: Form, sheet: PlanSheet, sites, level: str, is_site: bool) -> None:
    """The site polygons with their area, and on the site plan each road's name beside
    the first boundary segment that faces it, set off to the outside."""
    for site in sites:
        if len(site.points) < 3:
            continue
        paper.out.append(
            f'<path d="{paper.path([site.points])}" fill="none" stroke="{INK_SOFT}" stroke-width="1.2" '
            'stroke-dasharray="16 3 2.5 3 2.5 3"/>'
        )
        top = max(site.points, key=lambda p: (p.y, -p.x))
        words = f"site {js_number(js_round(site.area_m2 * 100) / 100)} m2"
        if sheet.has_name(site.path):
            words = f"{sheet.name_of(site.path)} · {words}"
        paper.text(paper.X(top.x) + 4, paper.Y(top.y) - 6, words, f'font-size="9" fill="{INK_SOFT}"')
    if not is_site or not sheet.roads:
        return
    cx, cy = (paper.minx + paper.maxx) / 2, (paper.miny + paper.maxy) / 2
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
        px, py = paper.X(mx) + nx * 22, paper.Y(my) - ny * 22
        rot = -math.degrees(math.atan2(dy, dx))
        if rot > 90 or rot < -90:
            rot += 180
        paper.out.append(
            f'<text x="{number(px)}" y="{number(py)}" text-anchor="middle" dominant-baseline="middle" '
            f'font-size="10" fill="{INK_SOFT}" transform="rotate({number(rot)} {number(px)} {number(py)})">'
            f"{xml_text(road.name)} · road {xml_text(js_number(road.width))} mm</text>"
        )
        done.add(road.path)


def _space_fill(s: FormSpace) -> str:
    if s.void:
        return "url(#void)"
    if s.indoor:
        return INDOOR
    if s.semi_outdoor:
        return SEMI
    return OUTSIDE


def draw_spaces(paper: Paper, spaces: Sequence[FormSpace]) -> None:
    for s in spaces:
        paper.out.append(f'<path d="{paper.path(s.outline)}" fill="{_space_fill(s)}"/>')


def draw_areas(paper: Paper, areas) -> None:
    for a in areas:
        x, y = paper.X(a.x1), paper.Y(a.y2)
        w, h = (a.x2 - a.x1) * paper.scale, (a.y2 - a.y1) * paper.scale
        paper.out.append(
            f'<rect x="{number(x)}" y="{number(y)}" width="{number(w)}" height="{number(h)}" fill="{AREA}" '
            f'fill-opacity="0.5" stroke="{FAINT}" stroke-width="0.8" stroke-dasharray="4 3"/>'
        )
        if a.label:  # inside the top-left corner, clear of a wall on the edge
            paper.text(x + 8, y + 17, a.label, f'font-size="8.5" fill="{INK_SOFT}"')


def draw_wall_joins(paper: Paper, form: Form, entities: Sequence[PlanEntity]) -> None:
    """Fill the outer corner where two cut walls end at one point at an angle.

    Each wall panel is its centre line thickened, squared off at the ends, so two walls
    meeting at a corner leave a notch outside it (t/2 x t/2 when square). Drawing only:
    the Form keeps its panels as derived. Square corners get the rectangle spanned by the
    two half-thicknesses, any other angle a disc of the larger half-thickness."""
    air = {b.ref for b in form.boundaries if b.air}
    # wall ends by their point (to half a mm): each wall as (direction x, y, thickness)
    ends: dict[tuple[float, float], list[tuple[float, float, float]]] = {}
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
        if not (math.isfinite(ln) and math.isfinite(t)) or ln == 0 or t == 0:
            continue  # a wall running to Infinity (a grid too large for a double) joins nothing
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
            paper.out.append(f'<path class="join" d="{paper.path([box])}" fill="{INK}"/>')
        else:
            r = max(w[2] for w in walls) / 2 * paper.scale
            paper.out.append(
                f'<circle class="join" cx="{paper.sx(x)}" cy="{paper.sy(y)}" r="{number(r)}" fill="{INK}"/>'
            )


def draw_entities(paper: Paper, form: Form, entities: Sequence[PlanEntity]) -> None:
    """Every entity of the level's plan, in paint order (then the Form's order)."""
    boundaries: dict[str, FormBoundary] = {}
    for b in form.boundaries:
        boundaries.setdefault(b.ref, b)
    openings = {o.ref: o for o in form.openings}
    out = paper.out
    ranked = sorted((_PAINT_ORDER.get(e.klass, 5), i) for i, e in enumerate(entities))
    for _, i in ranked:
        e = entities[i]
        if e.of == "space":
            if e.klass == "above" and e.polygon:  # the projection of a void above
                out.append(
                    f'<path d="{paper.path([e.polygon])}" fill="none" stroke="{FAINT}" '
                    'stroke-width="0.9" stroke-dasharray="7 4"/>'
                )
                cx, _ = centroid(e.polygon)
                top = max(p.y for p in e.polygon)
                paper.text(
                    paper.X(cx),
                    paper.Y(top) + 16,
                    "void above",
                    f'text-anchor="middle" font-size="9" fill="{FAINT}" font-style="italic"',
                )
        elif e.of == "boundary":
            _boundary(paper, e, boundaries.get(e.ref))
        elif e.of == "opening":
            _opening(paper, e, openings.get(e.ref))
        elif e.of == "column":
            if e.polygon:
                if e.klass == "cut":
                    out.append(f'<path class="column" d="{paper.path([e.polygon])}" fill="{INK}"/>')
                else:
                    out.append(
                        f'<path d="{paper.path([e.polygon])}" fill="none" stroke="{INK_SOFT}" stroke-width="0.7"/>'
                    )
        elif e.of == "run":
            _run(paper, e)


def _boundary(paper: Paper, e: PlanEntity, b) -> None:
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
            paper.line(s.x1, s.y1, s.x2, s.y2, style)
        return
    d = paper.path([e.polygon])
    if e.klass == "cut":
        paper.out.append(f'<path class="wall" d="{d}" fill="{INK}"/>')
    elif e.klass == "below":
        paper.out.append(f'<path d="{d}" fill="{PAPER}" stroke="{INK_SOFT}" stroke-width="0.6"/>')
    else:  # above the cut: a head wall over a door, seen from below
        paper.out.append(f'<path d="{d}" fill="none" stroke="{FAINT}" stroke-width="0.6" stroke-dasharray="3 2"/>')


def _opening(paper: Paper, e: PlanEntity, o) -> None:
    if e.klass == "swing":
        sliding = o is not None and o.sliding
        for s in e.lines or ():
            if sliding:  # where the leaf slides to: it runs inside the wall, so show it faintly
                paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{PAPER}" stroke-width="1" stroke-dasharray="2 2"')
            else:
                paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{INK}" stroke-width="1.4"')
        if e.arc is not None:
            a = e.arc
            r = a.r * paper.scale
            # SVG's y runs downwards, so a counter-clockwise sweep in plan is sweep-flag 0
            sweep = 0 if a.ccw else 1
            paper.out.append(
                f'<path d="M{paper.sx(a.from_.x)} {paper.sy(a.from_.y)} A{number(r)} {number(r)} 0 0 {sweep} '
                f'{paper.sx(a.to.x)} {paper.sy(a.to.y)}" fill="none" stroke="{INK}" '
                'stroke-width="0.7" stroke-dasharray="3 2.5"/>'
            )
        return
    kind = o.kind if o is not None else "window"
    if kind == "door":
        if o is not None and o.sliding and o.swing is not None:
            _sliding_leaf(paper, o)
        return  # a door is the gap the wall already leaves; its leaf and trace are the swing
    dashed = ' stroke-dasharray="4 2.5"' if e.klass == "above" else ""
    if e.polygon:
        paper.out.append(
            f'<path d="{paper.path([e.polygon])}" fill="{PAPER}" stroke="{INK}" stroke-width="0.8"{dashed}/>'
        )
    for s in e.lines or ():
        paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{INK}" stroke-width="0.8"{dashed}')


def _sliding_leaf(paper: Paper, o) -> None:
    """A sliding leaf, closed: a slim panel across the opening, set off the wall's centre
    line and lapping the jambs — drafting appearance over the Form's hinge and jamb."""
    sw = o.swing
    hx, hy, jx, jy = paper.X(sw.hinge.x), paper.Y(sw.hinge.y), paper.X(sw.jamb.x), paper.Y(sw.jamb.y)
    dx, dy = jx - hx, jy - hy
    ln = math.hypot(dx, dy)
    if ln < 1e-6:
        return
    ux, uy = dx / ln, dy / ln
    nx, ny = -uy, ux
    t = max(o.t * paper.scale, 3.0)
    lap = min(t, ln / 6)
    thick = max(t / 3, 1.5)
    c0, c1 = t / 6 - thick / 2, t / 6 + thick / 2  # across: one side of the centre line
    corners = [
        (hx - ux * lap + nx * c0, hy - uy * lap + ny * c0),
        (jx + ux * lap + nx * c0, jy + uy * lap + ny * c0),
        (jx + ux * lap + nx * c1, jy + uy * lap + ny * c1),
        (hx - ux * lap + nx * c1, hy - uy * lap + ny * c1),
    ]
    d = "M" + " L".join(f"{number(x)} {number(y)}" for x, y in corners) + "Z"
    paper.out.append(f'<path d="{d}" fill="{PAPER}" stroke="{INK}" stroke-width="0.8"/>')


def _run(paper: Paper, e: PlanEntity) -> None:
    below = e.klass == "below"
    ink = INK_SOFT if below else INK
    for s in e.lines or ():
        if e.role == "arrow":
            paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="1" marker-end="url(#head)"')
            up = e.anchor.up if e.anchor is not None and e.anchor.up is not None else not below
            paper.text(
                paper.X(s.x1) + 4,
                paper.Y(s.y1) + 4,
                "UP" if up else "DN",
                f'font-size="9" font-weight="bold" fill="{ink}"',
            )
        elif e.role == "break":
            paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="1.2"')
            _break_mark(paper, s, ink)
        elif e.role == "tread":
            paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="0.6"')
        else:
            paper.line(s.x1, s.y1, s.x2, s.y2, f'stroke="{ink}" stroke-width="1.1"')


def _break_mark(paper: Paper, s, ink: str) -> None:
    """The drafting symbol of a break: two short parallel slashes across its middle."""
    x1, y1, x2, y2 = paper.X(s.x1), paper.Y(s.y1), paper.X(s.x2), paper.Y(s.y2)
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
        paper.out.append(
            f'<line x1="{number(ax)}" y1="{number(ay)}" x2="{number(bx)}" y2="{number(by)}" '
            f'stroke="{ink}" stroke-width="1"/>'
        )


def draw_segs(paper: Paper, form: Form, sheet: PlanSheet, level: str) -> None:
    """Each uncounted seg of the level as a band of its thickness, with its written label
    (the sheet's labels are matched to the Form's segs by boundary pair and width, in
    order)."""
    pairs = {b.boundary: (b.a, b.b) for b in form.boundaries}
    labels: dict[tuple, list[str]] = {}
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
        paper.line(
            sg.cx - ux * h,
            sg.cy - uy * h,
            sg.cx + ux * h,
            sg.cy + uy * h,
            f'stroke="{SEG}" stroke-width="{number(max(sg.t * paper.scale, 1.5))}"',
        )
        pair = pairs.get(sg.boundary)
        waiting = labels.get((pair[0], pair[1], sg.w)) if pair is not None else None
        label = waiting.pop(0) if waiting else None
        if label:
            px, py = paper.X(sg.cx), paper.Y(sg.cy)
            half = max(sg.t * paper.scale / 2, 1)
            if seg.horizontal:
                paper.text(px, py - half - 4, label, f'text-anchor="middle" font-size="8" fill="{SEG}"')
            else:
                paper.text(px + half + 4, py + 3, label, f'text-anchor="start" font-size="8" fill="{SEG}"')
