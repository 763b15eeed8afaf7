"""``koyu layers FILE [--attrs]`` (reference/cli/layers.md)."""

from __future__ import annotations

from koyu_cli.main import main


def _building(folder):
    folder.write(
        "main.muro",
        "koyu 1.0\ngrid X 0 3000 6000\ngrid Y 0 3000\nlevel L1 0\nimport ./plan.muro\nimport ./asbuilt.muro\n",
    )
    folder.write(
        "plan.muro", "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b room X2..X3 Y1..Y2\nboundary /L1/a /L1/b t:100\n"
    )
    folder.write("asbuilt.muro", "over /L1/b spec:x h:2250\nover /L1/a /L1/b t:200\n")


def test_layers_weakest_first(folder, capsys):
    _building(folder)
    assert main(["layers", folder.path()]) == 0
    assert capsys.readouterr().out == (
        "Layers (weakest first — later layers are stronger):\n"
        f"  0\t{folder.path()}\n  1\t{folder.path('plan.muro')}\n  2\t{folder.path('asbuilt.muro')}\n"
    )


def test_attrs_lists_moved_provenance_sorted(folder, capsys):
    _building(folder)
    assert main(["layers", folder.path(), "--attrs"]) == 0
    out = capsys.readouterr().out.split("\n")
    strong = folder.path("asbuilt.muro")
    assert out[4:] == [
        "",
        "Attribute provenance:",
        f"  boundary:/L1/a|/L1/b:t\t← 2 {strong}",
        f"  space:/L1/b:h\t← 2 {strong}",
        f"  space:/L1/b:spec\t← 2 {strong}",
        "",
    ]


def test_no_override_leaves_just_the_heading(folder, capsys):
    folder.write("main.muro", "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\n")
    assert main(["layers", folder.path(), "--attrs"]) == 0
    assert capsys.readouterr().out.endswith("\n\nAttribute provenance:\n")


def test_a_composition_that_stops_exits_1_with_one_line(folder, capsys):
    folder.write("main.muro", "grid X 0 3000\ngrid Y 0 3000\nlevel L1 0\nover /L1/none h:1\n")
    assert main(["layers", folder.path()]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("✖ ") and captured.err.count("\n") == 1


def test_no_file_is_a_usage_error(capsys):
    assert main(["layers"]) == 2
    assert capsys.readouterr().out.startswith("Usage: koyu <")
