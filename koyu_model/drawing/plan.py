"""The plan drawing: one level of a Form as SVG text (reference/api/draw.md, cli/plan.md).

``draw_plan(form, level, sheet)`` sizes the paper to what the level shows and paints it
layer by layer: the site, the spaces, their areas, the grids, the wall joins, the plan's
entities, the segs, the runs' words, the space labels, the title block. It reads the Form
and the sheet's words only and imports nothing that derives shape (a test pins that):
the marks (marks.py), the labels (labels.py) and the sheet (sheet.py) decide appearance.

The lowest level doubles as the site plan: the site polygon and the roads are drawn there
and only there (reference/form/plan.md — site boundaries appear on the lowest storey).
"""

from __future__ import annotations

import math

from koyu_model.form.records import Form, PlanEntity

from .labels import draw_labels, draw_run_words
from .marks import DEFS, draw_areas, draw_entities, draw_segs, draw_site, draw_spaces, draw_wall_joins
from .sheet import FONT_FAMILY, PAPER, Paper, PlanSheet, draw_grids, draw_title_block
from .svg import number, xml_text

__all__ = ["draw_plan", "PlanError"]


class PlanError(Exception):
    """The level cannot be drawn; the message is the documented sentence."""


def _entity_coords(e: PlanEntity, xs: list[float], ys: list[float]) -> None:
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


def _extent(xs: list[float], ys: list[float]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the finite coordinates; a unit square if none is."""
    xs = list(filter(math.isfinite, xs))
    ys = list(filter(math.isfinite, ys))
    if not xs or not ys:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs), min(ys), max(xs), max(ys))


def draw_plan(form: Form, level: str, sheet: PlanSheet | None = None, *, scale: float | None = None) -> str:
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
    entities: tuple[PlanEntity, ...] = plan.entities if plan is not None else ()
    lowest = min(form.levels, key=lambda lv: lv.z, default=None)  # the first of the lowest
    is_site = lowest is not None and level == lowest.name
    sites = form.site if is_site else ()
    areas = [a for a in sheet.areas if a.level == level]

    xs: list[float] = [p.x for s in spaces for piece in s.outline for p in piece]
    ys: list[float] = [p.y for s in spaces for piece in s.outline for p in piece]
    for e in entities:
        _entity_coords(e, xs, ys)
    for site in sites:
        xs.extend(p.x for p in site.points)
        ys.extend(p.y for p in site.points)
    for a in areas:
        xs.extend((a.x1, a.x2))
        ys.extend((a.y1, a.y2))
    minx, miny, maxx, maxy = _extent(xs, ys)
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
    if scale is None:
        longest = max(maxx - minx, maxy - miny, 1.0)
        scale = min(0.12, max(0.035, 1100.0 / longest))
    paper = Paper(minx, miny, maxx, maxy, scale)

    width, height = number(paper.width), number(paper.height)
    paper.out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}">'
    )
    paper.out.append(f"<title>{xml_text(sheet.title)} — {xml_text(level)} plan</title>")
    paper.out.append(DEFS)
    paper.out.append(f'<rect width="{width}" height="{height}" fill="{PAPER}"/>')

    draw_site(paper, form, sheet, sites, level, is_site)
    draw_spaces(paper, spaces)
    draw_areas(paper, areas)
    draw_grids(paper, grids)
    draw_wall_joins(paper, form, entities)
    draw_entities(paper, form, entities)
    draw_segs(paper, form, sheet, level)
    draw_run_words(paper, form, entities)
    draw_labels(paper, spaces, sheet, {r.path for r in form.runs})
    draw_title_block(paper, form, sheet, level, plan.cut if plan is not None else None, is_site)
    paper.out.append("</svg>")
    return "\n".join(paper.out) + "\n"
