"""Checks (rules.md sections 8 and 9): one procedure check, three ways to resolve it.

Every check of every procedure (navigation, judging the distance, realising, re-orienting,
foraging, the forced march, a chase's Constitution and Stealth) goes through :func:`check`,
which takes the actor's doom die into account (seed 001: a critical failure on *any* roll
forces the doom roll; a doomed character has disadvantage on every check), nets the
advantages and disadvantages of every source once, resolves the roll in the campaign's system
(:func:`resolve`) and logs it with the watch's rolls.

The procedure speaks d20: a DC, the actor's score (Survival or Constitution) and roll
bonuses (compass +2, Knowledge synergy +2). Each system turns that into its own roll:

- ``d20`` (seed 004, "Degrees of success"): d20 + score + bonus >= DC; +10 over is a critical
  success, more than 10 under a critical failure; a natural 20 moves the degree one step up,
  a natural 1 one step down. Advantage: ``classic`` (2d20 keep the better) or ``scaled``
  (seed 004: 1d4 ... 1d12 added or subtracted for 1 ... 5 net advantages).
- ``brp`` (seed 002, Basic Roleplaying): the score is a percentage; DC <= 11 is Easy (x2),
  12-16 Normal, >= 17 Hard (/2 rounded up); bonuses add 5 points each; d100 <= chance
  succeeds; critical, special and fumble ranges from the seed's success table.
- ``bsh`` (seed 001, Black Sword Hack): d20 under the attribute (score + bonus); 1 is a
  critical success, 20 a critical failure (forces a doom die roll); DC <= 11 gives advantage,
  DC >= 17 disadvantage. That band is one more source of advantage: any number of advantages
  and disadvantages cancel (seed 001), so one of each leaves a single d20.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from generator.content.models import Member
from generator.dice import RollRecord, RollSource, Said, SaidValue, Signed, Word, said
from generator.rules.resources import DoomDice

D20_OUTCOMES = ("critical_failure", "failure", "success", "critical_success")
SUCCESSES = frozenset({"success", "critical_success", "special", "critical"})

#: d20 scaled advantage (seed 004): net advantages 1..5 -> the extra die.
SCALED_ADVANTAGE_DICE = {1: 4, 2: 6, 3: 8, 4: 10, 5: 12}

#: BRP difficulty bands by the procedure's DC (rules.md section 8).
BRP_EASY_MAX_DC = 11
BRP_HARD_MIN_DC = 17
BRP_POINTS_PER_BONUS = 5

#: BSH advantage bands by DC (rules.md section 8).
BSH_ADVANTAGE_MAX_DC = 11
BSH_DISADVANTAGE_MIN_DC = 17

#: Seed 002's success table: (lowest chance of the row, highest, critical up to, special up to,
#: fumble from). Chances above 100 use one twentieth and one fifth of the chance, rounded up;
#: fumble 100 only.
BRP_TABLE: tuple[tuple[int, int, int, int, int], ...] = (
    (1, 5, 1, 1, 96),
    (6, 7, 1, 1, 96),
    (8, 10, 1, 2, 96),
    (11, 12, 1, 2, 97),
    (13, 17, 1, 3, 97),
    (18, 22, 1, 4, 97),
    (23, 27, 1, 5, 97),
    (28, 29, 1, 6, 97),
    (30, 30, 2, 6, 97),
    (31, 32, 2, 6, 98),
    (33, 37, 2, 7, 98),
    (38, 42, 2, 8, 98),
    (43, 47, 2, 9, 98),
    (48, 49, 2, 10, 98),
    (50, 50, 3, 10, 98),
    (51, 52, 3, 10, 99),
    (53, 57, 3, 11, 99),
    (58, 62, 3, 12, 99),
    (63, 67, 3, 13, 99),
    (68, 69, 3, 14, 99),
    (70, 70, 4, 14, 99),
    (71, 72, 4, 14, 100),
    (73, 77, 4, 15, 100),
    (78, 82, 4, 16, 100),
    (83, 87, 4, 17, 100),
    (88, 89, 4, 18, 100),
    (90, 92, 5, 18, 100),
    (93, 95, 5, 19, 100),
    (96, 97, 5, 19, 100),
    (98, 100, 5, 20, 100),
)
#: Rolls of 01-05 always succeed and 96-00 always fail, whatever the chance (seed 002).
BRP_ALWAYS_SUCCEEDS = 5
BRP_ALWAYS_FAILS = 96


@dataclass
class CheckResult:
    system: str
    dice: str
    natural: int
    total: int
    target: int
    outcome: str
    detail: Said
    dice_values: list[int] = field(default_factory=list)
    recorded: bool = False
    #: the record logged with the watch's rolls (set by :func:`check`)
    record: RollRecord | None = None

    @property
    def success(self) -> bool:
        return self.outcome in SUCCESSES

    @property
    def critical_failure(self) -> bool:
        return self.outcome in ("critical_failure", "fumble")


def d20_degree(natural: int, total: int, dc: int) -> str:
    """Seed 004's four degrees, moved by a natural 20 (up) or 1 (down)."""
    if total >= dc + 10:
        degree = 3
    elif total >= dc:
        degree = 2
    elif total < dc - 10:
        degree = 0
    else:
        degree = 1
    if natural == 20:
        degree = min(3, degree + 1)
    elif natural == 1:
        degree = max(0, degree - 1)
    return D20_OUTCOMES[degree]


def brp_chance(skill: int, dc: int, bonus: int = 0) -> tuple[int, str]:
    """The percentage chance and difficulty name for a procedure DC under BRP."""
    base = skill + BRP_POINTS_PER_BONUS * bonus
    if dc <= BRP_EASY_MAX_DC:
        return base * 2, "easy"
    if dc >= BRP_HARD_MIN_DC:
        return math.ceil(base / 2), "hard"
    return base, "normal"


def brp_ranges(chance: int) -> tuple[int, int, int]:
    """(critical up to, special up to, fumble from) for a chance, from seed 002's table."""
    if chance <= 0:
        return 1, 1, 96
    if chance > 100:
        # seed 002's prose: special one fifth of the chance, critical one twentieth, both
        # rounded up (101 % gives special 21, critical 6)
        return math.ceil(chance / 20), math.ceil(chance / 5), 100
    for low, high, crit, special, fumble in BRP_TABLE:
        if low <= chance <= high:
            return crit, special, fumble
    raise AssertionError(chance)  # pragma: no cover


def brp_outcome(roll: int, chance: int) -> str:
    """Seed 002: 01-05 always succeed and 96-00 always fail, except that a chance of 0 % or
    less never succeeds ("from 00%, no chance of success")."""
    crit, special, fumble = brp_ranges(chance)
    if roll >= fumble:
        return "fumble"
    if chance <= 0:
        return "failure"
    succeeds = (roll <= chance or roll <= BRP_ALWAYS_SUCCEEDS) and roll < BRP_ALWAYS_FAILS
    if not succeeds:
        return "failure"
    if roll <= crit:
        return "critical"
    if roll <= special:
        return "special"
    return "success"


def resistance_chance(active: int, passive: int) -> int:
    """BRP resistance table (seed 002): 50 + 5 x (active - passive); 10 or more apart is
    automatic (100 or 0)."""
    diff = active - passive
    if diff >= 10:
        return 100
    if diff <= -10:
        return 0
    return 50 + 5 * diff


def bsh_outcome(roll: int, attribute: int) -> str:
    if roll == 1:
        return "critical_success"
    if roll == 20:
        return "critical_failure"
    return "success" if roll < attribute else "failure"


def bsh_group_success(successes: int, members: int) -> bool:
    """Seed 001: a group check succeeds when at least half the members succeed."""
    return members > 0 and successes * 2 >= members


def bsh_band(dc: int) -> int:
    """Seed 001 as rules.md section 8 maps it: DC <= 11 is an advantage, >= 17 a
    disadvantage, anything between neither."""
    return 1 if dc <= BSH_ADVANTAGE_MAX_DC else -1 if dc >= BSH_DISADVANTAGE_MIN_DC else 0


def net_advantage(system: str, sources: Sequence[int], *, dc: int = 0,
                  advantage_mode: str = "classic") -> int:
    """Net the advantages (positive) and disadvantages (negative) of every source, once per
    check (rules.md section 9).

    - ``bsh`` (seed 001): the DC band is one of the sources; any number of advantages and of
      disadvantages cancel, leaving -1, 0 or +1.
    - ``d20`` classic: they cancel one for one, and the sign says which d20 to keep.
    - ``d20`` scaled (seed 004): they cancel one for one, at most five either way.
    - ``brp``: seed 002 has no advantage; always 0.

    >>> net_advantage("bsh", [1, -1], dc=18)
    0
    >>> net_advantage("bsh", [1], dc=18), net_advantage("bsh", [-1, -1], dc=14)
    (0, -1)
    >>> net_advantage("d20", [1, -1, -1]), net_advantage("d20", [3, 4], advantage_mode="scaled")
    (-1, 5)
    """
    if system == "bsh":
        signs = {1 if s > 0 else -1 for s in (*sources, bsh_band(dc)) if s}
        return signs.pop() if len(signs) == 1 else 0
    if system == "d20":
        n = sum(sources)
        if advantage_mode == "scaled":
            return max(-5, min(5, n))
        return (n > 0) - (n < 0)
    return 0


def resolve(system: str, rolls: RollSource, purpose: str, *, score: int, dc: int,
            bonus: int = 0, advantages: Sequence[int] = (), advantage_mode: str = "classic",
            threat: int = 0, actor: SaidValue = "", skill: str = "survival") -> CheckResult:
    """Roll one procedure check (a score against a DC) in the campaign's system.

    ``advantages`` lists the advantages (positive) and disadvantages (negative) of each
    source, netted here by :func:`net_advantage`. Recorded rolls for ``purpose`` are the
    natural dice, consumed one per die. The roll is not logged: :func:`check` does that.
    ``actor`` and ``skill`` (a key of the vocabulary's ``skill`` family) name who rolls what
    in the roll's detail.
    """
    who = Word("skill", skill)
    adv = net_advantage(system, advantages, dc=dc, advantage_mode=advantage_mode)
    if system == "brp":
        chance, band = brp_chance(score, dc, bonus)
        natural, recorded, _ = rolls.roll(purpose, 1, 100)
        outcome = brp_outcome(natural, chance)
        # the band stands for the DC: BRP speaks of percent chances, not DCs
        detail = said("check_brp", actor=actor, skill=who, score=score,
                      bonus=Signed(BRP_POINTS_PER_BONUS * bonus) if bonus else None,
                      band=Word("brp_band", band), chance=chance)
        return CheckResult("brp", "1d100", natural, natural, chance, outcome, detail,
                           [natural], recorded)
    if system == "bsh":
        attribute = score + bonus
        first, rec1, _ = rolls.roll(purpose, 1, 20)
        values = [first]
        recorded = rec1
        if adv:
            second, rec2, _ = rolls.roll(purpose, 1, 20)
            values.append(second)
            recorded = recorded and rec2
            natural = min(values) if adv > 0 else max(values)
        else:
            natural = first
        total = natural + threat
        outcome = "critical_success" if natural == 1 else (
            "critical_failure" if natural == 20 else
            ("success" if total < attribute else "failure"))
        signs = {1 if v > 0 else -1 for v in (*advantages, bsh_band(dc)) if v}
        # one of each cancels: say so, so that a doomed roll with the DC band's advantage
        # does not look like a plain one
        mode = {1: "advantage", -1: "disadvantage",
                0: "cancel" if len(signs) == 2 else None}[adv]
        # the bonus shown beside the score it raises, as BRP shows its percentage points
        detail = said("check_bsh", actor=actor, skill=who, score=score,
                      bonus=Signed(bonus) if bonus else None, attribute=attribute, dc=dc,
                      mode=Word("net_advantage", mode) if mode else None,
                      threat=Signed(threat) if threat else None)
        dice = "2d20" if adv else "1d20"
        return CheckResult("bsh", dice, natural, total, attribute, outcome, detail, values,
                           recorded)
    # d20
    natural, recorded, _ = rolls.roll(purpose, 1, 20)
    values = [natural]
    extra = 0
    dice = "1d20"
    if adv and advantage_mode == "classic":
        second, rec2, _ = rolls.roll(purpose, 1, 20)
        values.append(second)
        recorded = recorded and rec2
        natural = max(values) if adv > 0 else min(values)
        dice = "2d20kh1" if adv > 0 else "2d20kl1"
    elif adv:
        sides = SCALED_ADVANTAGE_DICE[abs(adv)]
        rolled, rec2, _ = rolls.roll(f"{purpose}_advantage", 1, sides)
        extra = rolled if adv > 0 else -rolled
        values.append(rolled)
        dice = f"1d20{'+' if adv > 0 else '-'}1d{sides}"
    total = natural + score + bonus + extra
    outcome = d20_degree(natural, total, dc)
    detail = said("check_d20", actor=actor, skill=who, score=Signed(score),
                  bonus=Signed(bonus) if bonus else None,
                  extra=Signed(extra) if extra else None, dc=dc)
    return CheckResult("d20", dice, natural, total, dc, outcome, detail, values, recorded)


@dataclass
class CheckContext:
    """What every check needs beyond its own numbers: the campaign's system and advantage
    mode, the watch's rolls, and the doom dice (None: nobody has one)."""

    system: str
    rolls: RollSource
    advantage_mode: str = "classic"
    doom: DoomDice | None = None


def score_of(system: str, member: Member, kind: str) -> tuple[int, str]:
    """The number a procedure check uses (rules.md section 8) and its skill (a key of the
    vocabulary's ``skill`` family): Survival is the member's ``survival``; Constitution its
    ``con``, checked at CON x 5 % under ``brp``."""
    if kind == "con":
        return (member.con * 5 if system == "brp" else member.con), "con"
    return member.survival, "survival"


def check(ctx: CheckContext, purpose: str, *, score: int, dc: int, who: str | None = None,
          bonus: int = 0, advantages: Sequence[int] = (), threat: int = 0,
          actor: SaidValue = "", skill: str = "survival", why: Sequence[SaidValue] = ()
          ) -> CheckResult:
    """The one check path (rules.md sections 8 and 9).

    ``actor`` and ``skill`` name who rolls what for the GM log ("Aria: Survival"), ``why``
    the reasons of the DC and the bonuses (words or sentences); ``who`` names
    the actor whose doom die counts (a member; a creature has none). A doomed
    actor adds one disadvantage to ``advantages``; every source is netted once; the roll is
    resolved in ``ctx.system``, logged with the watch's rolls (``why`` and the doomed state
    in its detail) and, on a critical failure or fumble, the actor rolls its doom die.
    """
    doom = ctx.doom if who is not None else None
    doomed = doom is not None and who is not None and doom.doomed(who)
    sources = [*advantages, *([-1] if doomed else [])]
    res = resolve(ctx.system, ctx.rolls, purpose, score=score, dc=dc, bonus=bonus,
                  advantages=sources, advantage_mode=ctx.advantage_mode, threat=threat,
                  actor=actor, skill=skill)
    reasons = (*why, *([said("doomed")] if doomed else []))
    if reasons:
        res.detail = replace(res.detail, values=(*res.detail.values, ("why", tuple(reasons))))
    res.record = ctx.rolls.note(RollRecord(purpose, res.dice, res.natural, res.total,
                                           res.target, res.outcome, res.recorded, res.detail,
                                           list(res.dice_values), is_check=True))
    if res.critical_failure and doom is not None and who is not None:
        doom.critical_failure(who, ctx.rolls)
    return res
