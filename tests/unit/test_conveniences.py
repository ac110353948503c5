"""Content conveniences (issue 13, item 1): a campaign-level wandering-encounter table, region
hexes as rectangles or drawn as rows, and bare `- rest` / `- sleep` log entries."""

from __future__ import annotations

from pathlib import Path

from generator.content.campaign import Campaign
from generator.hexgrid import Hex
from generator.replay import replay

from campaign_factory import errors, find, load, write_campaign

ROOT = Path(__file__).resolve().parents[2]

CAMP_TABLE = """\
id: anywhere
name: Anywhere at all
dice: 1d4
rows:
  - {roll: 1-4, result: A lone pedlar}
"""
REGION_TABLE = """\
id: north-table
name: The north
dice: 1d4
rows:
  - {roll: 1-4, result: Northern raiders}
"""


def at(campaign: Campaign, label: str) -> Hex:
    return campaign.grid.from_offset(*campaign.grid.col_row(label))


def wandering(campaign: Campaign, label: str) -> str | None:
    table = campaign.wandering_table(at(campaign, label))
    return table.id if table is not None else None


# ------------------------------------------------------------------------------------------
# the campaign-level table


def test_wandering_tables_go_hex_region_terrain_campaign(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"tables": ["anywhere"]}, files={
        "tables/anywhere.yaml": CAMP_TABLE, "tables/north.yaml": REGION_TABLE,
        "tables/hills.yaml": CAMP_TABLE.replace("id: anywhere", "id: hills-encounters"),
        "regions.yaml": "north:\n  name: North\n  hexes: ['0101-0802']\n"
                        "  tables: [north-table]\n"})
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    assert wandering(campaign, "0606") == "thornwood-day"   # the hex's own table
    assert wandering(campaign, "0601") == "north-table"     # its region's (row 1)
    assert wandering(campaign, "0803") == "hills-encounters"  # hills, below the region
    assert wandering(campaign, "0304") == "anywhere"        # plains: the campaign's


def test_a_wandering_result_rolls_on_the_campaign_table(tmp_path: Path) -> None:
    session = ("session: 1\nlog:\n  - travel: {heading: N}\n"
               "    rolls: {navigation: 15, encounter: [1], moment: 1, moment_minute: 1, "
               "table: 3}\n")
    root = write_campaign(tmp_path, campaign_overrides={"tables": ["anywhere"]},
                          files={"tables/anywhere.yaml": CAMP_TABLE, "sessions/01.yaml": session})
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    chronicle, rdiags = replay(campaign)
    assert not rdiags.items
    (enc,) = chronicle.sessions[0].watches[0].encounters
    assert enc.kind == "wandering" and enc.result == "A lone pedlar"
    assert enc.table == "anywhere"


def test_campaign_tables_must_exist(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"tables": ["thornwood-dya"]})
    campaign, diags = load(root)
    assert campaign is None
    line, col = find(root, "campaign.yaml", "thornwood-dya")
    assert errors(diags, root) == [
        ("campaign.yaml", line, col,
         "unknown table 'thornwood-dya' (did you mean 'thornwood-day'?)")]


# ------------------------------------------------------------------------------------------
# regions


def test_region_hexes_as_a_rectangle_and_as_rows(tmp_path: Path) -> None:
    regions = ("north:\n  name: North\n  hexes: [\"0101-0302\", \"0805\"]\n"
               "south:\n  name: South\n  rows:\n"
               "    - \"........\"\n"
               "    - \"........\"\n"
               "    - \"........\"\n"
               "    - \"........\"\n"
               "    - \"x.. .....\"\n"     # spaces are ignored, as in terrain_rows
               "    - \"xx......\"\n")
    root = write_campaign(tmp_path, files={"regions.yaml": regions})
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    labels = {rid: sorted(campaign.grid.label(h) for h in r.hexes)
              for rid, r in campaign.regions.items()}
    assert labels == {"north": ["0101", "0102", "0201", "0202", "0301", "0302", "0805"],
                      "south": ["0105", "0106", "0206"]}


def test_region_mistakes_are_positioned(tmp_path: Path) -> None:
    regions = ("north:\n  name: North\n  hexes: [\"0302-0101\", \"0101-0909\"]\n"
               "south:\n  name: South\n  hexes: [\"0201\"]\n  rows:\n"
               "    - \".o......\"\n"
               "    - \".x.......\"\n"
               "east:\n  name: East\n  hexes: [\"0102-0103\", \"0103\"]\n")
    root = write_campaign(tmp_path, files={"regions.yaml": regions})
    campaign, diags = load(root)
    assert campaign is None
    assert errors(diags, root) == [
        ("regions.yaml", 3, 11, "range '0302-0101' runs backwards: give the top-left hex "
                                "first ('0101-0302')"),
        ("regions.yaml", 3, 24, "hex '0909' is off the map (columns 1-8, rows 1-8)"),
        ("regions.yaml", 8, 9, "'o' (row 1, column 2): mark the region's hexes with 'x' and "
                               "the others with '.'"),
        ("regions.yaml", 9, 7, "row 2 has 9 marks, but the map has 8 columns"),
        ("regions.yaml", 12, 24, "hex '0103' is already in this region"),
    ]


# ------------------------------------------------------------------------------------------
# bare rest and sleep


def test_bare_rest_and_sleep_are_entries(tmp_path: Path) -> None:
    bare = "session: 1\nlog:\n  - travel: {heading: N}\n    rolls: {navigation: 15, " \
           "encounter: [5]}\n  - rest\n  - rest\n  - sleep\n  - camp\n"
    full = bare.replace("- rest\n", "- rest: {}\n").replace("- sleep\n", "- sleep: {}\n") \
        .replace("- camp\n", "- camp: {}\n")
    results = []
    for name, text in (("bare", bare), ("full", full)):
        root = write_campaign(tmp_path / name, files={"sessions/01.yaml": text})
        campaign, diags = load(root)
        assert campaign is not None, errors(diags, root)
        chronicle, _ = replay(campaign)
        results.append(chronicle.to_json()["sessions"])
    assert results[0] == results[1]
    assert [w["activity"] for w in results[0][0]["watches"]] == ["travel", "rest", "rest",
                                                                "sleep", "camp"]


def test_a_bare_word_that_is_no_action_says_what_to_write(tmp_path: Path) -> None:
    text = "session: 1\nlog:\n  - slep\n  - travel\n"
    root = write_campaign(tmp_path, files={"sessions/01.yaml": text})
    campaign, diags = load(root)
    assert campaign is None
    found = errors(diags, root)
    assert found[0][:3] == ("sessions/01.yaml", 3, 5)
    assert "'slep' is not a log entry: did you mean 'sleep'?" in found[0][3]
    assert found[1][:3] == ("sessions/01.yaml", 4, 5)
    assert "'travel: {heading: N}'" in found[1][3]
    assert len(found) == 2


def test_the_gm_tables_page_names_the_campaign_table(tmp_path: Path) -> None:
    from generator.knowledge import view_for
    from generator.render.pages import render_docs

    root = write_campaign(tmp_path, campaign_overrides={"tables": ["anywhere"]},
                          files={"tables/anywhere.yaml": CAMP_TABLE})
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    chronicle, _ = replay(campaign)
    page = render_docs(view_for(campaign, chronicle, "gm"), None).files["tables.md"]
    line = next(x for x in page.splitlines() if x.startswith("*1d4*"))
    assert "Used by: every hex with no table of its own, its region's or its terrain's " \
           "(campaign)" in line


def test_the_example_campaign_uses_the_campaign_table() -> None:
    from generator.content.loader import load_campaign

    campaign, diags = load_campaign(ROOT / "content")
    assert campaign is not None and not diags.items
    assert campaign.encounter_tables == ("vale-encounters",)
    vale = campaign.regions["sallow-vale"]
    assert vale.tables == ()
    # the vale's hexes without a table of their own roll on the campaign's
    plain = [h for h in vale.hexes if not campaign.hexes[h].tables]
    assert plain and all(campaign.wandering_table(h) is campaign.tables["vale-encounters"]
                         for h in plain)
