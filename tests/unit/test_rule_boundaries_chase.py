"""Chases (rules.md section 10, seed 003) at their edges: the catcher among several pursuers
that reach the quarry, a quarry member that collapses as the last pursuer drops out, the
complication roll's words, the round-by-round record (each turn's side, the chase's own
initiative rolls), a mounted member running at its mount's speed, and the words of a chase
that cannot be run."""

from __future__ import annotations

import pytest

from generator.content.models import ChaseActor, Member
from generator.diagnostics import MessageError
from generator.i18n import Translator
from generator.rules.chase import resolve_chase
from generator.rules.chase_model import Actor, ChaseSpec, actors, validate

from replay_helpers import recorded

english = Translator("en").said
THIEF = Actor("Thief", speed_ft=30, con=1, stealth=5, perception=10, initiative=2)
GUARD = Actor("Guard", speed_ft=30, con=5, stealth=0, perception=13, initiative=0)


def no_complications(n: int) -> list[int]:
    return [20] * n


@pytest.mark.parametrize(("speed_b", "catcher"), [(45, "Hound A"), (50, "Hound B")])
def test_the_pursuer_furthest_along_catches_and_ties_go_by_initiative(
        speed_b: int, catcher: str) -> None:
    """Initiative: Thief 17, Hound B 10, Hound A 5. Round 2 ends with the Thief at 180 ft,
    Hound A (speed 50) at 200 and Hound B at 180 (speed 45) or 200 (speed 50): both reach it.
    The furthest along catches it (Hound A, though later in initiative); at a tie, the earlier
    in initiative (Hound B)."""
    hound_a = Actor("Hound A", 50, con=3, perception=15)
    hound_b = Actor("Hound B", speed_b, con=3, perception=15)
    spec = ChaseSpec("wilderness", [THIEF], [hound_a, hound_b])
    result = resolve_chase(spec, "d20", recorded(seed=7, initiative=[15, 5, 10],
                                                 complication=no_complications(6)))
    assert result.order == ["Thief", "Hound B", "Hound A"]
    assert len(result.rounds) == 2 and result.rounds[1].caught == [("Thief", catcher)]
    assert english(result.summary) == (
        "Wilderness chase, 2 rounds: the pursuers caught the quarry "
        f"({catcher} caught Thief in round 2).")


def test_a_quarry_member_collapsing_as_the_pursuers_drop_out_is_neither_caught_nor_away(
        ) -> None:
    """Thief and Guard (Con -3: no free dash) fail every Constitution check (d20 2, -1):
    exhaustion 1 to 5. In round 5 the Thief drops out first, then the Guard: no pursuer is
    left to take the Thief, so it collapsed where it stood."""
    thief = Actor("Thief", 30, con=-3, stealth=5, initiative=2)
    guard = Actor("Guard", 30, con=-3, perception=13)
    spec = ChaseSpec("wilderness", [thief], [guard])
    result = resolve_chase(spec, "d20", recorded(seed=7, initiative=[15, 5],
                                                 chase_con=[2] * 18,
                                                 complication=no_complications(8)))
    assert result.outcome == "pursuers_exhausted"
    assert [(q.name, q.status, q.round) for q in result.quarry] == [("Thief", "dropped_out", 5)]
    assert english(result.summary) == (
        "Wilderness chase, 5 rounds: the pursuers dropped out exhausted (Thief collapsed "
        "exhausted in round 5; Guard dropped out exhausted in round 5).")


def test_the_complication_roll_says_its_range_and_whom_it_strikes() -> None:
    """The Thief's 7 (1-10) strikes the Guard; the Guard's 20 strikes nobody."""
    spec = ChaseSpec("wilderness", [THIEF], [GUARD], rounds=1)
    result = resolve_chase(spec, "d20", recorded(seed=7, initiative=[15, 5],
                                                 complication=[7, 20]))
    details = [english(r.detail) for r in result.rolls if r.purpose == "complication"]
    assert details == ["Thief: complication on 1-10, strikes Guard",
                       "Guard: complication on 1-10"]


def test_the_record_keeps_each_turns_side_and_only_the_chases_initiative_rolls() -> None:
    """The roll source already holds a roll of the watch (a navigation check): the chase's
    initiative rolls and its rolls are its own."""
    rolls = recorded(seed=7, navigation=[12], initiative=[15, 5],
                     complication=no_complications(2))
    rolls.take("navigation", 1, 20)
    result = resolve_chase(ChaseSpec("wilderness", [THIEF], [GUARD], rounds=1), "d20", rolls)
    assert [(r.purpose, r.natural) for r in result.initiative_rolls] == [
        ("initiative", 15), ("initiative", 5)]
    assert [english(r.detail) for r in result.initiative_rolls] == [
        "Thief: initiative +2", "Guard: initiative +0"]
    assert [r.purpose for r in result.rolls] == [
        "initiative", "initiative", "complication", "complication"]
    assert [(t.name, t.side) for t in result.rounds[0].turns] == [
        ("Thief", "quarry"), ("Guard", "pursuer")]


def test_a_mounted_member_runs_at_its_mounts_speed() -> None:
    """Rules.md section 3: a horse is 5 mph (3.5 loaded), a speed of 50 ft (35 ft); the roll
    details say "(mounted)". A member on foot keeps its own speed; a creature is never
    mounted."""
    party = [Member(name="Aria", speed=30, mount="horse"),
             Member(name="Bren", speed=30, mount="horse", mount_loaded=True),
             Member(name="Cade", speed=25)]
    members = {m.name: m for m in party}
    wolf = ChaseActor(name="Wolf", speed=40, con=2)
    assert [(a.name, a.speed_ft, a.mount) for a in actors("party", party, members, {})] == [
        ("Aria", 50, True), ("Bren", 35, True), ("Cade", 25, False)]
    (pursuer,) = actors(["Wolf"], party, members, {"Wolf": wolf})
    assert (pursuer.speed_ft, pursuer.mount) == (40, False)
    spec = ChaseSpec("wilderness", actors(["Aria"], party, members, {}), [pursuer], rounds=1)
    result = resolve_chase(spec, "d20", recorded(seed=7, initiative=[15, 5],
                                                 complication=no_complications(2)))
    assert english(result.initiative_rolls[0].detail) == "Aria (mounted): initiative +0"
    assert [(t.name, t.moved_ft) for t in result.rounds[0].turns] == [("Aria", 100),
                                                                       ("Wolf", 80)]


def refused(spec: ChaseSpec, system: str = "d20", mode: str = "classic") -> str:
    with pytest.raises(MessageError) as bad:
        validate(spec, system, mode)
    return str(bad.value)


def test_a_chase_that_cannot_be_run_says_what_is_wrong() -> None:
    spec = ChaseSpec("urban", [THIEF], [GUARD])
    assert refused(spec, "gurps") == \
        "unknown check system 'gurps' (expected one of 'd20', 'brp', 'bsh')"
    assert refused(spec, mode="fancy") == "unknown advantage mode 'fancy' ('classic', 'scaled')"
    assert refused(ChaseSpec("sea", [THIEF], [GUARD])) == \
        "unknown chase environment 'sea' (expected one of 'urban', 'wilderness')"
    slow = ChaseSpec("urban", [Actor("Ox", -5, 0)], [GUARD, Actor("Mule", -1, 0)])
    assert refused(slow) == "negative speed: Ox, Mule"
    assert refused(ChaseSpec("urban", [THIEF], [GUARD], sight=-1)) == \
        "the sight distance cannot be negative"
    assert refused(ChaseSpec("urban", [THIEF], [GUARD], start_distance=-1)) == \
        "the start distance cannot be negative"


def test_a_chase_may_start_with_no_gap_and_no_sight() -> None:
    """A start distance of 0 and a sight of 0 are a chase: the Guard, as fast as the Thief,
    reaches it at the end of round 1; the record names its system and environment."""
    spec = ChaseSpec("urban", [THIEF], [GUARD], start_distance=0, sight=0)
    validate(spec, "brp", "classic")
    result = resolve_chase(spec, "brp", recorded(seed=7, initiative=[15, 5],
                                                 complication=no_complications(2)))
    assert (result.environment, result.system) == ("urban", "brp")
    assert result.rounds[0].caught == [("Thief", "Guard")] and result.outcome == "caught"


def test_a_speed_of_zero_runs_and_is_caught() -> None:
    """Only a negative speed is refused: a quarry of speed 0 stays at 60 ft and the Guard
    (60 ft a round) reaches it at the end of round 1."""
    still = Actor("Statue", 0, con=0)
    spec = ChaseSpec("urban", [still], [GUARD])
    validate(spec, "d20", "classic")
    result = resolve_chase(spec, "d20", recorded(seed=7, initiative=[15, 5],
                                                 complication=no_complications(2)))
    assert result.rounds[0].caught == [("Statue", "Guard")] and result.outcome == "caught"
