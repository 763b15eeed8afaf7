"""Promise 1 of reference/form/index.md as a property: any reordering of a building's
declarations, with drawn-line endpoints and region unions written either way round, has
the same canonical JSON and derives the same Form."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from koyu_model import load
from koyu_model.canonical import canonical_json
from koyu_model.form import form_text
from koyu_model.form.derive import derive

HEAD = (
    "koyu 1.0\nunit mm\ngrid X 0 3000 6000 9000\ngrid Y 0 3000 6000\n"
    "level L1 0 h:2500 slab:200\nlevel L2 3200 h:2500 slab:200\n"
)

# (block, alternative spelling of the same block)
BLOCKS = [
    ("space /L1/a room X1..X2 Y1..Y3", None),
    ("space /L1/b room X2..X4 Y1..Y2 + X3..X4 Y2..Y3", "space /L1/b room X3..X4 Y2..Y3 + X2..X4 Y1..Y2"),
    ("space /L1/c room X2..X3 Y2..Y3", None),
    ("space /L2/d room X1..X3 Y1..Y3", None),
    ("space /L2/v void X3..X4 Y1..Y2", None),
    ("space /out exterior", None),
    ("boundary /L1/b /L1/c\n  line X2,Y2-1000 X3,Y3", "boundary /L1/b /L1/c\n  line X3,Y3 X2,Y2-1000"),
    (
        "boundary /L1/a /out edge:W\n  window w:1200 h:1000\n  door w:900 at:0.2",
        "boundary /L1/a /out edge:W\n  door w:900 at:0.2\n  window w:1200 h:1000",
    ),
    ("boundary /L1/a /L1/b t:150\n  door w:800 at:0.3 hinge:N\n  seg w:600 at:0.8", None),
    ("boundary /L2/d /out edge:S air:1", None),
]


def _text(order, alternates) -> str:
    parts = []
    for k in order:
        main, alt = BLOCKS[k]
        parts.append(alt if (alt is not None and k in alternates) else main)
    return HEAD + "\n".join(parts) + "\n"


def _form(tmp: Path, text: str, name: str):
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    m = load(str(p))
    return canonical_json(m), form_text(derive(m))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(range(len(BLOCKS))), alternates=st.sets(st.sampled_from([1, 6, 7])))
def test_any_spelling_of_one_building_derives_one_form(tmp_path, order, alternates):
    ref_canon, ref_form = _form(tmp_path, _text(range(len(BLOCKS)), set()), "ref.muro")
    canon, form = _form(tmp_path, _text(order, alternates), "var.muro")
    assert canon == ref_canon  # the premise
    assert form == ref_form


def test_koyu_form_prints_the_form(tmp_path):
    p = tmp_path / "main.muro"
    p.write_text(_text(range(len(BLOCKS)), set()), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "koyu_cli.main", "form", str(p), "--cut", "900"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    doc = json.loads(out)
    assert doc["input"] == {"cut": 900}
    assert [pl["cutZ"] for pl in doc["plans"]] == [900, 4100]
    assert "null" not in out
    assert list(doc) == [
        "input",
        "levels",
        "spaces",
        "boundaries",
        "openings",
        "segs",
        "slabs",
        "columns",
        "runs",
        "site",
        "plans",
    ]


def test_koyu_form_reports_a_read_error(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "koyu_cli.main", "form", str(tmp_path / "none.muro")], capture_output=True, text=True
    )
    assert r.returncode == 1 and r.stderr.startswith("✖ ")
