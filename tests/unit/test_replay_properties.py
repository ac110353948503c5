"""Property tests of the replay (rules.md section 11 and the invariants of section 4)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay_helpers import make_campaign, run

FACES = ["N", "NE", "SE", "S", "SW", "NW"]
TERRAIN_LETTERS = "pfhmsdo"

travel = st.one_of(
    st.builds(lambda f: {"heading": f}, st.sampled_from(FACES)),
    st.builds(lambda c, r: {"toward": f"{c:02d}{r:02d}"},
              st.integers(1, 8), st.integers(1, 8)),
    st.builds(lambda f, m: {"heading": f, "mode": m}, st.sampled_from(FACES),
              st.sampled_from([["cautious"], ["exploring"], ["cautious", "exploring"],
                               ["foraging"]])),
    st.builds(lambda f, h: {"heading": f, "hustle_hours": h}, st.sampled_from(FACES),
              st.integers(0, 4)),
    st.just({"follow": "road"}),
    st.just({"follow": "road", "direction": "backward"}),
    st.just({"landmark": "0404"}),
)
entry = st.one_of(
    st.builds(lambda t: {"travel": t}, travel),
    st.just({"rest": {}}),
    st.just({"camp": {"forage": True}}),
    st.just({"search": {}}),
    st.sampled_from([{"reorient": {"method": m}} for m in ("north", "new_course",
                                                            "backtrack")]),
    st.just({"note": "We walked on."}),
)
maps = st.lists(st.text(TERRAIN_LETTERS, min_size=8, max_size=8), min_size=8, max_size=8)
ROAD = {"road": {"kind": "road", "hexes": ["0104", "0204", "0304", "0404", "0504", "0604"]}}
SLOW = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def build(root: Path, rows: list[str], logs: list[list[dict[str, Any]]],
          checks: str = "d20", actual: bool = True) -> dict[str, Any]:
    members: list[dict[str, Any]] = [{"name": "Aria", "speed": 30, "survival": 3}]
    if checks == "brp":
        members = [{"name": "Aria", "speed": 30, "survival": 45, "con": 12}]
    elif checks == "bsh":
        members = [{"name": "Aria", "speed": 30, "survival": 12, "con": 11}]
    make_campaign(root, rows=rows, start="0404", paths=ROAD, members=members,
                  rules={"checks": checks, "actual_distance": actual},
                  sessions=[{"log": log} for log in logs])
    chronicle, diags = run(root)
    assert not diags.errors, [d.format() for d in diags.errors]
    result: dict[str, Any] = chronicle.to_json()
    return result


@SLOW
@given(rows=maps, logs=st.lists(st.lists(entry, max_size=8), min_size=1, max_size=3),
       checks=st.sampled_from(["d20", "brp", "bsh"]), actual=st.booleans())
def test_replay_never_crashes_and_stays_on_the_map(rows: list[str],
                                                   logs: list[list[dict[str, Any]]],
                                                   checks: str, actual: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data = build(Path(tmp), rows, logs, checks, actual)
    for session in data["sessions"]:
        for w in session["watches"]:
            for label in [w["start_hex"], w["end_hex"], *w["hexes_entered"]]:
                col, row = int(label[:2]), int(label[2:])
                assert 1 <= col <= 8 and 1 <= row <= 8
            assert w["progress_miles"] >= 0
            assert w["progress_miles"] <= 12  # never beyond a far-face requirement
            assert w["miles"] >= 0
            assert abs(w["veer"]) <= 3
            if w["knows_lost"]:
                assert w["lost"] and w["believed_hex"] is None
            if not w["lost"]:
                assert w["veer"] == 0 or w["activity"] == "reorient"
            for r in w["rolls"]:
                assert r["natural"] >= 1


@SLOW
@given(rows=maps, logs=st.lists(st.lists(entry, max_size=6), min_size=1, max_size=2))
def test_same_content_gives_byte_identical_json(rows: list[str],
                                                logs: list[list[dict[str, Any]]]) -> None:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        first = json.dumps(build(Path(a), rows, logs), sort_keys=False)
        second = json.dumps(build(Path(b), rows, logs), sort_keys=False)
    assert first == second


@SLOW
@given(rows=maps, first=st.lists(entry, min_size=1, max_size=6),
       second=st.lists(entry, max_size=6), extra=st.lists(entry, min_size=1, max_size=4))
def test_editing_a_later_session_never_changes_an_earlier_one(
        rows: list[str], first: list[dict[str, Any]], second: list[dict[str, Any]],
        extra: list[dict[str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        before = build(Path(a), rows, [first, second])
        after = build(Path(b), rows, [first, second + extra])
    assert before["sessions"][0] == after["sessions"][0]


def test_recording_a_roll_in_one_watch_does_not_shift_another(tmp_path: Path) -> None:
    """Seeded rolls are per (seed, session, watch, purpose, ordinal): recording watch 0's
    navigation roll leaves every roll of watch 1 as it was."""
    log = [{"travel": {"heading": "N"}}, {"travel": {"heading": "N"}}]
    rows = ["p" * 8] * 8
    before = build(tmp_path / "a", rows, [log])
    recorded = [{"travel": {"heading": "N"}, "rolls": {"navigation": 20}},
                {"travel": {"heading": "N"}}]
    after = build(tmp_path / "b", rows, [recorded])
    w_before = before["sessions"][0]["watches"][1]["rolls"]
    w_after = after["sessions"][0]["watches"][1]["rolls"]
    assert [(r["purpose"], r["natural"]) for r in w_before] == \
        [(r["purpose"], r["natural"]) for r in w_after]
