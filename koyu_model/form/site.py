"""The given site polygons (reference/api/derive.md FormSite; COMPAT.md §8): in polygon
declaration order, the area in m² unrounded (shoelace over the written vertices)."""

from __future__ import annotations

from koyu_model.geometry import polygon_area_m2
from koyu_model.model import Model

from .records import FormSite, Pt

__all__ = ["derive_site"]


def derive_site(model: Model) -> tuple[FormSite, ...]:
    return tuple(
        FormSite(path=p.path, points=tuple(Pt(x=x, y=y) for x, y in p.points), area_m2=polygon_area_m2(p.points))
        for p in model.polygons.values()
    )
