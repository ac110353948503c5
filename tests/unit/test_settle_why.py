"""``hexcrawl settle``'s reasons (generator.replay.settle_why): when no dice of an entry give
what its ``expect:`` says, the rule of rules.md that stands in the way, in the words the GM
reads in ``settle``'s report. First the rules no dice can get past (named without a search),
then what the search's replays came closest to.

Unless said otherwise: one member (Aria, Survival +3), d20 checks, plains, starting in 0505
(tests/replay_helpers.py). A ``travel: {toward: "0505"}`` from 0505 is a watch that neither
moves nor makes a navigation check (rules.md section 4): with its encounter die recorded it
has no die to change, so the search replays it once.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from generator.cli.settle import report_line
from generator.content.loader import load_campaign
from generator.i18n import Translator
from generator.replay.settle import Settlement, settle

from replay_helpers import make_campaign

ROAD = {"kings-road": {"kind": "road", "hexes": ["0505", "0504", "0503", "0502"]}}
GOOD_TRAIL = {"deer-trail": {"kind": "trail", "condition": "good",
                             "hexes": ["0505", "0504", "0503", "0502"]}}
POOR_TRAIL = {"goat-trail": {"kind": "trail", "condition": "poor",
                             "hexes": ["0505", "0504", "0503", "0502"]}}
#: lost heading N (veer 8: one face right, into 0604), and aware of it
LOST = {"travel": {"heading": "N"},
        "rolls": {"navigation": 2, "veer": 8, "realise": 19, "encounter": [5]}}
STAY_PUT = {"travel": {"toward": "0505"}, "rolls": {"encounter": [5]}}


def location(lid: str, hex_: str, visibility: str = "hidden") -> str:
    return (f"---\nid: {lid}\nname: The {lid.title()}\nhex: \"{hex_}\"\n"
            f"visibility: {visibility}\n---\n")


def settled(tmp_path: Path, log: list[dict[str, Any]], **kw: Any) -> Settlement:
    """The one settlement of the log's last entry (its ``expect:`` unmet), searched with a
    budget of 30 replays."""
    root = make_campaign(tmp_path, sessions=[{"log": log}], **kw)
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.items]
    (s,) = settle(campaign, budget=30)
    assert not s.settled and s.entry == len(log) - 1
    return s


def why(s: Settlement) -> list[str]:
    """The reasons of settle's report line, as the GM reads them (English)."""
    line = report_line(Translator("en"), s)
    found = re.search(r"the replay has .*?; (.*)\. If that is what the table decided", line)
    assert found, line
    text = found.group(1)
    prefix = "gave up after "
    if text.startswith(prefix):
        text = text.split("the closest it came: ", 1)[1]
    return text.split("; ")


# -- named without a search: the expectation against the rules (rules.md sections 4 and 5) ---

@pytest.mark.parametrize("path", [ROAD, GOOD_TRAIL], ids=["road", "good trail"])
def test_following_a_road_cannot_get_the_party_lost(tmp_path: Path,
                                                    path: dict[str, Any]) -> None:
    (pid,) = path
    s = settled(tmp_path, [{"travel": {"follow": pid}, "expect": {"lost": True}}], paths=path)
    assert s.tried == 0
    assert why(s) == ["a party that follows a path or heads for a landmark makes no "
                      "navigation check, so it cannot get lost"]


def test_heading_for_a_landmark_cannot_get_the_party_lost(tmp_path: Path) -> None:
    s = settled(tmp_path, [{"travel": {"landmark": "0503"}, "expect": {"lost": True}}])
    assert s.tried == 0
    assert why(s) == ["a party that follows a path or heads for a landmark makes no "
                      "navigation check, so it cannot get lost"]


def test_a_poor_trail_needs_a_navigation_check_so_it_is_searched(tmp_path: Path) -> None:
    """rules.md section 5: a poor trail is followed with a navigation check (the seeded die
    of campaign seed 7 fails it), so the party may stay on course: the search finds the
    navigation die that does it, where a road would be ruled out."""
    root = make_campaign(tmp_path, paths=POOR_TRAIL, sessions=[{"log": [
        {"travel": {"follow": "goat-trail"}, "rolls": {"encounter": [5]},
         "expect": {"lost": False}}]}])
    campaign, _ = load_campaign(root)
    assert campaign is not None
    (s,) = settle(campaign, budget=30)
    assert s.settled and [c.purpose for c in s.changes] == ["navigation"]


def test_re_orienting_is_searched_for_the_die_that_ends_the_lost_state(tmp_path: Path) -> None:
    """rules.md section 5: a new course is a check (the navigation DC + 10), so a lost party
    may stop being lost in it: no rule is named, the search finds the die that does it."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        LOST, {"reorient": {"method": "new_course"}, "rolls": {"encounter": [5]},
               "expect": {"lost": False}}]}])
    campaign, _ = load_campaign(root)
    assert campaign is not None
    (s,) = settle(campaign, budget=30)
    assert s.settled and [c.purpose for c in s.changes] == ["reorient"]


def test_a_party_with_a_compass_does_not_veer(tmp_path: Path) -> None:
    s = settled(tmp_path, [{"travel": {"heading": "N"}, "expect": {"veer": 1}}],
                gear=["compass"])
    assert s.tried == 0
    assert why(s) == ["a party with a compass does not veer: it holds its course"]


def test_a_rest_keeps_the_veer_the_party_had(tmp_path: Path) -> None:
    """Veer 8 is one face right; a rest after it keeps 1, so a rest cannot have veer 0."""
    s = settled(tmp_path, [LOST, {"rest": {}, "expect": {"veer": 0}}])
    assert s.tried == 0
    assert why(s) == ["a party that does not travel keeps its veer (1)"]


def test_a_lost_party_that_rests_stays_lost(tmp_path: Path) -> None:
    s = settled(tmp_path, [LOST, {"rest": {}, "expect": {"lost": False}}])
    assert s.tried == 0
    assert why(s) == ["a lost party stays lost until it re-orients, follows a path or heads "
                      "for a landmark"]


def test_a_rest_cannot_get_the_party_lost(tmp_path: Path) -> None:
    s = settled(tmp_path, [{"rest": {}, "expect": {"lost": True}}])
    assert s.tried == 0
    assert why(s) == ["a party that does not travel makes no navigation check, so it cannot "
                      "get lost in this watch"]


def test_a_rest_stays_in_its_hex(tmp_path: Path) -> None:
    s = settled(tmp_path, [{"rest": {}, "expect": {"hex": "0606"}}])
    assert s.tried == 0
    assert why(s) == ["a party that does not travel stays in 0505"]


def test_a_party_not_lost_cannot_know_it_is_lost(tmp_path: Path) -> None:
    s = settled(tmp_path, [{"rest": {}, "rolls": {"encounter": [5]},
                            "expect": {"lost": False, "knows_lost": True}}])
    assert s.tried == 0
    assert why(s) == ["a party that is not lost cannot know it is lost"]


def test_found_lists_only_the_places_first_found_in_the_watch(tmp_path: Path) -> None:
    s = settled(tmp_path, [{"reveal": ["well"]},
                           {"rest": {}, "expect": {"found": ["well"]}}],
                locations={"well": location("well", "0505")})
    assert s.tried == 0
    assert why(s) == ["The Well was found before this watch, and 'found:' lists only the "
                      "places first found in it"]


# -- after the search: the closest the replays came ------------------------------------------

def test_a_hex_farther_than_any_replay_goes_is_named_with_its_distance(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"hex": "0705"}}])
    assert not s.gave_up
    assert why(s) == ["0705 is 2 hexes from 0505, where the watch starts, and no dice of this "
                      "entry take the party farther than 0"]


def test_a_hex_next_to_the_start_beyond_reach_is_one_hex(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"hex": "0504"}}])
    assert why(s) == ["0504 is 1 hex from 0505, where the watch starts, and no dice of this "
                      "entry take the party farther than 0"]


def test_a_hex_within_reach_that_no_replay_ends_in(tmp_path: Path) -> None:
    """Heading N moves the party one hex north (or veered): never back south into 0506."""
    s = settled(tmp_path, [{"travel": {"heading": "N"}, "rolls": {"encounter": [5]},
                            "expect": {"hex": "0506"}}])
    assert s.tried > 0
    assert why(s) == ["no dice of this entry end the watch in 0506"]


def test_a_place_a_hex_away_from_where_the_watch_ends(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"found": ["tower"]}}],
                locations={"tower": location("tower", "0504")})
    assert why(s) == ["The Tower is 1 hex from where the watch ends"]


def test_a_place_hexes_away_from_where_the_watch_ends(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"found": ["tower"]}}],
                locations={"tower": location("tower", "0503")})
    assert why(s) == ["The Tower is 2 hexes from where the watch ends"]


def test_a_watch_that_must_enter_no_hex_where_every_replay_moves(tmp_path: Path) -> None:
    """``entered: []``: the party stays put; heading N always crosses into a hex."""
    s = settled(tmp_path, [{"travel": {"heading": "N"}, "rolls": {"encounter": [5]},
                            "expect": {"entered": []}}])
    assert why(s) == ["no dice of this entry take the party through -"]


def test_a_place_a_replay_finds_is_passed_over_for_the_next(tmp_path: Path) -> None:
    """rules.md section 6: a visible place is found by a party in its hex; of ``found: [well,
    tower]`` only the tower, a hex away and hidden, stands in the way."""
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"found": ["well", "tower"]}}],
                locations={"well": location("well", "0505", "visible"),
                           "tower": location("tower", "0504")})
    assert s.wanted == ["found: [well, tower]"] and s.got == ["found: [well]"]
    assert why(s) == ["The Tower is 1 hex from where the watch ends"]


def test_a_place_in_the_hex_where_the_watch_ends_but_never_found(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"found": ["well"]}}],
                locations={"well": location("well", "0505")})
    assert why(s) == ["no dice of this entry find The Well, even where the party reaches "
                      "its hex"]


def test_a_believed_hex_and_hexes_entered_that_no_replay_gives(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"believed": "0707",
                                                    "entered": ["0504", "0503"]}}])
    assert why(s) == ["no dice of this entry make the party believe it is in 0707",
                      "no dice of this entry take the party through 0504, 0503"]


def test_a_veer_of_a_party_no_dice_get_lost(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"veer": 1}}])
    assert why(s) == ["a party that is not lost cannot veer, and no dice of this entry get "
                      "it lost", "no dice of this entry give a veer of 1"]


def test_lost_and_aware_where_no_dice_get_the_party_lost(tmp_path: Path) -> None:
    s = settled(tmp_path, [{**STAY_PUT, "expect": {"lost": True, "knows_lost": True}}])
    assert why(s) == ["no dice of this entry get the party lost",
                      "no dice of this entry let the party realise it is lost"]


def test_a_lost_party_heading_on_stays_lost_whatever_the_dice(tmp_path: Path) -> None:
    """rules.md section 5: heading on makes no re-orientation; the search finds no dice that
    end the lost state."""
    s = settled(tmp_path, [LOST, {"travel": {"heading": "N"}, "rolls": {"encounter": [5]},
                                  "expect": {"lost": False}}])
    assert s.tried > 0
    assert why(s) == ["a lost party stays lost until it re-orients, follows a path or heads "
                      "for a landmark"]


def test_an_expectation_no_rule_names_gets_the_plain_answer(tmp_path: Path) -> None:
    """Nothing in rules.md makes a party that knows it is lost forget it in a rest: no rule
    is named, only that no dice do it."""
    s = settled(tmp_path, [LOST, {"rest": {}, "expect": {"knows_lost": False}}])
    assert why(s) == ["no dice of this entry make the watch turn out as expected"]
