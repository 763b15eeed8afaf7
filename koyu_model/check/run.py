"""The runner: ``check(model)`` walks the nineteen sections in COMPAT §7's order.

Each section is a function ``(model, ground) -> Iterable[Diagnostic]``; the runner
concatenates them, so the result is scan order and never regrouped by family
(spec: reference/api/diagnostics.md "The order is scan order").

``ground`` is the set of derivations built once per model and shared by every section
(``koyu_model.ground``, owned by check-2). What sections 1–12 and the surfaces read there:

* ``ground_of(model) -> Ground`` — built once per model (memoised);
* ``Ground.derived_walls`` — the derived default walls in derivation order, ``.a``/``.b``
  in path collation order: VER01, and the ``boundaries`` count of ``koyu check`` and the
  MCP tool (written + derived);
* ``Ground.line_effect`` — declared boundary index → cut / nothing / undetermined (LIN);
* ``Ground.pieces``, ``spaces_by_level``, ``semi_outdoor``, ``covered`` — the floors
  columns stand on (COL).

"""

from __future__ import annotations

from typing import Any, Callable, Iterable, List, Tuple

from koyu_model.check.diagnostic import Diagnostic
from koyu_model.memo import remember
from koyu_model.model import Model

__all__ = ["check", "check_with_ground", "build_ground", "SECTIONS", "Section"]

Section = Callable[[Model, Any], Iterable[Diagnostic]]


def build_ground(model: Model):
    """The shared derivations (check-2's ``koyu_model.ground``)."""
    from koyu_model.ground import ground_of

    return ground_of(model)


def _sections() -> Tuple[Section, ...]:
    from koyu_model.check import (
        areas,
        attributes,
        boundaries,
        columns,
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
        versions.section_versions,  # 11 VER01–04
        identity.section_identity,  # 12 UID01–04
        boundaries.section_boundaries,  # 13 VRT, BND03/04/06, OPN, SEG03–08
        areas.section_areas,  # 14 SEG01, SEG02
        zones.section_zones,  # 15 ZON01, ZON02
        heights.section_heights,  # 16 HGT01, HGT02
        sufficiency.section_levels_and_heights,  # 17 SUF02, SUF01
        sufficiency.section_slabs,  # 18 SUF03
        site.section_site,  # 19 SIT01, SIT02, SIT04
    )


SECTIONS: List[Section] = []


def check(model: Model, ground: Any = None) -> Tuple[Diagnostic, ...]:
    """Every diagnostic of ``model`` in scan order. Never raises on a composed model."""
    return check_with_ground(model, ground)[0]


def check_with_ground(model: Model, ground: Any = None) -> Tuple[Tuple[Diagnostic, ...], Any]:
    """``check`` and the Ground it stood on (the tool counts derived walls from it)."""
    if ground is None:
        # Once per Model: the check tool, model_summary, write_layer and the Form all ask.
        ground = build_ground(model)
        return remember(model, ("check", "diagnostics"), lambda: _scan(model, ground)), ground
    return _scan(model, ground), ground


def _scan(model: Model, ground: Any) -> Tuple[Diagnostic, ...]:
    if not SECTIONS:
        SECTIONS.extend(_sections())
    out: List[Diagnostic] = []
    for section in SECTIONS:
        out.extend(section(model, ground))
    return tuple(out)
