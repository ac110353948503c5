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

from generator.chronicle import seeded_rolls
from generator.knowledge import gm_view
from generator.rules.checks import brp_outcome, brp_ranges

from campaign_factory import load, write_campaign
from replay_helpers import make_campaign, plains, rolls_of, run, watches

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
    assert "sleeps" in w[2].summary
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
    assert con.dice == "1d20" and "doomed: disadvantage" in con.detail


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
    root = Path(__file__).resolve().parent.parent
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
