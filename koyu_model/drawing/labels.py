"""The labels of a plan: each space's words fitted to its room, and the words of a run.

A space's label is three lines — its display name, its type with the floor area (and
"semi-outdoor"), its path — scaled down until they fit the room, turned along a tall
narrow room, and placed where they lie on the space: at the centre of the whole space
when that is on it, else at the middle of its largest piece (reference/api/draw.md). A
room holding a run is full of treads, so its label goes to its top edge, haloed.
"""

from __future__ import annotations

from collections.abc import Sequence

from koyu_model.form.records import Form, FormRun, FormSpace, PlanEntity, Pt
from koyu_model.jsjson import js_number, js_round

from .sheet import ACCENT, FAINT, INK, INK_SOFT, PAPER, Paper, PlanSheet, text_width
from .svg import number, xml_text

__all__ = ["draw_labels", "draw_run_words", "run_annotation", "slope_text", "centroid"]

# the three lines of a space's label: size, colour, extra attributes, offset below the seat
_NAME = (14.0, INK, ' font-weight="bold"', -4.0)
_KIND = (10.0, INK_SOFT, "", 13.0)
_PATH = (8.5, FAINT, "", 27.0)
_SMALLEST = 0.42  # a label is never scaled below this, even if it then overflows its room


def _signed_area(poly: Sequence[Pt]) -> float:
    s = 0.0
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        s += p.x * q.y - q.x * p.y
    return s / 2


def centroid(poly: Sequence[Pt]) -> tuple[float, float]:
    """The centre of mass of a polygon (the mean of its points when it has no area)."""
    a = _signed_area(poly)
    if abs(a) < 1e-9:
        return (sum(p.x for p in poly) / len(poly), sum(p.y for p in poly) / len(poly))
    cx = cy = 0.0
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        c = p.x * q.y - q.x * p.y
        cx += (p.x + q.x) * c
        cy += (p.y + q.y) * c
    return (cx / (6 * a), cy / (6 * a))


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


def _box_on_space(paper: Paper, pieces, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether each corner of a box on the sheet lies on some piece of the space."""
    sheet_pieces = [[Pt(paper.X(p.x), paper.Y(p.y)) for p in piece] for piece in pieces]
    return all(any(_inside_convex(q, x, y) for q in sheet_pieces) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))


def _label_point(pieces, largest) -> tuple[float, float]:
    """The centre of the whole space when it lies on the space (pieces are convex),
    else the centre of its largest piece."""
    total = cx = cy = 0.0
    for p in pieces:
        a = abs(_signed_area(p))
        px, py = centroid(p)
        total += a
        cx += px * a
        cy += py * a
    if total > 0:
        cx, cy = cx / total, cy / total
        if any(_inside_convex(p, cx, cy) for p in pieces):
            return cx, cy
    return centroid(largest)


def draw_labels(paper: Paper, spaces: Sequence[FormSpace], sheet: PlanSheet, run_paths) -> None:
    for s in spaces:
        pieces = [p for p in s.outline if len(p) >= 3]
        piece = max(pieces, key=lambda p: abs(_signed_area(p)))
        cx, cy = _label_point(pieces, piece)
        xs = [paper.X(p.x) for p in piece]
        ys = [paper.Y(p.y) for p in piece]
        room_w = max(max(xs) - min(xs), 1.0) * 0.9
        room_h = max(max(ys) - min(ys), 1.0) * 0.9
        # the type, the floor area (a void has no floor to measure), semi-outdoor; an
        # untyped space (0.27) starts with its area, an untyped void says it is one
        facts = [s.type] if s.type is not None else ["void"] if s.void else []
        if s.area_m2 is not None and not s.void:
            facts.append(f"{js_number(s.area_m2)} m2")
        if s.semi_outdoor:
            facts.append("semi-outdoor")
        kind = " · ".join(facts)
        lines = ((sheet.name_of(s.path), _NAME), (kind, _KIND), (s.path, _PATH))
        widths = [text_width(text, style[0]) for text, style in lines]

        def fit_in(wide: float, high: float, widths: list[float] = widths) -> float:
            f = min(1.0, high / 40.0)
            for w in widths:
                f = min(f, wide / max(w, 1.0))
            return f

        has_run = s.path in run_paths
        fit = fit_in(room_w, room_h)
        # a tall narrow room reads better with its label turned along its length
        turned = room_h > room_w * 1.5 and fit_in(room_h, room_w) > fit * 1.25 and not has_run
        if turned:
            fit = fit_in(room_h, room_w)
        fit = max(fit, _SMALLEST)
        x, y = paper.X(cx), paper.Y(cy)
        if not turned and not has_run and len(pieces) > 1:
            # the centre of an L lies near its inner corner: if the words would cross
            # the wall there, they go to the middle of the largest piece instead
            half = max(widths) * fit / 2
            if not _box_on_space(paper, pieces, x - half, y - 23 * fit, x + half, y + 22 * fit):
                px, py = centroid(piece)
                x, y = paper.X(px), paper.Y(py)
        if has_run:
            y = min(ys) + 6 + 25 * fit
        halo = f' stroke="{PAPER}" stroke-width="2.5" paint-order="stroke"' if s.void or has_run else ""
        if turned:
            paper.out.append(f'<g transform="rotate(-90 {number(x)} {number(y)})">')
        for text, (size, colour, extra, below) in lines:
            paper.text(
                x,
                y + (below - 8.0) * fit,
                text,
                f'text-anchor="middle" font-size="{number(size * fit)}" fill="{colour}"{extra}{halo}',
            )
        if turned:
            paper.out.append("</g>")


def slope_text(slope: float) -> str:
    """A slope as ``1/N`` to one decimal, ``.0`` dropped; ``—`` at or below zero
    (reference/api/solids.md `slopeText`)."""
    if not slope or slope <= 0 or slope != slope:
        return "—"
    return "1/" + js_number(js_round(10 / slope) / 10)


def run_annotation(run: FormRun) -> str | None:
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


def draw_run_words(paper: Paper, form: Form, entities: Sequence[PlanEntity]) -> None:
    """Each run's annotation at its anchor, haloed over the treads."""
    runs = {r.path: r for r in form.runs}
    for e in entities:
        if e.of != "run" or e.klass != "anchor" or e.anchor is None:
            continue
        run = runs.get(e.ref)
        words = run_annotation(run) if run is not None else None
        if words:
            x, y = paper.X(e.anchor.x), paper.Y(e.anchor.y)
            paper.out.append(
                f'<text x="{number(x)}" y="{number(y)}" text-anchor="middle" font-size="8" '
                f'fill="{ACCENT}" stroke="{PAPER}" stroke-width="2.5" paint-order="stroke">'
                f"{xml_text(words)}</text>"
            )
