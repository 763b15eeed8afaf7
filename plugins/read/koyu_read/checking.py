"""``check`` on a composed Model, computed once per Model (the Reading and Writing tools
both report it). Until the core's check lands, no diagnostics."""

from __future__ import annotations

from koyu_model.memo import remember


def diagnostics(model):
    try:
        from koyu_model.check import check
    except ImportError:  # not in this build yet
        return ()
    return remember(model, ("check", "diagnostics"), lambda: check(model))
