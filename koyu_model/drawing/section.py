"""The section and the elevation sheets: a FormSection as SVG text (reference/cli/section.md,
cli/elevation.md). One painter for both: an elevation is a section whose plane cuts
nothing.

Every polygon arrives ready in (u, z) mm from ``koyu_model.form.section``; this module
decides appearance only. Painted back to front:

1. what stands beyond, far to near, in a light tone that fades with distance and a thin
   line — the far wall with its windows as holes, the stair behind the cut (a body hidden
   exactly behind a nearer one of the same outline is left out, and bodies next to each
   other in that order, at one depth and in one tone, are one path element: an elevation
   paints thousands of them);
2. the air of each room the plane cut, a veil of the plan's warm room tone over what is
   seen through it;
3. the storey ladder — every level's datum, name and height — and the line at z 0, a
   convention of the sheet (koyu holds no ground level);
4. the grid lines crossing the plane, with their bubbles across the top (the axis the plane
   is named on gets none: all its lines would land on one point);
5. what the plane cut, in poché: walls, floors, roofs, columns, the solids of a stair;
   a cut window is glass and a cut door leaf a dark sliver;
6. each cut room's name and ceiling height, caller guides, and the title.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from itertools import chain, count, groupby
from operator import attrgetter

import attrs

from koyu_model.form.records import FormLevel
from koyu_model.form.section import FormSection, SectionEntity
from koyu_model.jsjson import js_number

from .sheet import FAINT, FONT_FAMILY, GRID, INDOOR, INK, INK_SOFT, PAPER, PlanSheet, text_width
from .svg import finite, number, xml_text

__all__ = ["Guide", "draw_section", "DEFAULT_SCALE"]

DEFAULT_SCALE = 0.05  # px per mm: the plan's, so a plan and a section lie side by side

MARGIN_L = 120.0  # the storey ladder's words
MARGIN_R = 56.0
MARGIN_T = 76.0  # the grid bubbles
MARGIN_B = 84.0  # the title
MIN_WIDTH = 520.0

# what stands beyond, by subject, before it fades with distance
BEYOND = {"boundary": "#c9bfae", "slab": "#c9bfae", "column": "#bdb2a0", "run": "#d6cab3", "opening": "#c3cdca"}
DOOR_BEYOND = "#b9a88f"
FADE = 0.55  # how far the farthest body goes toward the paper
GLASS = "#b9c3c0"
DOOR_CUT = "#6d5a43"


@attrs.frozen
class Guide:
    """A reference polyline supplied by the caller, in the section's (u, z) mm (ADR-0066):
    a limit, a datum, a measurement line. Presentation, not part of the Form."""

    points: tuple[tuple[float, float], ...] = attrs.field(converter=tuple)
    label: str = ""


@functools.cache
def _mix(color: str, toward: str, f: float) -> str:
    a = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(toward[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * f):02x}" for x, y in zip(a, b))


class _Sheet:
    """(u, z) mm → sheet px: u grows to the right, z up. A section repeats few coordinates
    many times (grid-aligned walls, storey heights): each of ``us`` and ``zs``, the
    entities' coordinates, is placed and written once."""

    def __init__(self, umin: float, umax: float, zmin: float, zmax: float, scale: float, us, zs):
        self.umin, self.zmax, self.scale = umin, zmax, scale
        self.width = max(MARGIN_L + (umax - umin) * scale + MARGIN_R, MIN_WIDTH)
        self.height = MARGIN_T + (zmax - zmin) * scale + MARGIN_B
        self.bottom = MARGIN_T + (zmax - zmin) * scale
        self.u_text = {u: number(self.x(u)) for u in set(us)}
        self.z_text = {z: number(self.y(z)) for z in set(zs)}

    def x(self, u: float) -> float:
        return MARGIN_L + (u - self.umin) * self.scale

    def y(self, z: float) -> float:
        return MARGIN_T + (self.zmax - z) * self.scale

    def path(self, polygon: Sequence[tuple[float, float]]) -> str:
        """An entity's outline as path data; an upright rectangle from a bottom corner round
        (how every right prism is seen) in its short form, across, up and back."""
        u, z = self.u_text, self.z_text
        if len(polygon) == 4:
            (u0, z0), (u1, bz), (c, z1), (d, dz) = polygon
            if bz == z0 and dz == z1 and c == u1 and d == u0:
                x0 = u[u0]
                return f"M{x0} {z[z0]}H{u[u1]}V{z[z1]}H{x0}Z"
        return "M" + " L".join(f"{u[a]} {z[b]}" for a, b in polygon) + "Z"


def _text(x: float, y: float, content: str, style: str) -> str:
    return f'<text x="{number(x)}" y="{number(y)}" {style}>{xml_text(content)}</text>'


def _grid_crossings(section: FormSection, sheet: PlanSheet) -> list[tuple[str, float]]:
    """(name, u) of each grid line crossing an axis-parallel plane: the other axis's."""
    plane = section.plane
    if plane.axis is None or plane.at is None:
        return []  # a directed line runs along neither grid axis
    out = []
    for g in sheet.grids:
        if g.axis == plane.axis:
            continue
        point = (plane.at, g.coord) if plane.axis == "X" else (g.coord, plane.at)
        out.append((g.name, plane.frame(*point)[0]))
    return out


def _level_height(level: FormLevel) -> str:
    return f"{'+' if level.z >= 0 else ''}{js_number(level.z)}"


def draw_section(
    section: FormSection,
    sheet: PlanSheet,
    caption: str,
    *,
    scale: float = DEFAULT_SCALE,
    guides: Sequence[Guide] = (),
) -> str:
    """The sheet of ``section`` as SVG text, titled ``<the building's title> — <caption>``.
    ``sheet`` gives the words (room names, grid lines). The caller refuses an empty
    section; this draws whatever it is given."""
    cut, beyond, far = _painted(section.entities)
    us, zs = _coordinates(cut + beyond)
    if not math.isfinite(sum(us) + sum(zs)):
        # left out: beyond a double (a body left out as hidden has the very outline of one
        # painted, so what is painted tells whether anything is not finite)
        cut, beyond, far = _painted([e for e in section.entities if finite(c for p in e.polygon for c in p)])
        us, zs = _coordinates(cut + beyond)
    levels = [lv for lv in section.levels if finite((lv.z,))]
    grids = _grid_crossings(section, sheet)
    paper = _Sheet(*_extents(us, zs, guides, grids, levels), scale, us, zs)
    w, h = paper.width, paper.height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(w)}" height="{number(h)}" '
        f'viewBox="0 0 {number(w)} {number(h)}" font-family="{FONT_FAMILY}">',
        f'<rect width="{number(w)}" height="{number(h)}" fill="{PAPER}"/>',
    ]

    # 1. what stands beyond, far to near, fading with distance; bodies next to each other
    # in that order, at one depth and in one tone share one path element (so no farther
    # body's outline is drawn over a nearer one)
    painted: list[tuple[tuple[float, str], list[str]]] = []  # ((depth, fill), path data)
    for (depth, of, kind), alike in groupby(beyond, key=attrgetter("depth", "of", "kind")):
        tone = DOOR_BEYOND if of == "opening" and kind == "door" else BEYOND.get(of, BEYOND["boundary"])
        key = (depth, _mix(tone, PAPER, round(FADE * depth / far * 32) / 32))  # 32 tones are plenty
        paths = [paper.path(e.polygon) for e in alike]
        if painted and painted[-1][0] == key:
            painted[-1][1].extend(paths)
        else:
            painted.append((key, paths))
    for (_, fill), paths in painted:
        out.append(
            f'<path d="{" ".join(paths)}" fill="{fill}" stroke="{INK}" stroke-width="0.35" stroke-opacity="0.45"/>'
        )

    # the air of the rooms cut, a warm veil over what is seen through it
    rooms = [e for e in cut if e.of == "space"]
    if rooms:
        out.append(f'<path d="{" ".join(paper.path(e.polygon) for e in rooms)}" fill="{INDOOR}" fill-opacity="0.6"/>')

    # 3. the storey ladder and the line at z 0
    left, right = MARGIN_L - 10, w - MARGIN_R + 10
    for lv in levels:
        y = paper.y(lv.z)
        out.append(
            f'<line x1="{number(left)}" y1="{number(y)}" x2="{number(right)}" y2="{number(y)}" '
            f'stroke="{GRID}" stroke-width="0.8" stroke-dasharray="8 3 1.5 3"/>'
        )
        out.append(_text(left - 6, y - 3, lv.name, f'text-anchor="end" font-size="10" fill="{INK_SOFT}"'))
        out.append(_text(left - 6, y + 10, _level_height(lv), f'text-anchor="end" font-size="8.5" fill="{FAINT}"'))
    ground = paper.y(0)
    out.append(
        f'<line x1="0" y1="{number(ground)}" x2="{number(w)}" y2="{number(ground)}" stroke="{INK}" stroke-width="1.2"/>'
    )
    out.append(_text(w - 8, ground + 12, "z 0", f'text-anchor="end" font-size="8" fill="{FAINT}"'))

    # 4. the grid lines crossing the plane
    for name, u in sorted(grids, key=lambda g: g[1]):
        x = paper.x(u)
        r = max(11.0, text_width(name, 10) / 2 + 4)
        out.append(
            f'<line x1="{number(x)}" y1="{number(MARGIN_T - 40 + r)}" x2="{number(x)}" y2="{number(paper.bottom + 18)}" '
            f'stroke="{GRID}" stroke-width="0.7" stroke-dasharray="8 3 1.5 3"/>'
        )
        out.append(
            f'<circle cx="{number(x)}" cy="{number(MARGIN_T - 40)}" r="{number(r)}" fill="{PAPER}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        out.append(_text(x, MARGIN_T - 36.5, name, f'text-anchor="middle" font-size="10" fill="{INK_SOFT}"'))

    # 5. what the plane cut
    solid = [e for e in cut if e.of in ("boundary", "slab", "column", "run")]
    if solid:
        out.append(f'<path d="{" ".join(paper.path(e.polygon) for e in solid)}" fill="{INK}"/>')
    for e in cut:
        if e.of == "opening":
            fill = DOOR_CUT if e.kind == "door" else GLASS
            out.append(f'<path d="{paper.path(e.polygon)}" fill="{fill}" stroke="{INK}" stroke-width="0.8"/>')

    # 6. the rooms' words, the guides, the title
    out.extend(_room_labels(paper, rooms, sheet))
    for g in guides:
        if len(g.points) >= 2 and finite(c for p in g.points for c in p):
            d = "M" + " L".join(f"{number(paper.x(u))} {number(paper.y(z))}" for u, z in g.points)
            out.append(f'<path d="{d}" fill="none" stroke="#9b3d2a" stroke-width="1" stroke-dasharray="5 3"/>')
            if g.label:
                u, z = g.points[-1]
                out.append(_text(paper.x(u) + 4, paper.y(z) - 4, g.label, 'font-size="9" fill="#9b3d2a"'))
    base = h - 34
    out.append(
        f'<line x1="24" y1="{number(base - 22)}" x2="{number(w - 24)}" y2="{number(base - 22)}" '
        f'stroke="{GRID}" stroke-width="0.6"/>'
    )
    out.append(_text(24, base, f"{sheet.title} — {caption}", f'font-size="14" font-weight="bold" fill="{INK}"'))
    out.append(
        _text(
            24,
            base + 16,
            "solid: cut by the plane · toned: seen beyond, paler with distance · the line at z 0 is the sheet's, "
            "not a ground level",
            f'font-size="9" fill="{FAINT}"',
        )
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _painted(entities: Sequence[SectionEntity]) -> tuple[list[SectionEntity], list[SectionEntity], float]:
    """What the plane cut; what stands beyond, far to near, less what is hidden; and the
    depth the tones fade over."""
    cut = [e for e in entities if e.klass == "cut"]
    beyond = sorted((e for e in entities if e.klass == "beyond"), key=attrgetter("depth"), reverse=True)
    far = (beyond[0].depth if beyond else 0.0) or 1.0
    # a body seen exactly behind a nearer one of the same outline is hidden by it whole
    # (an elevation sees the same wall on every line behind the first): only the nearest
    # of each outline is painted, where it stands in the order
    nearest = dict(zip(map(attrgetter("polygon"), beyond), count()))
    return cut, [beyond[i] for i in sorted(nearest.values())], far


def _coordinates(entities: Sequence[SectionEntity]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Every u and every z of the entities' outlines."""
    points = list(chain.from_iterable(e.polygon for e in entities))
    if not points:
        return (), ()
    us, zs = zip(*points)
    return us, zs


def _extents(us, zs, guides: Sequence[Guide], grids, levels) -> tuple[float, float, float, float]:
    """(umin, umax, zmin, zmax) of the sheet: the entities, the guides, the grid lines
    crossing the plane, every level and z 0."""
    us = [*us, *(u for g in guides for u, _ in g.points), *(u for _, u in grids)]
    zs = [*zs, *(z for g in guides for _, z in g.points), *(lv.z for lv in levels), 0.0]
    if not us:
        us = [0.0, 1000.0]
    return min(us), max(us), min(zs), max(zs)


def _room_labels(paper: _Sheet, rooms: Sequence[SectionEntity], sheet: PlanSheet) -> list[str]:
    """Each cut room's name and ceiling height, once per room, on its widest cut piece."""
    widest: dict[str, SectionEntity] = {}
    for e in rooms:
        known = widest.get(e.ref)
        if known is None or _width(e) > _width(known):
            widest[e.ref] = e
    out = []
    for ref, e in widest.items():
        us = [u for u, _ in e.polygon]
        zs = [z for _, z in e.polygon]
        x = paper.x((min(us) + max(us)) / 2)
        y = paper.y((min(zs) + max(zs)) / 2)
        name = sheet.name_of(ref)
        # the name shrinks to the room's cut width (not below 6 px), so it stays in its room
        room = (max(us) - min(us)) * paper.scale - 6
        size = max(6.0, min(12.0, room / max(text_width(name, 1), 1e-9)))
        out.append(_text(x, y, name, f'text-anchor="middle" font-size="{number(size)}" fill="{INK}"'))
        height = f"h {js_number(max(zs) - min(zs))}"
        out.append(
            _text(x, y + 13, height, f'text-anchor="middle" font-size="{number(min(9.0, size))}" fill="{INK_SOFT}"')
        )
    return out


def _width(e: SectionEntity) -> float:
    us = [u for u, _ in e.polygon]
    return max(us) - min(us)
