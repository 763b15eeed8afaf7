"""Third-party validators for ``validate`` (the ``koyu_register_validators`` hook).

``validate`` (built in koyu_verify) runs its own rules, then every registered
validator through ``run_validators``. The contract is documented on the hookspec
(hookspecs.py) and in the README; in short, ``check(model)`` is given a read-only copy
of the model and yields findings shaped ``{rule, level, message, ...}``, rules are
namespaced ``<plugin>/<rule>``, a finding of the wrong shape or that cannot be written
as JSON is dropped with a note on stderr, and a validator that raises becomes one
caution of its own and a traceback on stderr — it never takes ``validate`` down.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar

import attrs

if TYPE_CHECKING:
    from koyu_model.model import Model

LEVELS = ("violation", "caution")  # reference/mcp/tools-verify.md, "The shape of a finding"


@attrs.frozen
class Validator:
    """A named check over a composed model: ``check(model) -> iterable of finding dicts``."""

    name: str = attrs.field(validator=attrs.validators.instance_of(str))
    check: Callable[[Model], Iterable[dict[str, Any]]] = attrs.field(validator=attrs.validators.is_callable())


@attrs.frozen
class RegisteredValidator:
    """A validator and the plugin (entry point name) that registered it."""

    plugin: str
    validator: Validator


class ValidatorRegistry:
    """What ``koyu_register_validators`` receives: ``registry.add(validator)``."""

    def __init__(self, plugin: str) -> None:
        self.plugin = plugin
        self.validators: list[Validator] = []

    def add(self, validator: Validator) -> None:
        if not isinstance(validator, Validator):
            raise TypeError(f"registry.add takes a koyu_host.Validator, not {type(validator).__name__}")
        self.validators.append(validator)


class ReadOnlyDict(dict[Any, Any]):
    """A dict that refuses every change: the mappings of the model a validator reads."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("the model a validator is given is read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse


_T = TypeVar("_T")


def read_only(model: _T) -> _T:
    """A copy of a composed Model that a validator can read but not change: every mapping
    in it, the Model's own and each record's attributes, is a ReadOnlyDict (records
    are frozen, sequences tuples). It is a new Model, so its stash is its own: a
    validator never reaches what the server derived from the model, and what it derives
    is dropped with the copy. Anything that is not a Model is passed as it is."""
    from koyu_model.model import Model

    if not isinstance(model, Model):
        return model

    def sealed(record: Any, **members: Any) -> Any:  # the record, its attributes read-only
        return attrs.evolve(record, attrs=ReadOnlyDict(record.attrs), attr_src=ReadOnlyDict(record.attr_src), **members)

    return attrs.evolve(
        model,
        levels=ReadOnlyDict(model.levels),
        spaces=ReadOnlyDict(
            {path: sealed(s, areas=tuple(sealed(a) for a in s.areas)) for path, s in model.spaces.items()}
        ),
        zones=ReadOnlyDict({path: sealed(z) for path, z in model.zones.items()}),
        assets=ReadOnlyDict({name: sealed(a) for name, a in model.assets.items()}),
        boundaries=tuple(
            sealed(
                b,
                openings=tuple(sealed(o) for o in b.openings),
                segs=tuple(sealed(g) for g in b.segs),
            )
            for b in model.boundaries
        ),
        polygons=ReadOnlyDict(model.polygons),
        columns=tuple(sealed(c) for c in model.columns),
        attr_layers=ReadOnlyDict(model.attr_layers),
    )


def unwritable(value: Any) -> str | None:
    """Why the tool's JSON writer cannot write ``value`` (a set, an object, a number too
    large), or None when it can: what a plugin hands back is checked with this before it
    reaches an answer (a validator's finding here, a rule pack's outputs in profiles.py)."""
    from koyu_model.jsjson import tool_text

    try:
        tool_text(value)
    except Exception as exc:  # whatever the writer refuses
        return str(exc) or type(exc).__name__
    return None


def _finding(plugin: str, raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        return None
    rule, level, message = raw.get("rule"), raw.get("level"), raw.get("message")
    if not (isinstance(rule, str) and rule and level in LEVELS and isinstance(message, str)):
        return None
    finding = {"rule": f"{plugin}/{rule}", "level": level, "message": message}
    for key, value in raw.items():
        if key not in finding:
            finding[key] = value
    return finding


def run_validators(
    validators: Iterable[RegisteredValidator], model: Model, *, log: TextIO | None = None
) -> list[dict[str, Any]]:
    """Every validator's findings, namespaced, in registration order; never raises.
    Each validator reads one read-only copy of ``model`` (``read_only``)."""
    log = log or sys.stderr
    validators = list(validators)
    if not validators:
        return []  # and no copy made
    view = read_only(model)
    findings: list[dict[str, Any]] = []
    for registered in validators:
        plugin, validator = registered.plugin, registered.validator
        label = f"{plugin}/{validator.name}"
        try:
            produced = list(validator.check(view))
        except Exception as exc:  # a broken validator must not take validate down
            import traceback

            print(f"koyu: validator {label} failed:", file=log)
            traceback.print_exc(file=log)
            findings.append({"rule": label, "level": "caution", "message": f"Validator {label} failed: {exc}"})
            continue
        for raw in produced:
            finding = _finding(plugin, raw)
            if finding is None:
                print(f"koyu: validator {label} gave a finding of the wrong shape, dropped: {raw!r}", file=log)
            elif unwritable(finding) is not None:
                print(
                    f"koyu: validator {label} gave a finding that cannot be written as JSON, dropped: {raw!r}", file=log
                )
            else:
                findings.append(finding)
    return findings
