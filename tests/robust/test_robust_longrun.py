"""Long runs are flat (issue #8): a server reading many buildings keeps only a bounded
number of composed Models (the reader's one cache, koyu_model.reading.remembered.SIZE),
and what was derived from a Model (its stash) goes with it. bench/soak.py measures the
same over 10,000 calls with the process's resident memory.
"""

from __future__ import annotations

import gc
import weakref

import robust_support as rs

from koyu_model import load
from koyu_model.reading.remembered import SIZE


def test_models_of_many_buildings_are_let_go(tmp_path, logged):
    client, log = logged
    refs = []
    for i in range(30):
        files = {"main.muro": rs.ONE_FILE["main.muro"].replace("小さな工房", f"工房 {i}")}
        entry = str(rs.write_building(tmp_path / f"b{i}", files))
        for name, arguments in (
            ("check", {"file": entry}),
            ("plan_svg", {"file": entry, "level": "L1"}),
            ("light", {"file": entry}),
        ):
            assert not rs.answer_of(client, name, arguments).get("isError")
        refs.append(weakref.ref(load(entry)))
    gc.collect()
    alive = sum(ref() is not None for ref in refs)
    assert alive <= SIZE  # only the cache holds a Model once its call is answered
    assert refs[-1]() is not None  # the latest is still remembered: a warm call is warm
    assert log.take() == ""


def test_rewriting_one_layer_again_and_again_keeps_one_model(tmp_path, logged):
    client, log = logged
    entry = str(rs.write_building(tmp_path / "b", rs.TWO_STOREYS))
    refs = []
    for i in range(30):
        got = rs.answer_of(
            client,
            "write_layer",
            {"file": entry, "layer": "L2.muro", "content": rs.TWO_STOREYS["L2.muro"] + f"# {i}\n"},
        )
        assert not got.get("isError")
        assert not rs.answer_of(client, "check", {"file": entry}).get("isError")
        refs.append(weakref.ref(load(entry)))
    gc.collect()
    # one entry, so one cached Model: each rewrite replaces the last
    assert sum(ref() is not None for ref in refs) <= 1
    assert log.take() == ""
