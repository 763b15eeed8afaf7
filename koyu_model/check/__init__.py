"""``check``: is what is written self-consistent as data (spec: reference/api/diagnostics.md).

    from koyu_model.check import check, Diagnostic
    diags = check(model)          # tuple of Diagnostic, scan order (COMPAT §7)

Sections 1–12 are in refs, levels, regions, attributes, runs, lines, columns, versions,
identity; 13–19 in boundaries, areas, zones, heights, sufficiency, site. What a section
reads beyond the Model is derived once per Model in ``koyu_model.derived``.
"""

from koyu_model.check.diagnostic import (  # noqa: F401
    DIAGNOSTIC_CODES,
    Diagnostic,
    Related,
    diag,
    human,
    related,
    to_json_list,
)
from koyu_model.check.run import check  # noqa: F401

__all__ = ["check", "Diagnostic", "Related", "DIAGNOSTIC_CODES", "diag", "related", "human", "to_json_list"]
