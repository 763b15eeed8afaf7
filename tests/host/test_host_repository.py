"""The repository around the host: the README's commands are the ones CI and tox run."""

from __future__ import annotations

import configparser
import re
from importlib import metadata, resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", text, flags=re.S)


def test_ci_runs_the_readmes_test_command_verbatim_and_nothing_on_path():
    tox_lines = [c for c in readme_commands() if "tox run-parallel" in c]
    assert len(tox_lines) == 1
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tox_lines[0] in ci.splitlines()
    assert ci.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in ci
    assert "PATH" not in ci  # tox finds the interpreters itself (toxfile.py)


def tox_config() -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(ROOT / "tox.ini", encoding="utf-8")
    return config


def tox_envs() -> list[str]:
    return [e.strip() for e in tox_config()["tox"]["env_list"].split(",")]


def tox_pythons() -> list[str]:
    """The envs that run the suite on one Python (``py310`` …), without ``types`` and the like."""
    return [e for e in tox_envs() if re.fullmatch(r"py3\d+", e)]


def test_tox_covers_the_four_pythons_and_skips_none():
    assert tox_pythons() == ["py310", "py311", "py312", "py313"]
    assert tox_config()["tox"]["skip_missing_interpreters"] == "false"


def python_classifiers(classifiers) -> list[str]:
    """``py310`` … for each ``Programming Language :: Python :: 3.10`` …, in order."""
    found = [re.fullmatch(r"Programming Language :: Python :: (\d)\.(\d+)", c) for c in classifiers]
    return [f"py{m.group(1)}{m.group(2)}" for m in found if m]


def test_the_distributions_say_they_support_the_pythons_tox_tests():
    installed = metadata.metadata("koyu-mcp").get_all("Classifier")  # what the wheel carries
    assert python_classifiers(installed) == tox_pythons()
    example = (ROOT / "examples" / "validator-min-area" / "pyproject.toml").read_text(encoding="utf-8")
    assert python_classifiers(re.findall(r'"([^"]+)"', example)) == tox_pythons()


def test_the_typed_packages_ship_their_py_typed_marker():
    # PEP 561: what a plugin author's type checker needs to read koyu_host and koyu_model.
    for package in ("koyu_host", "koyu_model"):
        assert resources.files(package).joinpath("py.typed").is_file()


def test_the_readmes_main_command_installs_and_runs_the_client_on_our_example():
    [main] = [c for c in readme_commands() if "koyu_host.client" in c]
    assert "pip install" in main
    example = re.search(r"koyu_host\.client (\S+)", main).group(1)
    assert (ROOT / example).is_file()
