"""The first error is the cause: a file that cannot be read gives one error, not a screenful
of what its absence does to the other files, and a table id defined twice is reported
instead of the rolls that then match no row of the wrong table."""

from __future__ import annotations

import textwrap
from pathlib import Path

from campaign_factory import HEXES, TABLE, load, where, write_campaign

ROWS = textwrap.dedent("""\
    legend: {p: plains, f: forest, h: hills}
    terrain_rows:
      - pppppppp
      - pppppppp
      - ppppppph
      - ppppppph
    \t- ppppppph
      - ppppfffh
      - ppppfffh
      - ppppfffh
    """)

NAMED = textwrap.dedent("""\
    "0304":
      name: Crossroads Meadow
    "0606":
      density: dense
      tables: [thornwood-day]
    """)


def found(tmp_path: Path, files: dict[str, str | None]) -> list[tuple[str, int, int, str, str]]:
    root = write_campaign(tmp_path / "c", files=dict(files))
    _, diags = load(root)
    return where(diags, root)


def test_a_tab_in_the_terrain_rows_is_the_one_error(tmp_path: Path) -> None:
    # the hexes of the other file take their terrain from the rows the tab broke
    assert found(tmp_path, {"hexes/map.yaml": ROWS, "hexes/named.yaml": NAMED}) == [
        ("hexes/map.yaml", 7, 1, "error", "YAML syntax: a tab cannot indent YAML; use spaces")]


def test_a_tab_in_terrain_yaml_is_the_one_error(tmp_path: Path) -> None:
    terrain = "marsh:\n\tlike: swamp\n"
    hexes = HEXES.replace("{p: plains, f: forest, h: hills}",
                          "{p: plains, f: forest, h: hills, m: marsh}").replace(
        "- pppppppp", "- mppppppp", 1)
    assert found(tmp_path, {"terrain.yaml": terrain, "hexes/map.yaml": hexes}) == [
        ("terrain.yaml", 2, 1, "error", "YAML syntax: a tab cannot indent YAML; use spaces")]


def test_a_tab_in_a_table_is_the_one_error(tmp_path: Path) -> None:
    # hex 0606 and the session name the table the tab broke
    broken = TABLE.replace("rows:\n  - {roll: 1-2", "rows:\n\t- {roll: 1-2")
    session = ("session: 2\nlog:\n  - encounter: {table: thornwood-day, roll: 3}\n")
    assert found(tmp_path, {"tables/thornwood-day.yaml": broken,
                            "sessions/02.yaml": session}) == [
        ("tables/thornwood-day.yaml", 6, 1, "error",
         "YAML syntax: a tab cannot indent YAML; use spaces")]


def test_a_duplicate_table_id_comes_instead_of_the_roll_that_matches_no_row(
        tmp_path: Path) -> None:
    # tables/a-copy.yaml loads first and keeps the id; the session's roll of 5 was rolled
    # on the d8 table the GM meant
    copy = "id: thornwood-day\nname: Copy\ndice: 1d4\nrows:\n  - {roll: 1-4, result: X}\n"
    session = ("session: 2\nlog:\n  - encounter: {table: thornwood-day, roll: 5}\n")
    result = found(tmp_path, {"tables/a-copy.yaml": copy, "sessions/02.yaml": session})
    assert [r[:4] for r in result] == [("tables/thornwood-day.yaml", 1, 5, "error")]
    assert "duplicate table id 'thornwood-day'" in result[0][4]
    assert "a-copy.yaml" in result[0][4]
