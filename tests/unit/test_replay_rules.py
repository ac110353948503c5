"""Hand-checked replay scenarios for rules.md sections 2-5a.

Each docstring carries the arithmetic. Unless said otherwise: one member of speed 30 ft
(3 mph), Survival +3, d20 checks, no compass, actual distance off, plains everywhere.
"""

from __future__ import annotations

from pathlib import Path

from replay_helpers import make_campaign, plains, rolls_of, run, watches

ROAD = {"kings-road": {"kind": "road", "hexes": ["0105", "0205", "0305", "0405", "0505",
                                                 "0605"]}}


def nav_ok(**more: object) -> dict[str, object]:
    return {"navigation": 19, **more}


def test_following_a_road_uses_road_speed_and_needs_no_check(tmp_path: Path) -> None:
    """Road across plains: x1, so 3 mph. From inside 0105: 6 miles to leave (2 h), then
    2 h x 3 = 6 miles of progress in 0205, entered through NW; its exit NE along the road is
    a far face (12). Watch 2: the 6 remaining miles take 2 h, then 6 miles into 0305."""
    root = make_campaign(tmp_path, start="0105", paths=ROAD, sessions=[{"log": [
        {"travel": {"follow": "kings-road"}},
        {"travel": {"follow": "kings-road"}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)
    assert w[0]["hexes_entered"] == ["0205"] and w[0]["progress_miles"] == 6
    assert w[0]["miles"] == 12
    assert rolls_of(w[0], "navigation") == []
    assert w[1]["hexes_entered"] == ["0305"] and w[1]["progress_miles"] == 6


def test_follow_backward_and_toward_a_hex_on_the_path(tmp_path: Path) -> None:
    """From inside 0505 following the road backward stops at 0405 when told `toward: 0405`:
    6 miles (2 h) into 0405, then the watch stops there."""
    root = make_campaign(tmp_path, start="0505", paths=ROAD, sessions=[{"log": [
        {"travel": {"follow": "kings-road", "toward": "0405"}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)[0]
    assert w["hexes_entered"] == ["0405"]
    assert w["miles"] == 6 and w["progress_miles"] == 0


def test_highway_in_mountains_is_three_quarters(tmp_path: Path) -> None:
    """Mountains highway x3/4: 3 x 3/4 = 2.25 mph, 9 miles a watch: 6 to leave 0105, then
    3 miles of progress in 0205."""
    rows = ["m" * 10 for _ in range(10)]
    paths = {"pass": {"kind": "highway", "hexes": ["0105", "0205", "0305"]}}
    root = make_campaign(tmp_path, rows=rows, start="0105", paths=paths, sessions=[{"log": [
        {"travel": {"follow": "pass"}}]}])
    w = watches(run(root)[0])[0]
    assert w["miles"] == 9 and w["hexes_entered"] == ["0205"] and w["progress_miles"] == 3


def test_slowest_member_sets_the_pace(tmp_path: Path) -> None:
    """Speeds 30 and 20: 2 mph; plains trackless x3/4 = 1.5 mph; 6 miles in 4 h: exactly
    the 6 miles needed to leave a hex from inside, so the party crosses at the watch's end."""
    root = make_campaign(tmp_path, members=[
        {"name": "Aria", "speed": 30, "survival": 3}, {"name": "Bram", "speed": 20}],
        sessions=[{"log": [{"travel": {"heading": "N"}, "rolls": nav_ok()}]}])
    w = watches(run(root)[0])[0]
    assert w["miles"] == 6 and w["hexes_entered"] == ["0504"] and w["progress_miles"] == 0


def test_horse_speed(tmp_path: Path) -> None:
    """A rider on a horse: 5 mph x 3/4 = 3.75 mph, 15 miles a watch; with a walker of 30 ft
    the party still moves at 3 mph (the slowest)."""
    root = make_campaign(tmp_path, members=[
        {"name": "Aria", "speed": 30, "survival": 3, "mount": "horse"}],
        sessions=[{"log": [{"travel": {"heading": "N"}, "rolls": nav_ok()}]}])
    assert watches(run(root)[0])[0]["miles"] == 15


def test_hustle_doubles_the_hustled_hours_and_raises_the_dc(tmp_path: Path) -> None:
    """One hustled hour: 4.5 mph for 1 h + 2.25 mph for 3 h = 11.25 miles. Navigation DC
    12 + 2 (trackless) + 4 (hustle) = 18."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N", "hustle_hours": 1}, "rolls": nav_ok()}]}])
    w = watches(run(root)[0])[0]
    assert w["miles"] == 11.25
    assert rolls_of(w, "navigation")[0]["target"] == 18


def test_cautious_and_exploring_combine(tmp_path: Path) -> None:
    """Cautious x3/4 and exploring x1/2: x3/8. 3 x 3/4 (plains) x 3/8 = 0.84375 mph, 3.375
    miles a watch. DC 14 - 4 (cautious) = 10. Exploring makes two encounter checks."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N", "mode": ["cautious", "exploring"]},
         "rolls": nav_ok(encounter=[5, 6])}]}])
    w = watches(run(root)[0])[0]
    assert w["miles"] == 3.375
    assert rolls_of(w, "navigation")[0]["target"] == 10
    assert len(rolls_of(w, "encounter")) == 2


def test_poor_visibility_and_knowledge(tmp_path: Path) -> None:
    """Poor visibility +4: DC 12 + 2 + 4 = 18; Knowledge (geography) 5 ranks gives +2 to the
    roll: natural 13 + 3 + 2 = 18 succeeds."""
    root = make_campaign(tmp_path, members=[
        {"name": "Aria", "speed": 30, "survival": 3, "knowledge_geography": 5}],
        sessions=[{"log": [{"travel": {"heading": "N", "visibility": "poor"},
                            "rolls": {"navigation": 13}}]}])
    nav = rolls_of(watches(run(root)[0])[0], "navigation")[0]
    assert (nav["target"], nav["total"], nav["outcome"]) == (18, 18, "success")


def test_map_edge_stops_at_the_face(tmp_path: Path) -> None:
    """From inside 0501 heading N: 6 miles reach the face (2 h 40 min) and the party stops
    there with progress 6 and a map_edge warning; it covered only 6 miles."""
    root = make_campaign(tmp_path, start="0501", sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": nav_ok()}]}])
    w = watches(run(root)[0])[0]
    assert w["end_hex"] == "0501" and w["progress_miles"] == 6 and w["miles"] == 6
    assert any(x.startswith("the map ends") for x in w["warnings"])


def test_impassable_lake(tmp_path: Path) -> None:
    rows = plains()
    rows[3] = "pppplppppp"  # 0504 is a lake
    root = make_campaign(tmp_path, rows=rows, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": nav_ok()}]}])
    w = watches(run(root)[0])[0]
    assert w["end_hex"] == "0505" and w["progress_miles"] == 6
    assert any("is impassable" in x for x in w["warnings"])


def test_actual_distance_and_judging_it(tmp_path: Path) -> None:
    """2d6 = 9: (9 + 3) x 10 % = 120 %: 2.25 x 1.2 = 2.7 mph, 10.8 miles: 6 to leave, 4.8 of
    progress in 0504. Judging fails (natural 2), so the believed track moves the computed
    100 %: 10.8 / 1.2 = 9 miles, 3 of progress in its 0504."""
    root = make_campaign(tmp_path, rules={"actual_distance": True}, sessions=[{"log": [
        {"travel": {"heading": "N"},
         "rolls": nav_ok(distance=9, judge_distance=2)}]}])
    w = watches(run(root)[0])[0]
    assert w["miles"] == 10.8 and w["progress_miles"] == 4.8
    assert w["believed_miles"] == 9
    dist = rolls_of(w, "distance")[0]
    assert (dist["dice"], dist["natural"], dist["total"]) == ("2d6+3", 9, 12)
    judge = rolls_of(w, "judge_distance")[0]
    assert judge["target"] == 14 and judge["outcome"] == "failure"


def test_compass_removes_veer(tmp_path: Path) -> None:
    """A compass gives +2 and the party leaves by the intended face although lost: natural
    2 + 3 + 2 = 7 < 14 fails, veer 9 (right), yet it leaves 0505 by N into 0504."""
    root = make_campaign(tmp_path, gear=["compass"], sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 9, "realise": 2}}]}])
    w = watches(run(root)[0])[0]
    assert w["lost"] and w["veer"] == 1
    assert w["hexes_entered"] == ["0504"]
    assert rolls_of(w, "navigation")[0]["total"] == 7


def test_follow_ends_a_lost_state_and_reanchors(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, start="0505", paths=ROAD, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 9, "realise": 15}},
        {"travel": {"landmark": "0505"}},
    ]}])
    w = watches(run(root)[0])
    assert w[0]["lost"] and w[0]["knows_lost"] and w[0]["believed_hex"] is None
    assert not w[1]["lost"] and w[1]["believed_hex"] == w[1]["end_hex"]


def test_state_and_time_carry_across_sessions(tmp_path: Path) -> None:
    """Six watches make a day: day 1 watch 5 -> watch 6 -> day 2 watch 1. The second session
    starts where the first ended, with its progress."""
    root = make_campaign(
        tmp_path, campaign={}, sessions=[
            {"log": [{"travel": {"heading": "N"}, "rolls": nav_ok()}, {"rest": {}}]},
            {"log": [{"travel": {"heading": "N"}, "rolls": nav_ok()}]},
        ])
    (root / "campaign.yaml").write_text((root / "campaign.yaml").read_text().replace(
        "party:\n", "party:\n  start_time: {day: 1, watch: 5}\n"))
    ch, _ = run(root)
    s1, s2 = ch.to_json()["sessions"]
    assert [(w["day"], w["watch"]) for w in s1["watches"]] == [(1, 5), (1, 6)]
    assert s1["end"] == {**s1["end"], "day": 2, "watch": 1, "hex": "0504"}
    assert s2["start"] == {"hex": "0504", "day": 2, "watch": 1}
    # 3 miles of progress in 0504 carry over: 3 + 9 = 12 crosses the far face exactly
    assert s2["watches"][0]["hexes_entered"] == ["0503"]


def test_session_start_hex_begins_a_fresh_trip(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[
        {"log": [{"travel": {"heading": "N"}, "rolls": nav_ok()}]},
        {"party": {"start": "0202"}, "log": [{"travel": {"heading": "S"}, "rolls": nav_ok()}]},
    ])
    s2 = run(root)[0].to_json()["sessions"][1]
    assert s2["start"]["hex"] == "0202"
    assert s2["watches"][0]["hexes_entered"] == ["0203"]
    assert s2["watches"][0]["progress_miles"] == 3


def test_start_offsets(tmp_path: Path) -> None:
    """Per-face start offsets: 2 miles to leave by N, so 9 - 2 = 7 miles into 0504."""
    root = make_campaign(tmp_path, sessions=[
        {"party": {"start": "0505", "start_offsets": {"N": 2}},
         "log": [{"travel": {"heading": "N"}, "rolls": nav_ok()}]}])
    w = watches(run(root)[0])[0]
    assert w["hexes_entered"] == ["0504"] and w["progress_miles"] == 7


def test_realise_extra_check_on_new_terrain(tmp_path: Path) -> None:
    """Lost on the plains, the party strays into forest (clearly new terrain): two realise
    checks that watch."""
    rows = plains()
    rows[3] = "ffffffffff"
    root = make_campaign(tmp_path, rows=rows, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 5, "realise": [2, 3]}},
    ]}])
    w = watches(run(root)[0])[0]
    assert w["hexes_entered"] == ["0504"]
    assert len(rolls_of(w, "realise")) == 2


def test_recorded_roll_out_of_range_is_an_error_at_its_position(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[])
    (root / "sessions" / "01.yaml").write_text(
        "session: 1\n"
        "log:\n"
        "  - travel: {heading: N}\n"
        "    rolls: {navigation: 21, encounter: [3, 13]}\n", "utf-8")
    _, diags = run(root)
    errors = sorted(d.format() for d in diags.errors)
    path = str(root / "sessions" / "01.yaml")
    # the second encounter value is never used by the watch: a warning, not an error
    assert errors == [
        f"{path}:4:25: error: recorded navigation roll 21 is outside the die's range 1-20"]
    assert [d.message for d in diags.warnings] == [
        "recorded encounter roll 13 never used by this watch: the watch made 1 encounter "
        "check (travel, rest and camp one, exploring and search two, a search's target one "
        "more)"]


def test_unused_recorded_roll_is_a_warning(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"rest": {}, "rolls": {"navigation": 12, "encounter": [4]}}]}])
    _, diags = run(root)
    assert not diags.errors
    assert [d.message for d in diags.warnings] == [
        "recorded navigation roll 12 never used by this watch: a watch spent on rest rolls no "
        "navigation"]


def test_poor_trail_needs_a_dc_12_check(tmp_path: Path) -> None:
    paths = {"goat-track": {"kind": "trail", "condition": "poor",
                            "hexes": ["0505", "0504", "0503"]}}
    root = make_campaign(tmp_path, paths=paths, sessions=[{"log": [
        {"travel": {"follow": "goat-track"}, "rolls": {"navigation": 9}}]}])
    nav = rolls_of(watches(run(root)[0])[0], "navigation")[0]
    assert nav["target"] == 12 and nav["total"] == 12 and nav["outcome"] == "success"


def test_toward_stops_at_the_target(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"toward": "0504"}, "rolls": nav_ok()}]}])
    w = watches(run(root)[0])[0]
    assert w["hexes_entered"] == ["0504"] and w["end_hex"] == "0504"
    assert w["miles"] == 6  # 6 miles to leave 0505, then the party stops


def test_backtrack_retraces_the_tracks_and_reanchors(tmp_path: Path) -> None:
    """Lost heading N with veer +1: the party leaves 0505 by NE into 0604 (6 miles, 2 h 40),
    then 3 miles of progress there; it realises it is lost. Backtracking leaves 0604 by its
    entry face, a deliberate backtrack needing the 3 miles already made (1 h 20 at 2.25 mph),
    back into 0505 where it went astray; Survival 15 + 3 = 18 >= 14: it knows it is on
    course and re-anchors."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 8, "realise": 19}},
        {"reorient": {"method": "backtrack"}, "rolls": {"backtrack": 15, "encounter": [5]}},
    ]}])
    w = watches(run(root)[0])
    assert w[0]["hexes_entered"] == ["0604"] and w[0]["knows_lost"]
    assert w[1]["hexes_entered"] == ["0505"] and w[1]["miles"] == 3
    assert not w[1]["lost"] and w[1]["believed_hex"] == "0505"


def test_backtrack_misjudged_keeps_the_party_lost_unknowingly(tmp_path: Path) -> None:
    """Backtracking only 1 h 20 of a longer detour leaves the party off course; a failed
    check (2 + 3 < 14) and a misjudge roll of 40 (<= 75) make it believe it is back where it
    went astray: believed 0505, truly elsewhere, lost but unaware."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 8, "realise": 2}},
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "realise": 19}},
        {"reorient": {"method": "backtrack"},
         "rolls": {"backtrack": 2, "misjudge": 40, "encounter": [5]}},
    ]}])
    w = watches(run(root)[0])
    assert w[2]["lost"] and not w[2]["knows_lost"]
    assert w[2]["believed_hex"] == "0505"
    assert w[2]["end_hex"] != "0505"


def test_realise_extra_check_on_an_obvious_landmark(tmp_path: Path) -> None:
    """Lost on the plains, the party sights a visible tor: one extra realise check."""
    loc = "---\nname: Tor\nhex: \"0503\"\nvisibility: visible\nvisible_from: 1\n---\nA crag.\n"
    root = make_campaign(tmp_path, locations={"tor": loc}, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 5, "realise": [2, 3]}},
    ]}])
    w = watches(run(root)[0])[0]
    assert w["discovered"] == ["tor"]
    assert len(rolls_of(w, "realise")) == 2


def test_arriving_at_the_follow_target_reanchors_the_believed_track(tmp_path: Path) -> None:
    """2d6 = 12: 150 %, misjudged (natural 1) as 100 %: the party thinks it made 6 / 1.5 = 4
    of the 6 miles to 0205, but reaching the named hex on the road is unmistakable: the
    believed track ends there too."""
    root = make_campaign(tmp_path, start="0105", paths=ROAD, rules={"actual_distance": True},
                         sessions=[{"log": [
                             {"travel": {"follow": "kings-road", "toward": "0205"},
                              "rolls": {"distance": 12, "judge_distance": 1}}]}])
    w = watches(run(root)[0])[0]
    assert w["end_hex"] == "0205" and w["believed_hex"] == "0205"


def test_gm_remark_on_an_instant_entry_stays_with_its_watch(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"rest": {}}, {"note": "We camp.", "gm": "The owl is a spy."}]}])
    ch, _ = run(root)
    assert ch.sessions[0].watches[0].gm_notes == ["The owl is a spy."]
    assert ch.sessions[0].notes == [(0, "We camp.")]
