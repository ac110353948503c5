"""Chases: the participants, the spec, and the round-by-round record (rules.md section 10;
seed 003, "Погони"). The procedure that fills these in is :mod:`generator.rules.chase`, whose
docstring gives every rule and choice; the numbers it uses live here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from generator.content.campaign import Table
from generator.content.models import ChaseActor, Member
from generator.diagnostics import N_, MessageError, Text, typed
from generator.dice import RollRecord, Said, Word, said
from generator.rules import tables as T

CHECK_SYSTEMS = ("d20", "brp", "bsh")
ENVIRONMENTS = ("urban", "wilderness")
OUTCOMES = ("escaped", "caught", "pursuers_exhausted", "gave_up", "mixed")
QUARRY_STATUSES = ("escaped", "caught", "got_away", "dropped_out")
PURSUER_STATUSES = ("chasing", "dropped_out")

#: Seed 003 / rules.md section 10 defaults.
DEFAULT_START_DISTANCE_FT = 60
DEFAULT_SIGHT_FT: dict[str, int] = {"urban": 60, "wilderness": 240}
DEFAULT_MAX_ROUNDS = 10
DASH_MULTIPLIER = 2
FREE_DASHES_BASE = 3
CON_CHECK_DC = 10
EXHAUSTION_HALF_SPEED = 2
EXHAUSTION_DROP_OUT = 5
#: 5e exhaustion level 1: disadvantage on ability checks (Constitution, Stealth).
EXHAUSTION_CHECK_DISADVANTAGE_LEVEL = 1
#: Seed 004 (``advantage: scaled``): each of the first three levels one disadvantage, -5 ft.
SCALED_EXHAUSTION_LEVELS = 3
SCALED_EXHAUSTION_SPEED_FT = 5
COMPLICATION_DIE = 20
#: d20 results up to this one are a complication (rules.md section 10: 1-10).
COMPLICATION_MAX = 10
#: Seed 003: the Stealth result must exceed the passive Perception: DC = passive + 1.
STEALTH_BEATS_PASSIVE = 1
NO_TABLE_TEXT = "complication"


@dataclass(frozen=True)
class Actor:
    """One participant. ``con``: the Constitution modifier under d20, the score under brp and
    bsh. ``stealth``: the Stealth modifier (d20), percentage (brp) or attribute (bsh).
    ``perception``: passive Wisdom (Perception), in d20 terms. ``initiative``: the bonus."""

    name: str
    speed_ft: int
    con: int
    stealth: int = 0
    perception: int = 10
    initiative: int = 0
    mount: bool = False


@dataclass(frozen=True)
class ChaseSpec:
    """A chase to resolve. ``sight`` None means the environment's default (urban 60 ft,
    wilderness 240 ft); ``advantage`` is the net escape factor (-1, 0, +1)."""

    environment: str
    quarry: Sequence[Actor]
    pursuers: Sequence[Actor]
    start_distance: int = DEFAULT_START_DISTANCE_FT
    sight: int | None = None
    advantage: int = 0
    rounds: int = DEFAULT_MAX_ROUNDS
    complications: Table | None = None

    @property
    def sight_ft(self) -> int:
        return self.sight if self.sight is not None else DEFAULT_SIGHT_FT[self.environment]


@dataclass
class TurnRecord:
    """One participant's turn: where it was and went, its dashes and exhaustion, the
    complication it suffered (``complication_received``, from the participant before it) and
    the one it rolled for the next participant (``complication_caused`` on
    ``complication_target``)."""

    name: str
    side: str  # quarry | pursuer
    start_ft: int
    end_ft: int
    moved_ft: int
    #: dashes made in the chase so far, this turn's included, and how many are free
    dashes: int
    free_dashes: int
    #: exhaustion after the turn
    exhaustion: int
    #: outcome of the Constitution check; None when the dash was free
    con_check: str | None = None
    dropped_out: bool = False
    complication_received: str | None = None
    complication_caused: str | None = None
    complication_target: str | None = None
    rolls: list[RollRecord] = field(default_factory=list)


@dataclass
class EscapeCheck:
    """A quarry member's end-of-round Stealth check (or its automatic failure)."""

    name: str
    #: feet ahead of the lead pursuer at the end of the round
    distance_ft: int
    #: more than ``sight`` feet ahead now / at the end of this or any earlier round
    out_of_sight: bool
    broke_sight: bool
    dc: int
    #: False: automatic failure, no roll (never left the lead's sight)
    rolled: bool
    escaped: bool


@dataclass
class RoundRecord:
    number: int
    turns: list[TurnRecord] = field(default_factory=list)
    #: the lead pursuer at the end of the round (None when no pursuer is left)
    lead: str | None = None
    #: (quarry, pursuer) pairs caught at the end of the round
    caught: list[tuple[str, str]] = field(default_factory=list)
    escape_checks: list[EscapeCheck] = field(default_factory=list)
    escaped: list[str] = field(default_factory=list)
    dropped_out: list[str] = field(default_factory=list)
    #: every roll of the round, in the order made
    rolls: list[RollRecord] = field(default_factory=list)


@dataclass
class ParticipantResult:
    name: str
    side: str  # quarry | pursuer
    #: quarry: escaped | caught | got_away | dropped_out; pursuer: chasing | dropped_out
    status: str
    #: the round the status was settled in (None: still running or chasing at the end)
    round: int | None
    #: the catching pursuer, for caught quarry
    by: str | None
    position_ft: int
    dashes: int
    exhaustion: int
    initiative: int


@dataclass
class ChaseResult:
    outcome: str
    environment: str
    system: str
    #: participant names in initiative order
    order: list[str]
    quarry: list[ParticipantResult]
    pursuers: list[ParticipantResult]
    rounds: list[RoundRecord]
    initiative_rolls: list[RollRecord]
    #: every roll of the chase, in order: initiative, then each round's
    rolls: list[RollRecord]
    #: one sentence for the GM session page, as data the translator phrases
    summary: Said
    warnings: list[Text] = field(default_factory=list)



def con_modifier(system: str, con: int) -> int:
    """The Constitution modifier: ``con`` itself under d20, ``(score - 10) // 2`` otherwise."""
    return con if system == "d20" else (con - 10) // 2


def free_dashes(system: str, con: int) -> int:
    """Seed 003: 3 + Constitution modifier dashes without risk (never fewer than 0)."""
    return max(0, FREE_DASHES_BASE + con_modifier(system, con))


def con_check_score(system: str, con: int) -> int:
    """The number a Constitution check uses (rules.md section 8): the modifier (d20),
    CON x 5 % (brp), the score (bsh)."""
    return con * 5 if system == "brp" else con


def scaled_exhaustion(system: str, advantage_mode: str) -> bool:
    """Whether exhaustion follows seed 004's homebrew (d20 with ``advantage: scaled``)."""
    return system == "d20" and advantage_mode == "scaled"


def exhaustion_effects(system: str, advantage_mode: str, level: int) -> tuple[int, int, int]:
    """(disadvantages on Constitution and Stealth checks, feet off the speed, halvings of
    the move) at exhaustion ``level``.

    5e (seed 003): level 1 gives disadvantage on ability checks, level 2 halves the speed.
    With ``advantage: scaled`` (d20 only) seed 004's homebrew instead: each of the first three
    levels is one disadvantage and -5 ft of speed. Level 5 drops out either way.

    >>> exhaustion_effects("d20", "classic", 2), exhaustion_effects("d20", "scaled", 2)
    ((1, 0, 1), (2, 10, 0))
    >>> exhaustion_effects("d20", "scaled", 4), exhaustion_effects("bsh", "scaled", 1)
    ((3, 15, 0), (1, 0, 0))
    """
    if scaled_exhaustion(system, advantage_mode):
        n = min(level, SCALED_EXHAUSTION_LEVELS)
        return n, SCALED_EXHAUSTION_SPEED_FT * n, 0
    return (1 if level >= EXHAUSTION_CHECK_DISADVANTAGE_LEVEL else 0, 0,
            1 if level >= EXHAUSTION_HALF_SPEED else 0)


def dash_feet(speed_ft: int, halvings: int) -> int:
    """A Dash covers 2 x speed; each halving (exhaustion 2+, a complication) rounds down."""
    return (DASH_MULTIPLIER * max(0, speed_ft)) >> halvings


def validate(spec: ChaseSpec, system: str, advantage_mode: str) -> None:
    """Raise ``MessageError`` (a ValueError whose message is translated where it is shown)
    on a chase that cannot be run."""
    if system not in CHECK_SYSTEMS:
        raise MessageError(N_("unknown check system '%(system)s' (expected one of %(known)s)",
                              system=system, known=typed(CHECK_SYSTEMS)))
    if advantage_mode not in ("classic", "scaled"):
        raise MessageError(N_("unknown advantage mode '%(mode)s' (%(known)s)",
                              mode=advantage_mode, known=typed(("classic", "scaled"))))
    if spec.environment not in ENVIRONMENTS:
        raise MessageError(N_("unknown chase environment '%(environment)s' (expected one of "
                              "%(known)s)", environment=spec.environment,
                              known=typed(ENVIRONMENTS)))
    if not spec.quarry:
        raise MessageError(N_("a chase needs a quarry"))
    if not spec.pursuers:
        raise MessageError(N_("a chase needs at least one pursuer"))
    names = [a.name for a in (*spec.quarry, *spec.pursuers)]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise MessageError(N_("chase participants need unique names: %(names)s",
                              names=", ".join(twice)))
    if spec.advantage not in (-1, 0, 1):
        raise MessageError(N_("the net escape advantage is -1, 0 or 1"))
    if spec.rounds < 1:
        raise MessageError(N_("a chase lasts at least one round"))
    if spec.start_distance < 0:
        raise MessageError(N_("the start distance cannot be negative"))
    if spec.sight is not None and spec.sight < 0:
        raise MessageError(N_("the sight distance cannot be negative"))
    slow = [a.name for a in (*spec.quarry, *spec.pursuers) if a.speed_ft < 0]
    if slow:
        raise MessageError(N_("negative speed: %(names)s", names=", ".join(slow)))


def summary(environment: str, n: int, outcome: str, quarry: list[ParticipantResult],
            pursuers: list[ParticipantResult]) -> Said:
    """One sentence for the GM session page: the chase, its rounds, how it ended and what
    became of each participant."""
    parts: list[Said] = []
    for q in quarry:
        if q.status == "escaped":
            parts.append(said("chase_escaped", name=q.name, round=q.round))
        elif q.status == "caught":
            parts.append(said("chase_caught", name=q.name, by=q.by, round=q.round))
        elif q.status == "dropped_out":
            parts.append(said("chase_collapsed", name=q.name, round=q.round))
        else:
            parts.append(said("chase_got_away", name=q.name))
    parts.extend(said("chase_dropped_out", name=p.name, round=p.round) for p in pursuers
                 if p.status == "dropped_out")
    return said("chase", environment=Word("chase_environment", environment), rounds=n,
                outcome=Word("chase_outcome", outcome), parts=tuple(parts))


def actors(side: str | Sequence[str | ChaseActor], party: Sequence[Member],
           members: Mapping[str, Member], creatures: Mapping[str, ChaseActor]) -> list[Actor]:
    """The participants of one side of a ``chase:`` entry: ``party`` (its members), or
    members and creatures by name, or creatures given inline; several alike are numbered
    ("Wolf 1", "Wolf 2"). A mounted member runs at its mount's speed."""
    out: list[Actor] = []
    names: list[str | ChaseActor] = [m.name for m in party] if side == "party" else list(side)
    for who in names:
        if isinstance(who, str) and who in members:
            m = members[who]
            speed = m.speed
            if m.mount and m.mount in T.MOUNTS:
                unloaded, loaded = T.MOUNTS[m.mount]
                speed = int((loaded if m.mount_loaded else unloaded) * 10)
            out.append(Actor(m.name, speed, m.con, m.stealth, m.perception, m.initiative,
                             mount=bool(m.mount)))
            continue
        spec = creatures.get(who) if isinstance(who, str) else who
        if spec is None:
            continue  # reported by the loader
        for n in range(spec.count):
            name = spec.name if spec.count == 1 else f"{spec.name} {n + 1}"
            out.append(Actor(name, spec.speed, spec.con, spec.stealth, spec.perception,
                             spec.initiative))
    return out
