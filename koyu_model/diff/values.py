"""How the diff spells values and compares fields (spec: reference/api/diff.md).

A field's two sides are spelled as JavaScript's ``String`` spells them (``2400``,
``1e+21``, ``Infinity``, ``true``) and compared as spelled: that is what a reader sees,
so two values that read the same are no difference.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from koyu_model.jsjson import js_string, js_to_fixed

from .records import FieldChange

__all__ = [
    "NONE",
    "spell",
    "spell_optional",
    "area_text",
    "compare",
    "compare_present",
    "compare_bags",
    "spelled_pairs",
]

#: How a field that always has a value reads when there is none (a space with no level).
NONE = "—"


def spell(value) -> str:
    """JavaScript's ``String(value)`` for a model value (string, number or boolean)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return js_string(value)


def spell_optional(value) -> str | None:
    """``spell``, an absent value staying ``None``."""
    return None if value is None else spell(value)


def area_text(area_m2: float | None) -> str | None:
    """A space's area as the diff writes it (``14.40 m2``), or ``None`` without a region."""
    return None if area_m2 is None else f"{js_to_fixed(area_m2, 2)} m2"


def compare(field: str, before: str | None, after: str | None) -> list[FieldChange]:
    """The change of one field (``[]`` when both sides read the same); ``None`` is absent."""
    return [] if before == after else [FieldChange(field, before, after)]


def compare_present(field: str, before: str | None, after: str | None) -> list[FieldChange]:
    """A field that always has a value: an absent side reads ``—`` rather than going missing."""
    return compare(field, NONE if before is None else before, NONE if after is None else after)


def compare_bags(before: Mapping, after: Mapping, prefix: str = "") -> list[FieldChange]:
    """Attribute bags compared key by key, keys in code-point order over both sides."""
    out: list[FieldChange] = []
    for key in sorted(set(before) | set(after)):
        out += compare(prefix + key, spell_optional(before.get(key)), spell_optional(after.get(key)))
    return out


def spelled_pairs(pairs: Iterable[tuple[str, object]]) -> str:
    """``key:value`` pairs joined by spaces, values spelled (an opening's summary)."""
    return " ".join(f"{k}:{spell(v)}" for k, v in pairs)
