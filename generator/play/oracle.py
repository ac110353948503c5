"""The engine as oracle: which dice a new log entry needs, asked one by one.

``hexcrawl play`` never computes a rule. For a new entry it replays the whole campaign with
the entry appended; the watch record lists every roll the entry consumed, in order, each
marked recorded (from the log) or seeded (from the generator). The first seeded roll is the
next die the GM rolls at the table: its value goes into the entry's ``rolls:`` and the
campaign is replayed again, until every roll of the entry is recorded. A recorded value can
change what the watch needs next (a failed navigation check asks for a veer die), and the
next replay says so.

Only ``load_campaign``, ``replay`` and the Chronicle's records are used, never the
replayer's internals. Each replay of the example campaign takes a few tens of milliseconds;
the whole campaign is replayed for every die, so a campaign of hundreds of sessions pays that
many times over (see the README).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.content.campaign import Campaign, Session
from generator.content.loader import load_campaign
from generator.content.sessionlog import INSTANT_ACTIONS, LogEntry
from generator.diagnostics import N_, Diagnostic, Diagnostics, Text, literal
from generator.dice import RollRecord, Said
from generator.replay import replay
from generator.rules.chronicle import Chronicle, SessionRecord, WatchRecord

#: purposes written as a list even with one value (content.md: one per check)
LIST_PURPOSES = frozenset({"encounter"})
#: a campaign that needs more rolls than this for one entry is looping
MAX_ROLLS = 2000

_PLAIN = re.compile(r"^(\d+)d(\d+)(?:[+-]\d+)?(?:x\d+)?$")
_SCALED = re.compile(r"^1d20([+-])1d(\d+)$")
_PAIR = re.compile(r"^2d20(kh1|kl1)?$")


class EntryError(Exception):
    """The entry cannot be logged: ``messages`` say why (nothing is written), translated
    where they are printed."""

    def __init__(self, messages: list[Text]) -> None:
        super().__init__("; ".join(m.english() for m in messages))
        self.messages = messages


@dataclass(frozen=True)
class Die:
    """One value to record: ``count`` dice of ``sides`` summed, under ``purpose``."""

    purpose: str
    count: int
    sides: int

    @property
    def low(self) -> int:
        return self.count

    @property
    def high(self) -> int:
        return self.count * self.sides

    @property
    def notation(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class RollAsk:
    """A physical roll the GM is asked for: one or two values (advantage rolls two d20)."""

    purpose: str
    dice: tuple[Die, ...]
    #: what the seeded generator would roll (Enter accepts it)
    seeded: tuple[int, ...]
    #: the engine's explanation (``Wren: Survival +7 vs DC 16``)
    detail: Said | None
    #: ``2d20kh1`` advantage, ``2d20kl1`` disadvantage, ``1d20+1d4`` scaled, ...
    notation: str
    #: the check's target, when it is a check
    target: int | None


@dataclass(frozen=True)
class Plan:
    """What an entry is about to roll: the rolls still to come (seeded, as the generator
    would roll them) and the replay they come from. ``first`` for the entry's first die."""

    rolls: list[RollRecord]
    chronicle: Chronicle
    watch: WatchRecord | None
    first: bool


#: what the GM answers: values, or None to let the generator roll this one, or "rest" to let
#: it roll this one and every remaining roll of the entry
Answer = list[int] | None | str


@dataclass
class Asked:
    ask: RollAsk
    values: tuple[int, ...]
    seeded: bool


@dataclass
class Outcome:
    """A finished entry: the log entry with every roll, and the replay that shows it."""

    entry: dict[str, Any]
    campaign: Campaign
    chronicle: Chronicle
    session: SessionRecord
    #: the watch of the entry (None for note, reveal, use)
    watch: WatchRecord | None
    #: the rolls the entry consumed, in order
    rolls: list[RollRecord]
    asked: list[Asked] = field(default_factory=list)
    #: warnings of the replay at the entry, translated where they are printed
    warnings: list[Text] = field(default_factory=list)


def load(root: Path, overrides: Mapping[Path, str] | None = None,
         ) -> tuple[Campaign | None, Diagnostics]:
    return load_campaign(root, overrides)


#: Rolls whose detail is worked out from the roll itself, not known before it.
RESULT_DETAILS = frozenset({"moment_minute"})


def ask_for(rec: RollRecord) -> RollAsk:
    """The physical roll behind one roll record (content.md: a recorded roll is the natural
    result before modifiers; a check with advantage records each d20)."""
    dice = rec.dice
    if rec.target is not None and _PAIR.match(dice) and len(rec.dice_values) >= 2:
        parts = (Die(rec.purpose, 1, 20), Die(rec.purpose, 1, 20))
        return RollAsk(rec.purpose, parts, tuple(rec.dice_values[:2]), rec.detail, dice,
                       rec.target)
    m = _SCALED.match(dice)
    if m and len(rec.dice_values) >= 2:
        parts = (Die(rec.purpose, 1, 20), Die(f"{rec.purpose}_advantage", 1, int(m.group(2))))
        return RollAsk(rec.purpose, parts, tuple(rec.dice_values[:2]), rec.detail, dice,
                       rec.target)
    m = _PLAIN.match(dice)
    if m:
        part = Die(rec.purpose, int(m.group(1)), int(m.group(2)))
        # a detail made of the die's own result (the moment of the watch) would tell the
        # generator's roll before the table rolls
        detail = None if rec.purpose in RESULT_DETAILS else rec.detail
        return RollAsk(rec.purpose, (part,), (rec.natural,), detail,
                       part.notation, rec.target)
    raise EntryError([N_("cannot ask for the roll '%(purpose)s' (%(dice)s): the engine "
                         "rolled dice play does not know how to record", purpose=rec.purpose,
                         dice=dice)])


def yaml_rolls(rolls: Mapping[str, list[int]]) -> dict[str, int | list[int]]:
    """Rolls as the example logs write them: one value plain, several (or encounters) a
    list."""
    return {k: (v if len(v) > 1 or k in LIST_PURPOSES else v[0]) for k, v in rolls.items()}


def _with_rolls(campaign: Campaign, number: int, entry: LogEntry,
                rolls: Mapping[str, list[int]]) -> Campaign:
    sessions: list[Session] = []
    for s in campaign.sessions:
        if s.number == number:
            log = s.log[:-1] + (entry.model_copy(update={"rolls": {k: list(v) for k, v
                                                                   in rolls.items()}}),)
            s = replace(s, log=log)
        sessions.append(s)
    return replace(campaign, sessions=tuple(sessions))


def _session_record(chronicle: Chronicle, number: int) -> SessionRecord:
    for rec in chronicle.sessions:
        if rec.session == number:
            return rec
    raise EntryError([N_("session %(n)s is not in the replay", n=number)])


def _messages(items: list[Diagnostic]) -> list[Text]:
    """The diagnostics' messages, to translate where ``play`` prints them."""
    return [d.text if d.text is not None else literal(d.message) for d in items]


class Oracle:
    """Plays one new entry of session ``number`` against a candidate campaign.

    ``before`` is the replay of the file as it is on disk (the baseline: its warnings are
    not the entry's, and rolls a ``use`` entry adds to the previous watch are counted from
    it)."""

    def __init__(self, candidate: Campaign, number: int, before: Chronicle,
                 raw: Mapping[str, Any]) -> None:
        #: the entry as the command parser wrote it (what goes into the file)
        self.raw = raw
        self.campaign = candidate
        self.number = number
        self.before = before
        session = next(s for s in candidate.sessions if s.number == number)
        self.session = session
        self.index = len(session.log) - 1
        self.entry = session.log[-1]
        self.entry_line = session.entry_pos(self.index).line
        self.rolls: dict[str, list[int]] = {k: (list(v) if isinstance(v, list) else [v])
                                            for k, v in self.entry.rolls.items()}

    def replay(self) -> tuple[Campaign, Chronicle, list[Text]]:
        campaign = _with_rolls(self.campaign, self.number, self.entry, self.rolls)
        chronicle, diags = replay(campaign)
        mine = [d for d in diags.items if d.pos.path == self.session.source
                and d.pos.line >= self.entry_line]
        errors = [d for d in diags.items if d.severity == "error"]
        if errors:
            raise EntryError(_messages(errors))
        return campaign, chronicle, _messages([d for d in mine if d.severity == "warning"])

    def entry_rolls(self, chronicle: Chronicle) -> tuple[WatchRecord | None, list[RollRecord]]:
        rec = _session_record(chronicle, self.number)
        action = self.entry.action
        if action not in INSTANT_ACTIONS:
            watch = rec.watches[-1] if rec.watches else None
            if watch is None or watch.entry != self.index:
                raise EntryError([N_("the replay has no watch for the new entry")])
            return watch, list(watch.rolls)
        if action != "use":
            return None, []
        # a use rolls into the watch it follows; before any watch, into the session's
        # opening rolls
        old = _session_record(self.before, self.number) if any(
            s.session == self.number for s in self.before.sessions) else None
        if rec.watches:
            baseline = len(old.watches[-1].rolls) if old and old.watches else 0
            return None, list(rec.watches[-1].rolls[baseline:])
        baseline = len(old.opening_rolls) if old else 0
        return None, list(rec.opening_rolls[baseline:])

    def run(self, answer: Callable[[RollAsk, int], Answer],
            plan: Callable[[Plan], Iterable[str]] | None = None,
            told: Callable[[RollRecord, WatchRecord | None, bool], None] | None = None,
            ) -> Outcome:
        """Replay, ask for the first seeded roll, record it, replay again, until every roll
        of the entry is recorded. ``answer(ask, number)`` gets the ask and its 1-based number
        in the entry; it may raise KeyboardInterrupt or EOFError to abandon the entry.

        ``plan`` hears, before the first die, what the entry will roll if the generator
        rolled everything, and again before a die of a purpose not announced yet (a failed
        check can ask for more); it returns the purposes it announced. ``told`` hears each
        die's record as soon as it is recorded, with its outcome (and the watch so far), and
        whether the generator rolled it (the GM pressed Enter): the record is in ``rolls:``
        either way, but the GM should read who rolled it."""
        asked: list[Asked] = []
        auto = False
        announced: set[str] = set()
        last_at: int | None = None
        for _ in range(MAX_ROLLS):
            campaign, chronicle, warnings = self.replay()
            watch, rolls = self.entry_rolls(chronicle)
            if told is not None and last_at is not None and last_at < len(rolls):
                told(rolls[last_at], watch, asked[-1].seeded)
            at = next((i for i, r in enumerate(rolls) if not r.recorded), None)
            if at is None:
                return Outcome(self._entry_dict(), campaign, chronicle,
                               _session_record(chronicle, self.number), watch, rolls,
                               asked, warnings)
            pending = rolls[at]
            if plan is not None and pending.purpose not in announced:
                ahead = [r for r in rolls[at:] if r.purpose not in announced]
                announced.update(plan(Plan(ahead, chronicle, watch, first=not announced)))
                announced.add(pending.purpose)
            last_at = at
            ask = ask_for(pending)
            reply: Answer = None if auto else answer(ask, len(asked) + 1)
            if reply == "rest":
                auto, reply = True, None
            values = tuple(ask.seeded) if reply is None or isinstance(reply, str) \
                else tuple(reply)
            for die, value in zip(ask.dice, values, strict=True):
                self.rolls.setdefault(die.purpose, []).append(value)
            asked.append(Asked(ask, values, reply is None or isinstance(reply, str)))
        raise EntryError([N_("the entry needs more than %(n)s rolls", n=MAX_ROLLS)])

    def _entry_dict(self) -> dict[str, Any]:
        raw: dict[str, Any] = dict(self.raw)
        raw.pop("rolls", None)
        gm = raw.pop("gm", None)
        if self.rolls:
            raw["rolls"] = yaml_rolls(self.rolls)
        if gm is not None:
            raw["gm"] = gm
        return raw
