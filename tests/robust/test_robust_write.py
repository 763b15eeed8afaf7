"""Writes are safe (issue #8; reference/mcp/tools-write.md): whatever ``layer`` an agent
passes — ``..``, absolute paths, links to outside, a linked folder, a link into a file that
is not the notation, a NUL, a name too long, a folder or a FIFO where the layer should be —
write_layer writes a ``.muro`` inside the entry's folder or refuses with a message, and
nothing outside that folder changes. (A failing write — disk full, permission denied — is
tests/write/test_write_layer.py's.)
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
import robust_support as rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BUDGET = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _snapshot(root: Path) -> dict:
    """Every entry under ``root`` (links not followed): kind and bytes."""
    out = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            if path.is_symlink():
                out[str(path)] = ("link", os.readlink(path))
            elif path.is_dir():
                out[str(path)] = ("dir", None)
            elif path.is_file():
                out[str(path)] = ("file", path.read_bytes())
            else:
                out[str(path)] = ("other", None)
    return out


def _sandbox() -> tuple:
    """outer/ holds things no write may touch; outer/b/ is the building, with traps in it."""
    outer = Path(tempfile.mkdtemp(prefix="koyu-robust-write-"))
    (outer / "secret.muro").write_text("space /x/secret\n")
    (outer / "notes.txt").write_text("keep me\n")
    entry = rs.write_building(outer / "b", rs.ONE_FILE)
    b = outer / "b"
    (b / "readme.txt").write_text("not the notation\n")
    os.symlink(outer / "secret.muro", b / "out.muro")  # a link to outside
    os.symlink(outer, b / "up")  # a linked folder to outside
    os.symlink(b / "readme.txt", b / "readme.muro")  # a link into a non-.muro file
    (b / "folder.muro").mkdir()  # a folder where a layer might be
    if hasattr(os, "mkfifo"):
        os.mkfifo(b / "pipe.muro")
    return outer, entry


PARTS = st.sampled_from(
    [
        "..",
        ".",
        "",
        "b",
        "up",
        "out.muro",
        "readme.muro",
        "folder.muro",
        "pipe.muro",
        "secret.muro",
        "notes.txt",
        "new.muro",
        "sub",
        "x.muro",
        "main.muro",
        "\x00",
        "~",
        "a" * 300,
        ".muro",
        "x.MURO",
        "x.muro.txt",
    ]
)
LAYERS = st.tuples(st.booleans(), st.lists(PARTS, min_size=1, max_size=4))


@settings(max_examples=80, **BUDGET)
@given(
    layer=LAYERS,
    content=st.sampled_from(["\n", "space /L1/z room X1..X2 Y1..Y2\n", "\x00\xff junk\n", rs.ONE_FILE["main.muro"]]),
)
def test_no_layer_path_writes_outside_the_entrys_folder(logged, layer, content):
    client, log = logged
    outer, entry = _sandbox()
    try:
        absolute, parts = layer
        spelled = ("/" if absolute else "") + "/".join(parts)
        if absolute and parts[0] == "b":
            spelled = str(outer) + "/" + "/".join(parts)
        outside_before = {k: v for k, v in _snapshot(outer).items() if not k.startswith(str(outer / "b") + "/")}
        result = rs.answer_of(client, "write_layer", {"file": str(entry), "layer": spelled, "content": content})
        text = result["content"][0]["text"]
        outside_after = {k: v for k, v in _snapshot(outer).items() if not k.startswith(str(outer / "b") + "/")}
        assert outside_after == outside_before
        assert (outer / "b" / "readme.txt").read_text() == "not the notation\n"
        if not result.get("isError") and '"written": "' in text:
            import json

            written = json.loads(text)["written"]
            real = os.path.realpath(written)
            assert real.startswith(os.path.realpath(outer / "b") + os.sep) and real.endswith(".muro")
            assert Path(real).read_bytes() == content.encode("utf-8", "surrogatepass")
        elif result.get("isError"):
            assert text.startswith(
                ("Only .muro files can be written", "Cannot write", "layer (a string) is required")
            ), text
        assert not [n for n in os.listdir(outer / "b") if ".tmp-" in n]  # no temporary left
        assert log.take() == ""
    finally:
        shutil.rmtree(outer, ignore_errors=True)


@pytest.mark.parametrize(
    "layer, message",
    [
        ("../secret.muro", "Cannot write outside the entry's directory"),
        ("out.muro", "Cannot write outside the entry's directory"),
        ("up/secret.muro", "Cannot write outside the entry's directory"),
        ("up/b/../notes.muro", "Cannot write outside the entry's directory"),
        ("readme.muro", "Only .muro files can be written"),
        ("/etc/koyu-robust.muro", "Cannot write outside the entry's directory"),
        ("notes.txt", "Only .muro files can be written"),
    ],
)
def test_each_trap_is_refused_by_its_sentence(logged, layer, message):
    client, log = logged
    outer, entry = _sandbox()
    try:
        before = _snapshot(outer)
        result = rs.answer_of(client, "write_layer", {"file": str(entry), "layer": layer, "content": "# x\n"})
        assert result == {"content": [{"type": "text", "text": message}], "isError": True}
        assert _snapshot(outer) == before
        assert log.take() == ""
    finally:
        shutil.rmtree(outer, ignore_errors=True)


@pytest.mark.parametrize("layer", ["folder.muro", "a" * 300 + ".muro"])
def test_a_folder_in_the_way_or_a_name_too_long_says_cannot_write(logged, layer):
    client, log = logged
    outer, entry = _sandbox()
    try:
        before = _snapshot(outer)
        result = rs.answer_of(client, "write_layer", {"file": str(entry), "layer": layer, "content": "# x\n"})
        assert result["isError"] is True
        assert result["content"][0]["text"].startswith(f"Cannot write {outer / 'b' / layer}: ")
        assert _snapshot(outer) == before
        assert log.take() == ""
    finally:
        shutil.rmtree(outer, ignore_errors=True)
