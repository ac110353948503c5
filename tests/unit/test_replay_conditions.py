"""Hustle damage, forced march, sleep, foraging, usage and doom dice, encounters.

Rules.md sections 3, 6, 7 and 9, hand-checked with recorded rolls.
"""

from __future__ import annotations

import random
from pathlib import Path

from generator.i18n import Translator
from generator.rules import resources as R

from replay_helpers import make_campaign, plains, rolls_of, run, watches

english = Translator("en").said


def test_hustle_damage_doubles_each_hour(tmp_path: Path) -> None:
    """Hustled hours between sleeps: 1st free, 2nd 1 nonlethal, 3rd 2, 4th 4. Hustling four
    hours in one watch deals 1 + 2 + 4 = 7; after a sleep (two rests) the count starts over."""
    root = make_campaign(tmp_path, rows=plains(20, 20), start="1010", sessions=[{"log": [
        {"travel": {"heading": "N", "hustle_hours": 4}, "rolls": {"navigation": 20}},
        {"rest": {}}, {"rest": {}},
        {"travel": {"heading": "N", "hustle_hours": 2}, "rolls": {"navigation": 20}},
    ]}])
    ch, _ = run(root)
    w = ch.sessions[0].watches
    assert "Aria takes 7 nonlethal (fatigued)" in english(w[0].said)
    assert "sleeps" in english(w[2].said)
    assert "Aria takes 1 nonlethal (fatigued)" in english(w[3].said)
    assert ch.members["Aria"].nonlethal == 1 and ch.members["Aria"].fatigued


def test_forced_march_checks_each_hour_beyond_eight(tmp_path: Path) -> None:
    """Three travel watches: hours 1-8 are free; hour 9 needs Con DC 10, hour 10 DC 12,
    hour 11 DC 14, hour 12 DC 16. Con +1: naturals 9 (10, pass), 5 (6 < 12, fail: 1d6 = 4
    nonlethal), 13 (14, pass), 15 (16, pass)."""
    root = make_campaign(tmp_path, rows=plains(30, 30), start="1515", sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 20}},
        {"travel": {"heading": "N"}, "rolls": {"navigation": 20}},
        {"travel": {"heading": "N"},
         "rolls": {"navigation": 20, "march": [9, 5, 13, 15], "march_damage": 4}},
    ]}])
    ch, diags = run(root)
    assert not diags.warnings, [d.format() for d in diags.warnings]
    w = watches(ch)
    assert rolls_of(w[1], "march") == []
    march = rolls_of(w[2], "march")
    assert [(r["target"], r["total"], r["outcome"]) for r in march] == [
        (10, 10, "success"), (12, 6, "failure"), (14, 14, "success"), (16, 16, "success")]
    assert ch.members["Aria"].nonlethal == 4


def test_ridden_mount_takes_lethal_damage_on_a_forced_march(tmp_path: Path) -> None:
    root = make_campaign(
        tmp_path, rows=plains(40, 40), start="2020",
        members=[{"name": "Aria", "speed": 30, "survival": 3, "mount": "horse"}],
        sessions=[{"log": [
            {"travel": {"heading": "N"}, "rolls": {"navigation": 20}},
            {"travel": {"heading": "N"}, "rolls": {"navigation": 20}},
            {"travel": {"heading": "N", "hours": 1},
             "rolls": {"navigation": 20, "march_damage": 3}},
        ]}])
    ch, _ = run(root)
    assert ch.members["Aria"].lethal == 3
    assert rolls_of(watches(ch)[2], "march") == []  # the mount fails automatically


def test_foraging_once_a_day_feeds_by_margin(tmp_path: Path) -> None:
    """Forage DC of plains 12; Survival +3; natural 16 -> 19: 1 + (19 - 12) // 2 = 4 fed.
    The second foraging watch the same day makes no check."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"camp": {"forage": True}, "rolls": {"forage": 16}},
        {"camp": {"forage": True}},
    ]}])
    ch, _ = run(root)
    w = ch.sessions[0].watches
    assert "feeds 4" in english(w[0].said)
    assert not [r for r in w[1].rolls if r.purpose == "forage"]
    assert "Already foraged today" in english(w[1].said)


def test_usage_die_steps_down_on_one_or_two(tmp_path: Path) -> None:
    """A d6 debt: use rolls 5 (holds), 2 (steps to d4), 1 (exhausted)."""
    root = make_campaign(
        tmp_path, campaign={"resources": {"debt": {"die": "d6", "owner": "Aria"}}},
        sessions=[{"log": [
            {"rest": {}},
            {"use": {"resource": "debt", "by": "Aria"}, "rolls": {"use": 5}},
            {"use": {"resource": "debt", "by": "Aria"}, "rolls": {"use": 2}},
            {"rest": {}},
            {"use": {"resource": "debt", "by": "Aria"}, "rolls": {"use": 1}},
        ]}])
    ch, diags = run(root)
    assert not diags.items
    debt = ch.resources["debt"]
    assert [(e.before, e.roll, e.after) for e in debt.history if e.reason == "use"] == [
        ("d6", 5, "d6"), ("d6", 2, "d4"), ("d4", 1, "exhausted")]
    assert debt.now == "exhausted"
    assert ch.to_json()["resources"]["debt"]["now"] == "exhausted"


def test_doom_die_rolls_on_a_critical_failure_and_a_long_rest_restores_it(
        tmp_path: Path) -> None:
    """Under bsh the doom die is a d6 per member. A navigation natural 20 is a critical
    failure: the doom die rolls (2: d6 -> d4). Sleeping restores it to d6."""
    root = make_campaign(
        tmp_path, rules={"checks": "bsh"},
        members=[{"name": "Aria", "speed": 30, "survival": 12}],
        sessions=[{"log": [
            {"travel": {"heading": "N"},
             "rolls": {"navigation": [20, 20], "veer": 5, "doom": 2, "realise": [19, 19]}},
            {"rest": {}}, {"rest": {}},
        ]}])
    ch, diags = run(root)
    doom = ch.resources["doom-Aria"]
    assert [(e.reason, e.before, e.after) for e in doom.history] == [
        ("doom", "d6", "d4"), ("long rest", "d4", "d6")]
    assert doom.now == "d6"


def test_tempting_fate_exhausts_doom_and_dooms(tmp_path: Path) -> None:
    root = make_campaign(
        tmp_path, rules={"checks": "bsh", "doom": "d4"},
        members=[{"name": "Aria", "speed": 30, "survival": 12}],
        sessions=[{"log": [
            {"rest": {}},
            {"use": {"resource": "doom", "by": "Aria"}, "rolls": {"doom": 1}},
            {"travel": {"heading": "N"}, "rolls": {"navigation": [3, 9]}},
        ]}])
    ch, _ = run(root)
    assert ch.resources["doom-Aria"].now == "exhausted"
    nav = [r for r in ch.sessions[0].watches[1].rolls if r.purpose == "navigation"][0]
    assert "doomed: disadvantage" in english(nav.detail)
    assert nav.natural == 9  # disadvantage keeps the worse (higher) roll


def test_expected_uses_match_the_seed() -> None:
    """Seed 001's expected uses (d20 30 ... d4 2) equal the exact expectation."""
    for sides, uses in R.EXPECTED_USES_SEED.items():
        assert R.expected_uses(sides) == uses


def test_usage_die_mean_uses_by_simulation() -> None:
    """Statistical: over 4000 seeded trials a d8 lasts 9 uses on average (within 3 %)."""
    rng = random.Random(20261130)
    total = 0
    trials = 4000
    for _ in range(trials):
        die, uses = 8, 0
        while die:
            die = R.use(die, rng.randint(1, die))
            uses += 1
        total += uses
    assert abs(total / trials - 9) < 0.27


def test_search_third_check_finds_the_target(tmp_path: Path) -> None:
    """Searching: two checks, then a third that can only find the target (12 finds it)."""
    loc = ("---\nname: Sunken Shrine\nhex: \"0505\"\n---\nMoss and old stones.\n")
    root = make_campaign(tmp_path, locations={"sunken-shrine": loc}, sessions=[{"log": [
        {"search": {"target": "sunken-shrine"}, "rolls": {"encounter": [5, 9, 12]}}]}])
    ch, _ = run(root)
    w = watches(ch)[0]
    assert w["discovered"] == ["sunken-shrine"]
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == ["nothing", "nothing", "target"]


def test_hidden_locations_need_the_keyed_result_twice(tmp_path: Path) -> None:
    loc = "---\nname: Barrow\nhex: \"0505\"\nvisibility: hidden\n---\nA mound.\n"
    root = make_campaign(tmp_path, locations={"barrow": loc}, sessions=[{"log": [
        {"search": {}, "rolls": {"encounter": [12, 4]}},
        {"search": {}, "rolls": {"encounter": [3, 12]}},
    ]}])
    w = watches(run(root)[0])
    assert w[0]["discovered"] == [] and w[1]["discovered"] == ["barrow"]


def test_visible_location_seen_from_afar(tmp_path: Path) -> None:
    """A visible location with visible_from 2 is found from two hexes away, even resting;
    from three hexes away it is not."""
    loc = ("---\nname: Tor\nhex: \"0503\"\nvisibility: visible\nvisible_from: 2\n---\n"
           "A crag.\n")
    near = make_campaign(tmp_path / "near", locations={"tor": loc},
                         sessions=[{"log": [{"rest": {}}]}])
    assert watches(run(near)[0])[0]["discovered"] == ["tor"]
    far = make_campaign(tmp_path / "far", start="0506", locations={"tor": loc},
                        sessions=[{"log": [{"rest": {}}]}])
    assert watches(run(far)[0])[0]["discovered"] == []


def test_on_path_location_found_by_following(tmp_path: Path) -> None:
    loc = ("---\nname: Toll House\nhex: \"0205\"\non: [road]\n---\nA gate.\n")
    paths = {"road": {"kind": "road", "hexes": ["0105", "0205", "0305"]}}
    root = make_campaign(tmp_path, start="0105", paths=paths, locations={"toll": loc},
                         sessions=[{"log": [{"travel": {"follow": "road"},
                                             "rolls": {"encounter": [5]}}]}])
    w = watches(run(root)[0])[0]
    assert w["discovered"] == ["toll"]  # the id comes from the file name


def test_wandering_encounter_rolls_on_the_hex_table_with_nesting(tmp_path: Path) -> None:
    """d12 = 1: a wandering encounter on the hex's table; row 1 nests into 'wolves', whose
    row asks for distance (2d6 x 10) and reaction (2d6: 9 -> neutral)."""
    tables = {
        "plains": {"id": "plains", "name": "Plains", "dice": "1d4",
                   "rows": [{"roll": "1-2", "result": "Beasts", "table": "wolves"},
                            {"roll": "3-4", "result": "Riders"}]},
        "wolves": {"id": "wolves", "name": "Wolves", "dice": "1d6",
                   "rows": [{"roll": "1-6", "result": "2d4 wolves", "distance": "2d6x10",
                             "reaction": True}]},
    }
    root = make_campaign(tmp_path, tables=tables, sessions=[{"log": [
        {"rest": {}, "rolls": {"encounter": [1], "table": [2, 4],
                               "encounter_distance": 7, "reaction": 9}}]}])
    ch, diags = run(root)
    assert not diags.items, [d.format() for d in diags.items]
    enc = watches(ch)[0]["encounters"][0]
    assert enc["table"] == "plains" and enc["result"] == "Beasts / 2d4 wolves"
    assert enc["distance"] == 70 and enc["reaction"] == "neutral"


def test_cautious_cancels_half_the_wandering_encounters(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N", "mode": "cautious"},
         "rolls": {"navigation": 20, "encounter": [1], "cautious": 30}}]}])
    enc = watches(run(root)[0])[0]["encounters"][0]
    assert enc["kind"] == "wandering" and enc["cancelled"] is True


def test_n_in_dx_encounter_check(tmp_path: Path) -> None:
    """'2 in d8': 1-2 wandering, 8 keyed."""
    root = make_campaign(tmp_path, rules={"encounter_check": "2 in d8"}, sessions=[{"log": [
        {"rest": {}, "rolls": {"encounter": [2]}}]}])
    w = watches(run(root)[0])[0]
    enc = rolls_of(w, "encounter")[0]
    assert enc["dice"] == "1d8" and enc["outcome"] == "wandering"


def test_chase_entry_is_resolved_round_by_round(tmp_path: Path) -> None:
    """Wolves (speed 50) chase the party (speed 30) from 60 ft: each round the wolves dash
    100 ft and the party 60 ft, so the gap closes by 40 ft a round: 60 -> 20 after round 1
    (still in sight, no escape possible) -> caught in round 2."""
    root = make_campaign(
        tmp_path, campaign={"creatures": {"wolves": {"name": "Wolf", "speed": 50, "con": 2,
                                                     "perception": 13}}},
        sessions=[{"log": [{"chase": {"quarry": "party", "pursuers": ["wolves"]},
                            "rolls": {"initiative": [15, 10], "complication": [15] * 8}}]}])
    ch, diags = run(root)
    assert not diags.errors, [d.format() for d in diags.errors]
    w = watches(ch)[0]
    assert w["activity"] == "chase"
    assert w["chase"]["outcome"] == "caught" and w["chase"]["rounds"] == 2
    assert rolls_of(w, "initiative") and rolls_of(w, "complication")


def test_chase_with_an_unknown_creature_is_an_error(tmp_path: Path) -> None:
    from generator.content.loader import load_campaign

    root = make_campaign(tmp_path, sessions=[{"log": [
        {"chase": {"quarry": "party", "pursuers": ["wolfs"]}}]}],
        campaign={"creatures": {"wolves": {"name": "Wolf", "speed": 50}}})
    campaign, diags = load_campaign(root)
    assert campaign is None
    assert any("unknown chase participant 'wolfs' (did you mean 'wolves'?)" in d.message
               for d in diags.errors)


def test_a_doom_roll_in_a_later_session_carries_that_session_number(tmp_path: Path) -> None:
    root = make_campaign(
        tmp_path, rules={"checks": "bsh"},
        members=[{"name": "Aria", "speed": 30, "survival": 12}],
        sessions=[{"log": [{"rest": {}}]},
                  {"log": [{"travel": {"heading": "N"},
                            "rolls": {"navigation": [20, 20], "veer": 5, "doom": 4,
                                      "realise": [19, 19]}}]}])
    ch, _ = run(root)
    assert [(e.session, e.reason) for e in ch.resources["doom-Aria"].history] == [(2, "doom")]


def test_actual_distance_factor_distribution() -> None:
    """Statistical: the seeded 2d6 of the actual-distance rule (rules.md section 3) follows
    the 2d6 distribution, so the factor (2d6 + 3) x 10 % runs 50-150 % around 100 %. Over
    6000 seeded watches each sum's frequency is within 1.5 points of k/36, and the mean
    factor within 1 % of 100 %."""
    from generator.dice import RollSource

    counts = {s: 0 for s in range(2, 13)}
    n = 6000
    for i in range(n):
        natural, recorded, dice = RollSource(20261130, i // 12, i % 12).roll("distance", 2, 6)
        assert not recorded and len(dice) == 2
        counts[natural] += 1
    for total, seen in counts.items():
        expected = (6 - abs(total - 7)) / 36
        assert abs(seen / n - expected) < 0.015, (total, seen / n, expected)
    mean_factor = sum((s + 3) * 10 * c for s, c in counts.items()) / n
    assert abs(mean_factor - 100) < 1


def test_a_party_standing_in_water_is_warned_that_it_cannot_move(tmp_path: Path) -> None:
    """A start hex on a lake (a slip in campaign.yaml) left the party at 0 mph for ever with
    no word of why: every travel watch now says so, at its entry."""
    rows = plains(5, 5)
    rows[2] = "pplpp"
    root = make_campaign(tmp_path, rows=rows, start="0303", sessions=[
        {"log": [{"travel": {"heading": "N"}}, {"rest": {}}]}])
    chronicle, diags = run(root)
    travel, rest = watches(chronicle)
    assert travel["hexes_entered"] == [] and travel["miles"] == 0
    assert any("stands in 0303 (Lake), which cannot be walked" in w
               for w in travel["warnings"]), travel["warnings"]
    assert not any("cannot be walked" in w for w in rest.get("warnings", []))
    shown = [d.format() for d in diags.items if "cannot be walked" in d.message]
    assert len(shown) == 1 and "sessions/01.yaml:" in shown[0], shown
    # a party on dry land that walks to the shore is stopped there, as before
    root = make_campaign(tmp_path / "shore", rows=rows, start="0305", sessions=[
        {"log": [{"travel": {"heading": "N"}}]}])
    chronicle, diags = run(root)
    assert not any("cannot be walked" in w for w in watches(chronicle)[0]["warnings"])
