"""The check systems of rules.md section 8 at their edges, the fifth round of mutation
testing (docs/development.md): what a check's result and the GM log's roll detail say."""

from __future__ import annotations

from generator.content.models import Member
from generator.dice import RollSource
from generator.i18n import Translator
from generator.rules.checks import resolve, score_of

from replay_helpers import recorded

english = Translator("en").said


def rolls(**dice: list[int]) -> RollSource:
    return recorded(**dice)


def test_a_brp_check_keeps_its_d100_roll_as_the_natural_roll() -> None:
    """BRP: the d100 is both the natural roll and the total (no modifier is added to it)."""
    res = resolve("brp", rolls(nav=[37]), "nav", score=45, dc=14)
    assert (res.dice, res.natural, res.total, res.target, res.outcome) == (
        "1d100", 37, 37, 45, "success")
    assert res.dice_values == [37] and res.recorded


def test_a_brp_bonus_shows_as_five_points_a_point_beside_the_skill() -> None:
    """A roll bonus of +2 (compass) is +10 percentage points under BRP, shown beside the
    skill it raises; no bonus, no sign."""
    res = resolve("brp", rolls(nav=[50]), "nav", score=45, dc=14, bonus=2, actor="Wren")
    assert res.target == 55
    assert english(res.detail) == "Wren: Survival 45% +10%, Normal: 55%"
    plain = resolve("brp", rolls(nav=[50]), "nav", score=45, dc=14, actor="Wren")
    assert english(plain.detail) == "Wren: Survival 45%, Normal: 45%"


def test_a_check_names_survival_unless_told_otherwise() -> None:
    """The procedure's checks are Survival checks (rules.md section 8) unless a skill is
    named: the roll's detail says which."""
    for system in ("d20", "brp", "bsh"):
        res = resolve(system, rolls(nav=[10]), "nav", score=12, dc=14, actor="Wren")
        assert english(res.detail).startswith("Wren: Survival "), system
    con = resolve("d20", rolls(nav=[10]), "nav", score=1, dc=14, actor="Wren", skill="con")
    assert english(con.detail).startswith("Wren: Constitution ")


def test_a_bsh_roll_says_whether_its_advantages_cancelled() -> None:
    """BSH: DC <= 11 is an advantage, >= 17 a disadvantage, and one of each cancels (seed
    001). The roll's detail says which, so that a cancelled roll of one d20 does not look
    like a plain one; a plain DC says nothing."""
    cases = [
        ((), 10, "2d20", 5, "DC 10, advantage)"),
        ((-1,), 10, "1d20", 5, "DC 10, advantage and disadvantage cancel)"),
        ((), 14, "1d20", 5, "DC 14)"),
        ((), 18, "2d20", 9, "DC 18, disadvantage)"),
        ((1,), 18, "1d20", 5, "DC 18, advantage and disadvantage cancel)"),
        ((1, -1, -1), 14, "1d20", 5, "DC 14, advantage and disadvantage cancel)"),
    ]
    for advantages, dc, dice, natural, said in cases:
        res = resolve("bsh", rolls(nav=[5, 9]), "nav", score=12, dc=dc, advantages=advantages,
                      actor="Wren")
        assert (res.dice, res.natural) == (dice, natural), (advantages, dc)
        assert english(res.detail) == f"Wren: Survival 12 (roll under; {said}", (advantages, dc)


def test_a_bsh_threat_is_added_to_the_roll_and_shown() -> None:
    """BSH: the threat level's difference is added to the roll (rules.md section 8), and the
    roll's detail shows it."""
    res = resolve("bsh", rolls(nav=[10]), "nav", score=12, dc=14, threat=2, actor="Wren")
    assert (res.natural, res.total, res.outcome) == (10, 12, "failure")
    assert english(res.detail) == "Wren: Survival 12 (roll under; DC 14, threat +2)"


def test_a_d20_second_die_is_one_d20_recorded_or_rolled() -> None:
    """d20 classic: (dis)advantage rolls a second d20 and keeps the better (worse) one; a
    recorded 1 is a face of that d20, kept as it is. Seeded, both dice are d20s."""
    source = rolls(nav=[5, 1])
    res = resolve("d20", source, "nav", score=3, dc=10, advantages=[-1])
    assert (res.dice, res.natural, res.total, res.dice_values) == ("2d20kl1", 1, 4, [5, 1])
    assert source.out_of_range == []
    for seed in range(40):
        seeded = RollSource(seed=seed, session=1, watch=0, recorded={})
        res = resolve("d20", seeded, "nav", score=0, dc=10, advantages=[1])
        assert len(res.dice_values) == 2 and all(1 <= v <= 20 for v in res.dice_values)


def test_a_scaled_advantage_die_is_one_die() -> None:
    """d20 scaled (seed 004): +1 net advantage adds one d4, +5 one d12; a recorded 1 stays 1."""
    source = rolls(nav=[10], nav_advantage=[1])
    res = resolve("d20", source, "nav", score=0, dc=10, advantages=[1],
                  advantage_mode="scaled")
    assert (res.dice, res.total, res.dice_values) == ("1d20+1d4", 11, [10, 1])
    assert source.out_of_range == []
    for seed in range(40):
        seeded = RollSource(seed=seed, session=1, watch=0, recorded={})
        res = resolve("d20", seeded, "nav", score=0, dc=10, advantages=[5],
                      advantage_mode="scaled")
        assert res.dice == "1d20+1d12" and 1 <= res.dice_values[1] <= 12


def test_a_d20_roll_detail_shows_the_modifier_the_bonus_the_die_and_the_dc() -> None:
    """d20: the roll's detail reads like the roll: modifier, bonus, advantage die, DC."""
    source = rolls(nav=[10], nav_advantage=[3])
    res = resolve("d20", source, "nav", score=3, bonus=2, dc=16, advantages=[1, 1],
                  advantage_mode="scaled", actor="Wren")
    assert (res.system, res.dice, res.total, res.target) == ("d20", "1d20+1d6", 18, 16)
    assert english(res.detail) == "Wren: Survival +3 +2 +3 (advantage die) vs DC 16"
    res = resolve("d20", rolls(nav=[10]), "nav", score=-1, dc=12, actor="Wren")
    assert english(res.detail) == "Wren: Survival -1 vs DC 12"


def test_each_system_names_itself_in_the_result() -> None:
    for system in ("d20", "brp", "bsh"):
        assert resolve(system, rolls(nav=[10]), "nav", score=12, dc=14).system == system


def test_a_constitution_check_uses_con_in_every_system() -> None:
    """rules.md section 8: Constitution checks use ``con``, at CON x 5 % under BRP; Survival
    checks use ``survival``; each names its skill."""
    wren = Member(name="Wren", speed=30, survival=4, con=13)
    assert score_of("brp", wren, "con") == (65, "con")
    assert score_of("d20", wren, "con") == (13, "con")
    assert score_of("bsh", wren, "con") == (13, "con")
    assert score_of("brp", wren, "survival") == (4, "survival")
