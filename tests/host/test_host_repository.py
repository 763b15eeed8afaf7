"""The repository around the host: the README's commands are the ones CI and tox run."""

from __future__ import annotations

import configparser
import re
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


def test_tox_covers_the_four_pythons_and_skips_none():
    config = configparser.ConfigParser()
    config.read(ROOT / "tox.ini", encoding="utf-8")
    assert [e.strip() for e in config["tox"]["env_list"].split(",")] == ["py310", "py311", "py312", "py313"]
    assert config["tox"]["skip_missing_interpreters"] == "false"


def test_the_readmes_main_command_installs_and_runs_the_client_on_our_example():
    [main] = [c for c in readme_commands() if "koyu_host.client" in c]
    assert "pip install" in main
    example = re.search(r"koyu_host\.client (\S+)", main).group(1)
    assert (ROOT / example).is_file()
