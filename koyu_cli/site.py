"""``koyu site FILE`` — site area, roads, footprint and ratios (spec: reference/cli/site.md;
the numbers are koyu_model.asking.site's).

First the frame lines, when the model writes ``origin``/``azimuth`` (koyu_model.asking.frame;
read back, not derived, so they come even without a site). With neither a ``site:1`` zone
nor a road: ``There is no site (…)``, exit 1. Otherwise the report, exit 0; the ratios'
denominator is the declared area when there is one, else the derived one, and the ratio is
spelled as the release spells it (``Release.site_ratio_as_number``), a site area of 0
included. A read error
prints ``✖ <message>`` on stderr, exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.jsjson import js_to_fixed
from koyu_model.model import Model
from koyu_model.release import Release

NO_SITE = "There is no site (write site:1 on a zone and road:<width> on the road)"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")


def _zone_name(zone) -> str:
    name = zone.attrs.get("name")
    return name if isinstance(name, str) else zone.path.rsplit("/", 1)[-1]


def ratio_text(part: float, base: float, as_number: bool) -> str:
    """``part / base`` as a percentage: the site answer's number (rounded to a tenth, written
    as JavaScript writes a number: ``42``, ``73.5``; ``—`` where the site area is 0 and the
    answer has no ratio) when ``as_number``, else with one decimal always (``42.0``), a site
    area of 0 giving what JavaScript's division gives (``Infinity``, or ``NaN`` for 0 / 0)."""
    from koyu_model.jsjson import js_number, js_round

    if as_number:
        return js_number(js_round(part / base * 1000) / 10) if base else "—"
    if not base:
        return "NaN" if not part else "Infinity"
    return js_to_fixed(part / base * 100, 1)


def _road_name(road, written_only: bool) -> str:
    """`` (<name>)`` after a road's path: its display name, or (``written_only``) its
    written ``name:`` and nothing when there is none."""
    from koyu_model.queries import display_name

    name = road.attrs.get("name")
    if written_only:
        return f" ({name})" if isinstance(name, str) else ""
    return f" ({display_name(road)})"


def site_lines(r, release: Release) -> list[str]:
    from koyu_model.jsjson import js_number

    ratio_as_number = release.site_ratio_as_number
    lines = []
    if r.site_zone is not None:
        lines.append(f"Site {r.site_zone.path} ({_zone_name(r.site_zone)})")
    if r.polygon is not None:
        lines.append(
            f"  Site shape: polygon with {len(r.polygon.points)} vertices (a polygon declaration — given geometry)"
        )
    if r.declared is not None:
        lines.append(f"  Site area: declared {js_to_fixed(r.declared, 2)} m2 / derived {js_to_fixed(r.derived, 2)} m2")
    else:
        lines.append(f"  Site area (derived): {js_to_fixed(r.derived, 2)} m2")
    for x in r.roads:
        lines.append(
            f"  Road: {x.road.path}{_road_name(x.road, release.site_road_written_name)} width {js_number(x.width)}mm"
            f" / frontage {js_number(x.frontage)}mm"
        )
    base = r.declared if r.declared is not None else r.derived
    lines += [
        f"  Building footprint (horizontal projection, rough): {js_to_fixed(r.footprint, 2)} m2"
        f" → building coverage ratio {ratio_text(r.footprint, base, ratio_as_number)}%",
        f"  Total floor area: {js_to_fixed(r.total_floor, 2)} m2"
        f" → floor area ratio {ratio_text(r.total_floor, base, ratio_as_number)}%",
    ]
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    from koyu_model.asking.frame import frame_report_lines
    from koyu_model.asking.site import site_report

    frame = frame_report_lines(model)
    r = site_report(model)
    if r.site_zone is None and not r.roads:
        write("\n".join(frame + [NO_SITE]) + "\n")
        return 1
    write("\n".join(frame + site_lines(r, model.release)) + "\n")
    return 0
