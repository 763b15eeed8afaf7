"""Composition is safe (issue #8): every way an import can go wrong is a clear error with
the importing file and line, returned quickly — never a hang, never a traceback.
Limits: koyu_model.reading.MAX_LAYER_BYTES and MAX_IMPORT_DEPTH (README, "Limits").
"""

from __future__ import annotations

import os
import sys

import pytest

from koyu_model import CannotReadFile, KoyuError, load
from koyu_model.reading import MAX_IMPORT_DEPTH, MAX_LAYER_BYTES

HEAD = "koyu 1.0\ngrid X 0 1000\ngrid Y 0 1000\nlevel L1 0\n"


def _error(entry) -> str:
    with pytest.raises(KoyuError) as caught:
        load(str(entry))
    return str(caught.value)


def test_a_missing_import_names_the_importing_line(tmp_path):
    (tmp_path / "main.muro").write_text(HEAD + "import ./nowhere.muro\n")
    assert _error(tmp_path / "main.muro") == f"{tmp_path / 'main.muro'}:line 5: Cannot read file: ./nowhere.muro"


@pytest.mark.parametrize("size", [1, 2, 7])
def test_import_cycles_fold_away(tmp_path, size):
    names = ["main.muro"] + [f"c{i}.muro" for i in range(1, size)]
    for i, name in enumerate(names):
        nxt = names[(i + 1) % size]
        head = HEAD if i == 0 else ""
        (tmp_path / name).write_text(head + f"import ./{nxt}\nspace /L1/s{i} room X1..X2 Y1..Y2\n")
    model = load(str(tmp_path / "main.muro"))
    assert [os.path.basename(layer.path) for layer in model.layers] == names
    assert sorted(model.spaces) == sorted(f"/L1/s{i}" for i in range(size))


def _chain(tmp_path, depth):
    (tmp_path / "main.muro").write_text(HEAD + "import ./l1.muro\n")
    for i in range(1, depth):
        (tmp_path / f"l{i}.muro").write_text(f"# layer {i}\nimport ./l{i + 1}.muro\n")
    (tmp_path / f"l{depth}.muro").write_text("space /L1/deep room X1..X2 Y1..Y2\n")


def test_the_deepest_chain_allowed_is_read(tmp_path):
    _chain(tmp_path, MAX_IMPORT_DEPTH)
    model = load(str(tmp_path / "main.muro"))
    assert len(model.layers) == MAX_IMPORT_DEPTH + 1 and "/L1/deep" in model.spaces


def test_one_layer_deeper_is_refused_at_the_import_line(tmp_path):
    _chain(tmp_path, MAX_IMPORT_DEPTH + 1)
    last = tmp_path / f"l{MAX_IMPORT_DEPTH}.muro"
    assert _error(tmp_path / "main.muro") == (
        f"{last}:line 2: Imports nest too deep: ./l{MAX_IMPORT_DEPTH + 1}.muro "
        f"(an import chain is at most {MAX_IMPORT_DEPTH} layers)"
    )


def test_an_import_of_a_directory(tmp_path):
    (tmp_path / "rooms.muro").mkdir()
    (tmp_path / "main.muro").write_text(HEAD + "import ./rooms.muro\n")
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./rooms.muro")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_import_of_a_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "pipe.muro")  # nobody writes to it: opening it blocking would hang
    (tmp_path / "main.muro").write_text(HEAD + "import ./pipe.muro\n")
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./pipe.muro")
    with pytest.raises(CannotReadFile, match=r"^line 0: Cannot read file: "):
        load(str(tmp_path / "pipe.muro"))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_import_of_dev_zero_does_not_read_forever(tmp_path):
    (tmp_path / "main.muro").write_text(HEAD + "import /dev/zero\n")
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: /dev/zero")
    assert _error("/dev/zero") == "line 0: Cannot read file: /dev/zero"


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_an_import_of_dev_null_is_an_empty_layer(tmp_path):
    # a device that ends at once is read (the original composes it as an empty layer)
    (tmp_path / "main.muro").write_text(HEAD + "import /dev/null\n")
    model = load(str(tmp_path / "main.muro"))
    assert [layer.path for layer in model.layers] == [str(tmp_path / "main.muro"), "/dev/null"]
    assert model.layers[1].source == ""


def test_a_layer_over_the_size_limit_is_refused_unread(tmp_path):
    big = tmp_path / "big.muro"
    with open(big, "wb") as f:  # sparse: no disk is spent on it
        f.truncate(MAX_LAYER_BYTES + 1)
    (tmp_path / "main.muro").write_text(HEAD + "import ./big.muro\n")
    assert _error(tmp_path / "main.muro") == (
        f"{tmp_path / 'main.muro'}:line 5: File too large: ./big.muro "
        f"({MAX_LAYER_BYTES + 1} bytes; a layer is at most {MAX_LAYER_BYTES} bytes)"
    )
    assert _error(big).startswith("line 0: File too large: ")


def test_a_layer_at_the_size_limit_is_read(tmp_path):
    layer = tmp_path / "pad.muro"
    with open(layer, "wb") as f:
        f.write(b"#")
        f.truncate(MAX_LAYER_BYTES)  # a comment of NULs: one line, read whole
    (tmp_path / "main.muro").write_text(HEAD + "import ./pad.muro\nspace /L1/a room X1..X2 Y1..Y2\n")
    assert list(load(str(tmp_path / "main.muro")).spaces) == ["/L1/a"]


def test_a_symlink_loop_and_a_dangling_link(tmp_path):
    os.symlink(tmp_path / "loop.muro", tmp_path / "loop.muro")
    os.symlink(tmp_path / "gone.muro", tmp_path / "dangling.muro")
    (tmp_path / "main.muro").write_text(HEAD + "import ./loop.muro\n")
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./loop.muro")
    (tmp_path / "main.muro").write_text(HEAD + "import ./dangling.muro\n")
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./dangling.muro")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_layer(tmp_path):
    layer = tmp_path / "secret.muro"
    layer.write_text("space /L1/a room X1..X2 Y1..Y2\n")
    layer.chmod(0)
    (tmp_path / "main.muro").write_text(HEAD + "import ./secret.muro\n")
    try:
        assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./secret.muro")
    finally:
        layer.chmod(0o644)


def test_a_path_with_a_nul_is_no_file(tmp_path):
    (tmp_path / "main.muro").write_text(HEAD + "import ./a\x00b.muro\n")
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./a\x00b.muro")
    assert _error(str(tmp_path / "x\x00.muro")).startswith("line 0: Cannot read file: ")


def test_a_layer_changed_into_a_fifo_is_not_served_from_the_cache(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    layer = tmp_path / "rooms.muro"
    layer.write_text("space /L1/a room X1..X2 Y1..Y2\n")
    (tmp_path / "main.muro").write_text(HEAD + "import ./rooms.muro\n")
    assert "/L1/a" in load(str(tmp_path / "main.muro")).spaces
    layer.unlink()
    os.mkfifo(layer)
    assert _error(tmp_path / "main.muro").endswith(":line 5: Cannot read file: ./rooms.muro")
