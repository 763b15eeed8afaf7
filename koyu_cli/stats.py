"""``koyu stats FILE [--by KEY]...`` — the areas laid out for a human (spec: reference/cli/stats.md).

Levels in ascending z, each with its region-bearing spaces in model order, one
tab-separated ``path / name / type / area`` line each (a void gets no area; an outside
and a semi-outdoor space are marked and left out of the subtotal; a space written with no
type shows ``(untyped)``, a heading rather than its type), then the totals (indoor, then
outdoor, then semi-outdoor, each but the first only when there is some), the zones (not
the site zone), the types, and then what the release totals by besides
(``Release.stats_by_keys``): the effective uses (0.16), or one line per ``--by`` key in the
order written (0.27). A level with no region-bearing space gets no section. The numbers are
koyu_model.measures'; this module only lays them out. Exit 0 always once the building
reads; a read error prints ``✖ <message>``, exit 1; ``--by`` with no key after it (the call
ends, or a flag follows) is a mistake in the call under 0.27, exit 2; 0.16 has no ``--by``
and ignores it, as any flag it does not know.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, refuse, write
from koyu_model.geometry import round2
from koyu_model.jsjson import js_to_fixed
from koyu_model.model import Model

SEMI_NOTE = (
    "(balconies, external stairs and the like — whether they count is a matter of "
    "regulatory detail, so it is reported separately)"
)
OUTDOOR_NOTE = "(plazas, open ground and the like — not counted as floor area)"
#: the type column and type line of a space written with no type (ADR-0051: a heading of
#: the totals, not the space's type)
UNTYPED = "(untyped)"
BY_NEEDS_KEY = "--by takes an attribute key: --by lease.category"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    # each --by's key, None for a --by that ends the call (run says what it takes)
    parser.add_argument("--by", action="append", default=[])


def _m2(x: float) -> str:
    return f"{js_to_fixed(x, 2)} m2"


def stats_lines(model: Model) -> list[str]:
    from koyu_model.derived import layout, semi_outdoor
    from koyu_model.measures import floor_totals, space_areas, zone_area_m2
    from koyu_model.queries import display_name, effective_use, last_segment

    areas = space_areas(model)
    totals = floor_totals(model)
    semi = semi_outdoor(model)
    indoor = totals.indoor
    lines: list[str] = []
    outdoor = 0.0
    any_outdoor = False
    by_type: dict[str, float] = {}
    by_use_line = not model.release.stats_by_keys
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
            kind = UNTYPED if s.type is None else s.type
            if s.void:
                lines.append(head + "void (not counted as floor area)")
            elif s.outside:
                outdoor += a
                any_outdoor = True
                lines.append(head + f"{kind}\t{_m2(a)} (outdoor, not counted)")
            elif path in semi:
                lines.append(head + f"{kind}\t{_m2(a)} (semi-outdoor, reported separately)")
            else:
                lines.append(head + f"{kind}\t{_m2(a)}")
                if path in indoor:
                    subtotal += a
                    by_type[kind] = by_type.get(kind, 0.0) + a
                    use = effective_use(s, model.zones) if by_use_line else None
                    if use is not None:
                        any_use = True
                        by_use[use] = by_use.get(use, 0.0) + a
        lines.append(f"  Subtotal {_m2(round2(subtotal))}")
    lines.append(f"Total {_m2(totals.total)} (indoor floor area)")
    if any_outdoor:  # outdoor first, then semi-outdoor (cli/stats.md)
        lines.append(f"Outdoor {_m2(round2(outdoor))} {OUTDOOR_NOTE}")
    if totals.semi_outdoor:
        lines.append(f"Semi-outdoor {_m2(totals.semi_outdoor)} {SEMI_NOTE}")
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
        lines.append(_share_line("By use", by_use.items(), totals.total))
    return lines


def _share_line(title: str, buckets, total: float) -> str:
    """``<title>: <value> <m2> (<share of total>%) / …``, each share rounded on its own."""
    parts = []
    for value, a in buckets:
        share = js_to_fixed(a / total * 100, 1) if total else "0.0"
        parts.append(f"{value} {_m2(round2(a))} ({share}%)")
    return f"{title}: " + " / ".join(parts)


def by_key_lines(model: Model, keys: list[str]) -> list[str]:
    """One ``By <key>:`` line per key in the order first written, the indoor floor area
    grouped by the key's effective value (koyu_model.measures.grouping), shares of ``Total``."""
    from koyu_model.measures import floor_totals
    from koyu_model.measures.grouping import floor_area_by

    total = floor_totals(model).total
    return [_share_line(f"By {key}", buckets.items(), total) for key, buckets in floor_area_by(model, keys).items()]


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    keys = args.by if model.release.stats_by_keys else []  # 0.16 reads no --by: ignored
    if not all(key and not key.startswith("-") for key in keys):
        return refuse(BY_NEEDS_KEY)
    lines = stats_lines(model)
    if keys:
        lines += by_key_lines(model, keys)
    write("\n".join(lines) + "\n")
    return 0
