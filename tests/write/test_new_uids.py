"""new_uids: fresh tokens that collide with nothing composed (reference/mcp/tools-write.md)."""

from __future__ import annotations

import re

import pytest
from write_support import MAIN

TOKEN = re.compile(r"u-[0-9abcdefghjkmnpqrstvwxyz]{16}")


def test_count_defaults_to_one_and_the_note_is_the_documented_one(site):
    got = site.answer("new_uids", file=site.path())
    assert list(got) == ["uids", "note"] and len(got["uids"]) == 1
    assert TOKEN.fullmatch(got["uids"][0])
    assert got["note"].startswith("Write these as uid: on a space or zone.")


def test_many_tokens_are_distinct_and_well_spelled(site):
    uids = site.answer("new_uids", file=site.path(), count=1000)["uids"]
    assert len(uids) == len(set(uids)) == 1000
    assert all(TOKEN.fullmatch(u) for u in uids)
    # 80 bits: every one of the 32 symbols shows up across 16 000 characters.
    assert set("".join(u[2:] for u in uids)) == set("0123456789abcdefghjkmnpqrstvwxyz")


def test_a_token_already_composed_is_never_handed_out(site, monkeypatch):
    site.write("L1.muro", "space /L1/a room X1..X2 Y1..Y2 uid:u-0000000000000000\n")
    import secrets

    draws = iter([0, 0, 1])  # the first two draws spell the composed uid, then a fresh one
    monkeypatch.setattr(secrets, "randbits", lambda k: next(draws))
    got = site.answer("new_uids", file=site.path(), count=1)
    assert got["uids"] == ["u-1000000000000000"]


@pytest.mark.parametrize("count", [0, -1, 1001, 2.5, "x"])
def test_count_out_of_range_is_an_error(site, count):
    assert site.error("new_uids", file=site.path(), count=count) == "count is an integer between 1 and 1000"


def test_a_broken_building_is_the_answer(site):
    site.write("main.muro", MAIN + "space /L1/z room X1..X9 Y1..Y2\n")
    assert site.error("new_uids", file=site.path()).endswith("Undefined grid line name: X9")
