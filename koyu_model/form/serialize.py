"""The Form as JSON: what ``koyu form FILE`` prints (reference/form/index.md).

``form_to_json`` turns the records into plain dicts and lists with the original's key
names and key order; an absent value (``None``) is omitted, never written ``null``.
``form_from_json`` reads such a document back into records. Both are driven by the
field metadata declared in ``records.py`` (JSON key, nested record type, sequence depth),
so there is one table of names, not two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from koyu_model.jsjson import js_object_order, tool_text
from koyu_model.release import DEFAULT, Release

from .records import Form, Pt

if TYPE_CHECKING:
    from attrs import AttrsInstance

__all__ = ["record_to_json", "record_from_json", "form_to_json", "form_from_json", "form_text", "FormJsonError"]

R = TypeVar("R", bound="AttrsInstance")


class FormJsonError(ValueError):
    """A JSON document that is not a Form; the message names the place (a JSON Pointer)."""


def _key(field: attrs.Attribute) -> str:
    return field.metadata.get("key") or field.name


def _value_to_json(value: Any) -> Any:
    if attrs.has(type(value)):
        return record_to_json(value)
    if type(value) is Pt:
        return {"x": value.x, "y": value.y}
    if isinstance(value, tuple):
        return [_value_to_json(v) for v in value]
    return value


def record_to_json(record: Any) -> dict:
    """One record as a JSON-able dict: keys in declaration order, None omitted."""
    out: dict = {}
    for field in attrs.fields(type(record)):
        value = getattr(record, field.name)
        if value is None:
            continue
        if field.name == "attrs" and field.metadata.get("of") is None and field.metadata.get("seq") == 1:
            # attributes: (key, value) pairs become a JavaScript object
            out[_key(field)] = js_object_order({k: v for k, v in value})
            continue
        out[_key(field)] = _value_to_json(value)
    return out


def form_to_json(form: Form, release: Release = DEFAULT) -> dict:
    """The Form as the dict ``koyu form`` prints (reference/api/derive.md `Form`), with the
    keys ``release``'s Form has."""
    out = record_to_json(form)
    if not release.form_space_facts:
        for space in out["spaces"]:
            del space["outside"], space["void"]
    return out


def form_text(form: Form, release: Release = DEFAULT) -> str:
    """The Form as JSON text, ``JSON.stringify(form, null, 1)``."""
    return tool_text(form_to_json(form, release))


def _load(of: Any, seq: int, value: Any, where: str) -> Any:
    if seq:
        if not isinstance(value, list):
            raise FormJsonError(f"{where}: expected an array")
        return tuple(_load(of, seq - 1, v, f"{where}/{i}") for i, v in enumerate(value))
    if of is not None:
        return record_from_json(of, value, where)
    return value


def record_from_json(cls: type[R], data: Any, where: str = "") -> R:
    """Read one record of type ``cls`` from its JSON dict (keys per ``records.py``)."""
    if not isinstance(data, dict):
        raise FormJsonError(f"{where or '/'}: expected an object for {cls.__name__}")
    if cls is Pt:
        missing = next((key for key in Pt._fields if key not in data), None)
        if missing is not None:
            raise FormJsonError(f"{where}/{missing}: missing in Pt")
        return cast(R, Pt(data["x"], data["y"]))
    kwargs = {}
    for field in attrs.fields(cls):
        key = _key(field)
        meta = field.metadata
        if key not in data:
            if meta.get("optional") or field.default is not attrs.NOTHING:
                continue
            raise FormJsonError(f"{where}/{key}: missing in {cls.__name__}")
        value = data[key]
        if field.name == "attrs" and meta.get("of") is None and meta.get("seq") == 1:
            if not isinstance(value, dict):
                raise FormJsonError(f"{where}/{key}: expected an object")
            kwargs[field.name] = tuple(value.items())
            continue
        kwargs[field.name] = _load(meta.get("of"), meta.get("seq", 0), value, f"{where}/{key}")
    return cls(**kwargs)


def form_from_json(data: Any) -> Form:
    """A Form from the dict ``koyu form`` prints. Raises FormJsonError on a wrong shape."""
    return record_from_json(Form, data)
