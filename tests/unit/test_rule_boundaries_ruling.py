"""Format.md "Rulings" at its edges: the errors the GM reads (a hex with no terrain, the
reason a party is not lost), the lost party set down in a new hex (its tracks start there),
the places found while lost reaching the players' map once the party knows where it is, and a
ruling's find counting once towards a familiar place (rules.md section 6: found twice)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.rules.chronicle import Chronicle

from replay_helpers import make_campaign, run, watches

CHAPEL = "---\nname: Grey Chapel\nhex: \"0808\"\n---\nA roofless chapel.\n"
CAIRN = "---\nname: Old Cairn\nhex: \"0303\"\n---\nStones piled high.\n"
#: no navigation check fails, no encounter comes up
CALM = {"navigation": 19, "encounter": [5]}


def replayed(tmp_path: Path, log: list[Any]) -> tuple[Chronicle, list[str], Path]:
    root = make_campaign(tmp_path, sessions=[{"log": log}],
                         locations={"chapel": CHAPEL, "cairn": CAIRN})
    ch, diags = run(root)
    return ch, [d.format() for d in diags.items], root


def test_a_ruling_into_a_hex_with_no_terrain_is_an_error_at_its_hex(tmp_path: Path) -> None:
    """Only 0505 has a terrain: the ruling's hex 0808 is refused at ``hex:``, and the party
    stays where it was."""
    root = make_campaign(tmp_path, sessions=[{"log": [{"ruling": {"hex": "0808"}}]}])
    (root / "hexes" / "map.yaml").write_text(yaml.safe_dump({"0505": {"terrain": "plains"}}),
                                             "utf-8")
    ch, diags = run(root)
    path = root / "sessions" / "01.yaml"
    (line,) = [n for n, text in enumerate(path.read_text("utf-8").splitlines(), 1)
               if "hex:" in text]
    assert [d.format() for d in diags.items] == [
        f"{path}:{line}:10: error: hex '0808' has no terrain: give it an entry in hexes/ or set "
        "default_terrain in campaign.yaml"]
    assert ch.sessions[0].end.hex == "0505" and ch.sessions[0].rulings == []


def test_knows_lost_for_a_party_that_is_not_lost_says_which_key_makes_it_not_lost(
        tmp_path: Path) -> None:
    """``lost: false`` on the same ruling is the reason when it is given; otherwise the party
    is not lost at that point of the log."""
    _, diags, _ = replayed(tmp_path, [{"ruling": {"lost": False, "knows_lost": True}},
                                      {"ruling": {"knows_lost": True}}])
    assert [d.split(": error: ", 1)[1] for d in diags] == [
        "knows_lost: true, but lost: false: a party that is not lost cannot know it is lost "
        "(add lost: true, or drop knows_lost)",
        "knows_lost: true, but the party is not lost at this point of the log: a party that is "
        "not lost cannot know it is lost (add lost: true, or drop knows_lost)"]


def test_a_lost_party_set_down_in_a_new_hex_retraces_its_tracks_to_there(
        tmp_path: Path) -> None:
    """Lost in 0505, then set down in 0808 (still lost, unaware): its tracks start in 0808. It
    wanders N into 0807 and does not realise; backtracking retraces it to 0808, where it
    went astray, and it knows where it is again. It never walks back to 0505."""
    ch, diags, _ = replayed(tmp_path, [
        {"ruling": {"lost": True}},
        {"ruling": {"hex": "0808"}},
        {"travel": {"heading": "N"}, "rolls": {"encounter": [5], "realise": 1}},
        {"reorient": {"method": "backtrack"}, "rolls": {"encounter": [5], "backtrack": 20}},
    ])
    assert diags == []
    travel, back = watches(ch)
    assert (travel["start_hex"], travel["end_hex"], travel["lost"]) == ("0808", "0807", True)
    assert (back["hexes_entered"], back["end_hex"]) == (["0808"], "0808")
    assert back["summary"] == ("Retracing its tracks: 3 miles. The party is back where it went "
                               "astray, and knows it.")
    assert ch.sessions[0].end.hex == "0808" and not ch.sessions[0].end.lost


def test_a_place_found_while_lost_reaches_the_players_map_when_a_ruling_ends_it(
        tmp_path: Path) -> None:
    """Set down lost in 0808, the party finds the cairn (0303): the players' map does not show
    it while they are lost; ``lost: false`` puts it there (seen)."""
    lost = [{"ruling": {"hex": "0808", "lost": True, "found": ["cairn"]}},
            {"rest": {}, "rolls": {"encounter": [5]}}]
    ch, diags, _ = replayed(tmp_path / "lost", lost)
    assert diags == [] and ch.discovered["cairn"] == (1, 0)
    assert ch.how_known("0303") is None and ch.how_known("0808") is None
    ch, diags, _ = replayed(tmp_path / "found", [*lost, {"ruling": {"lost": False}}])
    assert diags == []
    assert (ch.how_known("0303"), ch.how_known("0808")) == ("seen", "explored")


def test_a_rulings_find_counts_once_towards_a_familiar_place(tmp_path: Path) -> None:
    """Rules.md section 6: a place found twice before is found on entering its hex. One
    ruling's find is once: back in 0808, the chapel is not found again on entering; found by
    rulings on two visits, it is."""
    there_and_back = [{"travel": {"heading": "N"}, "rolls": CALM},
                      {"travel": {"heading": "S"}, "rolls": CALM}]
    ch, diags, _ = replayed(tmp_path / "once", [
        {"ruling": {"hex": "0808", "found": ["chapel"]}}, *there_and_back])
    assert diags == []
    out, back = watches(ch)
    assert (out["end_hex"], back["end_hex"]) == ("0807", "0808")
    assert "Grey Chapel" not in back["summary"]
    ch, diags, _ = replayed(tmp_path / "twice", [
        {"ruling": {"hex": "0808", "found": ["chapel"]}},
        {"travel": {"heading": "N"}, "rolls": CALM},
        {"ruling": {"hex": "0808", "found": ["chapel"]}}, *there_and_back])
    back = watches(ch)[-1]
    assert back["end_hex"] == "0808"
    assert "Came upon Grey Chapel again (familiar)." in back["summary"]


def test_a_ruling_that_sets_nothing_or_records_dice_is_warned(tmp_path: Path) -> None:
    """An empty ruling and a ruling's ``rolls:`` are warnings, each in its own words; the
    ruling with dice still sets its hex."""
    ch, diags, _ = replayed(tmp_path, [
        {"ruling": {}},
        {"ruling": {"hex": "0606"}, "rolls": {"navigation": 12}},
    ])
    assert [d.split(": warning: ", 1)[1] for d in diags] == [
        "this ruling sets nothing (give hex, believed, lost, knows_lost or found)",
        "a ruling rolls no dice: its rolls: are never used (the table's word stands for them)"]
    assert ch.sessions[0].end.hex == "0606"
