"""``koyu stats FILE`` — the areas laid out for a human (spec: reference/cli/stats.md).

Levels in ascending z, each with its region-bearing spaces in model order, one
tab-separated ``path / name / type / area`` line each (a void gets no area; an exterior
and a semi-outdoor space are marked and left out of the subtotal), then the totals, the
zones (not the site zone), the types and the uses. A level with no region-bearing space
gets no section. The numbers are koyu_model.measures'; this module only lays them out.
Exit 0 always once the building reads; a read error prints ``✖ <message>``, exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.common import answers, write
from koyu_model.jsjson import js_to_fixed
from koyu_model.model import Model

SEMI_NOTE = (
    "(balconies, external stairs and the like — whether they count is a matter of "
    "regulatory detail, so it is reported separately)"
)
OUTDOOR_NOTE = "(plazas, open ground and the like — not counted as floor area)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file")


def _m2(x: float) -> str:
    return f"{js_to_fixed(x, 2)} m2"


def stats_lines(model: Model) -> list[str]:
    from koyu_model.derived import layout, semi_outdoor
    from koyu_model.geometry import round2
    from koyu_model.measures import floor_totals, space_areas, zone_area_m2
    from koyu_model.queries import display_name, effective_use, last_segment

    areas = space_areas(model)
    totals = floor_totals(model)
    semi = semi_outdoor(model)
    indoor = totals.indoor
    lines: list[str] = []
    outdoor = 0.0
    any_outdoor = False
    by_type: dict[str | None, float] = {}
    by_use: dict[str, float] = {}
    any_use = False
    for level in model.levels_by_z:
        members = [p for p in layout(model).by_level.get(level, ()) if p in areas]
        if not members:
            continue
        lines.append(level)
        subtotal = 0.0
        for path in members:
            s = model.spaces[path]
            head = f"  {path}\t{display_name(s)}\t"
            a = areas[path]
            if s.type == "void":
                lines.append(head + "void (not counted as floor area)")
            elif s.type == "exterior":
                outdoor += a
                any_outdoor = True
                lines.append(head + f"{s.type}\t{_m2(a)} (outdoor, not counted)")
            elif path in semi:
                lines.append(head + f"{s.type}\t{_m2(a)} (semi-outdoor, reported separately)")
            else:
                lines.append(head + f"{s.type}\t{_m2(a)}")
                if path in indoor:
                    subtotal += a
                    by_type[s.type] = by_type.get(s.type, 0.0) + a
                    use = effective_use(s, model.zones)
                    if use is not None:
                        any_use = True
                        by_use[use] = by_use.get(use, 0.0) + a
        lines.append(f"  Subtotal {_m2(round2(subtotal))}")
    lines.append(f"Total {_m2(totals.total)} (indoor floor area)")
    if totals.semi_outdoor:
        lines.append(f"Semi-outdoor {_m2(totals.semi_outdoor)} {SEMI_NOTE}")
    if any_outdoor:
        lines.append(f"Outdoor {_m2(round2(outdoor))} {OUTDOOR_NOTE}")
    zones = [z for z in model.zones.values() if z.attrs.get("site") != 1]
    if zones:
        lines.append("By zone (counted aggregation):")
        for z in zones:
            name = z.attrs.get("name")
            shown = name if isinstance(name, str) else last_segment(z.path)
            lines.append(f"  {z.path}\t{shown}\t{_m2(zone_area_m2(model, z))}")
    for t, a in by_type.items():
        lines.append(f"  {t}: {_m2(round2(a))}")
    if any_use:
        total = totals.total
        parts = []
        for u, a in by_use.items():
            share = js_to_fixed(a / total * 100, 1) if total else "0.0"
            parts.append(f"{u} {_m2(round2(a))} ({share}%)")
        lines.append("By use: " + " / ".join(parts))
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    write("\n".join(stats_lines(model)) + "\n")
    return 0
