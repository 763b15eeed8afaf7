"""Third-party validators for ``validate`` (the ``koyu_register_validators`` hook).

``validate`` (built in koyu_verify) runs its own rules, then every registered
validator through ``run_validators``. The contract is documented on the hookspec
(hookspecs.py) and in the README; in short, ``check(model)`` yields findings shaped
``{rule, level, message, ...}``, rules are namespaced ``<plugin>/<rule>``, and a
validator that raises becomes one caution of its own and a traceback on stderr —
it never takes ``validate`` down.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable

import attrs

LEVELS = ("violation", "caution")  # reference/mcp/tools-verify.md, "The shape of a finding"


@attrs.frozen
class Validator:
    """A named check over a composed model: ``check(model) -> iterable of finding dicts``."""

    name: str = attrs.field(validator=attrs.validators.instance_of(str))
    check: Callable[[Any], Iterable[dict]] = attrs.field(validator=attrs.validators.is_callable())


@attrs.frozen
class RegisteredValidator:
    """A validator and the plugin (entry point name) that registered it."""

    plugin: str
    validator: Validator


class ValidatorRegistry:
    """What ``koyu_register_validators`` receives: ``registry.add(validator)``."""

    def __init__(self, plugin: str):
        self.plugin = plugin
        self.validators: list[Validator] = []

    def add(self, validator: Validator) -> None:
        if not isinstance(validator, Validator):
            raise TypeError(f"registry.add takes a koyu_host.Validator, not {type(validator).__name__}")
        self.validators.append(validator)


def _finding(plugin: str, raw: Any) -> dict | None:
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


def run_validators(validators: Iterable[RegisteredValidator], model: Any, *, log=None) -> list[dict]:
    """Every validator's findings, namespaced, in registration order; never raises."""
    log = log or sys.stderr
    findings: list[dict] = []
    for registered in validators:
        plugin, validator = registered.plugin, registered.validator
        label = f"{plugin}/{validator.name}"
        try:
            produced = list(validator.check(model))
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
            else:
                findings.append(finding)
    return findings
