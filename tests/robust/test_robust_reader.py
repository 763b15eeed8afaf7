"""The reader never crashes (issue #8): random token soup and our own buildings with random
mutations either read as a Model or stop with the documented ``<file>:line <n>: ...``
error; the core passes (canonical JSON, check, the Form) and every MCP tool answer
in the documented shape. A fixed hypothesis budget keeps CI bounded; bench/fuzz.py runs
the same mutations by the thousand.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path

import robust_support as rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from koyu_model import KoyuError, load

BUDGET = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

WORDS = st.sampled_from(
    [
        "koyu",
        "1.0",
        "grid",
        "X",
        "Y",
        "0",
        "3000",
        "-5",
        "１",
        "level",
        "L1",
        "h:2400",
        "space",
        "/L1/a",
        "/out",
        "room",
        "exterior",
        "X1..X2",
        "Y1..Y2",
        "boundary",
        "door",
        "w:800",
        "zone",
        "asset",
        "column",
        "stack",
        "L1..L2",
        "polygon",
        "0,0",
        "over",
        "drop",
        "import",
        "+",
        "=",
        "\n",
        "\n",
        "\n ",
        "\r",
        "\t",
        "\u3000",
        "\ufeff",
        '"',
        ":",
        "#",
    ]
)
SOUP = st.lists(st.one_of(WORDS, st.text(max_size=6)), max_size=60).map(" ".join)


def _overlay_read(text: str):
    path = "/nonexistent-koyu-robust/main.muro"
    try:
        return load(path, overlay=lambda p: text if p == path else None)
    except KoyuError as err:
        assert rs.READ_ERROR.match(str(err)), str(err)
        return None


@settings(max_examples=200, **BUDGET)
@given(SOUP)
def test_token_soup_reads_or_says_where(text):
    model = _overlay_read(text)
    if model is not None:
        rs.core_passes(model)


@settings(max_examples=150, **BUDGET)
@given(st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=300))
def test_any_characters_read_or_say_where(text):
    model = _overlay_read("koyu 1.0\ngrid X 0 1000\ngrid Y 0 1000\nlevel L1 0\n" + text)
    if model is not None:
        rs.core_passes(model)


@settings(max_examples=30, **BUDGET)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_buildings_through_every_tool(logged, seed):
    client, log = logged
    rng = random.Random(seed)
    name = rng.choice(sorted(rs.BUILDINGS))
    folder = Path(tempfile.mkdtemp(prefix="koyu-robust-"))
    try:
        # even seeds: one mild mutation, so that about half still read and reach every tool
        entry = rs.write_building(folder, rs.mutate_building(rs.BUILDINGS[name], rng, mild=seed % 2 == 0))
        rs.exercise(str(entry), client)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert log.take() == ""


@settings(max_examples=80, **BUDGET)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_buildings_read_and_pass_the_core(seed):
    rng = random.Random(seed)
    name = rng.choice(sorted(rs.BUILDINGS))
    files = rs.mutate_building(rs.BUILDINGS[name], rng, mild=seed % 2 == 0)
    folder = Path(tempfile.mkdtemp(prefix="koyu-robust-"))
    try:
        model = rs.read_or_error(str(rs.write_building(folder, files)))
        if model is not None:
            rs.core_passes(model)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_the_seed_buildings_read_clean(tmp_path, logged):
    """The mutations start from buildings that read: a refusal above is the mutation's."""
    client, log = logged
    for name, files in rs.BUILDINGS.items():
        entry = rs.write_building(tmp_path / name, files)
        assert rs.exercise(str(entry), client) == "model"
        assert len(load(str(entry)).spaces) >= 3
    assert log.take() == ""


def test_a_megabyte_line_is_read_or_refused_with_its_line(tmp_path):
    entry = tmp_path / "main.muro"
    entry.write_text(
        "koyu 1.0\ngrid X 0 1000\ngrid Y 0 1000\nlevel L1 0\n"
        "space /L1/a room X1..X2 Y1..Y2 name:" + "x" * 1_000_000 + "\n"
        "space /L1/b room X1..X2 Y1..Y2 " + "y" * 1_000_000 + "\n",
        encoding="utf-8",
    )
    try:
        load(str(entry))
        raise AssertionError("a token without a colon after the region is not an attribute")
    except KoyuError as err:
        assert str(err).startswith(f"{entry}:line 6: ")


def test_invalid_utf8_and_a_bom_and_cr_only_line_ends(tmp_path):
    body = "grid X 0 1000\ngrid Y 0 1000\nlevel L1 0\nspace /L1/a room X1..X2 Y1..Y2\n"
    (tmp_path / "bad.muro").write_bytes(b"koyu 1.0\n" + body.encode() + b"# \xff\xfe\xc3\n")
    assert len(load(str(tmp_path / "bad.muro")).spaces) == 1  # a broken comment harms nothing
    (tmp_path / "cr.muro").write_bytes(b"koyu 1.0\r" + body.replace("\n", "\r").encode())
    try:
        load(str(tmp_path / "cr.muro"))  # a lone CR is no line break: one long line
        raise AssertionError("koyu 1.0 followed by more words on line 1 is not a version")
    except KoyuError as err:
        assert ":line 1: " in str(err)


def _cli_commands(entry: str):
    yield ["check", entry]
    yield ["check", entry, "--json"]
    yield ["layers", entry, "--attrs"]
    yield ["json", entry]
    yield ["stats", entry]
    yield ["light", entry]
    yield ["site", entry]
    yield ["doors", entry, "/L1/ldk", "/out"]
    yield ["form", entry]


@settings(max_examples=12, **BUDGET)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_command_line_survives_mutated_buildings(capsys, seed):
    from koyu_cli.main import main

    rng = random.Random(seed)
    name = rng.choice(sorted(rs.BUILDINGS))
    folder = Path(tempfile.mkdtemp(prefix="koyu-robust-cli-"))
    try:
        entry = str(rs.write_building(folder, rs.mutate_building(rs.BUILDINGS[name], rng)))
        model = rs.read_or_error(entry)
        for argv in _cli_commands(entry):
            status = main(argv)
            out, err = capsys.readouterr()
            assert status in (0, 1, 2), (argv, status)
            assert "Traceback" not in err and "Traceback" not in out, argv
            if model is None and argv[:2] == ["check", entry] and len(argv) == 2:
                said = out + err
                assert status == 1 and "✖ " in said and rs.READ_ERROR.search(said.split("✖ ", 1)[1]), said
    finally:
        shutil.rmtree(folder, ignore_errors=True)
