"""How the players know a hex (``Chronicle.known_how``): the GM's hex key says explored,
seen from afar or revealed; a players' location page shows its hex, linked to it on the map,
only when the party knows that hex (docs/sites.md, "Locations" and "The GM's hex key").

One small campaign: the party starts in 0505, walks N into 0504 and sights the visible tor
in 0502 from two hexes away (seen); the GM reveals 0909 and the hideout in 0101 (revealed)
and 0505, which the party knows better already; the party gets lost heading N into 0603
and sights the beacon in 0703 while lost: found, but its hex stays unknown while the party
does not know where it is.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any, Literal

import pytest

from generator.content.loader import load_campaign
from generator.i18n import Translator
from generator.knowledge import view_for
from generator.render.pages import render_docs
from generator.replay import replay
from generator.rules.chronicle import KNOWN_HOW, Chronicle

from replay_helpers import make_campaign

LOCATION = """---
id: {id}
name: {name}
hex: "{hex}"
visibility: {visibility}
visible_from: {seen}
---
{name} stands here.
"""

LOCATIONS = {
    "tor": LOCATION.format(id="tor", name="The Tor", hex="0502", visibility="visible", seen=2),
    "hideout": LOCATION.format(id="hideout", name="The Hideout", hex="0101",
                               visibility="normal", seen=0),
    "beacon": LOCATION.format(id="beacon", name="The Beacon", hex="0703",
                              visibility="visible", seen=1),
}

LOG: list[dict[str, Any]] = [
    {"reveal": ["0504"]},
    {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [5]}},
    {"reveal": ["0909", "hideout", "0505", "0502"]},
    {"travel": {"heading": "N"},
     "rolls": {"navigation": 2, "veer": 9, "realise": 2, "encounter": [5]}},
]

STATUS = ("explored by the players", "seen from afar by the players",
          "revealed to the players", "unknown to the players")


def campaign_at(root: Path, *, labels: bool = False,
                sessions: list[dict[str, Any]] | None = None) -> Any:
    make_campaign(root, sessions=sessions or [{"log": LOG}], locations=LOCATIONS,
                  hexes={"0909": {"terrain": "plains", "name": "Far Field"}},
                  campaign={"map": {"columns": 10, "rows": 10, "player_labels": labels}})
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.items]
    return campaign


def replayed(root: Path, **kw: Any) -> tuple[Any, Chronicle]:
    campaign = campaign_at(root, **kw)
    chronicle, diags = replay(campaign)
    assert not diags.has_errors()
    return campaign, chronicle


def docs(campaign: Any, chronicle: Chronicle, audience: Literal["players", "gm"],
         ) -> dict[str, str]:
    return render_docs(view_for(campaign, chronicle, audience)).files


def test_the_chronicle_records_how_the_players_know_each_hex(tmp_path: Path) -> None:
    _, chronicle = replayed(tmp_path / "c")
    assert set(chronicle.discovered) == {"tor", "hideout", "beacon"}
    assert chronicle.known_how == {
        "0505": "explored",   # the start, revealed later: the stronger way stays
        "0504": "explored",   # revealed first, then entered
        "0502": "seen",       # the tor, from two hexes away; revealed later
        "0909": "revealed", "0101": "revealed",
    }
    # explored keeps its meaning: every hex the players know, however they know it
    assert chronicle.explored == set(chronicle.known_how)
    assert "0703" not in chronicle.explored and "0603" not in chronicle.explored
    assert chronicle.how_known("0703") is None
    assert KNOWN_HOW == ("explored", "seen", "revealed")
    # hexcrawl replay --json gives the same, by label
    assert json.loads(json.dumps(chronicle.to_json(), default=str))["known_hexes"] == {
        "0101": "revealed", "0502": "seen", "0504": "explored", "0505": "explored",
        "0909": "revealed"}


def test_hexes_crossed_and_seen_while_lost_count_once_the_party_knows_where_it_is(
        tmp_path: Path) -> None:
    """A new session starting the party afresh in 0603 flushes what it crossed and found
    while lost: 0603 explored, the beacon's hex seen."""
    _, chronicle = replayed(tmp_path / "c", sessions=[
        {"log": LOG}, {"party": {"start": "0603"}, "log": [{"note": "Found our bearings."}]}])
    assert chronicle.how_known("0603") == "explored"
    assert chronicle.how_known("0703") == "seen"


def test_the_strongest_way_to_know_a_hex_stays() -> None:
    chronicle = Chronicle("x")
    chronicle.know("0101", "explored")
    assert chronicle.how_known("0101") == "explored" and "0101" in chronicle.explored
    chronicle.know("0202", "revealed")
    chronicle.know("0202", "seen")
    chronicle.know("0202", "revealed")
    assert chronicle.how_known("0202") == "seen"


@pytest.mark.parametrize(("labels", "text"), [(False, "On the map"),
                                              (True, "Hex 0502 on the map")])
def test_a_found_locations_page_links_its_hex_on_the_map(tmp_path: Path, labels: bool,
                                                         text: str) -> None:
    campaign, chronicle = replayed(tmp_path / "c", labels=labels)
    page = docs(campaign, chronicle, "players")["locations/tor.md"]
    assert f"[{text}](../map.md#map-0502)" in page
    # the revealed hideout's hex is known too
    hideout = docs(campaign, chronicle, "players")["locations/hideout.md"]
    assert "](../map.md#map-0101)" in hideout


@pytest.mark.parametrize("labels", [False, True])
def test_a_location_whose_hex_is_unknown_shows_no_hex(tmp_path: Path, labels: bool) -> None:
    """The beacon, sighted while lost: its page is there, without its hex or a map link."""
    campaign, chronicle = replayed(tmp_path / "c", labels=labels)
    files = docs(campaign, chronicle, "players")
    page = files["locations/beacon.md"]
    assert "The Beacon stands here." in page
    assert "0703" not in page and "map.md" not in page and "On the map" not in page


def test_the_gm_hex_key_says_how_the_players_know_each_hex(tmp_path: Path) -> None:
    campaign, chronicle = replayed(tmp_path / "c")
    key = "\n".join(text for path, text in docs(campaign, chronicle, "gm").items()
                    if path.startswith("hex-key/"))

    def row(label: str) -> str:
        found = re.search(rf'^\| <a id="hex-{label}"></a>{label} \|.*$', key, re.M)
        assert found, label
        return found.group(0)

    def entry(heading: str) -> str:
        """The line under a hex's own entry (a named hex, a location's)."""
        return key[key.index(f"## {heading} {{ #hex-"):].split("\n\n")[1]

    assert row("0505").endswith("| explored by the players |")
    assert row("0504").endswith("| explored by the players |")
    assert row("0603").endswith("|  |")
    assert entry("0502") == "*Plains* · seen from afar by the players"
    assert entry("0101") == "*Plains* · revealed to the players"
    assert entry("0909 · Far Field") == "*Plains* · revealed to the players"
    assert entry("0703") == "*Plains* · unknown to the players"


def test_the_hex_key_speaks_the_campaigns_language(tmp_path: Path) -> None:
    campaign, chronicle = replayed(tmp_path / "c")
    campaign = dataclasses.replace(campaign, language="ru")
    key = "\n".join(text for path, text in docs(campaign, chronicle, "gm").items()
                    if path.startswith("hex-key/"))
    t = Translator("ru")
    assert t.gettext("seen from afar by the players") != "seen from afar by the players"
    assert t.gettext("seen from afar by the players") in key
    assert t.gettext("revealed to the players") in key


def test_the_players_build_holds_only_the_hexes_they_know_and_no_status(
        tmp_path: Path) -> None:
    campaign, chronicle = replayed(tmp_path / "c", labels=True)
    view = view_for(campaign, chronicle, "players")
    assert set(view.hexes) == chronicle.explored
    files = docs(campaign, chronicle, "players")
    # the index of places names the hexes the party knows, linked on the map
    assert "| [The Tor](tor.md) | [0502](../map.md#map-0502) |" in files["locations/index.md"]
    assert "| [The Beacon](beacon.md) |  |" in files["locations/index.md"]
    for path, text in files.items():
        for status in STATUS:
            assert status not in text, (path, status)
        # the hexes the party crossed or sighted while lost are nowhere
        for label in ("0603", "0703"):
            assert f"map-{label}" not in text and f"hex-{label}" not in text, (path, label)
            if path.endswith(".md"):
                assert label not in text, (path, label)


def test_the_gm_location_page_links_its_hex_on_the_map_whoever_knows_it(
        tmp_path: Path) -> None:
    """The GM's page of a location links its hex in the hex key and on the map, known to
    the players or not."""
    campaign, chronicle = replayed(tmp_path / "c")
    gm = docs(campaign, chronicle, "gm")
    for lid, label in (("tor", "0502"), ("beacon", "0703"), ("hideout", "0101")):
        page = gm[f"locations/{lid}.md"]
        assert f"#hex-{label})" in page
        assert f"[On the map](../map.md#map-{label})" in page
