"""Chases (rules.md section 10, seed 003), hand-checked with recorded rolls.

Every scenario records the rolls it depends on. Positions: pursuers start at 0 ft, the quarry
at the start distance (60 ft unless said); a Dash covers 2 x speed per round. Complication
rolls are recorded as 20 (no complication) unless the test is about them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.campaign import Table
from generator.content.models import TableRow
from generator.diagnostics import Pos
from generator.dice import RollSource
from generator.i18n import Translator
from generator.replay import replay
from generator.rules.chase import resolve_chase
from generator.rules.chase_model import (
    OUTCOMES,
    PURSUER_STATUSES,
    QUARRY_STATUSES,
    Actor,
    ChaseResult,
    ChaseSpec,
    free_dashes,
)

from campaign_factory import load, where, write_campaign
from replay_helpers import recorded

english = Translator("en").said


def source(**dice: list[int]) -> RollSource:
    return recorded(seed=7, **dice)


def no_complications(n: int) -> list[int]:
    return [20] * n


def positions(result: ChaseResult, name: str) -> list[tuple[int, int]]:
    return [(t.start_ft, t.end_ft) for rnd in result.rounds for t in rnd.turns
            if t.name == name]


def turns_of(result: ChaseResult, name: str) -> list[tuple[int, str | None, int]]:
    """(dashes, Constitution check outcome, exhaustion) of each of ``name``'s turns."""
    return [(t.dashes, t.con_check, t.exhaustion) for rnd in result.rounds for t in rnd.turns
            if t.name == name]


THIEF = Actor("Thief", speed_ft=30, con=1, stealth=5, perception=10, initiative=2)
GUARD = Actor("Guard", speed_ft=30, con=5, stealth=0, perception=13, initiative=0)


def test_free_dashes_then_the_con_check() -> None:
    """Con +1: 3 + 1 = 4 free dashes. Thief and Guard both run 30 ft (60 ft a round), so the
    gap stays 60 ft, never beyond the urban sight of 60 ft: no Stealth rolls. Rounds 1-4: no
    check. Round 5, the 5th dash: DC 10 Constitution, d20 10 + 1 = 11 >= 10, success. The Guard
    (Con +5, 8 free) never checks. Initiative: Thief 15 + 2 = 17, Guard 5 + 0 = 5."""
    spec = ChaseSpec("urban", [THIEF], [GUARD], rounds=5)
    rolls = source(initiative=[15, 5], chase_con=[10], complication=no_complications(10))
    result = resolve_chase(spec, "d20", rolls)
    assert result.order == ["Thief", "Guard"]
    assert turns_of(result, "Thief") == [
        (1, None, 0), (2, None, 0), (3, None, 0), (4, None, 0), (5, "success", 0)]
    assert all(con is None for _, con, _ in turns_of(result, "Guard"))
    con_rolls = [r for r in result.rolls if r.purpose == "chase_con"]
    assert len(con_rolls) == 1
    roll = con_rolls[0]
    assert (roll.dice, roll.natural, roll.total, roll.target, roll.outcome, roll.recorded) == (
        "1d20", 10, 11, 10, "success", True)
    assert "Thief" in english(roll.detail) and "dash 5, 4 free" in english(roll.detail)
    assert result.rounds[4].turns[0].free_dashes == 4
    assert rolls.unused() == {}
    assert result.outcome == "gave_up"


def test_free_dash_count_per_system() -> None:
    """d20 uses the modifier; brp and bsh the score, (score - 10) // 2; never below 0."""
    assert free_dashes("d20", 1) == 4
    assert free_dashes("d20", -4) == 0
    assert free_dashes("brp", 12) == 4
    assert free_dashes("bsh", 9) == 2  # (9 - 10) // 2 = -1
    assert free_dashes("bsh", 18) == 7


def test_exhaustion_from_failed_checks_and_dropping_out_at_5() -> None:
    """Thief Con -3: 0 free dashes, a check every turn. Exhaustion 1+ gives disadvantage
    (2d20, keep the lower); exhaustion 2+ halves the Thief's speed (60 -> 30 ft a round).
    Round 1: d20 2 - 3 = -1 fail, exhaustion 1. Round 2: [5, 15] keep 5, 2: fail, 2.
    Round 3: [3, 18] keep 3, 0: fail, 3. Round 4: [4, 4], 1: fail, 4. Round 5: [19, 6] keep
    6, 3: fail, 5: drops out (no complication roll). Thief: 60 -> 120 -> 180 -> 210 -> 240 ->
    270; Guard (speed 10): 20, 40, 60, 80, 100; in the wilderness (sight 240) the gap never
    exceeds 240, so no Stealth rolls. End of round 5: the Thief cannot move, the Guard takes
    it."""
    thief = Actor("Thief", 30, con=-3, stealth=5, initiative=2)
    guard = Actor("Guard", 10, con=5, perception=13)
    spec = ChaseSpec("wilderness", [thief], [guard])
    rolls = source(initiative=[15, 5], chase_con=[2, 5, 15, 3, 18, 4, 4, 19, 6],
                   complication=no_complications(9))
    result = resolve_chase(spec, "d20", rolls)
    assert turns_of(result, "Thief") == [
        (1, "critical_failure", 1), (2, "failure", 2), (3, "failure", 3), (4, "failure", 4),
        (5, "failure", 5)]
    assert positions(result, "Thief") == [(60, 120), (120, 180), (180, 210), (210, 240),
                                          (240, 270)]
    assert positions(result, "Guard") == [(0, 20), (20, 40), (40, 60), (60, 80), (80, 100)]
    con = [r for r in result.rolls if r.purpose == "chase_con"]
    assert [r.dice for r in con] == ["1d20"] + ["2d20kl1"] * 4
    assert [r.total for r in con] == [-1, 2, 0, 1, 3]
    last = result.rounds[4]
    assert last.turns[0].dropped_out and last.dropped_out == ["Thief"]
    assert [r.purpose for r in last.turns[0].rolls] == ["chase_con"]
    assert last.caught == [("Thief", "Guard")]
    assert result.outcome == "caught"
    assert (result.quarry[0].status, result.quarry[0].round, result.quarry[0].by) == (
        "caught", 5, "Guard")
    assert rolls.unused() == {}


def test_pursuer_dropping_out_ends_the_chase() -> None:
    """The Guard (Con -3, no free dash) acts first (Guard 15 + 0, Thief 5 + 2 = 7) and fails
    every check: round 1 d20 2 (-1), rounds 2-5 [2, 2] (-1): exhaustion 1 ... 5. It drops out
    in round 5's first turn, so the round stops (the Thief has no turn) and nobody was caught:
    the pursuers are exhausted. Guard: 60, 120, 150, 180 (halved from exhaustion 2), 210."""
    guard = Actor("Guard", 30, con=-3, perception=13)
    thief = Actor("Thief", 30, con=5, stealth=5, initiative=2)
    spec = ChaseSpec("wilderness", [thief], [guard])
    rolls = source(initiative=[5, 15], chase_con=[2] + [2, 2] * 4,
                   complication=no_complications(8))
    result = resolve_chase(spec, "d20", rolls)
    assert result.order == ["Guard", "Thief"]
    assert positions(result, "Guard") == [(0, 60), (60, 120), (120, 150), (150, 180),
                                          (180, 210)]
    assert len(result.rounds) == 5 and [t.name for t in result.rounds[4].turns] == ["Guard"]
    assert result.outcome == "pursuers_exhausted"
    assert result.pursuers[0].status == "dropped_out" and result.pursuers[0].round == 5
    assert result.quarry[0].status == "got_away"
    assert "Guard dropped out exhausted in round 5" in english(result.summary)
    assert rolls.unused() == {}


def complication_table() -> Table:
    rows = (TableRow(result="A cart blocks the way"), TableRow(result="A crowd closes in"))
    return Table("urban-complications", "Urban complications", "1d6", "gm", None, rows,
                 ((1, 3), (4, 6)), "1d6", "tables/urban-complications.yaml", Pos("t.yaml"))


def test_complication_slows_the_next_participant() -> None:
    """Initiative: Thief 17, Guard 5. Round 1: the Thief rolls complication 7 (1-10), table
    1d6 5 -> "A crowd closes in", which strikes the Guard, next in order: it moves 60 / 2 = 30
    ft. The Guard rolls 3, table 1 -> "A cart blocks the way": it strikes the next in order,
    wrapping to the Thief on its round 2 turn (30 ft). Round 2 rolls 20 and 20. Thief: 60 ->
    120 -> 150; Guard: 0 -> 30 -> 90; gaps 90 and 60, within the wilderness sight (240)."""
    spec = ChaseSpec("wilderness", [THIEF], [GUARD], rounds=2,
                     complications=complication_table())
    rolls = source(initiative=[15, 5], complication=[7, 3, 20, 20], table=[5, 1])
    result = resolve_chase(spec, "d20", rolls)
    r1, r2 = result.rounds
    assert (r1.turns[0].complication_caused, r1.turns[0].complication_target) == (
        "A crowd closes in", "Guard")
    assert r1.turns[1].complication_received == "A crowd closes in"
    assert (r1.turns[1].complication_caused, r1.turns[1].complication_target) == (
        "A cart blocks the way", "Thief")
    assert r2.turns[0].complication_received == "A cart blocks the way"
    assert r2.turns[1].complication_received is None
    assert positions(result, "Thief") == [(60, 120), (120, 150)]
    assert positions(result, "Guard") == [(0, 30), (30, 90)]
    assert [(r.purpose, r.natural) for r in r1.rolls] == [
        ("complication", 7), ("table", 5), ("complication", 3), ("table", 1)]
    comp = r1.rolls[0]
    assert (comp.target, comp.outcome) == (10, "complication")
    assert "Thief" in english(comp.detail) and "Guard" in english(comp.detail)
    assert r2.rolls[0].outcome == "none"
    assert rolls.unused() == {}


def test_complication_without_a_table() -> None:
    """No table: the text is "complication". A roll of 10 is still a complication."""
    spec = ChaseSpec("wilderness", [THIEF], [GUARD], rounds=1)
    result = resolve_chase(spec, "d20", source(initiative=[15, 5], complication=[10, 11]))
    assert result.rounds[0].turns[1].complication_received == "complication"
    assert result.rounds[0].turns[1].moved_ft == 30
    assert [r.purpose for r in result.rolls] == [
        "initiative", "initiative", "complication", "complication"]


def test_caught_when_a_faster_pursuer_closes_the_gap() -> None:
    """Initiative: Thief 15 + 2 = 17, Guard 10, Hound 5. Thief 60 ft a round, Guard 60,
    Hound (speed 50) 100. Round 1: Thief 120, Guard 60, Hound 100: lead Hound, 20 ft behind.
    Round 2: Thief 180, Hound 200 >= 180: the Hound catches the Thief."""
    hound = Actor("Hound", 50, con=3, perception=15)
    spec = ChaseSpec("urban", [THIEF], [GUARD, hound])
    rolls = source(initiative=[15, 10, 5], complication=no_complications(6))
    result = resolve_chase(spec, "d20", rolls)
    assert result.order == ["Thief", "Guard", "Hound"]
    assert len(result.rounds) == 2
    assert result.rounds[0].lead == "Hound" and result.rounds[0].caught == []
    assert result.rounds[0].escape_checks[0].distance_ft == 20
    assert positions(result, "Hound") == [(0, 100), (100, 200)]
    assert result.rounds[1].caught == [("Thief", "Hound")]
    assert result.outcome == "caught"
    assert english(result.summary) == "Urban chase, 2 rounds: the pursuers caught the quarry " \
        "(Hound caught Thief in round 2)."


def test_mixed_outcome_with_two_quarry() -> None:
    """Thief (60 ft a round) and Runner (speed 60: 120 a round) flee the Hound (100 a round)
    in the wilderness for 2 rounds. Round 2: Thief 180, Runner 300, Hound 200: the Thief is
    caught; the Runner, 100 ft ahead, never left the 240 ft sight: no Stealth roll. The Hound
    gives up: mixed."""
    runner = Actor("Runner", 60, con=2, stealth=3)
    hound = Actor("Hound", 50, con=3, perception=15)
    spec = ChaseSpec("wilderness", [THIEF, runner], [hound], rounds=2)
    rolls = source(initiative=[15, 12, 5], complication=no_complications(6))
    result = resolve_chase(spec, "d20", rolls)
    assert result.outcome == "mixed"
    assert [(q.name, q.status) for q in result.quarry] == [("Thief", "caught"),
                                                            ("Runner", "got_away")]
    assert [r for r in result.rolls if r.purpose == "stealth"] == []


def test_automatic_escape_failure_while_in_sight() -> None:
    """Equal speeds keep the gap at 60 ft, not beyond the urban sight of 60 ft: each round's
    escape check fails automatically and the recorded Stealth roll is never used."""
    spec = ChaseSpec("urban", [THIEF], [GUARD], rounds=3)
    rolls = source(initiative=[15, 5], complication=no_complications(6), stealth=[20])
    result = resolve_chase(spec, "d20", rolls)
    checks = [c for rnd in result.rounds for c in rnd.escape_checks]
    assert [(c.distance_ft, c.out_of_sight, c.rolled, c.escaped) for c in checks] == [
        (60, False, False, False)] * 3
    assert rolls.unused() == {"stealth": [20]}
    assert result.outcome == "gave_up"


def test_escape_by_stealth_after_breaking_sight() -> None:
    """Thief speed 40 (80 a round) against the Guard (60 a round), urban sight 60 ft.
    Round 1: Thief 140, Guard 60: 80 ft > 60, out of sight. DC: the Guard's passive 13 must be
    exceeded (seed 003), DC 14. d20 8 + 5 = 13: failure (equal to the passive is not enough).
    Round 2: 220 vs 120, d20 9 + 5 = 14 >= 14: the Thief escapes."""
    thief = Actor("Thief", 40, con=1, stealth=5, initiative=2)
    spec = ChaseSpec("urban", [thief], [GUARD])
    rolls = source(initiative=[15, 5], complication=no_complications(4), stealth=[8, 9])
    result = resolve_chase(spec, "d20", rolls)
    checks = [c for rnd in result.rounds for c in rnd.escape_checks]
    assert [(c.distance_ft, c.dc, c.rolled, c.escaped) for c in checks] == [
        (80, 14, True, False), (100, 14, True, True)]
    stealth = [r for r in result.rolls if r.purpose == "stealth"]
    assert [(r.natural, r.total, r.target, r.outcome) for r in stealth] == [
        (8, 13, 14, "failure"), (9, 14, 14, "success")]
    detail = english(stealth[0].detail)
    assert "Thief" in detail and "passive Perception 13" in detail
    assert result.outcome == "escaped"
    assert (result.quarry[0].status, result.quarry[0].round) == ("escaped", 2)
    assert english(result.summary) == ("Urban chase, 2 rounds: the quarry escaped "
                              "(Thief escaped in round 2).")


def test_once_out_of_sight_the_quarry_keeps_rolling() -> None:
    """Round 1: the Thief (80 a round) is 80 ft ahead, out of sight; stealth 1 fails. Round 2:
    a complication (Guard's roll 5 wraps to the Thief) halves it to 40 ft: 180 vs 120, 60 ft,
    back in sight, yet it rolls (it has left the lead's sight before): 17 + 5 = 22, escaped."""
    thief = Actor("Thief", 40, con=1, stealth=5, initiative=2)
    spec = ChaseSpec("urban", [thief], [GUARD])
    rolls = source(initiative=[15, 5], complication=[20, 5, 20, 20], stealth=[1, 17])
    result = resolve_chase(spec, "d20", rolls)
    checks = [c for rnd in result.rounds for c in rnd.escape_checks]
    assert [(c.distance_ft, c.out_of_sight, c.broke_sight, c.rolled, c.escaped)
            for c in checks] == [(80, True, True, True, False), (60, False, True, True, True)]
    assert result.outcome == "escaped"


@pytest.mark.parametrize(
    ("advantage", "mode", "recorded", "dice", "total", "escaped"),
    [
        # 2d20 keep the higher: 12 + 5 = 17 >= 14
        (1, "classic", {"stealth": [4, 12]}, "2d20kh1", 17, True),
        # 2d20 keep the lower: 4 + 5 = 9 < 14
        (-1, "classic", {"stealth": [4, 12]}, "2d20kl1", 9, False),
        # no escape factor: the first d20 only, 4 + 5 = 9
        (0, "classic", {"stealth": [4, 12]}, "1d20", 9, False),
        # scaled (seed 004): one advantage adds 1d4: 8 + 5 + 3 = 16
        (1, "scaled", {"stealth": [8], "stealth_advantage": [3]}, "1d20+1d4", 16, True),
    ],
)
def test_advantage_on_the_escape_check(advantage: int, mode: str, recorded: dict[str, list[int]],
                                       dice: str, total: int, escaped: bool) -> None:
    """The Thief (80 ft a round) is 80 ft ahead after round 1, beyond the urban 60 ft: it rolls
    Stealth +5 against DC 14 (Guard's passive 13, to be exceeded), with the escape factors'
    net advantage."""
    thief = Actor("Thief", 40, con=1, stealth=5, initiative=2)
    spec = ChaseSpec("urban", [thief], [GUARD], advantage=advantage, rounds=1)
    rolls = source(initiative=[15, 5], complication=no_complications(2), **recorded)
    result = resolve_chase(spec, "d20", rolls, advantage_mode=mode)
    (stealth,) = [r for r in result.rolls if r.purpose == "stealth"]
    assert (stealth.dice, stealth.total) == (dice, total)
    assert result.rounds[0].escape_checks[0].escaped is escaped
    assert result.outcome == ("escaped" if escaped else "gave_up")


def test_exhaustion_disadvantage_cancels_escape_advantage() -> None:
    """Thief Con -3 fails its round 1 check (d20 1): exhaustion 1, which gives one disadvantage
    on ability checks; with the escape factors' advantage the Stealth roll is a single d20:
    10 + 5 = 15 >= 14."""
    thief = Actor("Thief", 40, con=-3, stealth=5, initiative=2)
    spec = ChaseSpec("urban", [thief], [GUARD], advantage=1, rounds=1)
    rolls = source(initiative=[15, 5], chase_con=[1], complication=no_complications(2),
                   stealth=[10, 1])
    result = resolve_chase(spec, "d20", rolls)
    (stealth,) = [r for r in result.rolls if r.purpose == "stealth"]
    assert (stealth.dice, stealth.total, stealth.outcome) == ("1d20", 15, "success")
    assert rolls.unused() == {"stealth": [1]}


def test_gave_up_after_max_rounds() -> None:
    """Same speeds, gap 60 ft, urban sight 60: nobody is caught, nobody breaks sight; after
    4 rounds the pursuers give up and the Thief got away. The Thief's 4 dashes are free."""
    spec = ChaseSpec("urban", [THIEF], [GUARD], rounds=4)
    rolls = source(initiative=[15, 5], complication=no_complications(8))
    result = resolve_chase(spec, "d20", rolls)
    assert len(result.rounds) == 4
    assert result.outcome == "gave_up"
    assert result.quarry[0].status == "got_away" and result.quarry[0].position_ft == 300
    assert result.pursuers[0].status == "chasing"
    assert english(result.summary) == ("Urban chase, 4 rounds: the pursuers gave up after 4 rounds "
                              "(Thief got away).")


@pytest.mark.parametrize(
    ("system", "con", "recorded", "dice", "target", "outcome"),
    [
        # d20 Con +1: 4 free; 5th dash: 9 + 1 = 10 >= DC 10
        ("d20", 1, [9], "1d20", 10, "success"),
        ("d20", 1, [8], "1d20", 10, "failure"),
        # brp CON 12: (12 - 10) // 2 = 1, 4 free; CON x 5 = 60 %, DC 10 is Easy: 120 %;
        # 95 succeeds, 96-00 always fail (seed 002)
        ("brp", 12, [95], "1d100", 120, "success"),
        ("brp", 12, [96], "1d100", 120, "failure"),
        # bsh CON 12: 4 free; DC 10 gives advantage: 2d20 keep the lower, under 12 succeeds
        ("bsh", 12, [15, 11], "2d20", 12, "success"),
        ("bsh", 12, [15, 12], "2d20", 12, "failure"),
    ],
)
def test_each_check_system_resolves_the_con_check(system: str, con: int, recorded: list[int],
                                                  dice: str, target: int,
                                                  outcome: str) -> None:
    """Equal speeds, urban: no Stealth rolls. The Thief's 5th dash (round 5) needs the DC 10
    Constitution check; a failure is one level of exhaustion."""
    thief = Actor("Thief", 30, con=con, stealth=5, initiative=2)
    guard = Actor("Guard", 30, con=5 if system == "d20" else 18, perception=13)
    spec = ChaseSpec("urban", [thief], [guard], rounds=5)
    rolls = source(initiative=[15, 5], chase_con=recorded, complication=no_complications(10))
    result = resolve_chase(spec, system, rolls)
    con_rolls = [r for r in result.rolls if r.purpose == "chase_con"]
    assert len(con_rolls) == 1
    roll = con_rolls[0]
    assert (roll.dice, roll.target, roll.outcome) == (dice, target, outcome)
    assert "Thief: Constitution" in english(roll.detail)
    assert result.rounds[4].turns[0].exhaustion == (0 if outcome == "success" else 1)
    assert [t.con_check for t in result.rounds[4].turns if t.name == "Thief"] == [outcome]
    assert rolls.unused() == {}


def test_initiative_ties() -> None:
    """Ties on the total: the higher bonus first, then the name. Alpha 12 + 0, Beta 12 + 0,
    Guard 10 + 2: Guard (bonus 2), then Alpha, Beta."""
    alpha = Actor("Alpha", 30, con=1)
    beta = Actor("Beta", 30, con=1)
    guard = Actor("Guard", 30, con=1, initiative=2)
    spec = ChaseSpec("urban", [beta, alpha], [guard], rounds=1)
    rolls = source(initiative=[12, 12, 10], complication=no_complications(3))
    result = resolve_chase(spec, "d20", rolls)
    assert result.order == ["Guard", "Alpha", "Beta"]
    init = result.initiative_rolls
    assert [(r.dice, r.total) for r in init] == [("1d20", 12), ("1d20", 12), ("1d20+2", 12)]
    assert "Guard" in english(init[2].detail)


def test_rolls_are_flat_and_in_order() -> None:
    """The flat list is the initiative rolls, then each round's rolls in order."""
    spec = ChaseSpec("wilderness", [THIEF], [GUARD], rounds=3)
    result = resolve_chase(spec, "d20", RollSource(3, 1, 0))
    expected = list(result.initiative_rolls)
    for rnd in result.rounds:
        assert rnd.rolls == [r for t in rnd.turns for r in t.rolls] + [
            r for r in rnd.rolls if r.purpose == "stealth"]
        expected.extend(rnd.rolls)
    assert result.rolls == expected
    assert all(not r.recorded for r in result.rolls)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"environment": "sea"}, "environment"),
        ({"quarry": []}, "quarry"),
        ({"pursuers": []}, "pursuer"),
        ({"pursuers": [Actor("Thief", 30, 0)]}, "unique"),
        ({"advantage": 2}, "advantage"),
        ({"rounds": 0}, "round"),
        ({"start_distance": -5}, "start distance"),
    ],
)
def test_invalid_specs(change: dict[str, object], message: str) -> None:
    base: dict[str, object] = {"environment": "urban", "quarry": [THIEF], "pursuers": [GUARD]}
    base.update(change)
    spec = ChaseSpec(**base)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        resolve_chase(spec, "d20", source())


def test_unknown_system() -> None:
    with pytest.raises(ValueError, match="check system"):
        resolve_chase(ChaseSpec("urban", [THIEF], [GUARD]), "gurps", source())


# -- properties ---------------------------------------------------------------------------

def actors(prefix: str, system: str) -> st.SearchStrategy[list[Actor]]:
    con = st.integers(-3, 5) if system == "d20" else st.integers(3, 18)
    stealth = st.integers(-2, 10) if system == "d20" else (
        st.integers(0, 100) if system == "brp" else st.integers(1, 20))
    one = st.builds(Actor, name=st.just(""), speed_ft=st.sampled_from([0, 5, 10, 25, 30, 40, 60]),
                    con=con, stealth=stealth, perception=st.integers(5, 22),
                    initiative=st.integers(-2, 6), mount=st.booleans())
    return st.lists(one, min_size=1, max_size=3).map(
        lambda xs: [Actor(f"{prefix}{i}", a.speed_ft, a.con, a.stealth, a.perception,
                          a.initiative, a.mount) for i, a in enumerate(xs)])


@st.composite
def chases(draw: st.DrawFn) -> tuple[ChaseSpec, str, str, int]:
    system = draw(st.sampled_from(["d20", "brp", "bsh"]))
    table = complication_table() if draw(st.booleans()) else None
    spec = ChaseSpec(
        environment=draw(st.sampled_from(["urban", "wilderness"])),
        quarry=draw(actors("Q", system)),
        pursuers=draw(actors("P", system)),
        start_distance=draw(st.integers(0, 300)),
        sight=draw(st.none() | st.integers(0, 300)),
        advantage=draw(st.integers(-1, 1)),
        rounds=draw(st.integers(1, 12)),
        complications=table,
    )
    return spec, system, draw(st.sampled_from(["classic", "scaled"])), draw(st.integers(0, 10**6))


@settings(max_examples=200, deadline=None)
@given(chases())
def test_any_chase_ends_within_max_rounds(case: tuple[ChaseSpec, str, str, int]) -> None:
    spec, system, mode, seed = case
    result = resolve_chase(spec, system, RollSource(seed, 2, 3), advantage_mode=mode)
    again = resolve_chase(spec, system, RollSource(seed, 2, 3), advantage_mode=mode)
    assert result == again  # deterministic
    assert 1 <= len(result.rounds) <= spec.rounds
    assert result.outcome in OUTCOMES
    assert all(q.status in QUARRY_STATUSES for q in result.quarry)
    assert all(p.status in PURSUER_STATUSES for p in result.pursuers)
    assert all(p.exhaustion <= 5 and q.exhaustion <= 5
               for p in result.pursuers for q in result.quarry)
    if result.outcome == "gave_up":
        assert len(result.rounds) == spec.rounds
    if result.outcome == "pursuers_exhausted":
        assert all(p.status == "dropped_out" for p in result.pursuers)
    if result.outcome == "escaped":
        assert all(q.status == "escaped" for q in result.quarry)
    for rnd in result.rounds:
        for c in rnd.escape_checks:
            assert c.broke_sight or not c.rolled
    expected = list(result.initiative_rolls)
    for rnd in result.rounds:
        expected.extend(rnd.rolls)
    assert result.rolls == expected
    assert english(result.summary).endswith(".")


# -- a chase in a session log (the replay's fold) ----------------------------------------------

CHASE_LOG = """\
session: 1
log:
  - chase: {quarry: [Aria], pursuers: [Bram, Aria]}
  - chase: {quarry: party, pursuers: [{name: Wolf, speed: 40, count: 2}], distance: 30,
            advantage: 1, rounds: 3, complications: snags, note: Wolves at dusk,
            escape_factors: [a crowded market, fog]}
  - chase: {quarry: party, pursuers: [{name: Wolf, speed: 40, count: 2}]}
"""


def complications_table(table_id: str, text: str) -> str:
    """A d10 complications table whose every row says ``text``."""
    return (f"id: {table_id}\nname: {table_id}\ndice: 1d10\n"
            f"rows:\n  - {{roll: 1-10, result: {text}}}\n")


def test_a_logged_chase_its_error_its_factors_and_its_complications(tmp_path: Path) -> None:
    """A chase that cannot be run is an error at its entry's ``chase:``; one that runs keeps
    its options, says the escape factors the GM typed and rolls complications on its own
    table, or on the environment's (``chase-wilderness``) when it names none."""
    root = write_campaign(tmp_path, files={
        "sessions/01.yaml": CHASE_LOG,
        "tables/snags.yaml": complications_table("snags", "A bramble snags a cloak."),
        "tables/chase-wilderness.yaml": complications_table("chase-wilderness",
                                                            "Scree slides underfoot.")})
    campaign, diags = load(root)
    assert campaign is not None, diags.items
    chronicle, rdiags = replay(campaign)
    assert where(rdiags, root) == [("sessions/01.yaml", 3, 12, "error",
                                    "chase: chase participants need unique names: Aria")]
    failed, chase, plain = chronicle.sessions[0].watches
    assert failed.chase is None and failed.said == [] and failed.encounters == []

    assert [english(s) for s in chase.said] == [
        "Wilderness chase, 2 rounds: the pursuers caught the quarry (Wolf 2 caught Aria in "
        "round 2; Wolf 2 caught Bram in round 1).",
        "Escape factors: a crowded market; fog."]
    [met] = chase.encounters
    assert (met.kind, met.result, met.note, met.hex) == ("chase", "caught", "Wolves at dusk",
                                                         "0304")
    assert chase.chase.rounds[0].turns[0].start_ft == 30  # the quarry starts 30 ft ahead
    met_snags = {t.complication_caused for r in chase.chase.rounds for t in r.turns}
    assert met_snags - {None} == {"A bramble snags a cloak."}
    assert [english(s) for s in plain.said][1:] == []  # no escape factors typed, none said
    met_scree = {t.complication_caused for r in plain.chase.rounds for t in r.turns}
    assert met_scree - {None} == {"Scree slides underfoot."}


def test_a_logged_chase_reads_the_campaign(tmp_path: Path) -> None:
    """A logged chase takes its participants from ``creatures:`` and the party, its sight
    from the entry, nested complication tables from the campaign's tables, the
    campaign's advantage mode (``scaled``: an advantage is +1d4) and its doom dice (rolled
    after a critical failure)."""
    root = write_campaign(tmp_path, campaign_overrides={
        "rules": {"advantage": "scaled", "doom": "d6"},
        "creatures": {"hare": {"name": "Hare", "speed": 60, "stealth": 2},
                      "tortoise": {"name": "Tortoise", "speed": 5}}}, files={
        "sessions/01.yaml": (
            "session: 1\nlog:\n"
            "  - chase: {quarry: [hare], pursuers: party, distance: 10, sight: 20,\n"
            "            advantage: 1, rounds: 2, complications: snags}\n"
            "  - chase: {quarry: party, pursuers: [tortoise], distance: 30, sight: 1000,\n"
            "            rounds: 6}\n"
            "    rolls: {chase_con: [1, 1, 1, 1]}\n"),
        "tables/snags.yaml": "id: snags\nname: Snags\ndice: 1d10\n"
                             "rows:\n  - {roll: 1-10, table: thorns}\n",
        "tables/thorns.yaml": complications_table("thorns", "Thorns tear a sleeve.")})
    campaign, diags = load(root)
    assert campaign is not None, diags.items
    chronicle, rdiags = replay(campaign)
    assert not rdiags.items, rdiags.items
    hare, tortoise = (w.chase for w in chronicle.sessions[0].watches)
    # 70 ft away, out of a 20 ft sight: the hare's Stealth roll, with advantage, escapes
    assert english(hare.summary) == (
        "Wilderness chase, 1 round: the quarry escaped (Hare escaped in round 1).")
    assert [(r.dice, r.outcome) for r in hare.rolls if r.purpose == "stealth"] == [
        ("1d20+1d4", "success")]
    assert {t.complication_caused for r in hare.rounds for t in r.turns} - {None} == {
        "Thorns tear a sleeve."}
    assert english(tortoise.summary) == (
        "Wilderness chase, 6 rounds: the pursuers gave up after 6 rounds (Aria got away; "
        "Bram got away).")
    assert "doom" in [r.purpose for r in tortoise.rolls]
