"""view — a drawing of the building as a PNG image, for an agent to look at.

The picture is the SVG the project already draws — ``plan_svg``'s plan, ``section_svg``'s
section and ``elevation_svg``'s elevation (their handlers are called as they are, so a
drawing that cannot be made answers their very sentence), ``koyu axo``'s axonometric —
rasterised by resvg (koyu_view.raster). The answer is the image and one line saying what
it shows. Which kinds a surface draws is its input class's ``kind`` choices: the section
and the elevation are koyu 0.27.0's.
"""

from __future__ import annotations

from functools import partial

import attrs

from koyu_host import (
    ENTRY_FILE,
    ArgumentError,
    Content,
    Image,
    Serving,
    Text,
    ToolError,
    argument,
    check_late,
    load_entry,
)
from koyu_host.arguments import json_name, structure
from koyu_model.release import DEFAULT, KOYU_0_27, Release

KINDS = ("plan", "axo")
KINDS_0_27 = ("plan", "section", "elevation", "axo")
#: each kind's own arguments (JSON names): given for another kind, they are refused
OWN = {
    "plan": ("level",),
    "section": ("at", "look"),
    "elevation": ("face",),
    "axo": ("dir", "levels", "walls", "ceilings"),
}
LARGEST = 2048  # px

DESCRIPTION = (
    "Draws the building as a PNG image to look at, with one line saying what it shows: kind plan (one"
    " level, the drawing plan_svg answers) or axo (the building as a solid, seen from a corner above, as"
    " koyu axo draws it), width pixels wide"
)
DESCRIPTION_0_27 = (
    "Draws the building as a PNG image to look at, with one line saying what it shows: kind plan (one"
    " level, the drawing plan_svg answers), section (cut at a grid reference, as section_svg), elevation"
    " (one face, as elevation_svg) or axo (the building as a solid, seen from a corner above, as koyu axo"
    " draws it), width pixels wide"
)
KIND = "What to draw: {}"
LEVEL = "plan: the level drawn (e.g. L1); required for a plan"
AT = (
    "section: the grid reference of the cut — X3, X3+450, Y2-600 (offset it from a grid line to cut"
    " through the rooms); required for a section"
)
LOOK = "section: the direction of view, across the plane (E or W for an X reference, N or S for Y); defaults to W and N"
FACE = "elevation: the side the viewer stands on (S: the south elevation); required for an elevation"
DIR = "axo: the corner looked down from (default SE)"
LEVELS = "axo: the levels drawn, as koyu axo -l takes them — L1,L3 or L1..L5 or both (default: every level)"
WALLS = "axo: draw the walls (default true)"
CEILINGS = "axo: draw the ceilings (default false)"
WIDTH = f"Width of the image in pixels (default 1024, at most {LARGEST}); the height follows the drawing"
WIDTH_INVALID = f"width is a whole number of pixels from 64 to {LARGEST}"
_width = [attrs.validators.ge(64), attrs.validators.le(LARGEST)]
_directions = ("NE", "NW", "SE", "SW")
_compass = ("N", "E", "S", "W")


@attrs.frozen
class Input:
    """koyu 0.16.0's surface: a plan or the axonometric. ``kind`` is read by the handler,
    which names the surface that draws a section or an elevation."""

    file: str = argument(ENTRY_FILE)
    kind: str = argument(KIND.format(" / ".join(KINDS)), choices=KINDS, late=True)
    level: str = argument(LEVEL, default="")
    dir_: str = argument(DIR, default="", choices=_directions, name="dir")
    levels: str = argument(LEVELS, default="")
    walls: bool = argument(WALLS, default=True)
    ceilings: bool = argument(CEILINGS, default=False)
    width: int = argument(WIDTH, default=1024, validator=_width, invalid=WIDTH_INVALID)


@attrs.frozen
class Input027:
    """koyu 0.27.0's surface: the section and the elevation besides."""

    file: str = argument(ENTRY_FILE)
    kind: str = argument(KIND.format(" / ".join(KINDS_0_27)), choices=KINDS_0_27, late=True)
    level: str = argument(LEVEL, default="")
    at: str = argument(AT, default="")
    look: str = argument(LOOK, default="", choices=_compass)
    face: str = argument(FACE, default="", choices=_compass)
    dir_: str = argument(DIR, default="", choices=_directions, name="dir")
    levels: str = argument(LEVELS, default="")
    walls: bool = argument(WALLS, default=True)
    ceilings: bool = argument(CEILINGS, default=False)
    width: int = argument(WIDTH, default=1024, validator=_width, invalid=WIDTH_INVALID)


def handle(args: Input | Input027, release: Release = DEFAULT):
    """Read the kind, draw it as its SVG tool does, rasterise, answer the image and its line."""
    from koyu_view.fonts import fonts, holds_cjk
    from koyu_view.raster import rasterise

    kind = _kind(args)
    svg, what = DRAW[kind](args, release)
    raster = rasterise(svg, args.width)
    line = f"{what}, {args.file}, {raster.width}×{raster.height} px"
    if raster.width < raster.asked:
        line += f"; drawn {raster.width} px wide, not {raster.asked}, to keep the PNG under 1 MB"
    if not fonts().cjk and holds_cjk(svg):
        line += "; no CJK font found: Japanese labels are drawn as boxes; install fonts-noto-cjk"
    return Content(Image(raster.png, "image/png"), Text(line))


def _kind(args: Input | Input027) -> str:
    """The kind asked, when this surface draws it; then no argument of another kind is given."""
    served = attrs.fields(type(args)).kind.metadata["choices"]
    if args.kind in KINDS_0_27 and args.kind not in served:
        raise ArgumentError(
            f"kind {args.kind} is drawn on koyu 0.27.0's surface only (koyu-mcp --as 0.27); here kind is one of"
            f" {' / '.join(served)}"
        )
    kind: str = check_late(args).kind
    for field in attrs.fields(type(args)):
        name = json_name(field)
        owner = next((k for k, own in OWN.items() if name in own), kind)
        if owner != kind and getattr(args, field.name) != field.default:
            raise ArgumentError(f"{name} is an argument of kind {owner}, not {kind}")
    return kind


def _asked(tool_input: type, **values: str):
    """The arguments of an SVG tool, structured as the host structures them for that tool
    (an empty one is absent; those it reads late are read by its handler)."""
    return structure({name: value for name, value in values.items() if value}, tool_input)


def _plan(args, release: Release) -> tuple[str, str]:
    from koyu_form import plan_svg

    svg = plan_svg.handle(_asked(plan_svg.Input, file=args.file, level=args.level), release)
    return svg, f"Plan of {args.level}"


def _section(args, release: Release) -> tuple[str, str]:
    from koyu_form import section_svg

    from koyu_model.form.section import named_plane

    svg = section_svg.handle(_asked(section_svg.Input, file=args.file, at=args.at, look=args.look), release)
    plane = named_plane(load_entry(args.file, release).grid, args.at, args.look or None)  # drawn: it is good
    return svg, f"Section at {args.at} looking {plane.facing}"


def _elevation(args, release: Release) -> tuple[str, str]:
    from koyu_form import elevation_svg

    svg = elevation_svg.handle(_asked(elevation_svg.Input, file=args.file, face=args.face), release)
    return svg, f"{args.face} elevation"


def _axo(args, release: Release) -> tuple[str, str]:
    """As ``koyu axo`` draws it: its direction, its level spec and sentences, its scale."""
    from koyu_model.drawing.axo import AxoOptions, NothingToDraw, SheetOverflow, draw_model_axo
    from koyu_model.queries import select_levels, undeclared_level

    model = load_entry(args.file, release)
    levels = None
    if args.levels:
        levels, undeclared = select_levels(model, args.levels)
        if undeclared is not None:
            raise ToolError(undeclared_level(model, undeclared))
    direction = args.dir_ or "SE"
    options = AxoOptions(dir=direction, levels=levels, ceilings=args.ceilings, walls=args.walls)
    try:
        svg = draw_model_axo(model, options)
    except (NothingToDraw, SheetOverflow) as err:
        raise ToolError(str(err)) from None
    return svg, f"Axonometric from {direction}" + (f" of {args.levels}" if args.levels else "")


DRAW = {"plan": _plan, "section": _section, "elevation": _elevation, "axo": _axo}

SERVES = (
    Serving("0.16", handler=partial(handle, release=DEFAULT)),
    Serving("0.27", description=DESCRIPTION_0_27, input=Input027, handler=partial(handle, release=KOYU_0_27)),
)
