"""The rules' edges through the replay: each test sets a recorded die one step either side of
a rule's threshold (a DC, a die range, a percentage) and checks what the GM's log shows.

Unless said otherwise: one member of speed 30 ft (3 mph), Survival +3, d20 checks, plains,
actual distance off, starting inside 0505 (tests/replay_helpers.py). Heading N across the
plains the navigation DC is 12 + 2 (trackless) = 14 (docs/rules.md section 5).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from generator.content.loader import load_campaign
from generator.content.schema import all_schemas
from generator.replay import replay

from replay_helpers import make_campaign, rolls_of, run, watches


def one_watch(tmp_path: Path, entry: dict[str, Any], **kw: Any) -> dict[str, Any]:
    root = make_campaign(tmp_path, sessions=[{"log": [entry]}], **kw)
    return watches(run(root)[0])[0]


def heading_north(rolls: dict[str, Any]) -> dict[str, Any]:
    return {"travel": {"heading": "N"}, "rolls": {"encounter": [5], **rolls}}


# -- rules.md section 5: d20 + Survival >= DC succeeds ------------------------------------------

def test_navigation_total_equal_to_the_dc_keeps_the_party_on_course(tmp_path: Path) -> None:
    """11 + 3 = 14 against DC 14: success, straight north into 0504."""
    w = one_watch(tmp_path, heading_north({"navigation": 11}))
    nav = rolls_of(w, "navigation")[0]
    assert (nav["target"], nav["total"], nav["outcome"]) == (14, 14, "success")
    assert not w["lost"] and w["hexes_entered"] == ["0504"]


def test_navigation_total_one_under_the_dc_gets_the_party_lost(tmp_path: Path) -> None:
    """10 + 3 = 13 against DC 14: lost, and the veer die is rolled."""
    w = one_watch(tmp_path, heading_north({"navigation": 10, "veer": 5, "realise": 2}))
    assert rolls_of(w, "navigation")[0]["outcome"] == "failure"
    assert w["lost"] and not w["knows_lost"]
    assert [r["natural"] for r in rolls_of(w, "veer")] == [5]


# -- rules.md section 5: veer 1-4 one face left, 5-6 none, 7-10 one face right -----------------

@pytest.mark.parametrize(("veer", "faces", "exit_face"), [
    (1, -1, "NW"), (4, -1, "NW"), (5, 0, "N"), (6, 0, "N"), (7, 1, "NE"), (10, 1, "NE"),
])
def test_a_lost_party_leaves_by_the_face_its_veer_die_gives(
        tmp_path: Path, veer: int, faces: int, exit_face: str) -> None:
    w = one_watch(tmp_path, heading_north({"navigation": 2, "veer": veer, "realise": 2}))
    assert w["lost"] and w["veer"] == faces
    assert w["exit_face"] == exit_face


def test_a_first_failure_logs_the_veer_taken(tmp_path: Path) -> None:
    w = one_watch(tmp_path, heading_north({"navigation": 2, "veer": 4, "realise": 2}))
    assert rolls_of(w, "veer")[0]["outcome"] == "1 face left"
    assert "Lost; veers 1 face left." in w["summary"]


def lost_then(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """Lost heading N (veer 8: one face right, into 0604), aware of it, then ``entry``."""
    return [{"travel": {"heading": "N"},
             "rolls": {"navigation": 2, "veer": 8, "realise": 19, "encounter": [5]}},
            entry]


def second_watch(tmp_path: Path, entry: dict[str, Any]) -> dict[str, Any]:
    root = make_campaign(tmp_path, sessions=[{"log": lost_then(entry)}])
    return watches(run(root)[0])[1]


# -- rules.md section 5, re-orienting: north DC 12, a new course DC + 10, backtrack 75 % -------

def test_reorient_north_total_twelve_finds_true_north(tmp_path: Path) -> None:
    w = second_watch(tmp_path, {"reorient": {"method": "north"},
                                "rolls": {"north": 9, "encounter": [5]}})
    north = rolls_of(w, "north")[0]
    assert (north["target"], north["total"], north["outcome"]) == (12, 12, "success")
    assert w["veer"] == 0 and rolls_of(w, "north_face") == []
    assert w["summary"].endswith("True north found: the party can hold a course again.")


@pytest.mark.parametrize(("face", "veer"), [(1, 0), (2, 1), (3, 2), (4, 3), (5, -2), (6, -1)])
def test_reorient_north_total_eleven_takes_the_d6_face_for_north(
        tmp_path: Path, face: int, veer: int) -> None:
    w = second_watch(tmp_path, {"reorient": {"method": "north"},
                                "rolls": {"north": 8, "north_face": face, "encounter": [5]}})
    assert rolls_of(w, "north")[0]["outcome"] == "failure"
    assert w["veer"] == veer and w["lost"]
    (taken,) = rolls_of(w, "north_face")
    assert (taken["dice"], taken["natural"], taken["recorded"]) == ("1d6", face, True)
    assert taken["detail"] == "the face the party takes for north"
    believed_north = ["N", "NE", "SE", "S", "SW", "NW"][veer % 6]
    assert w["summary"].endswith(f"The party mistakes {believed_north} for north.")


@pytest.mark.parametrize(("die", "outcome"), [(19, "success"), (18, "failure")])
def test_new_course_needs_the_navigation_dc_plus_ten(
        tmp_path: Path, die: int, outcome: str) -> None:
    """In 0604 (plains, trackless: 14) a new course needs 24; Survival +5: 19 + 5 = 24
    re-anchors, 18 + 5 = 23 leaves the party lost again with a fresh veer, unaware."""
    root = make_campaign(tmp_path, members=[{"name": "Aria", "speed": 30, "survival": 5}],
                         sessions=[{"log": lost_then(
                             {"reorient": {"method": "new_course"},
                              "rolls": {"reorient": die, "veer": 2, "encounter": [5]}})}])
    w = watches(run(root)[0])[1]
    check = rolls_of(w, "reorient")[0]
    assert (check["target"], check["outcome"]) == (24, outcome)
    if outcome == "success":
        assert not w["lost"] and w["believed_hex"] == w["end_hex"]
        assert w["summary"].endswith("A new course: the party knows where it is again.")
    else:
        assert w["lost"] is True and w["knows_lost"] is False and w["veer"] == -1
        assert rolls_of(w, "veer")[0]["natural"] == 2
        assert w["summary"].endswith("The new course is wrong, and the party does not know it.")


@pytest.mark.parametrize(("misjudge", "knows_lost"), [(75, False), (76, True)])
def test_backtrack_failure_misjudges_on_one_to_seventy_five(
        tmp_path: Path, misjudge: int, knows_lost: bool) -> None:
    """A failed backtrack while still off course: 1-75 it wrongly believes it is back on
    course (unaware), 76-100 it rightly believes it is still off course."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 8, "realise": 2,
                                               "encounter": [5]}},
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "realise": 19,
                                               "encounter": [5]}},
        {"reorient": {"method": "backtrack"},
         "rolls": {"backtrack": 2, "misjudge": misjudge, "encounter": [5]}},
    ]}])
    w = watches(run(root)[0])[2]
    assert w["lost"] and w["knows_lost"] is knows_lost
    outcome = "misjudges" if misjudge <= 75 else "judges rightly"
    (roll,) = rolls_of(w, "misjudge")
    assert (roll["outcome"], roll["detail"]) == (outcome, "1-75 misjudges")
    assert w["summary"].endswith("The party wrongly believes it is back on course."
                                 if misjudge <= 75 else
                                 "The party believes it is still off course.")


# -- rules.md section 3: the forced march, hour 9 at DC 10 --------------------------------------

def marching(watches_of_travel: int, march: list[int]) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = [
        {"travel": {"heading": "S"}, "rolls": {"navigation": 19, "encounter": [5]}}
        for _ in range(watches_of_travel)]
    log[-1]["rolls"] = {**log[-1]["rolls"], "march": march, "march_damage": [3]}
    return log


def test_eight_hours_of_marching_need_no_check(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, start="0501", sessions=[{"log": marching(2, [])}])
    assert all(rolls_of(w, "march") == [] for w in watches(run(root)[0]))


def test_the_ninth_hour_is_a_dc_ten_constitution_check(tmp_path: Path) -> None:
    """Con +1: 9 + 1 = 10 passes hour 9's DC 10; 10 + 1 = 11 fails hour 10's DC 12 and
    deals the 1d6 (3) as nonlethal."""
    root = make_campaign(tmp_path, start="0501", sessions=[{"log": marching(3, [9, 10])}])
    w = watches(run(root)[0])[2]
    march = rolls_of(w, "march")
    assert [(r["target"], r["total"], r["outcome"]) for r in march[:2]] == [
        (10, 10, "success"), (12, 11, "failure")]
    assert [r["natural"] for r in rolls_of(w, "march_damage")][:1] == [3]
    assert "Forced march, hour 10: Aria takes 3 nonlethal (fatigued)." in w["summary"]


# -- rules.md section 6: encounters ------------------------------------------------------------

@pytest.mark.parametrize(("cautious", "cancelled"), [(50, True), (51, False)])
def test_cautious_cancels_a_wandering_encounter_on_one_to_fifty(
        tmp_path: Path, cautious: int, cancelled: bool) -> None:
    w = one_watch(tmp_path, {"travel": {"heading": "N", "mode": ["cautious"]},
                             "rolls": {"navigation": 19, "encounter": [1],
                                       "cautious": cautious}})
    (enc,) = w["encounters"]
    assert enc["kind"] == "wandering" and bool(enc.get("cancelled")) is cancelled


@pytest.mark.parametrize(("die", "kind"), [(1, "wandering"), (2, None), (11, None)])
def test_a_d12_encounter_check_is_wandering_on_one_only(
        tmp_path: Path, die: int, kind: str | None) -> None:
    w = one_watch(tmp_path, {"rest": {}, "rolls": {"encounter": [die]}})
    assert [e["kind"] for e in w["encounters"]] == ([kind] if kind else [])


@pytest.mark.parametrize(("die", "wandering"), [(2, True), (3, False)])
def test_two_in_d8_wanders_on_one_and_two(tmp_path: Path, die: int, wandering: bool) -> None:
    w = one_watch(tmp_path, {"rest": {}, "rolls": {"encounter": [die]}},
                  rules={"encounter_check": "2 in d8"})
    assert bool(w["encounters"]) is wandering
    assert rolls_of(w, "encounter")[0]["dice"] == "1d8"


# -- rules.md section 7: foraging against the forage DC, +2 in poor visibility, once a day -----

def test_forage_total_equal_to_the_dc_feeds_one(tmp_path: Path) -> None:
    """Plains forage DC 12: 9 + 3 = 12 feeds one."""
    w = one_watch(tmp_path, {"camp": {"forage": True},
                             "rolls": {"forage": 9, "encounter": [5]}})
    forage = rolls_of(w, "forage")[0]
    assert (forage["target"], forage["total"], forage["outcome"]) == (12, 12, "success")
    assert "Foraging feeds 1 for a day." in w["summary"]


def test_forage_in_poor_visibility_is_two_harder(tmp_path: Path) -> None:
    w = one_watch(tmp_path, {"travel": {"heading": "N", "mode": ["foraging"], "visibility": "poor"},
                             "rolls": {"navigation": 19, "forage": 10, "encounter": [5]}})
    forage = rolls_of(w, "forage")[0]
    assert (forage["target"], forage["total"], forage["outcome"]) == (14, 13, "failure")
    assert "Foraging finds nothing." in w["summary"]


def test_forage_once_a_day(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"camp": {"forage": True}, "rolls": {"forage": 9, "encounter": [5]}},
        {"camp": {"forage": True}, "rolls": {"encounter": [5]}}]}])
    w = watches(run(root)[0])
    assert rolls_of(w[1], "forage") == [] and "Already foraged today." in w[1]["summary"]


# -- rules.md section 5a: a recorded roll the watch never uses is a warning that says why ------

NAV = {"navigation": 19}
UNUSED = [
    ({"rest": {}, "rolls": {"encounter": [5, 6]}}, "encounter roll 6",
     "the watch made 1 encounter check (travel, rest and camp one, exploring and search two, "
     "a search's target one more)"),
    ({"travel": {"heading": "N", "mode": ["exploring"]},
      "rolls": {**NAV, "encounter": [5, 6, 7]}}, "encounter roll 7",
     "the watch made 2 encounter checks (travel, rest and camp one, exploring and search two, "
     "a search's target one more)"),
    ({"travel": {"heading": "N"}, "rolls": {"navigation": [19, 18], "encounter": [5]}},
     "navigation roll 18", "the watch rolled navigation once only"),
    ({"travel": {"heading": "N"}, "rolls": {"navigation": [19, 18, 17], "encounter": [5]}},
     "navigation rolls 18, 17", "the watch rolled navigation once only"),
    ({"travel": {"landmark": "0503"}, "rolls": {**NAV, "encounter": [5]}},
     "navigation roll 19", "a 'landmark' watch needs no navigation check"),
    ({"travel": {"toward": "0505"}, "rolls": {**NAV, "encounter": [5]}},
     "navigation roll 19", "the watch made no navigation check (it started in its target)"),
    ({"travel": {"heading": "N"}, "rolls": {**NAV, "veer": 3, "encounter": [5]}},
     "veer roll 3",
     "the navigation check succeeded: only a party that gets lost rolls the veer"),
    ({"travel": {"landmark": "0503"}, "rolls": {"veer": 3, "encounter": [5]}},
     "veer roll 3", "the watch made no navigation check, so nothing could veer"),
    ({"travel": {"heading": "N"}, "rolls": {**NAV, "distance": 7, "encounter": [5]}},
     "distance roll 7", "campaign.yaml's rules.actual_distance is off"),
    ({"travel": {"heading": "N"}, "rolls": {**NAV, "realise": 7, "encounter": [5]}},
     "realise roll 7", "the party was not lost at the end of the watch"),
    ({"rest": {}, "rolls": {"encounter": [5], "cautious": 20}},
     "cautious roll 20", "the party was not travelling cautiously"),
    ({"travel": {"heading": "N", "mode": ["cautious"]},
      "rolls": {**NAV, "encounter": [5], "cautious": 20}},
     "cautious roll 20", "no wandering encounter came up to cancel"),
    ({"rest": {}, "rolls": {"encounter": [5], "reaction": 7}},
     "reaction roll 7", "no wandering encounter came up"),
    ({"rest": {}, "rolls": {"encounter": [5], "forage": 7}},
     "forage roll 7", "the party was not foraging"),
    ({"rest": {}, "rolls": {"encounter": [5], "march": [7]}},
     "march roll 7", "the party had not marched more than 8 hours since it last slept"),
    ({"rest": {}, "rolls": {"encounter": [5], "north": 7}},
     "north roll 7", "only a 'reorient: {method: north}' watch rolls north"),
    ({"reorient": {"method": "backtrack"}, "rolls": {"encounter": [5], "north_face": 2}},
     "north_face roll 2",
     "only a 'reorient: {method: north}' watch rolls north_face (this one is 'backtrack')"),
    ({"rest": {}, "rolls": {"encounter": [5], "moment": 2}},
     "moment roll 2", "no encounter came up in a watch that crossed hexes (the moment places "
     "one in the hex the party was in at the time)"),
    ({"rest": {}, "rolls": {"encounter": [5], "navigation": 2}},
     "navigation roll 2", "a watch spent on rest rolls no navigation"),
]


@pytest.mark.parametrize(("entry", "rolled", "why"), UNUSED,
                         ids=[f"{i}-{u[1]}" for i, u in enumerate(UNUSED)])
def test_an_unused_recorded_roll_says_why_the_watch_needed_none(
        tmp_path: Path, entry: dict[str, Any], rolled: str, why: str) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [entry]}])
    _, diags = run(root)
    messages = [d.message for d in diags.warnings]
    assert f"recorded {rolled} never used by this watch: {why}" in messages, messages


# -- format.md "Rulings": what a ruling may set, and what it may not -----------------------------

def ruling_diags(tmp_path: Path, log: list[dict[str, Any]]) -> tuple[list[dict[str, Any]],
                                                                     list[str], list[str]]:
    root = make_campaign(tmp_path, sessions=[{"log": log}])
    ch, diags = run(root)
    errors = [d.message for d in diags.items if d.severity == "error"]
    warnings = [d.message for d in diags.items if d.severity == "warning"]
    return watches(ch), errors, warnings


def test_a_ruling_ends_a_lost_state_the_party_knew_of(tmp_path: Path) -> None:
    """Lost and aware of it, then ``lost: false``: the party is found, no error (it no longer
    knows itself lost, since it is not)."""
    w, errors, _ = ruling_diags(tmp_path, lost_then({"ruling": {"lost": False}}) + [
        {"rest": {}, "rolls": {"encounter": [5]}}])
    assert errors == []
    assert w[0]["knows_lost"] and not w[1]["lost"] and not w[1]["knows_lost"]


def test_a_ruling_that_knows_lost_of_a_party_not_lost_names_the_log(tmp_path: Path) -> None:
    _, errors, _ = ruling_diags(tmp_path, [{"ruling": {"knows_lost": True}}])
    assert errors == [
        "knows_lost: true, but the party is not lost at this point of the log: a party that is "
        "not lost cannot know it is lost (add lost: true, or drop knows_lost)"]


def test_a_ruling_that_makes_the_party_lost_leaves_it_unaware(tmp_path: Path) -> None:
    w, errors, _ = ruling_diags(tmp_path, [{"ruling": {"lost": True}},
                                           {"rest": {}, "rolls": {"encounter": [5]}}])
    assert errors == []
    assert w[0]["lost"] and not w[0]["knows_lost"] and w[0]["believed_hex"] == "0505"


def test_a_ruling_with_rolls_warns_that_they_are_never_used(tmp_path: Path) -> None:
    _, errors, warnings = ruling_diags(tmp_path, [{"ruling": {"hex": "0606"},
                                                   "rolls": {"navigation": 3}}])
    assert errors == []
    assert "a ruling rolls no dice: its rolls: are never used (the table's word stands for " \
           "them)" in warnings



def test_a_toward_that_starts_at_its_target_warns_at_its_toward_key(tmp_path: Path) -> None:
    """rules.md section 4: no move and no navigation check; the warning points at the hex the
    log names, where the GM would fix it."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"toward": "0505"}, "rolls": {"encounter": [5]}}]}])
    w, diags = run(root)
    (warning,) = [d for d in diags.items if d.severity == "warning"]
    assert warning.message == "the party is already in 0505, the target: no move and no " \
                              "navigation check"
    line = (root / "sessions" / "01.yaml").read_text("utf-8").splitlines()[warning.pos.line - 1]
    assert line[warning.pos.col - 1:].startswith("'0505'")
    assert watches(w)[0]["miles"] == 0 and rolls_of(watches(w)[0], "navigation") == []


def test_a_ruling_in_replay_json_gives_the_state_before_and_after(tmp_path: Path) -> None:
    """``hexcrawl replay --json``: a ruling's record names the state it changed, key by key
    (the JSON Schema of ``hexcrawl schema`` describes the same keys)."""
    root = make_campaign(tmp_path, sessions=[{"log": lost_then(
        {"ruling": {"hex": "0707", "lost": False, "note": "They found the road"}})}])
    ch, _ = run(root)
    (ruling,) = ch.to_json()["sessions"][0]["rulings"]
    assert ruling == {
        "entry": 1, "follows": 0,
        "before": {"hex": "0604", "believed_hex": None, "lost": True, "knows_lost": True,
                   "veer": 1},
        "after": {"hex": "0707", "believed_hex": "0707", "lost": False, "knows_lost": False,
                  "veer": 0},
        "found": [], "discovered": [], "note": "They found the road"}
    (plain,) = run(make_campaign(tmp_path / "plain", sessions=[{"log": [
        {"ruling": {"hex": "0707"}}]}]))[0].to_json()["sessions"][0]["rulings"]
    assert "note" not in plain and plain["follows"] == -1


# -- rules.md section 6: a search names a place the party is not at -----------------------------

CAIRN = "---\nname: Old Cairn\nhex: \"0303\"\n---\nStones piled high.\n"


@pytest.mark.parametrize(("first", "where"), [
    ({"navigation": 2, "veer": 8, "realise": 2},
     "3 hexes from the party's true hex 0604 (it believes it is in 0504)"),
    ({"navigation": 2, "veer": 8, "realise": 19},
     "3 hexes from the party's true hex 0604 (it knows it is lost)"),
    ({"navigation": 19}, "2 hexes from the party's true hex 0504"),
], ids=["lost-unaware", "lost-aware", "on-course"])
def test_a_search_target_out_of_reach_says_where_the_party_truly_is(
        tmp_path: Path, first: dict[str, Any], where: str) -> None:
    root = make_campaign(tmp_path, locations={"cairn": CAIRN}, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {**first, "encounter": [5]}},
        {"search": {"target": "cairn"}, "rolls": {"encounter": [5, 6]}}]}])
    _, diags = run(root)
    assert [d.message for d in diags.items] == [
        f"search target 'cairn' (Old Cairn) is in hex 0303, {where} at this watch"]


def test_a_search_target_one_hex_away(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, start="0304", locations={"cairn": CAIRN}, sessions=[{"log": [
        {"search": {"target": "cairn"}, "rolls": {"encounter": [5, 6]}}]}])
    _, diags = run(root)
    assert [d.message for d in diags.items] == [
        "search target 'cairn' (Old Cairn) is in hex 0303, 1 hex from the party's true hex 0304 "
        "at this watch"]


def test_a_hidden_location_needs_the_keyed_result_twice(tmp_path: Path) -> None:
    """rules.md section 6: ``hidden`` ones need the keyed result (12 on the d12) twice."""
    hidden = "---\nname: Old Cairn\nhex: \"0505\"\nvisibility: hidden\n---\nStones.\n"
    root = make_campaign(tmp_path, locations={"cairn": hidden}, sessions=[{"log": [
        {"search": {}, "rolls": {"encounter": [12, 5]}},
        {"search": {}, "rolls": {"encounter": [12, 5]}}]}])
    first, second = watches(run(root)[0])
    assert first["encounters"] == [{"kind": "keyed", "result": "signs of something hidden",
                                    "location": "cairn", "hex": "0505"}]
    assert first["discovered"] == [] and first["summary"] == \
        "Signs of Old Cairn (hidden: 1 of 2)."
    assert second["encounters"] == [{"kind": "keyed", "location": "cairn", "hex": "0505"}]
    assert second["discovered"] == ["cairn"]
    assert second["summary"] == "Found Old Cairn (keyed encounter)."


# -- rules.md section 3: a sleep clears fatigue and resets the hustle counter -------------------

def test_a_sleep_clears_fatigue_and_the_next_first_hustled_hour_is_free_again(
        tmp_path: Path) -> None:
    """Two hustled hours: the second deals 1 nonlethal and fatigue. Two rests make a sleep:
    fatigue and nonlethal damage gone. One more hustled hour after it is free again."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "S", "hustle_hours": 2}, "rolls": {"navigation": 19,
                                                                  "encounter": [5]}},
        {"rest": {}, "rolls": {"encounter": [5]}},
        {"rest": {}, "rolls": {"encounter": [5]}},
        {"travel": {"heading": "S", "hustle_hours": 1}, "rolls": {"navigation": 19,
                                                                  "encounter": [5]}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)
    assert "Hustling: Aria takes 1 nonlethal (fatigued)." in w[0]["summary"]
    assert "The party sleeps: hustle and march reset, fatigue gone." in w[2]["summary"]
    assert "Hustling" not in w[3]["summary"]
    aria = ch.members["Aria"]
    assert (aria.fatigued, aria.nonlethal) == (False, 0)


def test_the_example_campaigns_replay_json_meets_its_schema() -> None:
    """``hexcrawl replay --json`` on the example campaign (notes, tells, uses, a chase): every
    key the JSON Schema of ``hexcrawl schema`` requires is there."""
    campaign, _ = load_campaign(Path(__file__).resolve().parents[2] / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    data = json.loads(json.dumps(chronicle.to_json()))
    schema = all_schemas()["replay.schema.json"]
    assert [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)] == []
    assert data["known_hexes"] and any(r["history"] for r in data["resources"].values())


# -- docs/format.md, expect: every expectation the replay contradicts, in one message ----------

def test_every_wrong_expectation_is_named_at_once(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [5]},
         "expect": {"hex": "0505", "believed": "0606", "lost": True, "knows_lost": True,
                    "veer": 1, "entered": [], "found": []}},
        {"rest": {}, "rolls": {"encounter": [5]}, "expect": {"entered": ["0503"]}},
    ]}])
    _, diags = run(root)
    assert [d.message for d in diags.errors] == [
        "expected hex 0505, but the party ends the watch in 0504; believed 0606, but the "
        "party believes 0504; lost: true, but the replay has lost: false; knows_lost: true, "
        "but the replay has knows_lost: false; veer 1, but the replay has veer 0; entered no "
        "hex, but the party enters 0504 (every roll of the entry is recorded, so the log "
        "itself says otherwise; if the table decided so, record a ruling "
        "(docs/format.md#rulings))",
        "expected entered 0503, but the party enters no hex (every roll of the entry is "
        "recorded, so the log itself says otherwise; if the table decided so, record a "
        "ruling (docs/format.md#rulings))"]


# -- rules.md section 5a.1: a lost `toward` keeps the face it had when it got lost, until the
# party finds north or a ruling resets it ---------------------------------------------------------

def test_a_ruling_that_makes_the_party_lost_leaves_no_frozen_face(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"ruling": {"lost": True}},
        {"travel": {"toward": "0502"}, "rolls": {"navigation": 19, "realise": 2,
                                                 "encounter": [5]}}]}])
    ch, diags = run(root)
    w = watches(ch)[0]
    assert diags.items == []
    assert (w["intended_face"], w["hexes_entered"], w["lost"]) == ("N", ["0504"], True)


def test_after_true_north_a_lost_toward_aims_afresh_from_where_the_party_is(
        tmp_path: Path) -> None:
    """Lost heading toward 0502 with veer +1 (into 0604); true north found; the next toward
    watch aims from 0604 again (N, into 0603), with no veer."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"toward": "0502"}, "rolls": {"navigation": 2, "veer": 8, "realise": 19,
                                                 "encounter": [5]}},
        {"reorient": {"method": "north"}, "rolls": {"north": 19, "encounter": [5]}},
        {"travel": {"toward": "0502"}, "rolls": {"navigation": 19, "encounter": [5]}}]}])
    w = watches(run(root)[0])
    assert (w[0]["exit_face"], w[0]["end_hex"]) == ("NE", "0604")
    assert (w[2]["intended_face"], w[2]["exit_face"], w[2]["hexes_entered"]) == (
        "N", "N", ["0603"])


# -- rules.md section 6: found twice, a place is familiar and found on entering its hex ----------

def test_a_place_found_on_two_visits_is_familiar_on_the_third(tmp_path: Path) -> None:
    mill = "---\nname: Old Mill\nhex: \"0504\"\n---\nA mill.\n"
    tower = "---\nname: Grey Tower\nhex: \"0504\"\nvisibility: visible\n---\nA tower.\n"
    north = {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [12],
                                                   "moment": 8, "moment_minute": 1}}
    south = {"travel": {"heading": "S"}, "rolls": {"navigation": 19, "encounter": [5]}}
    quiet_north = {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [5]}}
    root = make_campaign(tmp_path, locations={"mill": mill, "tower": tower},
                         sessions=[{"log": [north, south, north, south, quiet_north]}])
    ch, _ = run(root)
    w = watches(ch)
    assert w[0]["discovered"] == ["tower", "mill"]
    assert w[0]["summary"].endswith("Found Grey Tower (visible). Found Old Mill (keyed "
                                    "encounter).")
    assert w[2]["discovered"] == [] and w[2]["summary"].endswith(
        "Came upon Old Mill again (keyed encounter).")
    assert w[4]["summary"].endswith("Came upon Old Mill again (familiar).")
    # a visible place seen again is not news
    assert not any("Came upon Grey Tower" in x["summary"] for x in w)
    assert ch.sessions[0].discovered == ["tower", "mill"]


def test_a_d100_table_may_give_00_a_row_of_its_own(tmp_path: Path) -> None:
    """docs/content.md: on a d100, 00 is 100, alone as well as at the end of a range."""
    table = {"id": "omens", "name": "Omens", "dice": "1d100",
             "rows": [{"roll": "01-99", "result": "Nothing"},
                      {"roll": "00", "result": "A comet"}]}
    root = make_campaign(tmp_path, tables={"omens": table}, sessions=[{"log": [
        {"encounter": {"table": "omens", "roll": 100}}]}])
    ch, diags = run(root)
    assert [d.message for d in diags.items] == []
    (enc,) = watches(ch)[0]["encounters"]
    assert enc["result"] == "A comet"


def test_a_lost_party_failing_again_the_other_way_keeps_its_veer(tmp_path: Path) -> None:
    """rules.md section 5: veer +1 (8), then a second failure rolling left (2): "any other
    result leaves it as is"; a third failure rolling right (9) grows it to two faces."""
    fail = {"travel": {"heading": "N"}}
    root = make_campaign(tmp_path, sessions=[{"log": [
        {**fail, "rolls": {"navigation": 2, "veer": 8, "realise": 2, "encounter": [5]}},
        {**fail, "rolls": {"navigation": 2, "veer": 2, "realise": 2, "encounter": [5]}},
        {**fail, "rolls": {"navigation": 2, "veer": 9, "realise": 2, "encounter": [5]}}]}])
    w = watches(run(root)[0])
    assert [x["veer"] for x in w] == [1, 1, 2]
    assert "Lost; veers 1 face right." in w[0]["summary"]
    assert "Still lost; the veer stays." in w[1]["summary"]
    assert "Still lost; the veer grows to 2 faces right." in w[2]["summary"]


def test_realising_keeps_the_watch_summary_before_it(tmp_path: Path) -> None:
    w = one_watch(tmp_path, heading_north({"navigation": 2, "veer": 5, "realise": 19}))
    assert w["knows_lost"]
    assert w["summary"].startswith("9 miles in 4 h into 0504")
    # a veer of 0 (d10 5): lost, but the heading is not turned
    assert "Lost, though still heading straight on." in w["summary"]
    assert w["summary"].endswith(". The party realises it is lost.")


def test_a_ridden_mount_takes_hustle_damage_as_lethal_and_it_adds_up(tmp_path: Path) -> None:
    """Hustle hours 1-2 (the second deals 1), then hour 3 (2): 3 lethal on the horse, none
    nonlethal on its rider, who is not fatigued."""
    root = make_campaign(tmp_path, members=[
        {"name": "Aria", "speed": 30, "survival": 3, "mount": "horse"}], sessions=[{"log": [
            {"travel": {"heading": "S", "hustle_hours": 2},
             "rolls": {"navigation": 19, "encounter": [5]}},
            {"travel": {"heading": "S", "hustle_hours": 1},
             "rolls": {"navigation": 19, "encounter": [5]}}]}])
    ch, _ = run(root)
    w = watches(ch)
    assert "Hustling: Aria's horse takes 1 lethal." in w[0]["summary"]
    assert "Hustling: Aria's horse takes 2 lethal." in w[1]["summary"]
    aria = ch.members["Aria"]
    assert (aria.lethal, aria.nonlethal, aria.fatigued) == (3, 0, False)
