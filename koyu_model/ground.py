"""The Ground, for the callers outside the core's derived part that still ask for it
(koyu_cli's stats and check, koyu_read's listing and summary, koyu_verify's check):
a read-only view over ``koyu_model.derived``, which is where each of these now lives.
At the merge they ask ``koyu_model.derived`` directly and this module goes (issue 14).
"""

from __future__ import annotations

from koyu_model.derived import boundary_table, covered, layout, semi_outdoor
from koyu_model.model import Model

__all__ = ["Ground", "ground_of"]


class Ground:
    """What the old Ground answered that those callers read, each from koyu_model.derived."""

    def __init__(self, model: Model):
        self.model = model

    @property
    def pieces(self):
        return layout(self.model).pieces

    @property
    def spaces_by_level(self):
        return layout(self.model).by_level

    @property
    def semi_outdoor(self):
        return semi_outdoor(self.model)

    @property
    def covered(self):
        return covered(self.model)

    @property
    def boundaries(self):
        return boundary_table(self.model).boundaries

    @property
    def derived_walls(self):
        return boundary_table(self.model).default_walls


def ground_of(model: Model) -> Ground:
    return Ground(model)
