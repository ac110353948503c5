"""The travel rules at their edges, through the replay: each test here fails if one comparison
or one choice of the rule is turned (mutation testing, docs/development.md). The rules are
those of docs/rules.md; the expected values are worked out from them, not read from the code.

Unless said otherwise: one member of speed 30 ft (3 mph), Survival +3, d20 checks, plains,
actual distance off, starting inside 0505 (tests/replay_helpers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.content.sessionlog import Expect
from generator.i18n import Translator
from generator.replay.settle import differences

from replay_helpers import make_campaign, rolls_of, run, watches


def first_watch(tmp_path: Path, entry: dict[str, Any], **kw: Any) -> dict[str, Any]:
    root = make_campaign(tmp_path, sessions=[{"log": [entry]}], **kw)
    return watches(run(root)[0])[0]


# -- rules.md section 5a.1: a `follow` watch goes to "the next hex of `follow`" -----------------
# A road that loops back through 0505: 0505, 0504, 0604, 0505, 0506. Forward, the party takes
# the path from its first pass through 0505 (next 0504); backward, from its last pass (the one
# before it is 0604). On a road across plains (x1, 3 mph) a watch from inside 0505 enters two
# hexes (the loop's crossings are near faces).

LOOP = {"loop": {"kind": "road", "hexes": ["0505", "0504", "0604", "0505", "0506"]}}


def test_following_a_looping_path_forward_goes_on_from_its_first_pass(tmp_path: Path) -> None:
    w = first_watch(tmp_path, {"travel": {"follow": "loop"}}, paths=LOOP)
    assert w["hexes_entered"] == ["0504", "0604"] and w["exit_face"] == "N"


def test_following_a_looping_path_backward_goes_back_from_its_last_pass(tmp_path: Path) -> None:
    w = first_watch(tmp_path, {"travel": {"follow": "loop", "direction": "backward"}},
                    paths=LOOP)
    assert w["hexes_entered"] == ["0604", "0504"]


def test_following_a_path_forward_from_its_last_hex_goes_nowhere(tmp_path: Path) -> None:
    """At the end of the path there is no next hex: the party stays, with no navigation."""
    road = {"road": {"kind": "road", "hexes": ["0503", "0504", "0505"]}}
    w = first_watch(tmp_path, {"travel": {"follow": "road"}}, paths=road)
    assert w["hexes_entered"] == [] and w["end_hex"] == "0505"
    assert rolls_of(w, "navigation") == []


def test_following_a_path_backward_from_its_first_hex_goes_nowhere(tmp_path: Path) -> None:
    road = {"road": {"kind": "road", "hexes": ["0505", "0504", "0503"]}}
    w = first_watch(tmp_path, {"travel": {"follow": "road", "direction": "backward"}},
                    paths=road)
    assert w["hexes_entered"] == [] and w["end_hex"] == "0505"


# -- rules.md section 5: Knowledge (geography) or (local) +2 "for the region": with
# `knowledge_regions`, only while the watch starts in one of them ------------------------------

def test_knowledge_of_a_region_adds_two_only_inside_it(tmp_path: Path) -> None:
    """Knowledge (geography) 5 for North Wood (0505 only). Heading N twice, d20 12 + 3: in
    0505 15 + 2 = 17 names the region; from 0504, outside it, 15 and no Knowledge."""
    members = [{"name": "Aria", "speed": 30, "survival": 3, "knowledge_geography": 5,
                "knowledge_regions": ["north-wood"]}]
    root = make_campaign(tmp_path, members=members, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 12, "encounter": [5]}},
        {"travel": {"heading": "N"}, "rolls": {"navigation": 12, "encounter": [5]}}]}])
    (root / "regions.yaml").write_text(
        'north-wood: {name: North Wood, hexes: ["0505"]}\n', "utf-8")
    w = watches(run(root)[0])
    inside, outside = rolls_of(w[0], "navigation")[0], rolls_of(w[1], "navigation")[0]
    assert (w[0]["start_hex"], w[1]["start_hex"]) == ("0505", "0504")
    assert inside["total"] == 17 and "knowledge of North Wood" in inside["detail"]
    assert outside["total"] == 15 and "knowledge" not in outside["detail"]


# -- rules.md section 5: a party lost with no veer that fails again takes the new veer die ------

def test_a_lost_party_with_no_veer_failing_again_veers_by_the_new_die(tmp_path: Path) -> None:
    """Lost heading N with veer 5 (none), unaware (realise 2); the next watch fails again and
    the d10 gives 8: one face right, said as such."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"},
         "rolls": {"navigation": 2, "veer": 5, "realise": 2, "encounter": [5]}},
        {"travel": {"heading": "N"},
         "rolls": {"navigation": 2, "veer": 8, "realise": 2, "encounter": [5]}}]}])
    w = watches(run(root)[0])
    assert (w[0]["veer"], w[1]["veer"]) == (0, 1)
    assert "Still lost; now veers 1 face right." in w[1]["summary"]


# -- rules.md section 5: realising checks against the navigation DC of the stretch where the
# party is, trackless by the face it really takes: its intended face turned by the veer, not
# turned with a compass ("Using a compass", seed 000) ------------------------------------------

def test_realising_judges_the_stretch_by_the_veered_face(tmp_path: Path) -> None:
    """Lost heading N, veer 8 (one face right): the party ends in 0604 and would leave NE,
    along a road (0604-0704): DC 12, not trackless. By the intended face N it would be 14."""
    road = {"road": {"kind": "road", "hexes": ["0604", "0704"]}}
    w = first_watch(tmp_path, {"travel": {"heading": "N"},
                               "rolls": {"navigation": 2, "veer": 8, "realise": 2,
                                         "encounter": [5]}}, paths=road)
    assert w["end_hex"] == "0604" and w["lost"]
    assert rolls_of(w, "realise")[0]["target"] == 12


def test_with_a_compass_realising_judges_the_stretch_by_the_intended_face(
        tmp_path: Path) -> None:
    """With a compass the veer is removed at every boundary: lost heading N (veer 8), the
    party still goes N into 0504 and would leave N along a road (0504-0503): DC 12; by the
    veered face NE it would be trackless, 14."""
    road = {"road": {"kind": "road", "hexes": ["0504", "0503"]}}
    w = first_watch(tmp_path, {"travel": {"heading": "N"},
                               "rolls": {"navigation": 2, "veer": 8, "realise": 2,
                                         "encounter": [5]}}, paths=road, gear=["compass"])
    assert w["end_hex"] == "0504" and w["lost"]
    assert rolls_of(w, "realise")[0]["target"] == 12


# -- rules.md section 5: navigation DC = terrain DC (forest by density) + trackless +2 + hustle
# +4 + cautious -4, every modifier that applies added ------------------------------------------

DENSE = {"0505": {"terrain": "forest", "density": "dense"}}


def test_hustling_and_cautious_together_cancel_out(tmp_path: Path) -> None:
    """Dense forest 18, trackless +2, hustle +4, cautious -4: DC 20; the reasons name the
    density the DC came from."""
    w = first_watch(tmp_path, {"travel": {"heading": "N", "mode": ["cautious", "hustle"],
                                          "hustle_hours": 1},
                               "rolls": {"navigation": 17, "encounter": [5]}}, hexes=DENSE)
    nav = rolls_of(w, "navigation")[0]
    assert (nav["target"], nav["outcome"]) == (20, "success")
    assert nav["detail"] == ("Aria: Survival +3 vs DC 20 (forest, dense, trackless +2, "
                             "hustle +4, cautious -4)")


def test_a_built_in_terrain_is_named_in_the_logs_language(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, hexes=DENSE, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 17, "encounter": [5]}}]}])
    data = run(root)[0].to_json(Translator("ru").said)
    nav = rolls_of(data["sessions"][0]["watches"][0], "navigation")[0]
    assert "(лес, густой, без дороги +2)" in nav["detail"]


def test_a_stretch_leaving_along_a_road_is_not_called_trackless(tmp_path: Path) -> None:
    road = {"road": {"kind": "road", "hexes": ["0505", "0504"]}}
    w = first_watch(tmp_path, {"travel": {"heading": "N"},
                               "rolls": {"navigation": 9, "encounter": [5]}}, paths=road)
    nav = rolls_of(w, "navigation")[0]
    assert nav["target"] == 12 and nav["detail"].endswith("vs DC 12 (plains)")


def test_a_party_starting_in_a_hex_of_unknown_terrain_navigates_at_dc_twelve(
        tmp_path: Path) -> None:
    """rules.md section 5: a hex with no entry (content.md: unknown terrain) has the plains'
    navigation DC 12, named "unknown"; trackless +2: 14."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 11, "encounter": [5]}}]}])
    (root / "hexes" / "map.yaml").write_text(
        yaml.safe_dump({"0504": {"terrain": "plains"}}), "utf-8")
    nav = rolls_of(watches(run(root)[0])[0], "navigation")[0]
    assert (nav["target"], nav["outcome"]) == (14, "success")
    assert nav["detail"] == "Aria: Survival +3 vs DC 14 (unknown, trackless +2)"


# -- rules.md section 5: realising and re-orienting ------------------------------------------------

def lost_and_aware(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lost heading N (veer 8: one face right), 0505 into 0604 with 3 miles of progress there
    (9 miles trackless at 2.25 mph), believing itself in 0504; realises it at once."""
    return [{"travel": {"heading": "N"},
             "rolls": {"navigation": 2, "veer": 8, "realise": 19, "encounter": [5]}},
            *entries]


def later_watches(tmp_path: Path, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    root = make_campaign(tmp_path, sessions=[{"log": lost_and_aware(entries)}])
    return watches(run(root)[0])[1:]


def test_realising_in_poor_visibility_is_four_harder_and_says_so(tmp_path: Path) -> None:
    w = first_watch(tmp_path, {"travel": {"heading": "N", "visibility": "poor"},
                               "rolls": {"navigation": 2, "veer": 8, "realise": 2,
                                         "encounter": [5]}})
    realise = rolls_of(w, "realise")[0]
    assert realise["target"] == 18
    assert realise["detail"] == ("Aria: Survival +3 vs DC 18 (plains, trackless +2, "
                                 "poor visibility +4)")


def test_a_failed_new_course_resumes_the_believed_track_where_it_last_was(
        tmp_path: Path) -> None:
    """Once aware, the believed position is unknown; a wrong new course makes the party
    believe it has its bearings again, from where it last believed it was (0504), never from
    its true hex (0604)."""
    (w,) = later_watches(tmp_path, [{"reorient": {"method": "new_course"},
                                     "rolls": {"reorient": 2, "veer": 2, "encounter": [5]}}])
    assert (w["end_hex"], w["believed_hex"], w["lost"], w["knows_lost"]) == (
        "0604", "0504", True, False)


def test_backtracking_walks_the_progress_back_down(tmp_path: Path) -> None:
    """Seed 000, "Back the way they came": going back through the face it entered by, the
    party walks back its 3 miles of progress in 0604 and is in 0505 again."""
    (w,) = later_watches(tmp_path, [{"reorient": {"method": "backtrack"},
                                     "rolls": {"backtrack": 19, "encounter": [5]}}])
    assert (w["miles"], w["hexes_entered"], w["end_hex"]) == (3, ["0505"], "0505")
    assert w["summary"] == ("Retracing its tracks: 3 miles. The party is back where it went "
                            "astray, and knows it.")


def test_backtracking_walks_back_only_the_progress_made(tmp_path: Path) -> None:
    """Three hours on the move: 6.75 miles, so only 0.75 miles into 0604; going back takes
    those 0.75 miles, not what crossing the hex would."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N", "hours": 3},
         "rolls": {"navigation": 2, "veer": 8, "realise": 19, "encounter": [5]}},
        {"reorient": {"method": "backtrack"}, "rolls": {"backtrack": 19, "encounter": [5]}}]}])
    there, back = watches(run(root)[0])
    assert (there["end_hex"], there["progress_miles"]) == ("0604", 0.75)
    assert (back["miles"], back["end_hex"]) == (0.75, "0505")


def test_mistaking_north_keeps_the_tracks_a_lost_party_can_backtrack(tmp_path: Path) -> None:
    """A lost party that mistakes a face for north is still on the tracks it made while lost:
    a backtrack after it retraces them to 0505."""
    _, back = later_watches(tmp_path, [
        {"reorient": {"method": "north"},
         "rolls": {"north": 8, "north_face": 2, "encounter": [5]}},
        {"reorient": {"method": "backtrack"}, "rolls": {"backtrack": 19, "encounter": [5]}}])
    assert (back["hexes_entered"], back["end_hex"], back["lost"]) == (["0505"], "0505", False)


def test_a_party_lost_where_it_stands_has_no_tracks_to_retrace(tmp_path: Path) -> None:
    """Mistaking north in 0505 makes a party lost where it stands: its tracks are that one
    hex, so a backtrack walks nowhere and says nothing of retracing; the check decides."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"reorient": {"method": "north"},
         "rolls": {"north": 8, "north_face": 2, "encounter": [5]}},
        {"reorient": {"method": "backtrack"}, "rolls": {"backtrack": 19, "encounter": [5]}}]}])
    back = watches(run(root)[0])[1]
    assert (back["miles"], back["hexes_entered"], back["end_hex"]) == (0, [], "0505")
    assert "Retracing" not in back["summary"]


def test_the_misjudge_die_is_a_d100(tmp_path: Path) -> None:
    """Seed 000, "Backtracking": a failed check misjudges 75 % of the time, on a d100."""
    (w,) = later_watches(tmp_path, [{"reorient": {"method": "backtrack"},
                                     "rolls": {"backtrack": 2, "misjudge": 100,
                                               "encounter": [5]}}])
    (roll,) = rolls_of(w, "misjudge")
    assert (roll["dice"], roll["outcome"]) == ("1d100", "judges rightly")


# -- rules.md section 3: "A `sleep` (two consecutive rest watches, or an explicit `sleep` entry)
# resets the hustle and ..." -------------------------------------------------------------------

def after_hustling(tmp_path: Path, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Two hustled hours (the second deals 1 nonlethal and fatigue), then ``entries``."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "S", "hustle_hours": 2},
         "rolls": {"navigation": 19, "encounter": [5]}}, *entries]}])
    return watches(run(root)[0])


SLEEPS = "The party sleeps: hustle and march reset, fatigue gone."


def test_one_sleep_entry_is_a_sleep(tmp_path: Path) -> None:
    w = after_hustling(tmp_path, [{"sleep": {}, "rolls": {"encounter": [5]}}])
    assert SLEEPS in w[1]["summary"]


def test_one_rest_is_not_a_sleep(tmp_path: Path) -> None:
    w = after_hustling(tmp_path, [{"rest": {}, "rolls": {"encounter": [5]}},
                                  {"travel": {"heading": "S", "hustle_hours": 1},
                                   "rolls": {"navigation": 19, "encounter": [5]}}])
    assert SLEEPS not in w[1].get("summary", "")
    assert "Hustling: Aria takes 2 nonlethal" in w[2]["summary"]


# -- rules.md section 6: a search where the party is ---------------------------------------------

CAIRN = "---\nname: Old Cairn\nhex: \"0303\"\n---\nStones piled high.\n"


def test_a_search_at_the_place_itself_warns_of_nothing(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, start="0303", locations={"cairn": CAIRN}, sessions=[{"log": [
        {"search": {"target": "cairn"}, "rolls": {"encounter": [5, 6]}}]}])
    chronicle, diags = run(root)
    assert diags.items == [] and watches(chronicle)[0]["warnings"] == []


def test_a_search_for_a_place_elsewhere_says_so_by_its_name(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, start="0304", locations={"cairn": CAIRN}, sessions=[{"log": [
        {"search": {"target": "cairn"}, "rolls": {"encounter": [5, 6]}}]}])
    w = watches(run(root)[0])[0]
    assert "Old Cairn" in w["summary"]


# -- rules.md section 6: a re-orienting watch makes one encounter check, never cancelled as a
# cautious watch's; a logged encounter at a place finds it ---------------------------------------

def test_a_reorienting_watch_meets_its_wandering_encounter_uncancelled(tmp_path: Path) -> None:
    (w,) = later_watches(tmp_path, [{"reorient": {"method": "north"},
                                     "rolls": {"north": 19, "encounter": [1]}}])
    assert [e["kind"] for e in w["encounters"]] == ["wandering"]
    assert rolls_of(w, "cautious") == []


def test_a_logged_encounter_at_a_place_finds_it_and_warns_at_its_location_key(
        tmp_path: Path) -> None:
    """The cairn is in 0505, the party in 0604: found all the same (the entry does what it
    says), with a warning at the value of the entry's `location:`; the encounter is where
    the party is."""
    cairn = "---\nname: Old Cairn\nhex: \"0505\"\n---\nStones piled high.\n"
    root = make_campaign(tmp_path, locations={"cairn": cairn}, sessions=[{"log": lost_and_aware(
        [{"encounter": {"location": "cairn", "note": "wolves"}}])}])
    chronicle, diags = run(root)
    w = watches(chronicle)[1]
    assert w["discovered"] == ["cairn"]
    assert w["encounters"] == [{"kind": "logged", "location": "cairn", "note": "wolves",
                                "hex": "0604"}]
    text = (root / "sessions" / "01.yaml").read_text("utf-8").splitlines()
    line = next(n for n, t in enumerate(text, 1) if "location: cairn" in t)
    (d,) = diags.items
    assert (d.pos.line, d.pos.col) == (line, text[line - 1].index("cairn") + 1)


# -- rules.md section 4: a session whose `party.start` names a hex starts a fresh trip ----------

def test_a_fresh_trip_ends_the_lost_state_and_its_veer(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[
        {"log": lost_and_aware([])},
        {"party": {"start": "0505"}, "log": [{"rest": {}, "rolls": {"encounter": [5]}}]}])
    chronicle = run(root)[0]
    before, after = watches(chronicle, 0)[0], watches(chronicle, 1)[0]
    assert (before["lost"], before["veer"]) == (True, 1)
    assert (after["start_hex"], after["lost"], after["knows_lost"], after["veer"]) == (
        "0505", False, False, 0)


def test_the_gm_map_counts_every_watch_that_ends_lost_in_a_hex(tmp_path: Path) -> None:
    """The GM's hex page counts the watches the party ended lost there: the lost watch into
    0604 and a rest in it, two."""
    root = make_campaign(tmp_path, sessions=[{"log": lost_and_aware(
        [{"rest": {}, "rolls": {"encounter": [5]}}])}])
    assert run(root)[0].lost_watches == {"0604": 2}


# -- format.md, `hexcrawl settle`: what `expect:` wanted and what the replay had, in the words of
# the format (true/false, null, lists in brackets) ----------------------------------------------

def test_settle_reports_the_unmet_expectations_in_the_formats_words(tmp_path: Path) -> None:
    """Heading N on course: in 0504, not lost, veer 0, believed 0504. An expectation of 0604,
    lost, veer 1, entered [0604] and a believed hex of 0504 (met) differs in four keys."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [5]}}]}])
    watch = run(root)[0].sessions[0].watches[0]
    want = Expect(hex="0604", believed="0504", lost=True, veer=1, entered=["0604"])
    assert differences(want, watch) == (
        ["hex: 0604", "lost: true", "veer: 1", "entered: [0604]"],
        ["hex: 0504", "lost: false", "veer: 0", "entered: [0504]"])
    assert differences(Expect(knows_lost=False, lost=False), watch) == ([], [])


def test_settle_reports_an_unknown_believed_hex_as_null(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": lost_and_aware([])}])
    watch = run(root)[0].sessions[0].watches[0]
    assert differences(Expect(believed="0504"), watch) == (["believed: 0504"],
                                                           ["believed: null"])


# -- format.md: `use` is instant; its roll is listed with the watch it follows, or with the
# session's opening rolls when no watch comes before it -----------------------------------------

def test_a_use_before_the_first_watch_is_rolled_and_listed_with_the_opening_rolls(
        tmp_path: Path) -> None:
    root = make_campaign(
        tmp_path, campaign={"resources": {"debt": {"die": "d6", "owner": "Aria"}}},
        sessions=[{"log": [{"use": {"resource": "debt", "by": "Aria"}, "rolls": {"use": 2}},
                           {"rest": {}, "rolls": {"encounter": [5]}}]}])
    chronicle, diags = run(root)
    assert not diags.items
    rec = chronicle.sessions[0]
    assert [(r.purpose, r.natural) for r in rec.opening_rolls] == [("use", 2)]
    assert [r.purpose for r in rec.watches[0].rolls] == ["encounter"]
    assert chronicle.resources["debt"].now == "d4"


# -- rules.md sections 3 and 5a, step 3: the actual distance and judging it --------------------

def test_a_follow_watch_judges_its_distance_four_harder_in_poor_visibility(
        tmp_path: Path) -> None:
    """2d6 = 6: (6 + 3) x 10 = 90 % of the miles. A `follow` watch judges the distance
    against the start hex's terrain DC (plains 12, no trackless +2), +4 in poor visibility:
    10 + 3 = 13 passes DC 12 and fails DC 16."""
    for visibility, dc, outcome in (("normal", 12, "success"), ("poor", 16, "failure")):
        w = first_watch(tmp_path / visibility, {
            "travel": {"follow": "loop", "visibility": visibility},
            "rolls": {"distance": 6, "judge_distance": 10, "encounter": [5]}},
            paths=LOOP, rules={"actual_distance": True})
        (distance,) = rolls_of(w, "distance")
        assert distance["outcome"] == "90%"
        (judged,) = rolls_of(w, "judge_distance")
        assert (judged["target"], judged["total"], judged["outcome"]) == (dc, 13, outcome)
