"""The rulings of 2026-12-01 (rules.md section 12; issue 9), one test per item, each with the
minimal case the issue gives.

Unless said otherwise: maps all plains, one member of speed 30 ft (3 mph; plains trackless
2.25 mph, 9 miles a watch), Survival 0, d20 checks, no compass, ``actual_distance`` off.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.i18n import Translator
from generator.knowledge import gm_view
from generator.rules.checks import brp_outcome, brp_ranges
from generator.rules.chronicle import seeded_rolls

from campaign_factory import load, write_campaign
from replay_helpers import make_campaign, plains, rolls_of, run, watches

english = Translator("en").said

ARIA: dict[str, Any] = {"name": "Aria", "speed": 30, "survival": 0}


def member(**more: Any) -> list[dict[str, Any]]:
    return [{**ARIA, **more}]


# -- item 8: doomed ends with the long rest ---------------------------------------------------


def test_item_8_the_long_rest_that_restores_the_doom_die_ends_the_doomed_state(
        tmp_path: Path) -> None:
    """bsh, doom d4: tempting fate rolls 1, the d4 is exhausted and Aria is doomed; her
    navigation check then takes the doomed disadvantage. Two rests are a sleep: the die is a
    d4 again and she is no longer doomed (her next check rolls one d20, and the GM party
    page no longer calls her doomed)."""
    root = make_campaign(tmp_path, rules={"checks": "bsh", "doom": "d4"},
                         members=member(survival=12), sessions=[{"log": [
                             {"use": {"resource": "doom", "by": "Aria"}, "rolls": {"doom": 1}},
                             {"travel": {"heading": "N"}, "rolls": {"navigation": [3, 9]}},
                             {"rest": {}}, {"rest": {}},
                             {"travel": {"heading": "N"}, "rolls": {"navigation": [3]}},
                         ]}])
    ch, diags = run(root)
    assert not diags.items, [d.format() for d in diags.items]
    w = ch.sessions[0].watches
    before = rolls_of(watches(ch)[0], "navigation")[0]
    assert "doomed: disadvantage" in before["detail"] and before["natural"] == 9
    after = rolls_of(watches(ch)[3], "navigation")[0]
    assert "doomed" not in after["detail"] and after["dice"] == "1d20"
    assert ch.resources["doom-Aria"].now == "d4"
    assert "sleeps" in english(w[2].said)
    assert ch.members["Aria"].doomed is False
    campaign, _ = load(root)
    assert campaign is not None
    view = gm_view(campaign, ch)
    assert [m.doomed for m in view.members if m.name == "Aria"] == [False]


# -- item 9: BRP above 100 % and at 0 % ---------------------------------------------------------


def test_item_9_brp_above_100_rounds_up() -> None:
    """Seed 002's prose above 100 %: special one fifth, critical one twentieth, rounded up:
    101 % gives special 21 (not 20) and critical 6; fumble on 00 only."""
    assert brp_ranges(101) == (6, 21, 100)
    assert brp_ranges(120) == (6, 24, 100)
    assert brp_outcome(21, 101) == "special" and brp_outcome(6, 101) == "critical"
    assert brp_outcome(22, 101) == "success"


def test_item_9_a_zero_chance_never_succeeds(tmp_path: Path) -> None:
    """Seed 002: "from 00 %, no chance of success": not even 01-05. Under brp, Survival 0 %
    navigating (DC 14, Normal: 0 %) with a natural 01 fails and gets lost."""
    assert [r for r in range(1, 101) if brp_outcome(r, 0) != "failure"] == list(range(96, 101))
    assert all(brp_outcome(r, -10) in ("failure", "fumble") for r in range(1, 101))
    root = make_campaign(tmp_path, rules={"checks": "brp"}, members=member(),
                         sessions=[{"log": [{"travel": {"heading": "N"},
                                             "rolls": {"navigation": 1, "veer": 5,
                                                       "realise": 50}}]}])
    nav = rolls_of(watches(run(root)[0])[0], "navigation")[0]
    assert (nav["target"], nav["natural"], nav["outcome"]) == (0, 1, "failure")


# -- item 11: the hex-progress sheet's example of going back -----------------------------------


def test_item_11_hex_progress_sheet_going_back_needs_the_miles_made(tmp_path: Path) -> None:
    """The sheet's worked example: 5 miles into a hex, going back the way it came needs 5
    miles (the engine runs the progress back down), not 10."""
    from generator.reference.render import reference_pages

    campaign, diags = load(write_campaign(tmp_path))
    assert campaign is not None, [d.format() for d in diags.sorted()]
    page = reference_pages(campaign, "gm", "en")["reference/hex-progress.md"]
    assert "Example: 5 miles into a hex, going back the way it came needs 5 miles." in page
    for language in ("ru", "uk"):
        text = reference_pages(campaign, "gm", language)["reference/hex-progress.md"]
        assert " 5 " in text and " 10 " not in text.split("5 ", 1)[1].split("\n", 1)[0]


def test_item_11_the_engine_turns_back_after_the_miles_made(tmp_path: Path) -> None:
    """Backtracking 3 miles into 0604 takes 3 miles (1 h 20 min at 2.25 mph), as the sheet now
    says; see also test_replay_rules.test_backtrack_retraces_the_tracks_and_reanchors."""
    root = make_campaign(tmp_path, rows=plains(), members=member(survival=3), sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 8, "realise": 19}},
        {"reorient": {"method": "backtrack"}, "rolls": {"backtrack": 15, "encounter": [5]}},
    ]}])
    w = watches(run(root)[0])
    assert w[0]["progress_miles"] == 3
    assert w[1]["miles"] == 3 and w[1]["hexes_entered"] == ["0505"]


# -- item 1: one stretch rule for "trackless" --------------------------------------------------


def test_item_1_reorienting_judges_the_stretch_not_the_hex(tmp_path: Path) -> None:
    """3x2, start 0202 (a fresh trip), Survival +5, a road 0302-0202: the party entered by no
    road and leaves by no road face, so its stretch is trackless: new course DC 12 + 2 + 10 =
    24; 17 + 5 = 22 fails (today: DC 22 because *a* road crosses the hex, a success)."""
    root = make_campaign(tmp_path, rows=plains(3, 2), start="0202", members=member(survival=5),
                         paths={"road-1": {"kind": "road", "hexes": ["0302", "0202"]}},
                         sessions=[{"log": [{"reorient": {"method": "new_course"},
                                             "rolls": {"reorient": 17, "veer": 10}}]}])
    ch, diags = run(root)
    assert not diags.warnings, [d.format() for d in diags.warnings]
    (roll,) = rolls_of(watches(ch)[0], "reorient")
    assert (roll["target"], roll["total"], roll["outcome"]) == (24, 22, "failure")
    assert watches(ch)[0]["lost"] and watches(ch)[0]["veer"] == 1


def test_item_1_a_lost_partys_navigation_judges_the_face_it_really_takes(
        tmp_path: Path) -> None:
    """2x2, 0101 sparse forest, a road 0201-0101 (it leaves 0101 by SE). Heading SE,
    exploring: the first check is on the road, DC 14; 6 fails, veer 10: one face right, the
    party really leaves by S, off the road (3 miles of the 6 in the watch, so it is still in
    0101). The second check judges that stretch: DC 14 + 2 = 16, and 14 fails (today: DC 14,
    the intended SE on the road, a success). Realising judges it too: DC 16."""
    root = make_campaign(tmp_path, rows=["fp", "pp"], start="0101", members=member(),
                         hexes={"0101": {"terrain": "forest", "density": "sparse"}},
                         paths={"road-1": {"kind": "road", "hexes": ["0201", "0101"]}},
                         sessions=[{"log": [
                             {"travel": {"heading": "SE", "mode": ["exploring"]},
                              "rolls": {"navigation": 6, "veer": 10, "realise": 13}},
                             {"travel": {"heading": "SE"},
                              "rolls": {"navigation": 14, "veer": 9, "realise": 14}}]}])
    w = watches(run(root)[0])
    first, second = rolls_of(w[0], "navigation")[0], rolls_of(w[1], "navigation")[0]
    assert (first["target"], first["outcome"]) == (14, "failure")
    assert w[0]["exit_face"] == "S" and w[0]["end_hex"] == "0101"
    assert (second["target"], second["total"], second["outcome"]) == (16, 14, "failure")
    assert [r["target"] for r in rolls_of(w[0], "realise") + rolls_of(w[1], "realise")] == [
        16, 16]


def test_item_1_realising_after_an_exact_crossing_judges_the_face_it_leaves_by(
        tmp_path: Path) -> None:
    """Lost (no veer) heading N from 0505, 9 miles to leave (a start offset): the party
    crosses into 0504 exactly at the end of the watch. It entered off the road, but a road
    runs 0504-0503 and it would leave by N along it: its stretch is on the road, realise DC
    12 (today 14: only the way in was looked at), and 13 succeeds."""
    root = make_campaign(tmp_path, members=member(),
                         paths={"track": {"kind": "road", "hexes": ["0504", "0503"]}},
                         sessions=[{"party": {"start": "0505", "start_offsets": {"N": 9}},
                                    "log": [{"travel": {"heading": "N"},
                                             "rolls": {"navigation": 2, "veer": 5,
                                                       "realise": 13}}]}])
    w = watches(run(root)[0])[0]
    assert w["hexes_entered"] == ["0504"] and w["progress_miles"] == 0
    (roll,) = rolls_of(w, "realise")
    assert (roll["target"], roll["outcome"]) == (12, "success")
    assert w["knows_lost"]


# -- item 2: toward never aims off the map -------------------------------------------------


def test_item_2_toward_never_aims_off_the_map(tmp_path: Path) -> None:
    """6x6, from 0101 toward 0301: NE of 0101 is off the map (and as near the target as SE),
    so only SE (0201) and S are candidates: 6 miles into 0201, 3 of progress; then NE, a far
    face: 3 + 9 = 12 crosses into 0301 at the end of the second watch."""
    root = make_campaign(tmp_path, rows=plains(6, 6), start="0101", members=member(),
                         sessions=[{"log": [
                             {"travel": {"toward": "0301"}, "rolls": {"navigation": 20}},
                             {"travel": {"toward": "0301"}, "rolls": {"navigation": 20}}]}])
    ch, diags = run(root)
    w = watches(ch)
    assert [x["end_hex"] for x in w] == ["0201", "0301"]
    assert [x["hexes_entered"] for x in w] == [["0201"], ["0301"]]
    assert not any(x["warnings"] for x in w), [x["warnings"] for x in w]


def test_item_2_toward_walks_around_an_impassable_hex(tmp_path: Path) -> None:
    """A lake in 0504 between 0505 and 0503: toward 0503 goes by a neighbour on dry land
    (NE, 0604 ties with NW, 0404, by centre distance; the first clockwise from N wins)."""
    rows = plains()
    rows[3] = "pppplppppp"
    root = make_campaign(tmp_path, rows=rows, members=member(), sessions=[{"log": [
        {"travel": {"toward": "0503"}, "rolls": {"navigation": 20}}]}])
    w = watches(run(root)[0])[0]
    assert w["hexes_entered"] == ["0604"] and not w["warnings"]


# -- item 3: a toward that starts at its target --------------------------------------------


def test_item_3_a_toward_that_starts_at_its_target_makes_no_move_and_no_check(
        tmp_path: Path) -> None:
    root = make_campaign(tmp_path, members=member(), sessions=[{"log": [
        {"travel": {"toward": "0505"}, "rolls": {"encounter": [5]}}]}])
    ch, diags = run(root)
    w = watches(ch)[0]
    assert rolls_of(w, "navigation") == [] and rolls_of(w, "veer") == []
    assert (w["end_hex"], w["miles"], w["hexes_entered"], w["lost"]) == ("0505", 0, [], False)
    assert w["warnings"] == ["the party is already in 0505, the target: no move and no "
                             "navigation check"]
    assert [d.message for d in diags.warnings] == w["warnings"]
    assert [r["purpose"] for r in w["rolls"]] == ["encounter"]


# -- item 4: turning back on purpose -------------------------------------------------------


def test_item_4_turning_back_on_purpose_needs_the_miles_made(tmp_path: Path) -> None:
    """Seed 000, "Back the way they came": turning back through the entry face, the party
    walks its progress back down. 7.5 miles into 0504 (entered by S: 6 + 3 miles, then 2 h
    more), heading S crosses back without first having to make the 6 miles any other way
    out needs, after exactly the 7.5 miles made (3 h 20 min at 2.25 mph), and walks 1.5
    miles into 0505. One 2 miles in (8 miles in 3 h 33 min 20 s) needs 2: 53 min 20 s, then
    7 miles into 0505."""
    far = make_campaign(tmp_path / "far", members=member(), sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 20}},
        {"travel": {"heading": "N", "hours": 2}, "rolls": {"navigation": 20}},
        {"travel": {"heading": "S"}, "rolls": {"navigation": 20}}]}])
    w = watches(run(far)[0])
    assert (w[1]["end_hex"], w[1]["progress_miles"]) == ("0504", 7.5)
    assert w[2]["hexes_entered"] == ["0505"] and w[2]["progress_miles"] == 1.5
    near = make_campaign(tmp_path / "near", members=member(), sessions=[{"log": [
        {"travel": {"heading": "N", "hours": "32/9"}, "rolls": {"navigation": 20}},
        {"travel": {"heading": "S"}, "rolls": {"navigation": 20}}]}])
    w = watches(run(near)[0])
    assert (w[0]["end_hex"], w[0]["progress_miles"]) == ("0504", 2)
    assert w[1]["hexes_entered"] == ["0505"] and w[1]["progress_miles"] == 7


def test_item_4_a_lost_party_veering_out_through_the_entry_face_needs_6(
        tmp_path: Path) -> None:
    """2 miles into 0504 (entered by S), heading SE but lost (veer 9: one face right, S):
    not a deliberate return, so 6 are needed: 4 more (1 h 46 min 40 s), then 5 miles into
    0505."""
    root = make_campaign(tmp_path, members=member(), sessions=[{"log": [
        {"travel": {"heading": "N", "hours": "32/9"}, "rolls": {"navigation": 20}},
        {"travel": {"heading": "SE"}, "rolls": {"navigation": 2, "veer": 9, "realise": 2}}]}])
    w = watches(run(root)[0])
    assert w[1]["exit_face"] == "S" and w[1]["hexes_entered"] == ["0505"]
    assert w[1]["progress_miles"] == 5


# -- item 5: a failed new course keeps the believed track -----------------------------------


def test_item_5_a_failed_new_course_never_moves_the_believed_track_onto_the_true_one(
        tmp_path: Path) -> None:
    """Lost heading N with veer +1: truly into 0604, believed into 0504; it realises (so its
    believed position is unknown). A failed new course leaves it lost again and unaware, and
    it believes it is where it last believed it was, 0504: never the true 0604. The next
    watch moves the believed track on from there."""
    root = make_campaign(tmp_path, members=member(), sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 9, "realise": 19}},
        {"reorient": {"method": "new_course"}, "rolls": {"reorient": 1, "veer": 5}},
        {"travel": {"heading": "N"}, "rolls": {"navigation": 20, "realise": 1}}]}])
    w = watches(run(root)[0])
    assert (w[0]["end_hex"], w[0]["believed_hex"], w[0]["knows_lost"]) == ("0604", None, True)
    assert (w[1]["end_hex"], w[1]["believed_hex"]) == ("0604", "0504")
    assert w[1]["lost"] and not w[1]["knows_lost"]
    assert w[2]["believed_start_hex"] == "0504" and w[2]["believed_hexes_entered"] == ["0503"]


# -- item 6: a lost party may change its heading --------------------------------------------


def test_item_6_a_lost_party_takes_its_new_heading_and_the_veer_still_turns_it(
        tmp_path: Path) -> None:
    """Lost heading N with veer +1 (truly NE into 0604, 3 miles in), unaware. The players
    now log heading S: that is the intended face, turned one face right by the veer: SW, the
    way it came in, so 6 - 3 = 3 miles back into 0505 (today the new heading was ignored and
    it kept leaving by NE)."""
    root = make_campaign(tmp_path, members=member(), sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 9, "realise": 2}},
        {"travel": {"heading": "S"}, "rolls": {"navigation": 20, "realise": 2}}]}])
    w = watches(run(root)[0])
    assert (w[1]["intended_face"], w[1]["exit_face"]) == ("S", "SW")
    assert w[1]["hexes_entered"] == ["0505"] and w[1]["lost"] and w[1]["veer"] == 1
    assert w[1]["believed_hexes_entered"] == ["0505"]


def test_item_6_toward_stays_frozen_while_lost(tmp_path: Path) -> None:
    """A lost party heading toward a hex keeps the face it had when it got lost, even when a
    later watch names another target."""
    root = make_campaign(tmp_path, rows=plains(20, 20), start="1010", members=member(),
                         sessions=[{"log": [
                             {"travel": {"toward": "1001"},
                              "rolls": {"navigation": 2, "veer": 5, "realise": 2}},
                             {"travel": {"toward": "1019"},
                              "rolls": {"navigation": 20, "realise": 2}}]}])
    w = watches(run(root)[0])
    assert w[0]["intended_face"] == "N" and w[1]["intended_face"] == "N"


# -- item 7: doom in chases ----------------------------------------------------------------

WOLVES = {"creatures": {"wolves": {"name": "Wolf", "speed": 30, "con": 12,
                                   "perception": 16}}}


def chase_campaign(root: Path, log: list[dict[str, Any]], **aria: Any) -> Path:
    return make_campaign(root, rules={"checks": "bsh"}, campaign=WOLVES,
                         members=member(**{"survival": 12, "con": 10, "stealth": 12, **aria}),
                         sessions=[{"log": log}])


def test_item_7_a_critical_failure_in_a_chase_rolls_the_doom_die(tmp_path: Path) -> None:
    """bsh, Con 10: 3 free dashes; the 4th needs a DC 10 Constitution check (advantage:
    2d20 keep the lower). Both 20: a critical failure, which rolls Aria's doom die (2: the
    d6 steps down to a d4), right after the check."""
    root = chase_campaign(tmp_path, [
        {"chase": {"quarry": "party", "pursuers": ["wolves"], "rounds": 4},
         "rolls": {"initiative": [15, 5], "complication": [20] * 8, "chase_con": [20, 20],
                   "doom": 2}}])
    ch, diags = run(root)
    assert not diags.items, [d.format() for d in diags.items]
    purposes = [r.purpose for r in ch.sessions[0].watches[0].rolls]
    assert purposes[purposes.index("chase_con") + 1] == "doom"
    con = next(r for r in ch.sessions[0].watches[0].rolls if r.purpose == "chase_con")
    assert con.outcome == "critical_failure"
    assert [(e.reason, e.before, e.after) for e in ch.resources["doom-Aria"].history] == [
        ("doom", "d6", "d4")]
    turn = ch.sessions[0].watches[0].chase.rounds[3].turns[0]
    assert [r.purpose for r in turn.rolls] == ["chase_con", "doom", "complication"]


def test_item_7_a_doomed_member_runs_with_disadvantage(tmp_path: Path) -> None:
    """Aria tempted fate with a d4 doom die and exhausted it: doomed. Her 4th-dash Con check
    (DC 10: the band's advantage) nets the doomed disadvantage against it: one d20."""
    root = chase_campaign(tmp_path, [
        {"use": {"resource": "doom", "by": "Aria"}, "rolls": {"doom": 1}},
        {"chase": {"quarry": "party", "pursuers": ["wolves"], "rounds": 4},
         "rolls": {"initiative": [15, 5], "complication": [20] * 8, "chase_con": [5]}}],
        doom="d4")
    ch, diags = run(root)
    assert not diags.items, [d.format() for d in diags.items]
    con = next(r for r in ch.sessions[0].watches[0].rolls if r.purpose == "chase_con")
    assert con.dice == "1d20" and "doomed: disadvantage" in english(con.detail)


def test_item_7_bsh_nets_escape_exhaustion_and_the_dc_band_once(tmp_path: Path) -> None:
    """bsh, Con 4: no free dash; the round 1 check fails (15 and 18, keep 15: not under 4):
    exhaustion 1. At the end of the round Aria is 60 ft ahead of the wolves, beyond a sight of
    30 ft: Stealth against passive Perception 16, DC 17, the band's disadvantage; the escape
    factors' advantage and the exhaustion's disadvantage join it and they all cancel: one
    d20 (today two, keep the worse)."""
    root = chase_campaign(tmp_path, [
        {"chase": {"quarry": "party", "pursuers": ["wolves"], "rounds": 1, "sight": 30,
                   "advantage": 1},
         "rolls": {"initiative": [15, 5], "complication": [20, 20], "chase_con": [15, 18],
                   "stealth": [5]}}], con=4)
    ch, diags = run(root)
    assert not diags.items, [d.format() for d in diags.items]
    stealth = next(r for r in ch.sessions[0].watches[0].rolls if r.purpose == "stealth")
    assert (stealth.dice, stealth.natural, stealth.outcome) == ("1d20", 5, "success")
    assert ch.sessions[0].watches[0].chase.outcome == "escaped"


# -- item 10: Knowledge for the region -----------------------------------------------------


def test_item_10_knowledge_counts_only_in_its_regions(tmp_path: Path) -> None:
    """Knowledge (geography) 5 for the region north-wood only (0505): +2 in 0505, nothing in
    0504, where the second watch starts (DC 14 both; 12 + 0 + 2 = 14 succeeds, 12 fails)."""
    root = make_campaign(tmp_path, members=member(knowledge_geography=5,
                                                  knowledge_regions=["north-wood"]),
                         sessions=[{"log": [
                             {"travel": {"heading": "N"}, "rolls": {"navigation": 12}},
                             {"travel": {"heading": "N"},
                              "rolls": {"navigation": 12, "veer": 5, "realise": 1}}]}])
    (root / "regions.yaml").write_text(
        'north-wood: {name: North Wood, hexes: ["0505"]}\n', "utf-8")
    w = watches(run(root)[0])
    first, second = rolls_of(w[0], "navigation")[0], rolls_of(w[1], "navigation")[0]
    assert w[1]["start_hex"] == "0504"
    assert "knowledge of North Wood" in first["detail"]
    assert (first["total"], first["outcome"]) == (14, "success")
    assert (second["total"], second["outcome"]) == (12, "failure")


def test_item_10_an_unknown_knowledge_region_is_an_error(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"members": [
        {"name": "Aria", "speed": 30, "survival": 3, "knowledge_geography": 5,
         "knowledge_regions": ["nort-wood"]}]}},
        files={"regions.yaml": 'north-wood: {name: North Wood, hexes: ["0304"]}\n'})
    campaign, diags = load(root)
    assert campaign is None
    assert [d.message for d in diags.errors] == [
        "unknown region 'nort-wood' (did you mean 'north-wood'?)"]


# -- item 12: chase exhaustion under scaled advantage ---------------------------------------


def test_item_12_scaled_exhaustion_follows_seed_004(tmp_path: Path) -> None:
    """d20, advantage scaled: each of the first three levels of exhaustion is one
    disadvantage and -5 ft of speed (seed 004), instead of 5e's halving. Con -3: no free
    dash; every check fails (1): round 1 dashes 60 ft (level 0, 1d20), round 2 50 ft (level
    1: speed 25, 1d20-1d4), round 3 40 ft (level 2: speed 20, 1d20-1d6)."""
    from generator.dice import RollSource
    from generator.rules.chase import resolve_chase
    from generator.rules.chase_model import Actor, ChaseSpec

    thief = Actor("Thief", 30, con=-3, stealth=0, initiative=2)
    guard = Actor("Guard", 30, con=5, perception=30)
    spec = ChaseSpec("urban", [thief], [guard], rounds=3)
    recorded = {"initiative": [15, 5], "complication": [20] * 6, "chase_con": [1, 1, 1],
                "chase_con_advantage": [1, 1]}
    result = resolve_chase(spec, "d20", RollSource(7, 1, 0, recorded),
                           advantage_mode="scaled")
    moves = [t.moved_ft for r in result.rounds for t in r.turns if t.name == "Thief"]
    dice = [r.dice for r in result.rolls if r.purpose == "chase_con"]
    assert moves == [60, 50, 40] and dice == ["1d20", "1d20-1d4", "1d20-1d6"]
    classic = resolve_chase(spec, "d20", RollSource(7, 1, 0, {**recorded, "chase_con": [1] * 5}))
    assert [t.moved_ft for r in classic.rounds for t in r.turns if t.name == "Thief"] == [
        60, 60, 30]


# -- item 13: missing dice are visible ------------------------------------------------------


def hexcrawl(*args: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=root, env=env,
                          capture_output=True, text=True, check=False, timeout=600)


def test_item_13_check_counts_and_lists_the_rolls_the_replay_made_itself(
        tmp_path: Path) -> None:
    """Session 1 records its navigation roll and leaves its encounter check to the
    generator; session 2 records the doom roll of tempting fate and nothing of its foraging
    travel watch. ``check`` counts, per session, the rolls the replay made itself (and how
    many were checks); ``--list-seeded`` lists each at its log entry's file and line, with
    its purpose and the value used, in the order rolled."""
    root = make_campaign(tmp_path, rules={"doom": "d6"}, members=member(), sessions=[
        {"title": "Out", "log": [{"travel": {"heading": "N"}, "rolls": {"navigation": 20}}]},
        {"title": "Back", "log": [
            {"use": {"resource": "doom", "by": "Aria"}, "rolls": {"doom": 4}},
            {"travel": {"heading": "S", "mode": "foraging"}}]}])
    ch, _ = run(root)
    every = {s.session: [r for w in s.watches for r in w.rolls]
             + [r for rolls in s.entry_rolls.values() for r in rolls] for s in ch.sessions}
    seeded = seeded_rolls(ch)
    assert [s.roll.purpose for s in seeded if s.session == 1][0] == "encounter"
    assert "navigation" not in [s.roll.purpose for s in seeded if s.session == 1]
    assert [s.roll.purpose for s in seeded if s.session == 2][:1] == ["navigation"]
    assert "doom" not in [s.roll.purpose for s in seeded]
    assert {s.roll.purpose for s in seeded if s.roll.is_check} >= {"navigation", "forage"}
    result = hexcrawl("check", "--content", str(root))
    assert result.returncode == 0, result.stderr
    for number, title in ((1, "Out"), (2, "Back")):
        mine = [s for s in seeded if s.session == number]
        checks = sum(s.roll.is_check for s in mine)
        assert (f"  session {number} ({title}): {len(mine)} of {len(every[number])} rolls "
                f"({checks} check{'s' * (checks != 1)})") in result.stdout
    assert "--list-seeded" in result.stdout and "sessions/01.yaml" not in result.stdout
    listed = hexcrawl("check", "--list-seeded", "--content", str(root))
    assert listed.returncode == 0, listed.stderr
    rows = [x.strip() for x in listed.stdout.splitlines() if x.startswith("    ")]
    lines = {n: (root / "sessions" / f"0{n}.yaml").read_text("utf-8").splitlines()
             for n in (1, 2)}
    travel_line = {n: next(i for i, x in enumerate(lines[n], 1) if x.startswith("- travel:"))
                   for n in (1, 2)}
    assert len(rows) == len(seeded)
    for row, s in zip(rows, seeded, strict=True):
        where, rest = row.split(": ", 1)
        assert where == f"{root / 'sessions' / f'0{s.session}.yaml'}:{travel_line[s.session]}"
        kind = "check" if s.roll.is_check else "roll"
        assert rest.startswith(f"session {s.session}, {s.roll.purpose} {kind} {s.roll.dice} = "
                               f"{s.roll.natural}")
