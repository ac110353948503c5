"""Settling the dice from what happened (``hexcrawl settle``).

A GM who writes a log after the game writes down what happened (``expect:``) and rarely
every die. For each entry whose ``expect:`` the replay does not meet, ``settle`` finds values
for the dice of that entry the log does not record (those the seeded generator rolled, rules.md
section 11) that make the watch turn out as expected:

- recorded dice are never changed;
- as few dice as possible change, and every other die keeps the value the generator rolled,
  so a settled log reads like a plausible night at the table. The search changes one die
  over all its faces, then another after it, and so on, always in the order the watch rolls
  them: a die may exist only because of an earlier one (a failed navigation check asks for a
  veer die), so after each change the watch is replayed and the dice it rolls next are the
  ones tried next, and each combination is tried once. It tries first the dice of purposes
  whose change has moved what ``expect:`` looks at, then those not tried yet, last those
  that never moved it (a forced march's many checks), fewer changes before more, and faces
  nearest the generator's value first; once a solution is found, only solutions with fewer
  changes are looked for;
- a die of more than ``SMALL_DIE`` faces is sampled: its range is halved until both ends of
  a part turn out the same (a check's outcome and a table's row change at a few thresholds),
  and faces that turn out like the generator's value are not tried further;
- it is bounded: at most ``BUDGET`` replays of the watch per entry, and, where a person waits
  for it (``hexcrawl settle``), ``SECONDS`` seconds; without a time limit (the library's
  default) the same log always gets the same answer, however busy the machine.

The fold runs once, entry after entry, in log order (``Replayer.run_entry``), so a settled
entry changes where the next one starts; a ``Probe`` replays one entry many times from a copy
of the fold before it. A settled entry gets the dice that changed in ``rolls:``, with the dice of
the same purpose rolled before them at the generator's values; the dice after them stay the
generator's, which rolls them the same (it is seeded by purpose and ordinal). Where no dice
give the expectation, ``generator.replay.settle_why`` says which rule stands in the way.
"""

from __future__ import annotations

import copy
import dataclasses
import heapq
import itertools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from generator.content.campaign import Campaign, Session
from generator.content.sessionlog import INSTANT_ACTIONS, Expect, LogEntry
from generator.diagnostics import Pos
from generator.dice import DiceSpec, RollSource
from generator.replay.expect import mismatches
from generator.replay.fold import Replayer
from generator.replay.settle_why import Reason, explain, ruled_out
from generator.replay.snapshots import copy_chronicle
from generator.rules.chronicle import SessionRecord, WatchRecord
from generator.rules.state import PartyState

#: Dice with more faces than this are sampled by halving their range (see above).
SMALL_DIE = 20
#: At most this many replays of one entry's watch...
BUDGET = 4000
#: ...and, where a person waits for it, this many seconds, before the search gives up.
SECONDS = 5.0

Rolls = dict[str, list[int]]


@dataclass(frozen=True)
class Draw:
    """One value the watch took from its roll source: ``dice`` summed, the ``ordinal``-th
    of its purpose (its index in the entry's ``rolls:`` list)."""

    purpose: str
    ordinal: int
    dice: DiceSpec
    value: int
    recorded: bool


@dataclass
class TracingRollSource(RollSource):
    """A roll source that remembers every value it gave, in order (``draws``)."""

    draws: list[Draw] = field(default_factory=list)

    def roll(self, purpose: str, count: int, sides: int) -> tuple[int, bool, list[int]]:
        ordinal = self.ordinals.get(purpose, 0)
        natural, recorded, dice = super().roll(purpose, count, sides)
        self.draws.append(Draw(purpose, ordinal, DiceSpec(count, sides), natural, recorded))
        return natural, recorded, dice


class TracingReplayer(Replayer):
    """The fold, keeping the roll source of the last entry it ran (``source``)."""

    source: TracingRollSource | None = None

    def roll_source(self, session: Session, index: int, entry: LogEntry) -> RollSource:
        self.source = TracingRollSource(self.c.seed, session.number, index,
                                        recorded=as_lists(entry.rolls))
        return self.source


def as_lists(rolls: dict[str, int | list[int]]) -> Rolls:
    return {k: (list(v) if isinstance(v, list) else [v]) for k, v in rolls.items()}


@dataclass(frozen=True)
class Change:
    """A die the settlement changed: from the generator's value to ``value``."""

    purpose: str
    ordinal: int
    dice: str
    seeded: int
    value: int
    spread: int


@dataclass
class Settlement:
    """What ``settle`` made of one entry whose ``expect:`` the replay did not meet."""

    session: int
    entry: int
    pos: Pos
    #: the keys of ``expect:`` the replay did not meet, as ``expect:`` says them and as the
    #: replay had them before settling (``hex: 0508`` and ``hex: 0611``)
    wanted: list[str]
    got: list[str]
    #: the entry's rolls with the changed dice, by purpose (None: not settled)
    rolls: Rolls | None = None
    changes: list[Change] = field(default_factory=list)
    #: why no dice give the expectation (when not settled)
    reasons: list[Reason] = field(default_factory=list)
    #: the search stopped at its budget before trying every combination
    gave_up: bool = False
    tried: int = 0

    @property
    def settled(self) -> bool:
        return self.rolls is not None


@dataclass
class Run:
    """One replay of the entry: the dice it was given and what the watch did."""

    changes: tuple[Change, ...]
    #: index in ``draws`` of the last changed die (-1: none)
    after: int
    watch: WatchRecord
    draws: list[Draw]

    def cost(self) -> tuple[int, float]:
        return len(self.changes), sum(abs(c.value - c.seeded) / max(c.spread, 1)
                                      for c in self.changes)


class OutOfBudget(Exception):
    """The search has spent its replays or its time."""


def signature(run: Run, at: int) -> tuple[Any, ...]:
    """What a run did, apart from the value of its die ``at``: two values of that die with
    the same signature lead to the same watch and the same dice afterwards."""
    w = run.watch
    return (w.end_hex, w.believed_hex, w.lost, w.knows_lost, w.veer, tuple(w.hexes_entered),
            tuple(w.discovered), w.miles, w.progress_miles, tuple(w.believed_hexes_entered),
            tuple((e.kind, e.table, e.result, e.location, e.hex, e.cancelled)
                  for e in w.encounters),
            tuple((r.purpose, r.outcome) for r in w.rolls),
            tuple((d.purpose, d.dice, d.value) for d in run.draws[at + 1:]))


def differences(ex: Expect, w: WatchRecord) -> tuple[list[str], list[str]]:
    """The keys of ``ex`` the watch does not meet, in the words of the format: as ``ex`` has
    them, and as the watch has them."""
    def word(value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list | tuple):
            return "[" + ", ".join(map(str, value)) + "]"
        return "null" if value is None else str(value)

    pairs = [("hex", ex.hex, w.end_hex), ("believed", ex.believed, w.believed_hex),
             ("lost", ex.lost, w.lost), ("knows_lost", ex.knows_lost, w.knows_lost),
             ("veer", ex.veer, w.veer),
             ("found", ex.found if set(ex.found) - set(w.discovered) else None, w.discovered),
             ("entered", ex.entered, w.hexes_entered)]
    wanted, got = [], []
    for key, want, have in pairs:
        if want is not None and (list(want) if isinstance(want, list) else want) != have \
                and not (key == "found" and not want):
            wanted.append(f"{key}: {word(want)}")
            got.append(f"{key}: {word(have)}")
    return wanted, got


def outcome(w: WatchRecord) -> tuple[Any, ...]:
    """What ``expect:`` can say about a watch."""
    return (w.end_hex, w.believed_hex, w.lost, w.knows_lost, w.veer, tuple(w.hexes_entered),
            tuple(w.discovered))


def _fresh(rec: SessionRecord) -> SessionRecord:
    """A copy of a session record the entry may add to (the earlier watches are shared)."""
    return dataclasses.replace(rec, **{
        f.name: copy.copy(getattr(rec, f.name)) for f in dataclasses.fields(rec)
        if isinstance(getattr(rec, f.name), list | dict | set)})


class Probe:
    """Replays entry ``i`` of ``session`` from the fold's state before it, with any dice."""

    def __init__(self, fold: TracingReplayer, session: Session, i: int, entry: LogEntry,
                 state: PartyState, rec: SessionRecord, index: int, *,
                 budget: int = BUDGET, seconds: float | None = None) -> None:
        self.fold, self.session, self.i, self.entry = fold, session, i, entry
        self.state, self.rec, self.index = state, rec, index
        self.replayer = TracingReplayer(fold.c)
        self.recorded = as_lists(entry.rolls)
        self.tried = 0
        self.budget = budget
        self.deadline = math.inf if seconds is None else time.monotonic() + seconds
        self.runs: list[Run] = []
        #: purposes of the dice tried, and of those whose change moved the watch's outcome
        self.tried_purposes: set[str] = set()
        self.matters: set[str] = set()
        shared: dict[int, Any] = {id(fold.c): fold.c}
        for member in [*fold.members_by_name.values(), *fold.c.party.members,
                       *state.members]:
            shared[id(member)] = member
        self.shared = shared

    def watch(self, rolls: Rolls) -> tuple[WatchRecord, list[Draw]]:
        """The entry's watch with ``rolls`` recorded, and the dice it drew."""
        if self.tried >= self.budget or time.monotonic() > self.deadline:
            raise OutOfBudget
        self.tried += 1
        memo = dict(self.shared)
        r = self.replayer
        r.restore(copy_chronicle(self.fold.chronicle, memo), self.fold.members_by_name, [])
        state = copy.deepcopy(self.state, memo)
        rec = _fresh(self.rec)
        entry = self.entry.model_copy(update={"rolls": {k: list(v) for k, v in rolls.items()}})
        r.run_entry(self.session, self.i, entry, state, rec, self.index)
        assert r.source is not None
        return rec.watches[-1], list(r.source.draws)

    def child(self, node: Run, at: int, value: int) -> Run:
        """``node`` with its die ``at`` changed to ``value`` (every die drawn before it
        recorded at the value it had)."""
        d = node.draws[at]
        rolls = full_rolls(self.recorded, node.draws[:at])
        rolls.setdefault(d.purpose, []).append(value)
        change = Change(d.purpose, d.ordinal, str(d.dice), d.value, value,
                        d.dice.high - d.dice.low)
        watch, draws = self.watch(rolls)
        run = Run((*node.changes, change), at, watch, draws)
        self.runs.append(run)
        return run

    def faces(self, node: Run, at: int) -> list[Run]:
        """The runs of the other faces of die ``at`` of ``node``, one per way the watch
        turns out, each the face nearest the generator's value; a face that turns out like
        the generator's value is left out."""
        d = node.draws[at]
        same = signature(node, at)
        runs: dict[int, Run] = {}

        def at_value(v: int) -> tuple[Any, ...]:
            if v == d.value:
                return same
            if v not in runs:
                runs[v] = self.child(node, at, v)
            return signature(runs[v], at)

        if d.dice.high - d.dice.low < SMALL_DIE:
            for v in sorted(range(d.dice.low, d.dice.high + 1),
                            key=lambda v: (abs(v - d.value), v)):
                at_value(v)
        else:
            parts = [(d.dice.low, d.dice.high)]
            while parts:
                lo, hi = parts.pop()
                if hi - lo > 1 and at_value(lo) != at_value(hi):
                    mid = (lo + hi) // 2
                    parts += [(lo, mid), (mid, hi)]
                else:
                    at_value(lo), at_value(hi)
        best: dict[tuple[Any, ...], Run] = {}
        for v in sorted(runs, key=lambda v: (abs(v - d.value), v)):
            sig = signature(runs[v], at)
            if sig != same:
                best.setdefault(sig, runs[v])
        self.tried_purposes.add(d.purpose)
        if any(outcome(r.watch) != outcome(node.watch) for r in best.values()):
            self.matters.add(d.purpose)
        return list(best.values())

    def rank(self, purpose: str) -> int:
        """Which dice to try first: those whose change has moved what ``expect:`` looks at,
        then those never tried yet (a veer die appears only once the party is lost), then
        those that never changed anything it looks at (a forced march's checks)."""
        return 0 if purpose in self.matters else 1 if purpose not in self.tried_purposes else 2

    def priority(self, node: Run, at: int) -> tuple[Any, ...]:
        """The order dice are tried in: by ``rank``, then fewer changes, then the watches
        nearest the expectation, in the order the watch rolls its dice."""
        assert self.entry.expect is not None
        return (self.rank(node.draws[at].purpose), len(node.changes),
                len(mismatches(self.entry.expect, node.watch)), node.cost()[1], at)

    def solve(self, base: Run) -> tuple[Run | None, bool]:
        """The run with the fewest dice changed that meets the expectation (as far as the
        budget allows: once one is found, only fewer changes are tried), and whether the
        search gave up at its budget without finding one."""
        expect = self.entry.expect
        assert expect is not None
        heap: list[tuple[tuple[Any, ...], int, Run, int]] = []
        order = itertools.count()
        expanded: set[tuple[Any, ...]] = set()
        best: Run | None = None

        def push(node: Run) -> None:
            key = (node.after, signature(node, node.after))
            if key in expanded or (best is not None and
                                   len(node.changes) + 1 >= len(best.changes)):
                return
            expanded.add(key)
            for at in range(node.after + 1, len(node.draws)):
                if not node.draws[at].recorded:
                    heapq.heappush(heap, (self.priority(node, at), next(order), node, at))

        push(base)
        try:
            while heap:
                was, _, node, at = heapq.heappop(heap)
                now = self.priority(node, at)
                if now > was:  # its dice turned out to matter less than hoped: later
                    heapq.heappush(heap, (now, next(order), node, at))
                    continue
                if best is not None and len(node.changes) + 1 >= len(best.changes):
                    continue
                for run in self.faces(node, at):
                    if mismatches(expect, run.watch):
                        push(run)
                    elif best is None or (len(run.changes), run.cost()[1]) < (
                            len(best.changes), best.cost()[1]):
                        best = run
        except OutOfBudget:
            return best, best is None
        return best, False


def needed_rolls(recorded: Rolls, changes: tuple[Change, ...], draws: list[Draw]) -> Rolls:
    """The entry's rolls with the changed dice: the recorded ones, and of each purpose with a
    change every die up to its last changed one (those before it as they were rolled). The
    dice after stay the seeded generator's and roll the same: it is seeded by purpose and
    ordinal."""
    out = {k: list(v) for k, v in recorded.items()}
    last: dict[str, int] = {}
    for c in changes:
        last[c.purpose] = max(last.get(c.purpose, -1), c.ordinal)
    for d in draws:
        values = out.setdefault(d.purpose, []) if d.purpose in last else None
        if values is not None and len(values) <= d.ordinal <= last[d.purpose]:
            values.append(d.value)
    return out


def full_rolls(recorded: Rolls, draws: list[Draw]) -> Rolls:
    """Every die of a watch by purpose: the recorded ones (used or not), then the others in
    the order drawn."""
    out = {k: list(v) for k, v in recorded.items()}
    for d in draws:
        values = out.setdefault(d.purpose, [])
        if d.ordinal >= len(values):
            values.append(d.value)
    return out


def settle_entry(fold: TracingReplayer, session: Session, i: int, entry: LogEntry,
                 state: PartyState, rec: SessionRecord, index: int, **limits: Any,
                 ) -> Settlement | None:
    """The settlement of entry ``i`` (None when its ``expect:`` holds already)."""
    expect = entry.expect
    assert expect is not None
    probe = Probe(fold, session, i, entry, state, rec, index, **limits)
    watch, draws = probe.watch(probe.recorded)
    wrong = mismatches(expect, watch)
    if not wrong:
        return None
    out = Settlement(session.number, i, session.entry_pos(i), *differences(expect, watch))
    out.reasons = ruled_out(fold.c, entry, state, fold.chronicle.discovered, watch)
    if out.reasons:  # a rule no dice can change: nothing to search
        return out
    base = Run((), -1, watch, draws)
    probe.runs.append(base)
    best, gave_up = probe.solve(base)
    out.tried, out.gave_up = probe.tried, gave_up
    if best is not None:
        out.rolls = needed_rolls(probe.recorded, best.changes, best.draws)
        out.changes = list(best.changes)
        return out
    out.reasons = explain(fold.c, entry, [r.watch for r in probe.runs])
    return out


def settle(campaign: Campaign, only: int | None = None, **limits: Any,
           ) -> Iterator[Settlement]:
    """Replay the campaign in log order, settling each entry (of session ``only``, if given)
    whose ``expect:`` the replay does not meet; the fold goes on with the settled dice."""
    fold = TracingReplayer(campaign)
    state = fold.start()
    for session in campaign.sessions:
        rec = fold.open_session(session, state)
        index = 0
        for i, entry in enumerate(session.log):
            if entry.expect is not None and entry.action not in INSTANT_ACTIONS and (
                    only is None or session.number == only):
                settled = settle_entry(fold, session, i, entry, state, rec, index, **limits)
                if settled is not None:
                    yield settled
                    if settled.rolls is not None:
                        entry = entry.model_copy(update={"rolls": settled.rolls})
            index = fold.run_entry(session, i, entry, state, rec, index)
        fold.close_session(rec, state)
