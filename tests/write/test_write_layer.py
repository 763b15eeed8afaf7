"""write_layer: checked before the disk, contained, atomic (reference/mcp/tools-write.md)."""

from __future__ import annotations

import errno
import os
import sys

import pytest
from write_support import L1


def test_a_write_replaces_the_layer_and_answers_the_check_after_it(site):
    new = L1 + "boundary /L1/a /L1/nowhere\r\n"
    got = site.answer("write_layer", file=site.path(), layer="L1.muro", content=new)
    assert got == {
        "written": site.path("L1.muro"),
        "ok": False,
        "spaces": 2,
        "errors": got["errors"],
        "warnings": got["warnings"],
    }
    assert list(got) == ["written", "ok", "spaces", "errors", "warnings"]
    assert got["errors"] and all(e.startswith(site.path("L1.muro") + ":line 3: ") for e in got["errors"])
    assert (site.root / "L1.muro").read_bytes() == new.encode("utf-8")  # byte for byte, CRLF kept
    assert sorted(os.listdir(site.root)) == ["L1.muro", "main.muro"]  # no temporary left


def test_a_clean_write_is_ok_and_an_absolute_layer_path_works(site):
    new = L1 + "boundary /L1/a /L1/b t:100\n"
    got = site.answer("write_layer", file=site.path(), layer=site.path("L1.muro"), content=new)
    assert got == {"written": site.path("L1.muro"), "ok": True, "spaces": 2, "errors": [], "warnings": []}


def test_content_that_would_not_parse_is_never_written(site):
    before = site.snapshot()
    got = site.answer("write_layer", file=site.path(), layer="L1.muro", content="space /L1/a room X1..X9 Y1..Y2\n")
    assert got == {
        "written": False,
        "target": site.path("L1.muro"),
        "ok": False,
        "parseError": f"{site.path('L1.muro')}:line 1: Undefined grid line name: X9",
    }
    assert site.snapshot() == before


def test_the_entry_itself_may_be_written_and_is_checked(site):
    before = site.snapshot()
    got = site.answer("write_layer", file=site.path(), layer="main.muro", content="koyu 1.0\nimport ./L1.muro\n")
    # Without its grid, the layer it imports no longer reads.
    assert got["written"] is False and got["target"] == site.path()
    assert got["parseError"] == f"{site.path('L1.muro')}:line 1: Undefined grid line name: X1"
    assert site.snapshot() == before


@pytest.mark.parametrize("layer", ["../outside.muro", "sub/../../outside.muro", "/etc/koyu-test.muro"])
def test_a_spelled_escape_is_refused(site, layer):
    (site.outside / "outside.muro").write_bytes(b"# outside\n")
    before = site.snapshot()
    assert site.error("write_layer", file=site.path(), layer=layer, content="# x\n") == (
        "Cannot write outside the entry's directory"
    )
    assert site.snapshot() == before
    assert not os.path.exists("/etc/koyu-test.muro")


def test_a_symlink_escape_is_refused(site):
    (site.outside / "secret.muro").write_bytes(b"# secret\n")
    os.symlink(site.outside / "secret.muro", site.root / "link.muro")
    before = site.snapshot()
    assert site.error("write_layer", file=site.path(), layer="link.muro", content="# x\n") == (
        "Cannot write outside the entry's directory"
    )
    assert site.snapshot() == before


def test_a_symlinked_folder_escape_is_refused_before_any_folder_is_made(site):
    (site.outside / "elsewhere").mkdir()
    os.symlink(site.outside / "elsewhere", site.root / "sub")
    assert site.error("write_layer", file=site.path(), layer="sub/deep/new.muro", content="# x\n") == (
        "Cannot write outside the entry's directory"
    )
    assert os.listdir(site.outside / "elsewhere") == []


@pytest.mark.parametrize("layer", ["notes.txt", "L1.muro.bak", "sub/x.json"])
def test_only_muro_files_are_written(site, layer):
    before = site.snapshot()
    assert site.error("write_layer", file=site.path(), layer=layer, content="# x\n") == (
        "Only .muro files can be written"
    )
    assert site.snapshot() == before


def test_a_link_never_leads_into_a_file_that_is_not_the_notation(site):
    site.write("notes.txt", "keep me\n")
    os.symlink(site.root / "notes.txt", site.root / "notes.muro")
    before = site.snapshot()
    assert site.error("write_layer", file=site.path(), layer="notes.muro", content="# x\n") == (
        "Only .muro files can be written"
    )
    assert site.snapshot() == before


def test_a_symlinked_layer_inside_is_written_through_to_its_file(site):
    os.rename(site.root / "L1.muro", site.root / "real.muro")
    os.symlink("real.muro", site.root / "L1.muro")
    new = L1 + "# edited\n"
    got = site.answer("write_layer", file=site.path(), layer="L1.muro", content=new)
    assert got["written"] == site.path("L1.muro") and got["ok"] is True
    assert os.path.islink(site.root / "L1.muro")
    assert (site.root / "real.muro").read_text() == new


def test_a_new_layer_nobody_imports_is_written_unchecked_with_its_folder(site):
    got = site.answer("write_layer", file=site.path(), layer="sub/new.muro", content="not notation\n")
    assert got == {"written": site.path("sub/new.muro"), "ok": True, "spaces": 2, "errors": [], "warnings": []}
    assert (site.root / "sub" / "new.muro").read_text() == "not notation\n"


def _failing(monkeypatch, name, code):
    real = getattr(os, name)

    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, name, fail)
    return real


@pytest.mark.parametrize(
    "name,code",
    [
        ("write", errno.ENOSPC),  # a full disk
        ("fsync", errno.EIO),  # a failing device
        ("replace", errno.EACCES),  # a read-only folder refuses the rename
    ],
)
def test_a_failed_write_leaves_the_original_byte_identical(site, monkeypatch, name, code):
    before = site.snapshot()
    _failing(monkeypatch, name, code)
    message = site.error("write_layer", file=site.path(), layer="L1.muro", content=L1 + "# more\n")
    monkeypatch.undo()
    assert message == f"Cannot write {site.path('L1.muro')}: {os.strerror(code)}"
    assert site.snapshot() == before  # and no temporary file was left behind


def test_a_folder_that_refuses_new_files_leaves_everything_as_it_was(site, monkeypatch):
    before = site.snapshot()
    real_open = os.open

    def refuse(path, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    message = site.error("write_layer", file=site.path(), layer="L1.muro", content="# gone\n")
    monkeypatch.undo()
    assert message.endswith(os.strerror(errno.EACCES))
    assert site.snapshot() == before


def test_missing_arguments_are_reported_content_first(site):
    assert site.error("write_layer", file=site.path(), layer="L1.muro") == "content (a string) is required"
    assert site.error("write_layer", file=site.path(), content="x\n") == "layer (a string) is required"


def test_a_path_no_filesystem_accepts_is_refused_without_a_trace(site):
    before = site.snapshot()
    assert site.error("write_layer", file=site.path(), layer="a\0b.muro", content="# x\n").startswith(
        "Cannot write a\0b.muro: "
    )
    assert site.snapshot() == before


def test_a_check_that_cannot_be_imported_names_itself_and_nothing_is_written(site, monkeypatch, capsys):
    # never "ok: true, errors: []" for a check that did not run
    monkeypatch.setitem(sys.modules, "koyu_model.check", None)
    before = site.snapshot()
    message = site.error("write_layer", file=site.path(), layer="L1.muro", content=L1 + "boundary /L1/a /L1/nowhere\n")
    assert "koyu_model.check" in message
    assert site.snapshot() == before
    assert "Traceback" in capsys.readouterr().err
