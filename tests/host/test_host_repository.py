"""The repository around the host: the README's commands are the ones CI and tox run."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", text, flags=re.S)


def test_ci_runs_the_readmes_test_command():
    tox_lines = [c for c in readme_commands() if "tox run-parallel" in c]
    assert len(tox_lines) == 1
    readme_tox = tox_lines[0].split("&&")[-1].strip().removeprefix(".venv/bin/")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_tox in ci.splitlines()
    assert ci.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in ci


def test_tox_covers_the_four_pythons_and_skips_none():
    config = configparser.ConfigParser()
    config.read(ROOT / "tox.ini", encoding="utf-8")
    assert [e.strip() for e in config["tox"]["env_list"].split(",")] == ["py310", "py311", "py312", "py313"]
    assert config["tox"]["skip_missing_interpreters"] == "false"
    for version in ("3.10", "3.11", "3.12", "3.13"):
        assert version in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readmes_main_command_installs_and_runs_the_client_on_our_example():
    [main] = [c for c in readme_commands() if "koyu_host.client" in c]
    assert "pip install" in main
    example = re.search(r"koyu_host\.client (\S+)", main).group(1)
    assert (ROOT / example).is_file()
