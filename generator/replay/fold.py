"""Replay: fold every session log through the rules, watch by watch, into a Chronicle.

This module only keeps the books: it walks the sessions and their log entries in order,
gives each watch its ``WatchRecord`` and its one ``RollSource`` (recorded rolls first, then
the generator seeded by campaign seed, session and watch; rules.md section 11), dispatches
the entry to its procedure in ``generator.rules`` and checks the recorded rolls afterwards.
Every rule lives in ``generator.rules``: a travel watch in ``travel_watch`` (the order of
rules.md section 5a), its parts in ``travel``, ``navigation``, ``lost``, ``encounters``,
``discovery``, ``fatigue``, ``resources`` and ``chase``.
The instant entries (``reveal``, ``ruling``, ``use``) and the checks of recorded rolls are
in ``generator.replay.entries``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from generator.content.campaign import Campaign, Location, Session
from generator.content.models import Member
from generator.content.sessionlog import INSTANT_ACTIONS, LogEntry
from generator.diagnostics import N_, Diagnostic, Diagnostics, MessageError, Text
from generator.dice import RollSource
from generator.replay import entries as E
from generator.rules import resources as R
from generator.rules.chase import ChaseSpec, actors, resolve_chase
from generator.rules.chronicle import (
    Chronicle,
    EncounterRecord,
    SessionRecord,
    TimePoint,
    WatchRecord,
)
from generator.rules.discovery import discover, out_of_reach, passive_discovery
from generator.rules.encounters import encounter_checks, roll_on_table
from generator.rules.fatigue import forage, long_rest
from generator.rules.lost import flush_pending, reorient
from generator.rules.state import PartyState, Places, WatchCtx, believed_label, timepoint
from generator.rules.travel import Track
from generator.rules.travel_watch import travel_watch

if TYPE_CHECKING:
    from generator.replay.snapshots import ReplayCache


class Replayer:
    """The fold: one Chronicle and one PartyState, carried through every session."""

    def __init__(self, campaign: Campaign) -> None:
        self.c = campaign
        self.grid = campaign.grid
        self.diags = Diagnostics()
        self.chronicle = Chronicle(campaign=campaign.name)
        self.members_by_name: dict[str, Member] = dict(campaign.members_by_name)
        self.places = Places.of(campaign)
        #: whether the log has told the players something since the last watch (how they
        #: may have learned of a place a reveal names)
        self.told = False

    # -- the campaign and its sessions ----------------------------------------------------
    def run(self, cache: ReplayCache | None = None) -> Chronicle:
        """The fold over every session; with ``cache``, from the last snapshot whose inputs
        are unchanged (``generator.replay.snapshots``)."""
        state = self.start()
        done = 0
        if cache is not None:
            done, state = cache.resume(self, state)
        for i, session in enumerate(self.c.sessions[done:], done + 1):
            self.run_session(session, state)
            if cache is not None:
                cache.after_session(self, i, state)
        return self.chronicle

    def start(self) -> PartyState:
        """The party as the campaign starts it, before the first session."""
        c = self.c
        party = c.party
        start = self.grid.parse(party.start)
        navigator = self.members_by_name.get(party.navigator or "", party.members[0])
        state = PartyState(
            true=Track(start, offsets={str(k): v for k, v in
                                       (party.start_offsets or {}).items()}), believed=None,
            day=party.start_time.day, watch=party.start_time.watch,
            members=list(party.members), navigator=navigator, gear=list(party.gear))
        state.believed = state.true.copy()
        self.chronicle.know(party.start, "explored")
        R.declare(self.chronicle.resources, c.resources, session=-1, day=state.day)
        for member in party.members:
            R.declare_doom(self.chronicle.resources, member, c.rules)
        return state

    def snapshot(self) -> tuple[Chronicle, dict[str, Member], list[Diagnostic]]:
        """What the fold holds besides the party's state (the chronicle itself, not a copy;
        copies of the members and of the messages so far), for ``generator.replay.snapshots``."""
        return self.chronicle, dict(self.members_by_name), list(self.diags.items)

    def restore(self, chronicle: Chronicle, members_by_name: dict[str, Member],
                diags: list[Diagnostic]) -> None:
        """Go on from a snapshot: its chronicle (the fold's own from now on), members and
        messages."""
        self.chronicle = chronicle
        self.members_by_name = dict(members_by_name)
        self.diags.items[:] = list(diags)

    def apply_session_party(self, session: Session, state: PartyState) -> None:
        """A session's ``party:`` changes: members, navigator, gear, a fresh start."""
        sp = session.party
        if sp.members is not None:
            members: list[Member] = []
            for who in sp.members:
                if isinstance(who, str):
                    if who in self.members_by_name:
                        members.append(self.members_by_name[who])
                else:
                    self.members_by_name[who.name] = who
                    members.append(who)
            if members:
                state.members = members
        if sp.navigator:
            state.navigator = self.members_by_name.get(sp.navigator, state.navigator)
        elif state.navigator not in state.members:
            state.navigator = state.members[0]
        if sp.gear is not None:
            state.gear = list(sp.gear)
        if sp.start is not None and self.grid.is_label(sp.start):
            h = self.grid.parse(sp.start)
            state.true = Track(h, offsets={str(k): v for k, v in (sp.start_offsets or {}).items()})
            state.believed = state.true.copy()
            state.lost = state.knows_lost = False
            state.veer = 0
            state.frozen_true = state.frozen_believed = None
            state.last_believed = None
            state.found_this_visit = set()
            flush_pending(self.c, self.chronicle, state)
            self.chronicle.know(sp.start, "explored")
        elif sp.start_offsets:
            state.true.offsets = {str(k): v for k, v in sp.start_offsets.items()}
        if sp.start_time is not None:
            state.day, state.watch = sp.start_time.day, sp.start_time.watch

    def run_session(self, session: Session, state: PartyState) -> None:
        rec = self.open_session(session, state)
        index = 0
        for i, entry in enumerate(session.log):
            index = self.run_entry(session, i, entry, state, rec, index)
        self.close_session(rec, state)

    def open_session(self, session: Session, state: PartyState) -> SessionRecord:
        """A session begins: its party changes, its resources, its record."""
        self.told = False
        self.apply_session_party(session, state)
        R.declare(self.chronicle.resources, session.resources, session=session.number,
                  day=state.day)
        for member in state.members:
            R.declare_doom(self.chronicle.resources, member, self.c.rules)
        return SessionRecord(
            session=session.number, title=session.title, date=session.date,
            summary=session.summary, start=self.timepoint(state), end=self.timepoint(state),
            members=[m.name for m in state.members], source=session.source)

    def close_session(self, rec: SessionRecord, state: PartyState) -> None:
        rec.end = self.timepoint(state)
        self.chronicle.sessions.append(rec)

    def run_entry(self, session: Session, i: int, entry: LogEntry, state: PartyState,
                  rec: SessionRecord, index: int) -> int:
        """Log entry ``i`` of ``session``, whose watches so far number ``index``; returns
        the number of watches after it."""
        action = entry.action
        if action in INSTANT_ACTIONS and entry.gm:
            # a GM remark on an instant entry belongs to the watch it follows
            (rec.watches[-1].gm_notes if rec.watches else rec.gm_notes).append(entry.gm)
        if action in INSTANT_ACTIONS:
            # a note entry, and the tell of any instant entry, is the players' chronicle
            # after the watch it follows
            for text in (entry.note, entry.tell):
                if text is not None:
                    self.told = True
                    rec.notes.append((index - 1, text))
                    if rec.watches:
                        rec.watches[-1].notes.append(text)
        if action in ("note", "reveal"):
            if action == "reveal":
                E.warn_unknowable(self.c, self.chronicle, self.places, self.diags, session, i,
                                  entry.reveal or [], state, self.told)
                E.reveal(self.c, self.chronicle, entry.reveal or [], rec, index - 1, state)
            if entry.rolls:  # any entry may carry rolls: one nothing uses is never dropped
                E.check_unused_rolls(self.c, self.diags, session, i, entry,
                                     self.roll_source(session, index, entry))
            return index
        if action == "ruling":
            E.ruling(self.c, self.chronicle, self.diags, session, i, entry, rec, index - 1,
                     state)
            return index
        rolls = self.roll_source(session, index, entry)
        if action == "use":
            # the roll is listed with the watch it follows (if any), and with its entry
            rolls.log = rec.watches[-1].rolls if rec.watches else rec.opening_rolls
            first = len(rolls.log)
            E.use_resource(self.chronicle, self.diags, session, i, entry, state, rec,
                           index - 1, rolls)
            rec.entry_rolls[i] = rolls.log[first:]
            E.check_unused_rolls(self.c, self.diags, session, i, entry, rolls)
            return index
        watch = self.new_watch(index, state, action, i)
        rolls.log = watch.rolls
        if entry.gm:
            watch.gm_notes.append(entry.gm)
        watch.note, watch.tell = own_note(entry), entry.tell
        ctx = WatchCtx(self.c, self.chronicle, state, watch, rec, rolls, self.diags,
                       session, i, self.places)
        self.run_watch(ctx, entry)
        E.check_unused_rolls(self.c, self.diags, session, i, entry, rolls, watch)
        self.finish_watch(state, watch)
        rec.watches.append(watch)
        self.told = False
        state.advance()
        return index + 1

    def roll_source(self, session: Session, index: int, entry: LogEntry) -> RollSource:
        """The one roll source of a log entry: its recorded ``rolls:`` first, then the
        generator seeded by (campaign seed, session, watch index)."""
        return RollSource(self.c.seed, session.number, index, recorded={
            k: (v if isinstance(v, list) else [v]) for k, v in entry.rolls.items()})

    # -- one watch ------------------------------------------------------------------------
    def run_watch(self, ctx: WatchCtx, entry: LogEntry) -> None:
        """Dispatch a watch entry to its procedure (rules.md sections 3-7 and 10)."""
        state, watch = ctx.state, ctx.watch
        action = entry.action
        if action == "travel":
            assert entry.travel is not None
            state.rest_streak = 0
            travel_watch(ctx, entry.travel)
            return
        start = state.true.hex
        passive_discovery(ctx, [start], None, [])
        if action in ("rest", "sleep", "camp"):
            if action == "sleep":
                state.rest_streak = 2
            else:
                state.rest_streak = state.rest_streak + 1 if action == "rest" else 0
            if state.rest_streak >= 2:
                long_rest(ctx)
            if action == "camp" and entry.camp is not None and entry.camp.forage:
                forage(ctx, visibility="normal", by=entry.camp.by)
            encounter_checks(ctx, checks=1, keyed_allowed=False, cautious=False, start=start,
                             crossings=[])
            return
        state.rest_streak = 0
        if action == "search":
            assert entry.search is not None
            target = self.c.locations.get(entry.search.target or "")
            self.warn_out_of_reach(ctx, target, N_("search target"), ("search", "target"))
            if target is not None and target.hex != start:
                watch.say("target_elsewhere", name=target.name)
                target = None
            encounter_checks(ctx, checks=2, keyed_allowed=True, cautious=False, start=start,
                             crossings=[], target=target)
        elif action == "reorient":
            assert entry.reorient is not None
            reorient(ctx, entry.reorient.method)
            encounter_checks(ctx, checks=1, keyed_allowed=False, cautious=False, start=start,
                             crossings=[])
        elif action == "encounter":
            assert entry.encounter is not None
            e = entry.encounter
            enc = EncounterRecord("logged", note=e.note, hex=ctx.label(start))
            if e.table and e.table in self.c.tables:
                watch.warnings.extend(roll_on_table(self.c.tables, self.c.tables[e.table],
                                                    ctx.rolls, enc, e.roll))
            if e.location and e.location in self.c.locations:
                self.warn_out_of_reach(ctx, self.c.locations[e.location],
                                       N_("encounter location"), ("encounter", "location"))
                enc.location = e.location
                discover(ctx, self.c.locations[e.location], "encounter")
            watch.encounters.append(enc)
        elif action == "chase":
            self.chase(ctx, entry)

    def warn_out_of_reach(self, ctx: WatchCtx, loc: Location | None, what: Text,
                          key: tuple[str, str]) -> None:
        """A log that names a place the party is not at: a warning at the name, for the GM
        who wrote the log after the game (the entry still does what it says)."""
        why = None if loc is None else out_of_reach(self.c, self.places, ctx.state, loc)
        if loc is None or why is None:
            return
        # TRANSLATORS: %(what)s is "search target" or "encounter location", %(why)s "is in hex
        # 2008, 16 hexes from the party's true hex 0410 at this watch"
        msg = N_("%(what)s '%(id)s' (%(name)s) %(why)s", what=what, id=loc.id, name=loc.name,
                 why=why)
        self.diags.warning(ctx.pos(*key), msg)
        ctx.watch.warnings.append(msg)

    def chase(self, ctx: WatchCtx, entry: LogEntry) -> None:
        """Rules.md section 10 (seed 003): a chase resolved round by round."""
        ch = entry.chase
        assert ch is not None
        state, c = ctx.state, self.c
        table_id = ch.complications or f"chase-{ch.environment}"
        spec = ChaseSpec(
            ch.environment,
            tuple(actors(ch.quarry, state.members, self.members_by_name, c.creatures)),
            tuple(actors(ch.pursuers, state.members, self.members_by_name, c.creatures)),
            ch.distance, ch.sight, ch.advantage, ch.rounds, c.tables.get(table_id))
        try:
            result = resolve_chase(spec, c.rules.checks, ctx.rolls,
                                   advantage_mode=c.rules.advantage, tables=c.tables,
                                   doom=ctx.checks().doom)
        except MessageError as exc:
            self.diags.error(ctx.pos("chase"), N_("chase: %(problem)s", problem=exc.text))
            return
        ctx.watch.warnings.extend(result.warnings)
        ctx.watch.chase = result
        ctx.watch.said.append(result.summary)
        if ch.escape_factors:
            # the GM typed them to explain the advantage: the log line keeps them
            ctx.watch.say("escape_factors", factors=tuple(ch.escape_factors))
        ctx.watch.encounters.append(EncounterRecord("chase", result=result.outcome,
                                                    note=ch.note, hex=ctx.label(state.true.hex)))

    # -- records --------------------------------------------------------------------------
    def timepoint(self, state: PartyState) -> TimePoint:
        return timepoint(self.c, state)

    def new_watch(self, index: int, state: PartyState, action: str, entry: int) -> WatchRecord:
        here = self.grid.label(state.true.hex)
        return WatchRecord(
            index=index, day=state.day, watch=state.watch, activity=action, start_hex=here,
            end_hex=here, believed_hex=None, hexes_entered=[], miles=Fraction(0),
            progress_miles=state.true.progress, lost=state.lost, knows_lost=state.knows_lost,
            veer=state.veer, entry=entry, believed_start_hex=believed_label(self.c, state))

    def finish_watch(self, state: PartyState, watch: WatchRecord) -> None:
        watch.end_hex = self.grid.label(state.true.hex)
        watch.progress_miles = state.true.progress
        watch.lost, watch.knows_lost, watch.veer = state.lost, state.knows_lost, state.veer
        watch.believed_hex = believed_label(self.c, state)
        label = watch.end_hex
        self.chronicle.visits[label] = self.chronicle.visits.get(label, 0) + 1
        if state.lost:
            self.chronicle.lost_watches[label] = self.chronicle.lost_watches.get(label, 0) + 1



def own_note(entry: LogEntry) -> str | None:
    """The ``note:`` inside a watch entry's own mapping (``rest: {note: ...}``)."""
    options = getattr(entry, entry.action)
    note = getattr(options, "note", None)
    return note if isinstance(note, str) else None


def replay(campaign: Campaign, cache: ReplayCache | None = None,
           ) -> tuple[Chronicle, Diagnostics]:
    """Replay every session of a loaded campaign. Pure: reads only the Campaign (and
    ``cache``, which makes it start from the fold before the first changed session)."""
    from generator.replay.expect import check_expectations

    r = Replayer(campaign)
    chronicle = r.run(cache)
    check_expectations(campaign, chronicle, r.diags)
    return chronicle, r.diags
