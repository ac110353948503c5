"""Check systems (rules.md section 8) and examples 6 and 7 of docs/examples.md."""

from __future__ import annotations

import pytest

from generator.dice import RollSource
from generator.rules.checks import (
    brp_chance,
    brp_outcome,
    brp_ranges,
    bsh_group_success,
    d20_degree,
    resistance_chance,
    resolve,
)

from replay_helpers import recorded


def rolls(**dice: list[int]) -> RollSource:
    return recorded(**dice)


@pytest.mark.parametrize(
    ("natural", "bonus", "outcome"),
    [
        (13, 5, "success"),  # total 18 = DC
        (12, 5, "failure"),  # total 17
        (20, 5, "critical_success"),  # total 25 < 28: success, moved up
        (20, -4, "success"),  # total 16: failure, moved up
        (1, 5, "critical_failure"),  # total 6 < 8: critical failure already; stays
        (1, 20, "failure"),  # total 21: success, moved down
    ],
)
def test_example_6_d20_degrees(natural: int, bonus: int, outcome: str) -> None:
    """DC 18, the cases of examples.md section 6."""
    assert d20_degree(natural, natural + bonus, 18) == outcome
    res = resolve("d20", rolls(nav=[natural]), "nav", score=bonus, dc=18)
    assert (res.natural, res.total, res.outcome, res.recorded) == (
        natural, natural + bonus, outcome, True)


def test_d20_degree_edges() -> None:
    assert d20_degree(10, 28, 18) == "critical_success"  # DC + 10 exactly
    assert d20_degree(10, 8, 18) == "failure"  # DC - 10 exactly is not below it
    assert d20_degree(10, 7, 18) == "critical_failure"


def test_example_7_brp_bands() -> None:
    """Survival 45: DC 14 Normal 45 %; DC 18 Hard 23 % (45 / 2 rounded up); DC 11 Easy 90 %;
    a compass (+2) adds 10 percentage points."""
    assert brp_chance(45, 14) == (45, "normal")
    assert brp_chance(45, 18) == (23, "hard")
    assert brp_chance(45, 11) == (90, "easy")
    assert brp_chance(45, 14, bonus=2) == (55, "normal")
    assert brp_chance(45, 12)[1] == "normal" and brp_chance(45, 16)[1] == "normal"
    assert brp_chance(45, 17)[1] == "hard"


def test_example_7_bsh_bands() -> None:
    """Attribute 13: DC 14 plain roll (success on 1-12); DC 18 disadvantage; DC 11
    advantage; with a compass the attribute is 15."""
    plain = resolve("bsh", rolls(s=[12]), "s", score=13, dc=14)
    assert plain.outcome == "success" and plain.dice == "1d20" and plain.target == 13
    assert resolve("bsh", rolls(s=[13]), "s", score=13, dc=14).outcome == "failure"
    dis = resolve("bsh", rolls(s=[3, 16]), "s", score=13, dc=18)
    assert dis.dice == "2d20" and dis.natural == 16 and dis.outcome == "failure"
    adv = resolve("bsh", rolls(s=[16, 3]), "s", score=13, dc=11)
    assert adv.natural == 3 and adv.outcome == "success"
    compass = resolve("bsh", rolls(s=[14]), "s", score=13, dc=14, bonus=2)
    assert compass.target == 15 and compass.outcome == "success"


def test_bsh_criticals_and_threat() -> None:
    assert resolve("bsh", rolls(s=[1]), "s", score=3, dc=14).outcome == "critical_success"
    assert resolve("bsh", rolls(s=[20]), "s", score=25, dc=14).outcome == "critical_failure"
    # threat level: a creature 3 levels higher adds 3 to the roll
    assert resolve("bsh", rolls(s=[10]), "s", score=13, dc=14, threat=3).outcome == "failure"
    assert bsh_group_success(2, 4) and not bsh_group_success(1, 3)


@pytest.mark.parametrize(
    ("chance", "crit", "special", "fumble"),
    [(5, 1, 1, 96), (10, 1, 2, 96), (12, 1, 2, 97), (30, 2, 6, 97), (45, 2, 9, 98),
     (50, 3, 10, 98), (60, 3, 12, 99), (70, 4, 14, 99), (72, 4, 14, 100), (90, 5, 18, 100),
     (100, 5, 20, 100), (120, 6, 24, 100)],
)
def test_brp_success_table(chance: int, crit: int, special: int, fumble: int) -> None:
    """Seed 002's table of critical, special and fumble ranges."""
    assert brp_ranges(chance) == (crit, special, fumble)


def test_brp_outcomes() -> None:
    assert brp_outcome(1, 45) == "critical"
    assert brp_outcome(9, 45) == "special"
    assert brp_outcome(45, 45) == "success"
    assert brp_outcome(46, 45) == "failure"
    assert brp_outcome(98, 45) == "fumble"
    assert brp_outcome(4, 3) == "success"  # 01-05 always succeed, even above the chance
    assert brp_outcome(1, 3) == "critical"
    assert brp_outcome(96, 200) == "failure"  # 96-00 always fail


def test_brp_resistance_table() -> None:
    """Seed 002: STR 13 against SIZ 15 is 40 %; ten or more apart is automatic."""
    assert resistance_chance(13, 15) == 40
    assert resistance_chance(10, 10) == 50
    assert resistance_chance(20, 10) == 100
    assert resistance_chance(1, 11) == 0
    assert resistance_chance(1, 10) == 5


def test_scaled_advantage_adds_a_die() -> None:
    """Seed 004: two net advantages add 1d6 to the d20."""
    res = resolve("d20", rolls(s=[10], s_advantage=[4]), "s", score=2, dc=15, advantages=[2],
                advantage_mode="scaled")
    assert res.total == 16 and res.dice == "1d20+1d6"
    dis = resolve("d20", rolls(s=[10], s_advantage=[4]), "s", score=2, dc=15, advantages=[-1],
                advantage_mode="scaled")
    assert dis.total == 8 and dis.dice == "1d20-1d4"


def test_classic_advantage_keeps_the_better() -> None:
    res = resolve("d20", rolls(s=[4, 17]), "s", score=0, dc=15, advantages=[1])
    assert res.natural == 17 and res.outcome == "success"


def test_out_of_range_recorded_roll_is_flagged() -> None:
    src = rolls(s=[25])
    resolve("d20", src, "s", score=0, dc=10)
    assert src.out_of_range == [("s", 0, 25, 1, 20)]
