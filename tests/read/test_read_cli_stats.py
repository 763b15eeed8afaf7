"""``koyu stats FILE`` (reference/cli/stats.md) on our own building."""

from __future__ import annotations

from read_support import HOUSE

from koyu_cli.main import main


def test_stats_lays_out_levels_totals_zones_types_and_uses(folder, capsys):
    folder.write(
        "main.muro",
        HOUSE.replace(
            "space /out exterior name:外部",
            "space /out exterior name:外部\nspace /L1/plaza exterior X3..X4 Y1..Y2 level:L1",
        ),
    )
    assert main(["stats", folder.path()]) == 0
    assert capsys.readouterr().out == (
        "L1\n"
        "  /home/ldk\t居間\tldk\t20.00 m2\n"
        "  /home/bed\tbed\troom\t20.00 m2\n"
        "  /L1/plaza\tplaza\texterior\t5.00 m2 (outdoor, not counted)\n"
        "  Subtotal 40.00 m2\n"
        "L2\n"
        "  /home/up\tup\troom\t20.00 m2\n"
        "  /home/void\tvoid\tvoid (not counted as floor area)\n"
        "  /home/balc\tbalc\tbalcony\t4.00 m2 (semi-outdoor, reported separately)\n"
        "  Subtotal 20.00 m2\n"
        "Total 60.00 m2 (indoor floor area)\n"
        "Outdoor 5.00 m2 (plazas, open ground and the like — not counted as floor area)\n"
        "Semi-outdoor 4.00 m2 (balconies, external stairs and the like — whether they count is a "
        "matter of regulatory detail, so it is reported separately)\n"
        "By zone (counted aggregation):\n"
        "  /home\t住戸\t60.00 m2\n"
        "  ldk: 20.00 m2\n"
        "  room: 40.00 m2\n"
        "By use: exclusive 40.00 m2 (66.7%) / office 20.00 m2 (33.3%)\n"
    )


def test_a_building_without_use_has_no_use_line_and_no_zone_heading(folder, capsys):
    folder.write(
        "main.muro",
        "grid X 0 3000 6000\ngrid Y 0 3000\nlevel L1 0\nlevel L2 3000\n"
        "space /L1/a room X1..X2 Y1..Y2\nspace /L1/b hall X2..X3 Y1..Y2\n",
    )
    assert main(["stats", folder.path()]) == 0
    out = capsys.readouterr().out
    assert "L2" not in out  # a level with no region-bearing space gets no section
    assert "By use" not in out and "By zone" not in out and "Semi-outdoor" not in out
    assert out.endswith("Total 18.00 m2 (indoor floor area)\n  room: 9.00 m2\n  hall: 9.00 m2\n")


def test_shares_round_like_to_fixed(folder, capsys):
    # 1 m² of 8 m² is 12.5 %: toFixed(1) of the exact binary value 12.5 gives "12.5";
    # 1 m² of 16 m² is 6.25 % exactly, which toFixed rounds up to "6.3" (Python: "6.2").
    folder.write(
        "main.muro",
        "grid X 0 1000 16000\ngrid Y 0 1000\nlevel L1 0\n"
        "space /L1/a room X1..X2 Y1..Y2 use:a\nspace /L1/b room X2..X3 Y1..Y2 use:b\n",
    )
    assert main(["stats", folder.path()]) == 0
    assert capsys.readouterr().out.endswith("By use: a 1.00 m2 (6.3%) / b 15.00 m2 (93.8%)\n")


def test_a_broken_building_exits_1(folder, capsys):
    folder.write("main.muro", "grid X 0 3000\nspace /a room X1..X9 Y1..Y2\n")
    assert main(["stats", folder.path()]) == 1
    assert capsys.readouterr().err.startswith("✖ ")
