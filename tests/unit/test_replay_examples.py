"""The worked examples of docs/examples.md, each replayed through the real loader and engine.

Party speed 30 ft (3 mph), d20 checks, no compass, actual_distance off, unless said otherwise.
"""

from __future__ import annotations

from pathlib import Path

from replay_helpers import make_campaign, plains, rolls_of, run, watches

# Row 6 is forest so that 0506 is forest, as in examples 1 and 2.
ROWS_1 = plains()[:5] + ["f" * 10] + plains()[6:]


def test_example_1_time_carries_across_a_face(tmp_path: Path) -> None:
    """Start inside 0505 (plains), heading S, trackless.

    Plains trackless 3 x 3/4 = 2.25 mph; 6 miles to leave: 6 / 2.25 = 2 h 40 min. Enter 0506
    (forest) through N with 1 h 20 min left at 1.5 mph = 2 miles. Next watch S is a far face:
    12 needed, 10 remain, 4 h x 1.5 = 6 miles; progress 2 + 6 = 8, still in 0506.
    """
    root = make_campaign(tmp_path, rows=ROWS_1, sessions=[{"log": [
        {"travel": {"heading": "S"}, "rolls": {"navigation": 19}},
        {"travel": {"heading": "S"}, "rolls": {"navigation": 19}},
    ]}])
    ch, diags = run(root)
    w = watches(ch)
    assert w[0]["hexes_entered"] == ["0506"]
    assert w[0]["end_hex"] == "0506"
    assert w[0]["miles"] == 8
    assert w[0]["progress_miles"] == 2
    assert w[1]["hexes_entered"] == []
    assert w[1]["progress_miles"] == 8
    assert w[1]["miles"] == 6


def test_example_2_near_face_turn_keeps_progress(tmp_path: Path) -> None:
    """In 0506, entry N, progress 8: heading NE (a near face, 6 needed) crosses at once
    into 0605 (column 5 is odd) and spends the whole watch there: 0605 is plains, entered
    through SW; NE is its far face (12 needed), 4 h x 2.25 = 9 miles of progress."""
    root = make_campaign(tmp_path, rows=ROWS_1, sessions=[{"log": [
        {"travel": {"heading": "S"}, "rolls": {"navigation": 19}},
        {"travel": {"heading": "S"}, "rolls": {"navigation": 19}},
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 19}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)[2]
    assert w["hexes_entered"] == ["0605"]
    assert w["end_hex"] == "0605"
    assert w["progress_miles"] == 9
    assert w["miles"] == 9


def test_example_3_exact_crossing(tmp_path: Path) -> None:
    """Inside 0303 heading N: 9 miles, 6 cross into 0302 (entry S), 3 of progress. Next watch
    3 + 9 = 12 = the far-face requirement exactly: into 0301 with progress 0."""
    root = make_campaign(tmp_path, start="0303", sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19}},
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)
    assert w[0]["hexes_entered"] == ["0302"] and w[0]["progress_miles"] == 3
    assert w[1]["hexes_entered"] == ["0301"]
    assert w[1]["progress_miles"] == 0
    assert isinstance(w[1]["progress_miles"], int)


def test_example_4_lost_veer_grows_and_believed_track(tmp_path: Path) -> None:
    """Survival +3 vs DC 12 + 2 (trackless) = 14, heading NE from inside 0505.

    Watch 1: navigation 6 (total 9) fails: lost, veer 9 -> one face right: the true track
    leaves by SE (into 0605), the believed one by NE (into 0604). Watch 2: navigation 4
    fails, veer 2 (left) while veering right: veer stays +1. Watch 3: navigation 3 fails,
    veer 10 (right): veer +2, the true track now leaves by S. Realise is rolled at the end of
    every watch (the first included) and fails here (natural 2).
    """
    root = make_campaign(tmp_path, rows=plains(12, 12), sessions=[{"log": [
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 6, "veer": 9, "realise": 2}},
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 4, "veer": 2, "realise": 2}},
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 3, "veer": 10, "realise": 2}},
    ]}])
    ch, diags = run(root)
    assert not diags.warnings, [d.format() for d in diags.items]
    w = watches(ch)
    nav = rolls_of(w[0], "navigation")[0]
    assert (nav["natural"], nav["total"], nav["target"], nav["outcome"]) == (6, 9, 14, "failure")
    assert w[0]["lost"] and not w[0]["knows_lost"]
    assert w[0]["veer"] == 1
    assert w[0]["exit_face"] == "SE"
    assert w[0]["hexes_entered"][0] == "0605"
    assert w[0]["believed_hexes_entered"][0] == "0604"
    assert len(rolls_of(w[0], "realise")) == 1
    assert w[1]["veer"] == 1
    assert w[2]["veer"] == 2
    assert w[2]["intended_face"] == "NE"
    assert w[2]["exit_face"] == "S"
    for watch in w:
        assert watch["believed_hex"] is not None  # the party does not know it is lost


def test_example_4_success_does_not_end_lost_state(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, rows=plains(12, 12), sessions=[{"log": [
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 6, "veer": 9, "realise": 2}},
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 19, "realise": 2}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)
    assert w[1]["lost"] and w[1]["veer"] == 1
    assert rolls_of(w[1], "navigation")[0]["outcome"] == "success"


def test_example_4_realising_nulls_the_believed_hex(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, rows=plains(12, 12), sessions=[{"log": [
        {"travel": {"heading": "NE"}, "rolls": {"navigation": 6, "veer": 9, "realise": 15}},
        {"reorient": {"method": "new_course"}, "rolls": {"reorient": 20}},
    ]}])
    ch, _ = run(root)
    w = watches(ch)
    assert w[0]["lost"] and w[0]["knows_lost"]
    assert w[0]["believed_hex"] is None
    # new course: Survival vs navigation DC + 10 = 14 + 10 = 24; 20 + 3 = 23 fails, but a
    # natural 20 moves the degree up one step: success, the party re-anchors.
    assert not w[1]["lost"]
    assert w[1]["believed_hex"] == w[1]["end_hex"]


def test_example_5_toward_with_ties(tmp_path: Path) -> None:
    """From 0303 toward 0505: SE (0403), then SE (0504), then S into 0505, where the watch
    stops. Speed 60 ft (6 mph x 3/4 = 4.5 mph) so the party covers 18 miles a watch."""
    root = make_campaign(
        tmp_path, start="0303",
        members=[{"name": "Aria", "speed": 60, "survival": 3}],
        sessions=[{"log": [
            {"travel": {"toward": "0505"}, "rolls": {"navigation": 19}},
            {"travel": {"toward": "0505"}, "rolls": {"navigation": 19}},
        ]}])
    ch, _ = run(root)
    w = watches(ch)
    entered = w[0]["hexes_entered"] + w[1]["hexes_entered"]
    assert entered == ["0403", "0504", "0505"]
    assert w[1]["end_hex"] == "0505"
