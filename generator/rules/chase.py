"""Chases, round by round (rules.md section 10; seed 003, "Погони" — chases, a 5e variant).

A pure module: no I/O and no global random. Every die comes from the ``RollSource`` passed in
(recorded rolls first, then the generator seeded per event, rules.md section 11), so the same
spec and the same source give the same result. Entry point: :func:`resolve_chase`.

Model and rules choices (each cites seed 003 or rules.md section 10):

- **One line of feet.** Seed 003: "определите начальное расстояние между преследуемым и
  преследователями. Отслеживайте расстояние" (set the starting distance, track it). Everybody
  runs the same way along one axis (the seed also says participants cannot make opportunity
  attacks on each other "since they all move in the same direction at once"). Every pursuer
  starts at 0 ft, every quarry member at ``spec.start_distance`` (default 60 ft).
- **Lead pursuer.** Seed 003: the pursuer closest to the quarry is the lead and may change each
  round. Here: the active pursuer furthest along the line at the end of the round (ties: the
  earlier in initiative order).
- **Initiative.** Seed 003: everyone not yet in initiative rolls it. d20 + initiative bonus
  (purpose ``initiative``) in every check system, rolled in spec order (quarry first, then
  pursuers): that is the order in which recorded ``initiative`` rolls are consumed. Order:
  higher total, then higher bonus, then name. Names must be unique.
- **Dash every turn.** Seed 003: participants "will want to Dash every round". Each turn a
  participant moves 2 x speed (speed in feet per 6-second round).
- **Free dashes.** Seed 003: "не чаще чем (3 + их модификатор Телосложения) раза" — 3 + the
  Constitution modifier dashes are free (never fewer than 0). ``Actor.con`` is the modifier
  under ``d20``; under ``brp`` and ``bsh`` it is the score and the modifier is
  ``(score - 10) // 2``.
- **Further dashes.** Seed 003: each further Dash needs a DC 10 Constitution check at the end
  of the participant's turn or it gains one level of exhaustion. The check goes through
  :func:`generator.rules.checks.check` (purpose ``chase_con``) with the Constitution number of
  rules.md section 8: the modifier under ``d20``, CON x 5 % under ``brp`` (as the replay's
  travel checks do), the score under ``bsh``. Any failure, critical or not, is one level.
- **Exhaustion** (seed 003 uses 5e exhaustion; rules.md section 10): level 2 or more halves
  the participant's speed; level 5 drops it out (seed: "его скорость становится равной 0"). In
  5e level 1 already gives disadvantage on ability checks, so an exhausted participant (level
  1+) makes its Constitution and Stealth checks with one disadvantage
  (``EXHAUSTION_CHECK_DISADVANTAGE_LEVEL``; it cancels with an escape-factor advantage). Set
  that constant above 5 to switch the rule off.
- **Halving** rounds down to the whole foot and applies to the whole turn's movement: a
  complication and exhaustion 2+ together quarter it.
- **Complications.** Seed 003: every participant rolls d20 at the end of its turn (purpose
  ``complication``); on 1-10 (rules.md section 10) a complication strikes "the next participant
  in initiative order, not the one who rolled". Text: a roll on ``spec.complications`` (the
  campaign's table for the environment; purpose ``table``, nested tables followed through
  ``tables``), else the word "complication". Its effect: the next participant still in the
  chase (the roller excluded) moves at half speed on its next turn; the last in the order
  passes it to the first, for the next round. A complication waiting on a participant that
  leaves the chase is lost. Seed 003 lets Inspiration cancel a complication; the replay has no
  Inspiration, so the GM records a cancelled one by recording a roll of 11+.
- **Order at the end of a turn:** move, then the Constitution check (if the dash was not
  free), then the complication roll. A participant that drops out does not roll for a
  complication (it has left the chase).
- **End of the round**, after every participant's turn (seed 003: "в конце каждого раунда,
  после того как все участники погони совершили свои ходы"):
  1. *Catching* (seed 003: the chase ends "если преследователь догоняет жертву"): any active
     pursuer whose position reaches (>=) a quarry member's catches it; the catcher is the
     furthest along (ties: initiative order). A quarry member that dropped out (speed 0) is
     caught by the lead pursuer if any pursuer is still active. Caught quarry leaves.
  2. *Sight*: a quarry member more than ``spec.sight`` feet ahead of the lead pursuer (defaults:
     urban 60, wilderness 240) has left its sight; that is remembered for the rest of the
     chase (seed: "Если жертва никогда не покидала линию обзора головного преследователя").
  3. *Escape*: each quarry member still running, in initiative order, rolls Stealth (purpose
     ``stealth``) through ``checks.check`` with ``score=Actor.stealth`` (a modifier under d20,
     a percentage under brp, an attribute under bsh). A member that never left the lead's
     sight fails automatically and rolls nothing. Seed 003 says the quarry escapes when its
     result *exceeds* ("превышает") the highest passive Wisdom (Perception) of the pursuers, so
     the DC handed to ``checks.check`` (which succeeds on total >= DC) is that highest passive
     Perception among active pursuers + 1 (``STEALTH_BEATS_PASSIVE``); under brp and bsh that
     DC picks the difficulty band as for any check. Escape factors (seed 003's table, supplied
     by the campaign) give ``spec.advantage``: -1, 0 or +1, advantage and disadvantage
     cancelling (seed: "не будет ни того, ни другого"). Success: that member escapes.
- **End of the chase** (seed 003: a side gives up, the quarry escapes or is caught): every
  quarry member escaped or was caught; every pursuer dropped out (checked after each turn: the
  round stops there); or the pursuers give up after ``spec.rounds`` rounds (default 10).
- **Outcome**: ``escaped`` (every quarry member escaped), ``caught`` (every one caught),
  ``pursuers_exhausted`` (the pursuers all dropped out and nobody was caught), ``gave_up``
  (the round limit ran out and nobody was caught), ``mixed`` (some caught, some not).
  Per quarry member: ``escaped``, ``caught``, ``got_away`` (still running when the pursuers
  gave up or dropped out), ``dropped_out`` (collapsed with no pursuer left to take it).
  Per pursuer: ``chasing`` or ``dropped_out``.
- ``Actor.mount`` is descriptive: a mounted participant's speed and Constitution are its
  mount's (the mount does the running); the roll details say "(mounted)".
- Roll order, which is the order recorded rolls are consumed per purpose: initiative (spec
  order); then each round, turn by turn in initiative order: ``chase_con`` (two d20s with
  classic advantage or disadvantage), ``complication``, ``table`` (and any nested table rolls);
  then ``stealth`` in initiative order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from generator.chronicle import EncounterRecord, RollRecord
from generator.content.campaign import Table
from generator.dice import RollSource
from generator.rules.checks import CheckResult, check
from generator.rules.encounters import plain_roll, roll_on_table

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
    #: one sentence for the GM session page
    summary: str
    warnings: list[str] = field(default_factory=list)


@dataclass
class _Runner:
    actor: Actor
    side: str
    position: int
    index: int = 0
    initiative: int = 0
    dashes: int = 0
    exhaustion: int = 0
    #: quarry: running | escaped | caught | dropped_out; pursuer: chasing | dropped_out
    status: str = "running"
    settled_round: int | None = None
    by: str | None = None
    broke_sight: bool = False
    pending: str | None = None

    @property
    def active(self) -> bool:
        """Still taking turns."""
        return self.status in ("running", "chasing")

    @property
    def label(self) -> str:
        return f"{self.actor.name} (mounted)" if self.actor.mount else self.actor.name


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


def dash_feet(speed_ft: int, halvings: int) -> int:
    """A Dash covers 2 x speed; each halving (exhaustion 2+, a complication) rounds down."""
    return (DASH_MULTIPLIER * max(0, speed_ft)) >> halvings


def _validate(spec: ChaseSpec, system: str, advantage_mode: str) -> None:
    if system not in CHECK_SYSTEMS:
        raise ValueError(f"unknown check system '{system}' (expected d20, brp or bsh)")
    if advantage_mode not in ("classic", "scaled"):
        raise ValueError(f"unknown advantage mode '{advantage_mode}' (classic or scaled)")
    if spec.environment not in ENVIRONMENTS:
        raise ValueError(f"unknown chase environment '{spec.environment}' "
                         "(expected urban or wilderness)")
    if not spec.quarry:
        raise ValueError("a chase needs a quarry")
    if not spec.pursuers:
        raise ValueError("a chase needs at least one pursuer")
    names = [a.name for a in (*spec.quarry, *spec.pursuers)]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"chase participants need unique names: {', '.join(twice)}")
    if spec.advantage not in (-1, 0, 1):
        raise ValueError("the net escape advantage is -1, 0 or 1")
    if spec.rounds < 1:
        raise ValueError("a chase lasts at least one round")
    if spec.start_distance < 0:
        raise ValueError("the start distance cannot be negative")
    if spec.sight is not None and spec.sight < 0:
        raise ValueError("the sight distance cannot be negative")
    slow = [a.name for a in (*spec.quarry, *spec.pursuers) if a.speed_ft < 0]
    if slow:
        raise ValueError(f"negative speed: {', '.join(slow)}")


def _record(res: CheckResult, purpose: str) -> RollRecord:
    return RollRecord(purpose, res.dice, res.natural, res.total, res.target, res.outcome,
                      res.recorded, res.detail, list(res.dice_values))


class _Chase:
    def __init__(self, spec: ChaseSpec, system: str, rolls: RollSource, advantage_mode: str,
                 tables: Mapping[str, Table] | None) -> None:
        self.spec = spec
        self.system = system
        self.rolls = rolls
        self.advantage_mode = advantage_mode
        self.tables: dict[str, Table] = dict(tables or {})
        if spec.complications is not None:
            self.tables.setdefault(spec.complications.id, spec.complications)
        self.warnings: list[str] = []
        self.runners = ([_Runner(a, "quarry", spec.start_distance) for a in spec.quarry]
                        + [_Runner(a, "pursuer", 0, status="chasing") for a in spec.pursuers])
        self.order: list[_Runner] = []
        self.initiative_rolls: list[RollRecord] = []
        self.rounds: list[RoundRecord] = []

    # -- helpers ---------------------------------------------------------------------------
    def pursuers(self) -> list[_Runner]:
        return [r for r in self.order if r.side == "pursuer" and r.active]

    def lead(self) -> _Runner | None:
        chasing = self.pursuers()
        if not chasing:
            return None
        return min(chasing, key=lambda r: (-r.position, r.index))

    def next_after(self, runner: _Runner) -> _Runner | None:
        n = len(self.order)
        for step in range(1, n):
            other = self.order[(runner.index + step) % n]
            if other.active:
                return other
        return None

    def disadvantage(self, runner: _Runner) -> int:
        return 1 if runner.exhaustion >= EXHAUSTION_CHECK_DISADVANTAGE_LEVEL else 0

    # -- initiative ------------------------------------------------------------------------
    def roll_initiative(self) -> None:
        for r in self.runners:
            bonus = r.actor.initiative
            natural = plain_roll(self.initiative_rolls, self.rolls, "initiative", 1, 20,
                                 modifier=bonus, detail=f"{r.label}: initiative {bonus:+d}")
            r.initiative = natural + bonus
        self.order = sorted(self.runners,
                            key=lambda r: (-r.initiative, -r.actor.initiative, r.actor.name))
        for i, r in enumerate(self.order):
            r.index = i

    # -- a turn ----------------------------------------------------------------------------
    def turn(self, runner: _Runner, number: int) -> TurnRecord:
        received, runner.pending = runner.pending, None
        halvings = (1 if runner.exhaustion >= EXHAUSTION_HALF_SPEED else 0) + (
            1 if received is not None else 0)
        moved = dash_feet(runner.actor.speed_ft, halvings)
        start = runner.position
        runner.position += moved
        runner.dashes += 1
        free = free_dashes(self.system, runner.actor.con)
        rec = TurnRecord(runner.actor.name, runner.side, start, runner.position, moved,
                         runner.dashes, free, runner.exhaustion,
                         complication_received=received)
        if runner.dashes > free:
            res = check(self.system, self.rolls, "chase_con",
                        score=con_check_score(self.system, runner.actor.con), dc=CON_CHECK_DC,
                        advantage=-self.disadvantage(runner),
                        advantage_mode=self.advantage_mode,
                        label=f"{runner.label}: Constitution")
            res.detail += f" (dash {runner.dashes}, {free} free)"
            rec.rolls.append(_record(res, "chase_con"))
            rec.con_check = res.outcome
            if not res.success:
                runner.exhaustion += 1
                rec.exhaustion = runner.exhaustion
                if runner.exhaustion >= EXHAUSTION_DROP_OUT:
                    runner.status = "dropped_out"
                    runner.settled_round = number
                    rec.dropped_out = True
                    return rec
        natural = plain_roll(rec.rolls, self.rolls, "complication", 1, COMPLICATION_DIE,
                             detail=f"{runner.label}: complication on 1-{COMPLICATION_MAX}")
        roll = rec.rolls[-1]
        roll.target = COMPLICATION_MAX
        if natural > COMPLICATION_MAX:
            roll.outcome = "none"
            return rec
        roll.outcome = "complication"
        text = self.complication_text(rec.rolls)
        target = self.next_after(runner)
        rec.complication_caused = text
        if target is not None:
            target.pending = text
            rec.complication_target = target.actor.name
            roll.detail += f", strikes {target.label}"
        return rec

    def complication_text(self, log: list[RollRecord]) -> str:
        table = self.spec.complications
        if table is None:
            return NO_TABLE_TEXT
        enc = EncounterRecord("chase")
        self.warnings.extend(roll_on_table(self.tables, table, self.rolls, log, enc))
        return enc.result or NO_TABLE_TEXT

    # -- end of a round --------------------------------------------------------------------
    def end_of_round(self, rnd: RoundRecord) -> None:
        lead = self.lead()
        rnd.lead = lead.actor.name if lead else None
        if lead is None:
            return
        chasing = self.pursuers()
        for q in self.order:
            if q.side != "quarry" or q.status not in ("running", "dropped_out"):
                continue
            reaching = [p for p in chasing if p.position >= q.position]
            if not reaching and q.status != "dropped_out":
                continue
            catcher = min(reaching, key=lambda p: (-p.position, p.index)) if reaching else lead
            q.status, q.by, q.settled_round = "caught", catcher.actor.name, rnd.number
            rnd.caught.append((q.actor.name, catcher.actor.name))
        dc = max(p.actor.perception for p in chasing) + STEALTH_BEATS_PASSIVE
        for q in self.order:
            if q.side != "quarry" or q.status != "running":
                continue
            distance = q.position - lead.position
            out_of_sight = distance > self.spec.sight_ft
            q.broke_sight = q.broke_sight or out_of_sight
            esc = EscapeCheck(q.actor.name, distance, out_of_sight, q.broke_sight, dc,
                              rolled=False, escaped=False)
            rnd.escape_checks.append(esc)
            if not q.broke_sight:
                continue
            res = check(self.system, self.rolls, "stealth", score=q.actor.stealth, dc=dc,
                        advantage=self.spec.advantage - self.disadvantage(q),
                        advantage_mode=self.advantage_mode, label=f"{q.label}: Stealth")
            res.detail += (f" (to beat passive Perception {dc - STEALTH_BEATS_PASSIVE}; "
                           f"{distance} ft ahead of {lead.label})")
            rnd.rolls.append(_record(res, "stealth"))
            esc.rolled = True
            if res.success:
                esc.escaped = True
                q.status, q.settled_round = "escaped", rnd.number
                rnd.escaped.append(q.actor.name)

    # -- the chase -------------------------------------------------------------------------
    def run(self) -> ChaseResult:
        self.roll_initiative()
        ended_by = "gave_up"
        for number in range(1, self.spec.rounds + 1):
            rnd = RoundRecord(number)
            self.rounds.append(rnd)
            for runner in self.order:
                if not runner.active:
                    continue
                turn = self.turn(runner, number)
                rnd.turns.append(turn)
                rnd.rolls.extend(turn.rolls)
                if turn.dropped_out:
                    rnd.dropped_out.append(runner.actor.name)
                if not self.pursuers():
                    break
            if not self.pursuers():
                ended_by = "pursuers_exhausted"
                break
            self.end_of_round(rnd)
            if all(q.status in ("escaped", "caught") for q in self.order
                   if q.side == "quarry"):
                ended_by = "quarry"
                break
        return self.result(ended_by)

    def result(self, ended_by: str) -> ChaseResult:
        quarry: list[ParticipantResult] = []
        pursuers: list[ParticipantResult] = []
        for r in self.runners:
            status = r.status
            if r.side == "quarry" and status == "running":
                status = "got_away"
            row = ParticipantResult(r.actor.name, r.side, status, r.settled_round, r.by,
                                    r.position, r.dashes, r.exhaustion, r.initiative)
            (quarry if r.side == "quarry" else pursuers).append(row)
        caught = sum(q.status == "caught" for q in quarry)
        if all(q.status == "escaped" for q in quarry):
            outcome = "escaped"
        elif caught == len(quarry):
            outcome = "caught"
        elif caught:
            outcome = "mixed"
        elif ended_by == "pursuers_exhausted":
            outcome = "pursuers_exhausted"
        else:
            outcome = "gave_up"
        rolls = list(self.initiative_rolls)
        for rnd in self.rounds:
            rolls.extend(rnd.rolls)
        return ChaseResult(outcome, self.spec.environment, self.system,
                           [r.actor.name for r in self.order], quarry, pursuers, self.rounds,
                           self.initiative_rolls, rolls, self.summary(outcome, quarry, pursuers),
                           self.warnings)

    def summary(self, outcome: str, quarry: list[ParticipantResult],
                pursuers: list[ParticipantResult]) -> str:
        n = len(self.rounds)
        head = {
            "escaped": "the quarry escaped",
            "caught": "the pursuers caught the quarry",
            "pursuers_exhausted": "the pursuers dropped out exhausted",
            "gave_up": f"the pursuers gave up after {n} rounds",
            "mixed": "some of the quarry were caught",
        }[outcome]
        parts: list[str] = []
        for q in quarry:
            if q.status == "escaped":
                parts.append(f"{q.name} escaped in round {q.round}")
            elif q.status == "caught":
                parts.append(f"{q.by} caught {q.name} in round {q.round}")
            elif q.status == "dropped_out":
                parts.append(f"{q.name} collapsed exhausted in round {q.round}")
            else:
                parts.append(f"{q.name} got away")
        parts.extend(f"{p.name} dropped out exhausted in round {p.round}" for p in pursuers
                     if p.status == "dropped_out")
        rounds = f"{n} round" + ("" if n == 1 else "s")
        return (f"{self.spec.environment.capitalize()} chase, {rounds}: {head} "
                f"({'; '.join(parts)}).")


def resolve_chase(spec: ChaseSpec, system: str, rolls: RollSource, *,
                  advantage_mode: str = "classic",
                  tables: Mapping[str, Table] | None = None) -> ChaseResult:
    """Resolve a chase round by round (rules.md section 10, seed 003; see the module
    docstring for every rule). ``system``: the campaign's check system (d20, brp, bsh);
    ``advantage_mode``: classic or scaled (d20 only); ``tables``: the campaign's tables, for
    nested rows of the complications table. Raises ValueError on an invalid spec."""
    _validate(spec, system, advantage_mode)
    return _Chase(spec, system, rolls, advantage_mode, tables).run()
