"""Rules facts that the reference sheets need and the engine does not hold as tables.

Everything the replay already uses is read from ``generator.rules`` (``tables``, ``checks``,
``resources``, ``travel``) and never copied here: the sheets and the replay share one source
of truth. This module adds only what the engine has no table for:

- a few constants the replay writes inline (feet per mile-per-hour, exploring's two encounter
  checks, cautious's 50 % cancel, the moment-in-a-watch dice, the foraging step); each is
  asserted against the replay's behaviour in ``tests/e2e/test_reference.py``;
- seed 002's opposed-roll ladder and experience roll (Basic Roleplaying);
- seed 003's escape factors and our own complication situations;
- seed 004's visibility, range, cover, combat actions and levelled conditions.

Numbers are facts carried over from the seeds; every sentence that describes them lives in
``strings.py`` in our own words, keyed by the ids used here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------------------------------------
# Travel and the watch (seed 000; rules.md sections 2, 3, 6 and 7)

#: Miles per hour = speed in feet / 10 (rules.md section 3).
FEET_PER_MPH = 10
#: Base speeds (feet per round) shown on the speed table.
BASE_SPEEDS_FT: tuple[int, ...] = (15, 20, 30, 40, 50, 60)
#: The moment within a watch (rules.md section 2): 1d8 picks the half hour, 1d30 the minute.
MOMENT_HALF_HOUR_DIE = 8
MOMENT_MINUTE_DIE = 30
#: Actual distance (rules.md section 3): 2d6 (+ tables.ACTUAL_DISTANCE_BONUS) x 10 %.
ACTUAL_DISTANCE_DICE = (2, 6)
ACTUAL_DISTANCE_PERCENT_PER_POINT = 10

#: Encounter checks per watch by activity (rules.md section 6): exploring doubles the chance.
ENCOUNTER_CHECKS = {"normal": 1, "exploring": 2}
#: A targeted search adds one check that can only find its target (seed 000).
SEARCH_EXTRA_CHECKS = 1
#: Cautious travel: a wandering encounter that comes up is cancelled on 1-50 of d100.
CAUTIOUS_CANCEL_PERCENT = 50
#: A location found on this many separate visits becomes familiar (rules.md section 6).
FAMILIAR_AFTER_FINDS = 2
#: Hidden locations need the keyed result this many times.
HIDDEN_KEYED_HITS = 2
#: Reaction roll (rules.md section 6): 2d6 on ``tables.REACTIONS``.
REACTION_DICE = (2, 6)
#: Foraging (rules.md section 7): one more member fed per this many points over the DC.
FORAGE_POINTS_PER_EXTRA = 2
#: Foraging checks per day.
FORAGE_CHECKS_PER_DAY = 1

# ---------------------------------------------------------------------------------------------
# Basic Roleplaying (seed 002)

#: Opposed skill rolls: the quality ladder, best first; one level cancels one opposing level.
BRP_LEVELS: tuple[str, ...] = ("special", "success", "failure")
#: The seed's resistance table runs from 1 to 21 on both axes.
BRP_RESISTANCE_SPAN = (1, 21)
#: Experience: a d100 roll above the skill (100 always) improves it by 1d6.
BRP_EXPERIENCE_DIE = 6


def brp_opposed(a: str, b: str) -> tuple[str, str]:
    """Seed 002, "skill against skill": each success level cancels one opposing level.

    ``a`` and ``b`` are levels from ``BRP_LEVELS``; returns what each becomes.

    >>> brp_opposed("special", "success")
    ('success', 'failure')
    >>> brp_opposed("special", "special")
    ('failure', 'failure')
    """
    rank = {"failure": 0, "success": 1, "special": 2}
    ra, rb = rank[a], rank[b]
    names = {0: "failure", 1: "success", 2: "special"}
    return names[max(0, ra - rb)], names[max(0, rb - ra)]


# ---------------------------------------------------------------------------------------------
# Chases (seed 003; rules.md section 10). The numbers the replay plays by (free dashes, DCs,
# exhaustion, complication die, sight ...) are read from ``generator.rules.chase``.

#: The replay looks complications up in the campaign table of this id (or the chase entry's
#: ``complications:``).
CHASE_TABLE_ID = "chase-{environment}"


@dataclass(frozen=True)
class EscapeFactor:
    """A circumstance that helps (+1) or hinders (-1) the quarry's Stealth check."""

    id: str
    effect: int


ESCAPE_FACTORS: tuple[EscapeFactor, ...] = (
    EscapeFactor("cover", 1),
    EscapeFactor("crowd", 1),
    EscapeFactor("open", -1),
    EscapeFactor("quiet", -1),
    EscapeFactor("tracker", -1),
    EscapeFactor("marked", -1),
)

#: Our own complication situations (1-10 per environment; text in strings.py), shown when the
#: campaign has no table of its own.
COMPLICATION_COUNT = 10

# ---------------------------------------------------------------------------------------------
# Scaled advantage in play (seed 004). Dice are the sides of the bonus or penalty die.

#: Net advantages never exceed 5 either way (the ladder itself is checks.SCALED_ADVANTAGE_DICE).
SCALED_MAX = 5
#: Help: allies' bonuses stack, usually to at most this many advantages on one roll.
HELP_MAX = 3


@dataclass(frozen=True)
class Visibility:
    id: str
    #: penalty die on Perception checks (None: none; 0: cannot see at all)
    perception: int | None
    #: (target at least this many feet away, penalty die on attacks), farthest first
    attacks: tuple[tuple[int, int], ...] = ()
    blind: bool = False


VISIBILITY: tuple[Visibility, ...] = (
    Visibility("clear", None),
    Visibility("dim", 4),
    Visibility("obscured", 6, ((60, 6), (30, 4))),
    Visibility("none", None, (), blind=True),
)


@dataclass(frozen=True)
class RangeBand:
    id: str
    #: multiple of the weapon's normal range
    multiple: int
    penalty: int | None


RANGE_BANDS: tuple[RangeBand, ...] = (
    RangeBand("normal", 1, None),
    RangeBand("medium", 2, 4),
    RangeBand("long", 3, 6),
    RangeBand("extreme", 4, 8),
)


@dataclass(frozen=True)
class Cover:
    id: str
    penalty: int


COVER: tuple[Cover, ...] = (
    Cover("half", 4),
    Cover("solid", 6),
    Cover("near_total", 8),
)


@dataclass(frozen=True)
class Modifier:
    """A situation and its die: positive sides help the roll, negative sides hinder it."""

    id: str
    die: int


COMBAT_ACTIONS: tuple[Modifier, ...] = (
    Modifier("dodge", -8),  # attacks against the dodger
    Modifier("help", 4),  # the helped ally's roll
    Modifier("surrounded", 4),  # attacks against a surrounded foe
)


@dataclass(frozen=True)
class Condition:
    """A condition of seed 004. ``levels`` is 1 for a plain condition; ``dice`` holds the named
    dice its text quotes (``{against}``, ``{own}`` ...)."""

    id: str
    levels: int = 1
    dice: dict[str, int] = field(default_factory=dict)


#: Damage die at each level of burning and bleeding (1d4 at level 1 ... 1d12 at level 5).
LEVEL_DAMAGE_DICE: dict[int, int] = {1: 4, 2: 6, 3: 8, 4: 10, 5: 12}
#: Save DC of burning and bleeding when the cause names none and it was no attack.
LEVELLED_DEFAULT_DC = 10
#: ... and when it was an attack: 8 + the attack bonus.
LEVELLED_ATTACK_DC_BASE = 8

CONDITIONS: tuple[Condition, ...] = (
    Condition("blinded", 1, {"own": 8, "against": 4}),
    Condition("charmed", 1, {"social": 8}),
    Condition("exhausted", 6, {"speed": 5}),
    Condition("frightened", 3, {"distance": 30}),
    Condition("invisible", 1, {"against": 8, "own": 4}),
    Condition("overloaded", 3, {"speed": 10, "min_speed": 5}),
    Condition("poisoned", 3),
    Condition("prone", 1, {"own": 4, "near": 4, "far": 6, "reach": 5}),
    Condition("restrained", 3),
    Condition("stunned", 1, {"against": 6}),
    Condition("unconscious", 1, {"against": 8}),
    Condition("slowed", 3, {"speed": 10, "min_speed": 5}),
    Condition("burning", 5, {"action": 8, "reach": 5}),
    Condition("bleeding", 5, {"reach": 5}),
)
