"""The runner: ``check(model)`` walks the nineteen sections in COMPAT §7's order.

Each section is a function ``(model) -> Iterable[Diagnostic]`` that asks the derived
indexes it needs (``koyu_model.derived``: pieces and line effects, default walls,
segments, placements, semi-outdoor spaces); the runner concatenates them, so the result
is scan order and never regrouped by family (spec: reference/api/diagnostics.md "The
order is scan order"). The diagnostics are kept on the Model: the check tool,
model_summary and write_layer all ask.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from koyu_model.check.diagnostic import Diagnostic
from koyu_model.model import Model, StashKey

__all__ = ["check", "SECTIONS", "Section"]

Section = Callable[[Model], Iterable[Diagnostic]]

DIAGNOSTICS: StashKey[tuple[Diagnostic, ...]] = StashKey("check.diagnostics")


def _sections() -> tuple[Section, ...]:
    from koyu_model.check import (
        areas,
        attributes,
        boundaries,
        columns,
        exterior,
        heights,
        identity,
        levels,
        lines,
        refs,
        regions,
        runs,
        site,
        sufficiency,
        versions,
        zones,
    )

    return (
        refs.section_refs,  # 1  REF01, BND01
        refs.section_duplicates,  # 2  BND02, BND05
        levels.section_levels,  # 3  LVL01
        regions.section_self_overlaps,  # 4  GEO01
        regions.section_overlaps,  # 5  GEO02
        attributes.section_daylight,  # 6  DAY01
        attributes.section_attributes,  # 7  ATT01/02/03
        runs.section_runs,  # 8  RUN01/02/03/05, SUF04
        lines.section_lines,  # 9  LIN02, LIN01, LIN03
        columns.section_columns,  # 10 COL01, COL02
        versions.section_versions,  # 11 VER01–05, VER07
        identity.section_identity,  # 12 UID01–04
        boundaries.section_boundaries,  # 13 VRT, BND03/04/06, OPN, SEG03–08
        exterior.section_exterior,  # 13b BND08 (where the release derives exterior walls)
        areas.section_areas,  # 14 SEG01, SEG02
        zones.section_zones,  # 15 ZON01, ZON02
        heights.section_heights,  # 16 HGT01, HGT02
        sufficiency.section_levels_and_heights,  # 17 SUF02, SUF01
        sufficiency.section_slabs,  # 18 SUF03
        site.section_site,  # 19 SIT01, SIT02, SIT04, SIT06
    )


SECTIONS: list[Section] = []


def check(model: Model) -> tuple[Diagnostic, ...]:
    """Every diagnostic of ``model`` in scan order. Never raises on a composed model."""
    return model.stash.get(DIAGNOSTICS, lambda: _scan(model))


def _scan(model: Model) -> tuple[Diagnostic, ...]:
    if not SECTIONS:
        SECTIONS.extend(_sections())
    out: list[Diagnostic] = []
    for section in SECTIONS:
        out.extend(section(model))
    return tuple(out)
