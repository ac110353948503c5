"""The content format's own examples (docs/content.md) load and replay: extend, never break.

A copy of each YAML block is pinned below, and the first test checks that docs/content.md
still shows exactly these blocks, so neither the documentation nor the format can drift
without this test noticing. (The paths.yaml example runs along touching hexes: under
docs/rules.md section 1 odd columns sit higher, see docs/examples.md, example 2.)
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.content.loader import load_campaign
from generator.replay import replay

SPEC = Path(__file__).resolve().parents[2] / "docs" / "content.md"

CAMPAIGN = """\
name: The Gloamwood Marches
seed: 20261129
language: en                 # site language (en, ru, uk at least)
map: {columns: 20, rows: 16, orientation: flat, hex_miles: 12}
rules:
  checks: d20                # d20 | brp | bsh
  advantage: classic         # d20 only: classic | scaled
  actual_distance: true
  encounter_check: d12       # d12 (1 wandering, 12 keyed) or e.g. "1 in d8"
party:
  start: "0304"
  start_time: {day: 1, watch: 2}
  members:
    - {name: Aria, speed: 30, survival: 6, con: 1, knowledge_geography: 5}
    - {name: Bram, speed: 20, survival: 2, con: 3}
  navigator: Aria
  gear: [compass]            # compass gives +2 and removes veer at hex boundaries
"""

HEX = """\
"0304":
  terrain: forest            # a terrain id (built-in or from terrain.yaml)
  density: dense             # forest only: sparse | medium | dense
  name: Thornwood Edge       # optional, shown to players once discovered
  description: Old oaks lean over a mossy track.   # player-facing, shown once discovered
  gm: The oaks hide a dryad's ring.               # GM-only
  tables: [thornwood-day]    # optional encounter tables for this hex
"""

LOCATION = """\
---
id: thornfold-mill            # unique; becomes the page slug (ASCII slug derived if absent)
name: Thornfold Mill
hex: "0304"
visibility: normal            # normal | visible | hidden
visible_from: 0               # hexes away from which a visible location is seen
on: [mere]                    # paths it lies on (found by anyone following them)
tags: [settlement, mill]
gm_only: false                # true: never appears in the player build
---
What the players learn when they find it.

!!! gm "Secrets"
    Indented GM-only Markdown. Removed entirely from the player build; shown as a
    styled box in the GM build. `??? gm` is the collapsible form.
"""

TABLE = """\
id: thornwood-day
name: Thornwood by day
dice: 1d8                     # or omit and give weights; ranges are derived for print
audience: gm                  # gm | players
rows:
  - {roll: 1-2, result: "Wolves", appearing: 2d4, distance: 2d6x10}   # appearing: rolled, recorded
  - {roll: 3, result: "A charcoal burner", reaction: true,
     tell: "A charcoal burner hailed us from his clearing."}
  - {roll: 4-8, result: "Tracks (1d10 days old)"}
"""

SESSION = """\
session: 5
date: 2026-11-03              # real-world date
title: Into the Thornwood
party: {members: [Aria, Bram]}   # optional changes from campaign.yaml; start defaults to the end of the previous session
log:
  - travel: {heading: NE, mode: [cautious], note: "Slow going in the brambles"}
    rolls: {navigation: 14, distance: 9, encounter: [7]}
  - travel: {toward: "0708", hustle_hours: 1}
  - travel: {follow: kings-road, toward: "0403"}   # or direction: forward | backward (path order)
  - travel: {landmark: thornfold-mill}               # head for a visible location or hex
  - rest: {}                  # two consecutive rests are a sleep
  - camp: {forage: true}       # by: Aria names the forager (default: the best one)
  - search: {target: thornfold-mill}
  - reorient: {method: new_course}
  - encounter: {table: thornwood-day, roll: 3, note: "He lies about the map"}
    tell: "A charcoal burner sold us a map."   # what the players are told
    gm: "He works for the witch."               # what only the GM reads
  - reveal: [thornfold-mill, "0405"]   # GM reveals to players without a roll
  - note: Free text for the chronicle.
  - use: {resource: debt-of-kessa, by: Aria}
  - chase: {environment: wilderness, quarry: party, pursuers: [wolves]}
  - ruling: {hex: "0708", lost: false, found: [thornfold-mill], note: "We said they found the road"}
"""

PATHS = """\
kings-road: {kind: highway, hexes: ["0101", "0201", "0302", "0402", "0403"]}
mere:       {kind: river, name: The Mere, hexes: ["0601", "0602", "0703"]}
old-track:  {kind: trail, condition: poor, hexes: ["0304", "0404"]}
"""
# what the session example names but the campaign example does not declare
EXTRA_CAMPAIGN = """\
resources:
  debt-of-kessa: {die: d6, owner: Aria}
creatures:
  wolves: {name: Wolf, speed: 40, con: 1, perception: 13, count: 2}
"""


def spec_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", SPEC.read_text("utf-8"), re.S)


def test_the_pinned_copies_are_the_docs_examples() -> None:
    blocks = spec_blocks()
    for ours in (CAMPAIGN, HEX, PATHS, TABLE, SESSION):
        assert ours in blocks, ours.splitlines()[0]
    markdown = re.findall(r"```markdown\n(.*?)```", SPEC.read_text("utf-8"), re.S)
    assert LOCATION in markdown


def test_the_spec_examples_load_and_replay(tmp_path: Path) -> None:
    root = tmp_path / "content"
    for folder in ("hexes", "locations", "tables", "sessions"):
        (root / folder).mkdir(parents=True)
    (root / "campaign.yaml").write_text(CAMPAIGN + EXTRA_CAMPAIGN, "utf-8")
    (root / "hexes" / "thornwood.yaml").write_text(HEX, "utf-8")
    rows = "\n".join(f'  - "{"p" * 20}"' for _ in range(16))
    (root / "hexes" / "map.yaml").write_text(
        f"legend: {{p: plains}}\nterrain_rows:\n{rows}\n", "utf-8")
    (root / "paths.yaml").write_text(PATHS, "utf-8")
    (root / "locations" / "thornfold-mill.md").write_text(LOCATION, "utf-8")
    (root / "tables" / "thornwood-day.yaml").write_text(TABLE, "utf-8")
    (root / "sessions" / "05.yaml").write_text(SESSION, "utf-8")
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.items]
    assert not diags.errors
    chronicle, rdiags = replay(campaign)
    assert not rdiags.errors, [d.format() for d in rdiags.errors]
    data = chronicle.to_json()
    watches = data["sessions"][0]["watches"]
    # every entry but note, reveal and use is one watch
    assert [w["activity"] for w in watches] == [
        "travel", "travel", "travel", "travel", "rest", "camp", "search", "reorient",
        "encounter", "chase"]
    assert data["sessions"][0]["start"] == {"hex": "0304", "day": 1, "watch": 2}
    first = watches[0]["rolls"][0]
    assert (first["purpose"], first["natural"], first["recorded"]) == ("navigation", 14, True)
    # Aria: Survival +6, compass +2, Knowledge +2: 14 + 10 = 24 vs dense forest 18 + 2 - 4
    assert (first["total"], first["target"]) == (24, 16)
    assert "thornfold-mill" in chronicle.discovered
    assert chronicle.resources["debt-of-kessa"].history[-1].reason == "use"
