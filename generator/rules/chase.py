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
  Like every check (rules.md section 9) it rolls the participant's doom die on a critical
  failure (a party member's; creatures have none), takes one disadvantage while the
  participant is doomed, and nets every source of advantage once (under ``bsh`` the DC band
  is one of them, and any advantages and disadvantages cancel).
- **Exhaustion** (seed 003 uses 5e exhaustion; rules.md section 10): level 2 or more halves
  the participant's speed; level 5 drops it out (seed: "его скорость становится равной 0"). In
  5e level 1 already gives disadvantage on ability checks, so an exhausted participant (level
  1+) makes its Constitution and Stealth checks with one disadvantage
  (``EXHAUSTION_CHECK_DISADVANTAGE_LEVEL``; it cancels with an escape-factor advantage). Set
  that constant above 5 to switch the rule off. With ``advantage: scaled`` (d20) the campaign
  plays seed 004's homebrew instead: each of the first three levels is one disadvantage (so
  1d4, 1d6, 1d8 off the check) and -5 ft of speed, and exhaustion halves nothing
  (``chase_model.exhaustion_effects``).
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
     Perception among active pursuers + 1 (``M.STEALTH_BEATS_PASSIVE``); under brp and bsh that
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
  then ``stealth`` in initiative order; a doom die roll follows the check that forced it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.content.campaign import Table
from generator.diagnostics import Text
from generator.dice import RollRecord, RollSource, SaidValue, Signed, said
from generator.rules import chase_model as M
from generator.rules.chase_model import (
    Actor,
    ChaseResult,
    ChaseSpec,
    EscapeCheck,
    ParticipantResult,
    RoundRecord,
    TurnRecord,
    actors,
)
from generator.rules.checks import CheckContext, check
from generator.rules.chronicle import EncounterRecord
from generator.rules.encounters import roll_on_table
from generator.rules.resources import DoomDice

__all__ = ["Actor", "ChaseResult", "ChaseSpec", "actors", "resolve_chase"]


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
    def who(self) -> SaidValue:
        """The participant in the roll details: its name, "(mounted)" when it runs on its
        mount."""
        return said("mounted", name=self.actor.name) if self.actor.mount else self.actor.name


class _Chase:
    def __init__(self, spec: ChaseSpec, ctx: CheckContext,
                 tables: Mapping[str, Table] | None) -> None:
        self.spec = spec
        self.ctx = ctx
        self.system = ctx.system
        self.rolls = ctx.rolls
        self.tables: dict[str, Table] = dict(tables or {})
        if spec.complications is not None:
            self.tables.setdefault(spec.complications.id, spec.complications)
        self.warnings: list[Text] = []
        self.runners = ([_Runner(a, "quarry", spec.start_distance) for a in spec.quarry]
                        + [_Runner(a, "pursuer", 0, status="chasing") for a in spec.pursuers])
        self.order: list[_Runner] = []
        self.initiative_rolls: list[RollRecord] = []
        self.rounds: list[RoundRecord] = []
        #: where the chase's rolls start in the roll source's log
        self.first_roll = len(self.rolls.log)

    def since(self, mark: int) -> list[RollRecord]:
        """The rolls taken since ``mark`` (a length of the roll source's log), in order."""
        return list(self.rolls.log[mark:])

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

    def exhaustion(self, runner: _Runner) -> tuple[int, int, int]:
        """(disadvantages, feet off the speed, halvings) of the runner's exhaustion."""
        return M.exhaustion_effects(self.system, self.ctx.advantage_mode, runner.exhaustion)

    def disadvantage(self, runner: _Runner) -> int:
        return self.exhaustion(runner)[0]

    # -- initiative ------------------------------------------------------------------------
    def roll_initiative(self) -> None:
        mark = len(self.rolls.log)
        for r in self.runners:
            bonus = r.actor.initiative
            roll = self.rolls.take("initiative", 1, 20, modifier=bonus,
                                   detail=said("initiative", actor=r.who, bonus=Signed(bonus)))
            r.initiative = roll.natural + bonus
        self.initiative_rolls = self.since(mark)
        self.order = sorted(self.runners,
                            key=lambda r: (-r.initiative, -r.actor.initiative, r.actor.name))
        for i, r in enumerate(self.order):
            r.index = i

    # -- a turn ----------------------------------------------------------------------------
    def turn(self, runner: _Runner, number: int) -> TurnRecord:
        mark = len(self.rolls.log)
        received, runner.pending = runner.pending, None
        _, slower, halved = self.exhaustion(runner)
        halvings = halved + (1 if received is not None else 0)
        moved = M.dash_feet(runner.actor.speed_ft - slower, halvings)
        start = runner.position
        runner.position += moved
        runner.dashes += 1
        free = M.free_dashes(self.system, runner.actor.con)
        rec = TurnRecord(runner.actor.name, runner.side, start, runner.position, moved,
                         runner.dashes, free, runner.exhaustion,
                         complication_received=received)
        try:
            self.after_move(runner, number, rec, free)
        finally:
            rec.rolls = self.since(mark)
        return rec

    def after_move(self, runner: _Runner, number: int, rec: TurnRecord, free: int) -> None:
        """The end of a turn: the Constitution check of a dash beyond the free ones, then the
        complication roll for the next participant."""
        if runner.dashes > free:
            res = check(self.ctx, "chase_con",
                        score=M.con_check_score(self.system, runner.actor.con), dc=M.CON_CHECK_DC,
                        who=runner.actor.name, advantages=[-self.disadvantage(runner)],
                        actor=runner.who, skill="con",
                        why=[said("dash", dashes=runner.dashes, free=free)])
            rec.con_check = res.outcome
            if not res.success:
                runner.exhaustion += 1
                rec.exhaustion = runner.exhaustion
                if runner.exhaustion >= M.EXHAUSTION_DROP_OUT:
                    runner.status = "dropped_out"
                    runner.settled_round = number
                    rec.dropped_out = True
                    return
        roll = self.rolls.take("complication", 1, M.COMPLICATION_DIE,
                               detail=said("complication_roll", actor=runner.who,
                                           max=M.COMPLICATION_MAX))
        roll.target = M.COMPLICATION_MAX
        if roll.natural > M.COMPLICATION_MAX:
            roll.outcome = "none"
            return
        roll.outcome = "complication"
        text = self.complication_text()
        target = self.next_after(runner)
        rec.complication_caused = text
        if target is not None:
            target.pending = text
            rec.complication_target = target.actor.name
            roll.detail = said("complication_roll", actor=runner.who, max=M.COMPLICATION_MAX,
                               strikes=target.who)

    def complication_text(self) -> str:
        table = self.spec.complications
        if table is None:
            return M.NO_TABLE_TEXT
        enc = EncounterRecord("chase")
        self.warnings.extend(roll_on_table(self.tables, table, self.rolls, enc))
        return enc.result or M.NO_TABLE_TEXT

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
        dc = max(p.actor.perception for p in chasing) + M.STEALTH_BEATS_PASSIVE
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
            res = check(self.ctx, "stealth", score=q.actor.stealth, dc=dc, who=q.actor.name,
                        advantages=[self.spec.advantage, -self.disadvantage(q)],
                        actor=q.who, skill="stealth",
                        why=[said("stealth_escape", perception=dc - M.STEALTH_BEATS_PASSIVE,
                                  feet=distance, lead=lead.who)])
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
            mark = len(self.rolls.log)
            rnd = RoundRecord(number)
            self.rounds.append(rnd)
            for runner in self.order:
                if not runner.active:
                    continue
                turn = self.turn(runner, number)
                rnd.turns.append(turn)
                if turn.dropped_out:
                    rnd.dropped_out.append(runner.actor.name)
                if not self.pursuers():
                    break
            if not self.pursuers():
                ended_by = "pursuers_exhausted"
                rnd.rolls = self.since(mark)
                break
            self.end_of_round(rnd)
            rnd.rolls = self.since(mark)
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
        return ChaseResult(outcome, self.spec.environment, self.system,
                           [r.actor.name for r in self.order], quarry, pursuers, self.rounds,
                           self.initiative_rolls, self.since(self.first_roll),
                           M.summary(self.spec.environment, len(self.rounds), outcome,
                                     quarry, pursuers), self.warnings)


def resolve_chase(spec: ChaseSpec, system: str, rolls: RollSource, *,
                  advantage_mode: str = "classic",
                  tables: Mapping[str, Table] | None = None,
                  doom: DoomDice | None = None) -> ChaseResult:
    """Resolve a chase round by round (rules.md section 10, seed 003; see the module
    docstring for every rule). ``system``: the campaign's check system (d20, brp, bsh);
    ``advantage_mode``: classic or scaled (d20 only); ``tables``: the campaign's tables, for
    nested rows of the complications table; ``doom``: the party's doom dice, read by every
    check. The rolls go to ``rolls.log`` in the order taken. Raises ValueError on an invalid
    spec (before any roll)."""
    M.validate(spec, system, advantage_mode)
    return _Chase(spec, CheckContext(system, rolls, advantage_mode, doom), tables).run()
