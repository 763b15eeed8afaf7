"""A tool's arguments: one attrs class per tool, its inputSchema, and how raw JSON becomes it.

An input class is a frozen attrs class whose fields are made with ``argument()``::

    @attrs.frozen
    class Input:
        file: str = argument(ENTRY_FILE)
        count: int = argument("How many tokens to mint (default 1)", default=1,
                              validator=[attrs.validators.ge(1), attrs.validators.le(1000)],
                              invalid="count is an integer between 1 and 1000")
        check_order: ClassVar[tuple[str, ...]] = ("count", "file")

inputSchema (reference/mcp/protocol.md, tools/list) is derived from the fields, never
written by hand: ``{"type": "object", "properties": {...}, "required": [...]}``, with
properties in field order, each ``{"type": "string" | "integer" | ..., "description"}``,
and ``required`` the fields without a default. A ``tuple[str, ...]`` field is
``{"type": "array", "items": {"type": "string"}}``; ``argument(choices=...)`` adds
``"enum"`` after the type. The JSON name of a field is its Python
name less one trailing underscore (``from_`` is ``from``), or ``argument(name=...)``.

Structuring follows the original, which enforces no schema and checks each argument
inside the tool, in the tool's own order (``check_order``, else field order); the first
bad one is the answer, as ``ArgumentError`` (``isError: true``):

* a ``str`` argument is good when it is a non-empty string. A required one otherwise
  fails with ``<name> (a string) is required``; an optional one takes its default
  (the original treats ``""`` as absent: ``spaces`` with ``level: ""`` does not filter).
* an ``int`` argument is read as JavaScript's ``Number(value)`` reads it (so ``"2"`` is
  2), must be a finite integer and pass the field's validators; otherwise the field's
  ``invalid`` message (default ``<name> (an integer) is required``). Absent or ``null``
  takes the default.
* a missing ``arguments`` (or one that is not an object) is an empty object.
* a ``tuple[str, ...]`` argument is good when it is an array of non-empty strings; absent
  takes the default, anything else (``null`` included) fails with the field's ``invalid``.
* an argument with ``choices`` must be one of them: ``<name> is one of A / B: <value>``.
* ``argument(blank_is_absent=False)``: an optional string that, once given, must be a
  non-empty string (section_svg's ``look: ""`` is refused, not defaulted).
* an argument made with ``late=True`` is passed through raw and checked by the
  handler, by ``check_late(args)``, at the point where the original checks it.

All of this runs through one cattrs converter, ``converter()``, the project's only one.
It is made on first use, so start-up does not pay for importing cattrs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from koyu_host.errors import ArgumentError

if TYPE_CHECKING:
    import cattrs

__all__ = ["ENTRY_FILE", "argument", "check_late", "converter", "input_schema", "register_input", "structure"]

# Every tool's `file` carries this description (the original's tools/list).
ENTRY_FILE = "Path to the entry .muro file (imports are composed automatically)"

# Keyed by a field's declared type (attrs types it `type | None`).
_STRINGS = tuple[str, ...]
_JSON_TYPES: dict[object, str] = {str: "string", int: "integer", float: "number", bool: "boolean", _STRINGS: "array"}
_ARTICLES: dict[object, str] = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    _STRINGS: "an array of strings",
}
_INPUTS: dict[type, tuple[attrs.Attribute[Any], ...]] = {}  # input class -> its checked fields, in check order
_converter: cattrs.Converter | None = None


def argument(
    description: str,
    *,
    default: Any = attrs.NOTHING,
    validator: Any = None,
    invalid: str | None = None,
    name: str | None = None,
    late: bool = False,
    choices: tuple[str, ...] | None = None,
    blank_is_absent: bool = True,
) -> Any:
    """A field of a tool's input class. No default means the argument is required.

    ``late``: the host passes the raw JSON value (None when absent) and the handler
    checks it with ``check_late(args)`` after the work the original does first —
    ``doors`` composes the building, and reports a broken one, before it reads
    ``from`` and ``to``.
    """
    metadata: dict[str, Any] = {"description": description}
    if invalid is not None:
        metadata["invalid"] = invalid
    if name is not None:
        metadata["name"] = name
    if choices is not None:
        metadata["choices"] = choices
    if not blank_is_absent:
        metadata["blank_fails"] = True
    if late:
        if validator is not None:
            raise TypeError("a late argument is checked by check_late; give it no attrs validator")
        metadata["late"] = True
    return attrs.field(default=default, validator=validator, metadata=metadata)


def json_name(field: attrs.Attribute[Any]) -> str:
    if "name" in field.metadata:
        name: str = field.metadata["name"]
        return name
    return field.name[:-1] if field.name.endswith("_") else field.name


def register_input(cls: type) -> None:
    """Check that ``cls`` can be an input class, and remember it for the converter."""
    if cls in _INPUTS:
        return
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise TypeError(f"a tool's input must be an attrs class, not {cls!r}")
    attrs.resolve_types(cls)  # `from __future__ import annotations` leaves types as strings
    fields = {f.name: f for f in attrs.fields(cls)}
    for f in fields.values():
        if f.type not in _JSON_TYPES:
            raise TypeError(f"{cls.__qualname__}.{f.name}: an argument is str, int, float, bool or tuple[str, ...]")
        if "description" not in f.metadata:
            raise TypeError(f"{cls.__qualname__}.{f.name}: make arguments with koyu_host.argument()")
    order = getattr(cls, "check_order", None) or tuple(fields)
    if sorted(order) != sorted(fields):
        raise TypeError(f"{cls.__qualname__}.check_order must name every field once")
    _INPUTS[cls] = tuple(fields[name] for name in order)


def input_schema(cls: type) -> dict[str, Any]:
    """The inputSchema of an input class, in the original's shape and key order."""
    register_input(cls)
    properties: dict[str, dict[str, Any]] = {}
    required: list[str] = []
    for f in attrs.fields(cls):
        schema: dict[str, Any] = {"type": _JSON_TYPES[f.type]}
        if f.type == _STRINGS:
            schema["items"] = {"type": "string"}
        if "choices" in f.metadata:
            schema["enum"] = list(f.metadata["choices"])
        schema["description"] = f.metadata["description"]
        properties[json_name(f)] = schema
        if f.default is attrs.NOTHING:
            required.append(json_name(f))
    return {"type": "object", "properties": properties, "required": required}


def structure(raw: Any, cls: type) -> Any:
    """Raw ``params.arguments`` → an instance of ``cls``, or ArgumentError."""
    register_input(cls)
    return converter().structure(raw if isinstance(raw, dict) else {}, cls)


def converter() -> cattrs.Converter:
    """The project's cattrs converter (made on first use)."""
    global _converter
    if _converter is None:
        import cattrs

        made = cattrs.Converter()
        made.register_structure_hook_factory(lambda t: t in _INPUTS, _input_hook)
        _converter = made
    return _converter


def _input_hook(cls: type) -> Callable[[dict[str, Any], type], Any]:
    checked = _INPUTS[cls]

    def structure_input(raw: dict[str, Any], _cls: type) -> Any:
        values: dict[str, Any] = {}
        for f in checked:
            value = raw.get(json_name(f), _ABSENT)
            if f.metadata.get("late"):
                values[f.name] = None if value is _ABSENT else value
            else:
                values[f.name] = _checked(f, value)
        return cls(**values)

    return structure_input


def check_late(args: Any) -> Any:
    """``args`` with its ``late`` arguments checked (ArgumentError on the first bad one)."""
    cls = type(args)
    register_input(cls)
    changes: dict[str, Any] = {}
    for f in _INPUTS[cls]:
        if f.metadata.get("late"):
            value = getattr(args, f.name)
            changes[f.name] = _checked(f, _ABSENT if value is None else value)
    return attrs.evolve(args, **changes) if changes else args


def _checked(f: attrs.Attribute[Any], value: Any) -> Any:
    value = _one(f, value)
    choices = f.metadata.get("choices")
    if choices and value and value not in choices:
        raise ArgumentError(f"{json_name(f)} is one of {' / '.join(choices)}: {value}")
    if f.validator is not None:
        try:
            f.validator(None, f, value)
        except (ValueError, TypeError):
            raise ArgumentError(_invalid(f)) from None
    return value


_ABSENT = object()


def _invalid(f: attrs.Attribute[Any]) -> str:
    if "invalid" in f.metadata:
        invalid: str = f.metadata["invalid"]
        return invalid
    return f"{json_name(f)} ({_ARTICLES[f.type]}) is required"


def _default_or_fail(f: attrs.Attribute[Any]) -> Any:
    default: Any = f.default
    if default is attrs.NOTHING:
        raise ArgumentError(_invalid(f))
    # attrs' stubs declare Factory a function (it returns the field's type), but it is a class.
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()
    return default


def _one(f: attrs.Attribute[Any], value: Any) -> Any:
    if f.type is str:
        if isinstance(value, str) and value:
            return value
        if value is not _ABSENT and value is not None and f.metadata.get("blank_fails"):
            raise ArgumentError(_invalid(f))
        return _default_or_fail(f)
    if f.type == _STRINGS:
        if value is _ABSENT:
            return _default_or_fail(f)
        if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
            return tuple(value)
        raise ArgumentError(_invalid(f))
    if value is _ABSENT or value is None:
        return _default_or_fail(f)
    if f.type is bool:
        if isinstance(value, bool):
            return value
        raise ArgumentError(_invalid(f))
    number = js_to_number(value)
    if f.type is float:
        if math.isfinite(number):
            return number
        raise ArgumentError(_invalid(f))
    if math.isfinite(number) and number == math.floor(number):
        return int(number)
    raise ArgumentError(_invalid(f))


# JavaScript's `Number(value)` (ECMA-262 ToNumber / StringToNumber), for arguments
# such as new_uids' `count`, which the original accepts as "2".
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
_RADIX = re.compile(r"0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)\Z")


def js_to_number(value: Any) -> float:
    """``Number(value)`` for a JSON value; NaN where JavaScript gives NaN."""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if value is None:
        return 0.0
    if isinstance(value, list):  # Number([]) is 0, Number([x]) is Number(String(x))
        if not value:
            return 0.0
        if len(value) == 1 and not isinstance(value[0], (list, dict)):
            inner = value[0]
            if isinstance(inner, bool):  # String(true) is "true": not a number
                return math.nan
            return js_to_number(inner)
        return math.nan
    if not isinstance(value, str):
        return math.nan
    text = value.strip(_JS_SPACE)
    if not text:
        return 0.0
    if text in ("Infinity", "+Infinity"):
        return math.inf
    if text == "-Infinity":
        return -math.inf
    if _DECIMAL.match(text):
        return float(text)
    if _RADIX.match(text):
        return float(int(text, 0))
    return math.nan
