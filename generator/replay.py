"""Replay: fold every session log through the rules, watch by watch, into a Chronicle.

The order of a travel watch follows rules.md section 5a exactly:
1. intended face (frozen while lost), 2. navigation check and veer, 3. actual distance and
judging it, 4. movement (true track by time, believed track by believed miles),
5. encounter checks and location discovery, 6. realising.

Randomness is explicit: each watch gets a ``RollSource`` seeded by (campaign seed, session,
watch index) that serves recorded rolls first (rules.md section 11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from generator.chronicle import (
    Chronicle,
    EncounterRecord,
    MemberState,
    ResourceEvent,
    ResourceState,
    RollRecord,
    SessionRecord,
    TimePoint,
    WatchRecord,
)
from generator.content.campaign import Campaign, Location, Session, Table
from generator.content.models import (
    INSTANT_ACTIONS,
    ChaseActor,
    ChaseEntry,
    LogEntry,
    Member,
    ResourceSpec,
    Travel,
)
from generator.diagnostics import Diagnostics
from generator.dice import RollSource
from generator.hexgrid import Hex, distance, within
from generator.rules import resources as R
from generator.rules import tables as T
from generator.rules.chase import Actor, ChaseSpec, resolve_chase
from generator.rules.checks import CheckResult, check
from generator.rules.encounters import plain_roll, roll_on_table
from generator.rules.travel import (
    MoveResult,
    RateFn,
    Track,
    face_kind,
    move_distance,
    move_timed,
)

F = Fraction


@dataclass
class PartyState:
    """Everything that carries from watch to watch and session to session (rules.md 4)."""

    true: Track
    believed: Track | None
    day: int
    watch: int
    members: list[Member]
    navigator: Member
    gear: list[str]
    lost: bool = False
    knows_lost: bool = False
    veer: int = 0
    frozen_true: str | None = None
    frozen_believed: str | None = None
    #: terrains seen since getting lost (a clearly new one grants an extra realise check)
    lost_terrains: set[str] = field(default_factory=set)
    #: hexes entered or locations found while lost: shown to players after re-anchoring
    pending_hexes: list[str] = field(default_factory=list)
    pending_locations: list[str] = field(default_factory=list)
    hustle_hours: int = 0
    march_hours: Fraction = F(0)
    rest_streak: int = 0
    forage_day: int = 0
    #: location id -> times found on separate visits (twice makes it familiar)
    finds: dict[str, int] = field(default_factory=dict)
    #: keyed hits on hidden locations (two needed)
    hidden_hits: dict[str, int] = field(default_factory=dict)
    found_this_visit: set[str] = field(default_factory=set)
    #: the true hexes since the party went astray (first: where it got lost), for backtracking
    trail: list[Hex] = field(default_factory=list)

    @property
    def mph(self) -> Fraction:
        """Miles per hour of the slowest member (rules.md section 3)."""
        speeds: list[Fraction] = []
        for mem in self.members:
            if mem.mount and mem.mount in T.MOUNTS:
                unloaded, loaded = T.MOUNTS[mem.mount]
                speeds.append(loaded if mem.mount_loaded else unloaded)
            else:
                speeds.append(F(mem.speed, 10))
        return min(speeds)

    def advance(self) -> None:
        self.watch += 1
        if self.watch > T.WATCHES_PER_DAY:
            self.watch = 1
            self.day += 1


class Replayer:
    def __init__(self, campaign: Campaign) -> None:
        self.c = campaign
        self.grid = campaign.grid
        self.diags = Diagnostics()
        self.chronicle = Chronicle(campaign=campaign.name)
        self.members_by_name: dict[str, Member] = dict(campaign.members_by_name)
        #: the number of the session being replayed (for events outside a watch's record)
        self.current_session = 0
        self.by_hex: dict[Hex, list[Location]] = {}
        for loc in campaign.locations.values():
            self.by_hex.setdefault(loc.hex, []).append(loc)
        #: hex -> visible locations seen from it (within their visible_from)
        self.visible_from: dict[Hex, list[Location]] = {}
        for loc in campaign.locations.values():
            if loc.visibility == "visible":
                for h in within(loc.hex, loc.visible_from):
                    self.visible_from.setdefault(h, []).append(loc)

    # -- helpers --------------------------------------------------------------------------
    def label(self, h: Hex | None) -> str | None:
        return None if h is None else self.grid.label(h)

    def terrain_id(self, h: Hex) -> str | None:
        info = self.c.hex_info(h)
        return info.terrain if info else None

    def blocked(self, h: Hex) -> str | None:
        if not self.grid.on_map(h):
            return "map_edge"
        info = self.c.hex_info(h)
        if info is None:
            return "unknown_hex"
        rule = self.c.terrain[info.terrain]
        if rule.impassable:
            return "impassable"
        return None

    def path_between(self, a: Hex | None, b: Hex | None) -> tuple[str | None, str | None]:
        """The best highway/road/trail that has a and b as consecutive hexes."""
        if a is None or b is None:
            return None, None
        best: tuple[int, str, str] | None = None
        for pid, path in self.c.paths.items():
            if T.PATH_SPEED_COLUMN[path.kind] is None:
                continue
            hs = path.hexes
            if any((hs[i] == a and hs[i + 1] == b) or (hs[i] == b and hs[i + 1] == a)
                   for i in range(len(hs) - 1)):
                key = (T.PATH_PRECEDENCE[path.kind], pid, path.kind)
                if best is None or key < best:
                    best = key
        return (best[2], best[1]) if best else (None, None)

    def on_path_in(self, track: Track, nxt: Hex | None) -> tuple[str | None, str | None]:
        """Path the party is on in ``track.hex``: entered or leaves along it (rules.md 3)."""
        options = [self.path_between(track.prev, track.hex), self.path_between(track.hex, nxt)]
        options = [o for o in options if o[0] is not None]
        if not options:
            return None, None
        return min(options, key=lambda o: T.PATH_PRECEDENCE[o[0] or "river"])

    def hex_on_any_road(self, h: Hex) -> bool:
        return any(h in p.hexes for p in self.c.paths.values()
                   if T.PATH_SPEED_COLUMN[p.kind] is not None)

    def nav_dc_base(self, h: Hex) -> tuple[int, str]:
        info = self.c.hex_info(h)
        if info is None:
            return 12, "unknown"
        rule = self.c.terrain[info.terrain]
        return rule.nav_dc(info.density), (
            f"{rule.name.lower()}" + (f", {info.density}" if rule.density_dc and info.density
                                      else ""))

    def roll_bonus(self, state: PartyState) -> tuple[int, list[str]]:
        bonus, why = 0, []
        if "compass" in state.gear:
            bonus += T.BONUS_COMPASS
            why.append("compass")
        nav = state.navigator
        if max(nav.knowledge_geography, nav.knowledge_local) >= T.KNOWLEDGE_RANKS:
            bonus += T.BONUS_KNOWLEDGE
            why.append("knowledge")
        return bonus, why

    def check(self, state: PartyState, watch: WatchRecord, rolls: RollSource, purpose: str,
              member: Member, dc: int, *, bonus: int = 0, score_kind: str = "survival",
              why: str = "") -> CheckResult:
        """Resolve a member's check in the campaign's system, record it, and roll the doom
        die on a critical failure (rules.md sections 8 and 9)."""
        system = self.c.rules.checks
        score = member.survival if score_kind == "survival" else member.con
        label = "Survival" if score_kind == "survival" else "Constitution"
        if system == "brp" and score_kind == "con":
            score = member.con * 5
        doom_id = self.doom_id(member.name)
        doomed = doom_id in self.chronicle.resources and \
            self.chronicle.resources[doom_id].now == "exhausted"
        res = check(system, rolls, purpose, score=score, dc=dc, bonus=bonus,
                    advantage=-1 if doomed else 0, advantage_mode=self.c.rules.advantage,
                    label=f"{member.name}: {label}")
        if why:
            res.detail += f" ({why})"
        if doomed:
            res.detail += " (doomed: disadvantage)"
        self.record(watch, res, purpose)
        if res.critical_failure and doom_id in self.chronicle.resources:
            self.roll_usage(state, watch, rolls, doom_id, member.name, "doom", None)
        return res

    @staticmethod
    def record(watch: WatchRecord, res: CheckResult, purpose: str) -> None:
        watch.rolls.append(RollRecord(purpose, res.dice, res.natural, res.total, res.target,
                                      res.outcome, res.recorded, res.detail,
                                      list(res.dice_values)))

    def roll_plain(self, watch: WatchRecord, rolls: RollSource, purpose: str, count: int,
                   sides: int, *, modifier: int = 0, outcome: str | None = None,
                   detail: str = "") -> int:
        return plain_roll(watch.rolls, rolls, purpose, count, sides, modifier=modifier,
                          outcome=outcome, detail=detail)

    # -- discovery ------------------------------------------------------------------------
    def discover(self, state: PartyState, watch: WatchRecord, rec: SessionRecord,
                 loc: Location, how: str) -> None:
        if loc.id in state.found_this_visit:
            return
        state.found_this_visit.add(loc.id)
        state.finds[loc.id] = state.finds.get(loc.id, 0) + 1
        if loc.id not in self.chronicle.discovered:
            self.chronicle.discovered[loc.id] = (rec.session, watch.index)
            watch.discovered.append(loc.id)
            rec.discovered.append(loc.id)
            if state.lost:
                state.pending_locations.append(loc.id)
            else:
                self.chronicle.explored.add(loc.label)
            watch.summary += f" Found {loc.name} ({how})."
        elif how != "visible":
            watch.summary += f" Came upon {loc.name} again ({how})."

    def passive_discovery(self, state: PartyState, watch: WatchRecord, rec: SessionRecord,
                          hexes: list[Hex], following: str | None,
                          entered: list[Hex]) -> None:
        """Visible, on-path and familiar locations (rules.md section 6), in id order."""
        candidates: dict[str, Location] = {}
        for h in hexes:
            for radius_loc in self.visible_near(h):
                candidates[radius_loc.id] = radius_loc
            for loc in self.by_hex.get(h, ()):
                candidates[loc.id] = loc
        for lid in sorted(candidates):
            loc = candidates[lid]
            if loc.visibility == "visible" and any(
                    distance(h, loc.hex) <= loc.visible_from for h in hexes):
                self.discover(state, watch, rec, loc, "visible")
            elif following and following in loc.on and loc.hex in hexes \
                    and loc.visibility != "hidden":
                self.discover(state, watch, rec, loc, "on the path")
            elif (loc.familiar or state.finds.get(loc.id, 0) >= 2) and loc.hex in entered:
                self.discover(state, watch, rec, loc, "familiar")

    def visible_near(self, h: Hex) -> list[Location]:
        return self.visible_from.get(h, [])

    # -- encounters -----------------------------------------------------------------------
    def encounter_die(self) -> tuple[int, int, int]:
        """(sides, wandering up to, keyed on) for the campaign's encounter check."""
        spec = self.c.rules.encounter_check
        if spec == "d12":
            return 12, 1, 12
        n, _, die = spec.partition(" in d")
        sides = int(die)
        return sides, int(n), sides

    def table_for(self, h: Hex) -> Table | None:
        info = self.c.hex_info(h)
        for tid in (info.tables if info else ()):
            if tid in self.c.tables:
                return self.c.tables[tid]
        region = self.c.region_of(h)
        if region:
            for tid in region.tables:
                if tid in self.c.tables:
                    return self.c.tables[tid]
        if info:
            for table in self.c.tables.values():
                if table.id in (info.terrain, f"{info.terrain}-encounters",
                                f"encounters-{info.terrain}"):
                    return table
        return None

    def roll_table(self, watch: WatchRecord, rolls: RollSource, table: Table,
                   enc: EncounterRecord, natural: int | None = None) -> None:
        watch.warnings.extend(roll_on_table(self.c.tables, table, rolls, watch.rolls, enc,
                                            natural))

    def hex_at(self, start: Hex, crossings: list[tuple[Fraction, Hex]], hours: Fraction) -> Hex:
        here = start
        for t, h in crossings:
            if t <= hours:
                here = h
        return here

    def encounter_checks(self, state: PartyState, watch: WatchRecord, rec: SessionRecord,
                         rolls: RollSource, *, checks: int, keyed_allowed: bool,
                         cautious: bool, start: Hex, crossings: list[tuple[Fraction, Hex]],
                         target: Location | None = None) -> None:
        sides, wander_max, keyed = self.encounter_die()
        total_checks = checks + (1 if target is not None else 0)
        for i in range(total_checks):
            is_target_check = target is not None and i == checks
            natural = self.roll_plain(watch, rolls, "encounter", 1, sides)
            roll_rec = watch.rolls[-1]
            here = start
            if (natural <= wander_max or natural == keyed) and crossings:
                half = self.roll_plain(watch, rolls, "moment", 1, 8)
                minute = self.roll_plain(watch, rolls, "moment_minute", 1, 30)
                offset = F((half - 1) * 30 + (minute - 1), 60)
                here = self.hex_at(start, crossings, offset)
                watch.rolls[-1].detail = f"{offset * 60} minutes into the watch"
            if is_target_check:
                assert target is not None
                if natural == keyed and target.hex == here:
                    roll_rec.outcome = "target"
                    self.keyed_hit(state, watch, rec, target)
                else:
                    roll_rec.outcome = "nothing"
                continue
            if natural <= wander_max:
                if cautious:
                    c = self.roll_plain(watch, rolls, "cautious", 1, 100,
                                        detail="cautious: 1-50 cancels")
                    if c <= 50:
                        roll_rec.outcome = "wandering (cancelled)"
                        watch.rolls[-1].outcome = "cancelled"
                        watch.encounters.append(EncounterRecord("wandering", cancelled=True,
                                                                hex=self.label(here)))
                        continue
                    watch.rolls[-1].outcome = "happens"
                roll_rec.outcome = "wandering"
                enc = EncounterRecord("wandering", hex=self.label(here))
                table = self.table_for(here)
                if table is not None:
                    self.roll_table(watch, rolls, table, enc)
                else:
                    enc.result = "wandering encounter (no table for this hex)"
                watch.encounters.append(enc)
            elif natural == keyed and keyed_allowed:
                loc = self.keyed_location(state, here)
                if loc is None:
                    roll_rec.outcome = "keyed (nothing left to find)"
                    continue
                roll_rec.outcome = "keyed"
                self.keyed_hit(state, watch, rec, loc)
            else:
                roll_rec.outcome = "nothing"

    def keyed_location(self, state: PartyState, h: Hex) -> Location | None:
        for loc in self.c.locations_in(h):
            if loc.id not in state.found_this_visit:
                return loc
        return None

    def keyed_hit(self, state: PartyState, watch: WatchRecord, rec: SessionRecord,
                  loc: Location) -> None:
        if loc.visibility == "hidden":
            hits = state.hidden_hits.get(loc.id, 0) + 1
            state.hidden_hits[loc.id] = hits
            if hits < 2:
                watch.encounters.append(EncounterRecord("keyed", location=loc.id,
                                                        result="signs of something hidden",
                                                        hex=loc.label))
                watch.summary += f" Signs of {loc.name} (hidden: 1 of 2)."
                return
        watch.encounters.append(EncounterRecord("keyed", location=loc.id, hex=loc.label))
        self.discover(state, watch, rec, loc, "keyed encounter")

    # -- the session loop -----------------------------------------------------------------
    def run(self) -> Chronicle:
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
        self.chronicle.explored.add(party.start)
        self.declare(c.resources, session=-1, day=state.day)
        for member in party.members:
            self.declare_doom(member, state.day)
        for session in c.sessions:
            self.run_session(session, state)
        return self.chronicle

    def apply_session_party(self, session: Session, state: PartyState) -> None:
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
            state.found_this_visit = set()
            self.flush_pending(state)
            self.chronicle.explored.add(sp.start)
        elif sp.start_offsets:
            state.true.offsets = {str(k): v for k, v in sp.start_offsets.items()}
        if sp.start_time is not None:
            state.day, state.watch = sp.start_time.day, sp.start_time.watch

    def flush_pending(self, state: PartyState) -> None:
        self.chronicle.explored.update(state.pending_hexes)
        for lid in state.pending_locations:
            self.chronicle.explored.add(self.c.locations[lid].label)
        state.pending_hexes.clear()
        state.pending_locations.clear()

    def reanchor(self, state: PartyState) -> None:
        state.lost = state.knows_lost = False
        state.veer = 0
        state.frozen_true = state.frozen_believed = None
        state.lost_terrains.clear()
        state.trail = []
        state.believed = state.true.copy()
        self.flush_pending(state)
        self.chronicle.explored.add(self.grid.label(state.true.hex))

    def run_session(self, session: Session, state: PartyState) -> None:
        self.current_session = session.number
        self.apply_session_party(session, state)
        self.declare(session.resources, session=session.number, day=state.day)
        for member in state.members:
            self.declare_doom(member, state.day)
        rec = SessionRecord(
            session=session.number, title=session.title, date=session.date,
            summary=session.summary,
            start=self.timepoint(state), end=self.timepoint(state),
            members=[m.name for m in state.members], source=session.source)
        index = 0
        for i, entry in enumerate(session.log):
            action = entry.action
            if action in INSTANT_ACTIONS and entry.gm:
                # a GM remark on an instant entry belongs to the watch it follows
                if rec.watches:
                    rec.watches[-1].gm_notes.append(entry.gm)
                else:
                    rec.gm_notes.append(entry.gm)
            if action == "note":
                rec.notes.append((index - 1, entry.note or ""))
                continue
            if action == "reveal":
                self.reveal(entry.reveal or [], rec, index - 1, state)
                continue
            if action == "use":
                assert entry.use is not None
                rolls = RollSource(self.c.seed, session.number, index, recorded={
                    k: (v if isinstance(v, list) else [v]) for k, v in entry.rolls.items()})
                self.use_resource(session, i, entry, state, rec, index - 1, rolls)
                self.check_unused_rolls(session, i, entry, rolls)
                continue
            rolls = RollSource(self.c.seed, session.number, index, recorded={
                k: (v if isinstance(v, list) else [v]) for k, v in entry.rolls.items()})
            watch = self.new_watch(index, state, action, i)
            if entry.gm:
                watch.gm_notes.append(entry.gm)
            self.run_watch(session, i, entry, state, watch, rec, rolls)
            self.check_unused_rolls(session, i, entry, rolls, watch)
            self.finish_watch(state, watch)
            rec.watches.append(watch)
            index += 1
            state.advance()
        rec.end = self.timepoint(state)
        self.chronicle.sessions.append(rec)

    def timepoint(self, state: PartyState) -> TimePoint:
        return TimePoint(self.grid.label(state.true.hex), state.day, state.watch,
                         self.believed_label(state), state.lost, state.knows_lost, state.veer,
                         state.hustle_hours, state.march_hours)

    def believed_label(self, state: PartyState) -> str | None:
        if state.knows_lost or state.believed is None:
            return None
        return self.grid.label(state.believed.hex)

    def new_watch(self, index: int, state: PartyState, action: str, entry: int) -> WatchRecord:
        here = self.grid.label(state.true.hex)
        return WatchRecord(
            index=index, day=state.day, watch=state.watch, activity=action, start_hex=here,
            end_hex=here, believed_hex=None, hexes_entered=[], miles=F(0),
            progress_miles=state.true.progress, lost=state.lost, knows_lost=state.knows_lost,
            veer=state.veer, entry=entry, believed_start_hex=self.believed_label(state))

    def finish_watch(self, state: PartyState, watch: WatchRecord) -> None:
        watch.end_hex = self.grid.label(state.true.hex)
        watch.progress_miles = state.true.progress
        watch.lost, watch.knows_lost, watch.veer = state.lost, state.knows_lost, state.veer
        watch.believed_hex = self.believed_label(state)
        label = watch.end_hex
        self.chronicle.visits[label] = self.chronicle.visits.get(label, 0) + 1
        if state.lost:
            self.chronicle.lost_watches[label] = self.chronicle.lost_watches.get(label, 0) + 1
        watch.summary = watch.summary.strip()

    def check_unused_rolls(self, session: Session, i: int, entry: LogEntry, rolls: RollSource,
                           watch: WatchRecord | None = None) -> None:
        for purpose, index, value, low, high in rolls.out_of_range:
            self.diags.error(session.roll_pos(i, purpose, index),
                             f"recorded {purpose} roll {value} is outside the die's range "
                             f"{low}-{high}")
        for purpose, rest in rolls.unused().items():
            values = entry.rolls[purpose]
            first = (len(values) - len(rest)) if isinstance(values, list) else 0
            msg = (f"recorded {purpose} roll{'s' * (len(rest) > 1)} "
                   f"{', '.join(map(str, rest))} never used by this watch")
            self.diags.warning(session.roll_pos(i, purpose, first), msg)
            if watch is not None:
                watch.warnings.append(msg)

    def reveal(self, ids: list[str], rec: SessionRecord, after: int, state: PartyState) -> None:
        for ident in ids:
            if ident in self.c.locations:
                loc = self.c.locations[ident]
                if ident not in self.chronicle.discovered:
                    self.chronicle.discovered[ident] = (rec.session, max(after, 0))
                    rec.discovered.append(ident)
                self.chronicle.explored.add(loc.label)
                state.finds.setdefault(ident, 1)
            elif self.grid.is_label(ident):
                self.chronicle.explored.add(ident)
                rec.revealed_hexes.append(ident)
        if rec.watches and after >= 0:
            rec.watches[min(after, len(rec.watches) - 1)].revealed.extend(ids)

    # -- one watch ------------------------------------------------------------------------
    def run_watch(self, session: Session, i: int, entry: LogEntry, state: PartyState,
                  watch: WatchRecord, rec: SessionRecord, rolls: RollSource) -> None:
        action = entry.action
        if action == "travel":
            assert entry.travel is not None
            state.rest_streak = 0
            self.travel(session, i, entry.travel, state, watch, rec, rolls)
            return
        start = state.true.hex
        self.passive_discovery(state, watch, rec, [start], None, [])
        if action in ("rest", "sleep", "camp"):
            if action == "sleep":
                state.rest_streak = 2
            else:
                state.rest_streak = state.rest_streak + 1 if action == "rest" else 0
            if state.rest_streak >= 2:
                self.long_rest(state, watch, rec)
            if action == "camp" and entry.camp is not None and entry.camp.forage:
                self.forage(state, watch, rolls, visibility="normal")
            self.encounter_checks(state, watch, rec, rolls, checks=1, keyed_allowed=False,
                                  cautious=False, start=start, crossings=[])
            return
        state.rest_streak = 0
        if action == "search":
            assert entry.search is not None
            target = self.c.locations.get(entry.search.target or "")
            if target is not None and target.hex != start:
                watch.summary += f" {target.name} is not in this hex: no third check."
                target = None
            self.encounter_checks(state, watch, rec, rolls, checks=2, keyed_allowed=True,
                                  cautious=False, start=start, crossings=[], target=target)
            return
        if action == "reorient":
            assert entry.reorient is not None
            self.reorient(entry.reorient.method, state, watch, rolls)
            self.encounter_checks(state, watch, rec, rolls, checks=1, keyed_allowed=False,
                                  cautious=False, start=start, crossings=[])
            return
        if action == "encounter":
            assert entry.encounter is not None
            e = entry.encounter
            enc = EncounterRecord("logged", note=e.note, hex=self.label(start))
            if e.table and e.table in self.c.tables:
                self.roll_table(watch, rolls, self.c.tables[e.table], enc, e.roll)
            if e.location and e.location in self.c.locations:
                enc.location = e.location
                self.discover(state, watch, rec, self.c.locations[e.location], "encounter")
            watch.encounters.append(enc)
            return
        if action == "chase":
            assert entry.chase is not None
            self.chase(session, i, entry.chase, state, watch, rolls)
            return

    def chase_actors(self, side: Literal["party"] | list[str | ChaseActor],
                     state: PartyState) -> list[Actor]:
        out: list[Actor] = []
        names: list[str | ChaseActor] = [m.name for m in state.members] if side == "party" \
            else list(side)
        for who in names:
            if isinstance(who, str) and who in self.members_by_name:
                m = self.members_by_name[who]
                speed = m.speed
                if m.mount and m.mount in T.MOUNTS:
                    unloaded, loaded = T.MOUNTS[m.mount]
                    speed = int((loaded if m.mount_loaded else unloaded) * 10)
                out.append(Actor(m.name, speed, m.con, m.stealth, m.perception, m.initiative,
                                 mount=bool(m.mount)))
                continue
            spec = self.c.creatures.get(who) if isinstance(who, str) else who
            if spec is None:
                continue  # reported by the loader
            for n in range(spec.count):
                name = spec.name if spec.count == 1 else f"{spec.name} {n + 1}"
                out.append(Actor(name, spec.speed, spec.con, spec.stealth, spec.perception,
                                 spec.initiative))
        return out

    def chase(self, session: Session, i: int, ch: ChaseEntry, state: PartyState,
              watch: WatchRecord, rolls: RollSource) -> None:
        """Rules.md section 10 (seed 003): a chase resolved round by round."""
        table_id = ch.complications or f"chase-{ch.environment}"
        spec = ChaseSpec(ch.environment, tuple(self.chase_actors(ch.quarry, state)),
                         tuple(self.chase_actors(ch.pursuers, state)), ch.distance, ch.sight,
                         ch.advantage, ch.rounds, self.c.tables.get(table_id))
        try:
            result = resolve_chase(spec, self.c.rules.checks, rolls,
                                   advantage_mode=self.c.rules.advantage,
                                   tables=self.c.tables)
        except ValueError as exc:
            self.diags.error(session.entry_pos(i, "chase"), f"chase: {exc}")
            return
        watch.rolls.extend(result.rolls)
        watch.warnings.extend(result.warnings)
        watch.chase = result
        watch.summary += " " + result.summary
        watch.encounters.append(EncounterRecord("chase", result=result.outcome, note=ch.note,
                                                hex=self.label(state.true.hex)))

    def reorient(self, method: str, state: PartyState, watch: WatchRecord,
                 rolls: RollSource) -> None:
        here = state.true.hex
        dc, terrain = self.nav_dc_base(here)
        trackless = not self.hex_on_any_road(here)
        if trackless:
            dc += T.DC_TRACKLESS
        if method == "north":
            res = self.check(state, watch, rolls, "north", state.navigator, T.REORIENT_NORTH_DC)
            if res.success:
                state.veer = 0
                state.frozen_true = state.frozen_believed = None
                watch.summary += " True north found: the party can hold a course again."
            else:
                face = self.roll_plain(watch, rolls, "north_face", 1, 6,
                                       detail="the face the party takes for north")
                offset = [0, 1, 2, 3, -2, -1][face - 1]
                state.veer = offset
                if not state.lost:
                    state.trail = [state.true.hex]
                state.lost = True
                state.frozen_true = state.frozen_believed = None
                watch.summary += (f" The party mistakes {self.grid.faces[offset % 6]} for "
                                  f"north.")
            return
        if method == "new_course":
            target = dc + T.NEW_COURSE_EXTRA_DC
            res = self.check(state, watch, rolls, "reorient", state.navigator, target,
                             why=f"{terrain}{', trackless' if trackless else ''}, +10 new course")
            if res.success:
                self.reanchor(state)
                watch.summary += " A new course: the party knows where it is again."
            else:
                v = self.roll_plain(watch, rolls, "veer", 1, 10)
                state.veer = T.veer_from_d10(v)
                watch.rolls[-1].outcome = self.veer_text(state.veer)
                state.lost = True
                state.knows_lost = False
                state.believed = state.true.copy()
                state.trail = [state.true.hex]
                state.frozen_true = state.frozen_believed = None
                watch.summary += " The new course is wrong, and the party does not know it."
            return
        # backtrack (seed 000, "Backtracking"): follow the party's own tracks back toward
        # where it went astray, then a Survival check tells truly whether it is on course;
        # on a failure it misjudges 75 % of the time.
        trail = state.trail

        def retrace(track: Track) -> str | None:
            while len(trail) > 1 and track.hex == trail[-2]:
                trail.pop()
            if len(trail) <= 1 or track.hex != trail[-1]:
                return None
            return self.grid.face_between(track.hex, trail[-2])

        if len(trail) > 1:
            moved = move_timed(self.grid, state.true, F(T.WATCH_HOURS), self.c.hex_miles,
                               retrace, self.blocked, self.rate_fn(state.mph), F(0),
                               backtrack_faces=True)
            state.true = moved.track
            retrace(state.true)
            watch.miles = moved.miles
            watch.hexes_entered = [self.grid.label(h) for h in moved.entered]
            watch.summary += f" Retracing its tracks: {_fmt(moved.miles)} miles."
        dc, terrain = self.nav_dc_base(state.true.hex)
        if not self.hex_on_any_road(state.true.hex):
            dc += T.DC_TRACKLESS
        res = self.check(state, watch, rolls, "backtrack", state.navigator, dc, why=terrain)
        on_course = not state.lost or len(trail) <= 1
        believes = on_course
        if not res.success:
            mis = self.roll_plain(watch, rolls, "misjudge", 1, 100,
                                  detail=f"1-{T.BACKTRACK_MISJUDGE_PERCENT} misjudges")
            if mis <= T.BACKTRACK_MISJUDGE_PERCENT:
                believes = not on_course
                watch.rolls[-1].outcome = "misjudges"
            else:
                watch.rolls[-1].outcome = "judges rightly"
        if believes and on_course:
            self.reanchor(state)
            watch.summary += " The party is back where it went astray, and knows it."
        elif believes:
            state.knows_lost = False
            state.believed = Track(trail[0] if trail else state.true.hex)
            watch.summary += " The party wrongly believes it is back on course."
        else:
            state.lost = True
            state.knows_lost = True
            state.believed = None
            watch.summary += " The party believes it is still off course."

    def rate_fn(self, mph: Fraction) -> RateFn:
        """Miles per hour in a hex for a party of base speed ``mph`` (modes applied)."""

        def rate_of(track: Track, face: str, nxt: Hex) -> tuple[F, str | None, str | None]:
            rule = self.c.terrain_of(track.hex)
            pk, pid = self.on_path_in(track, nxt if self.blocked(nxt) is None else None)
            mult = rule.speed_multiplier(pk) if rule else F(0)
            return mph * mult, pk, pid

        return rate_of

    @staticmethod
    def veer_text(veer: int) -> str:
        if veer == 0:
            return "no veer"
        side = "right" if veer > 0 else "left"
        return f"{abs(veer)} face{'s' * (abs(veer) > 1)} {side}"

    def forage(self, state: PartyState, watch: WatchRecord, rolls: RollSource,
               visibility: str) -> None:
        """Rules.md section 7: one Survival check per day against the forage DC."""
        if state.forage_day == state.day:
            watch.summary += " Already foraged today."
            return
        state.forage_day = state.day
        info = self.c.hex_info(state.true.hex)
        rule = self.c.terrain[info.terrain] if info else None
        dc = (rule.forage_dc if rule else 12) + (
            T.FORAGE_POOR_VISIBILITY if visibility == "poor" else 0)
        forager = max(state.members, key=lambda m: (m.survival, m.name))
        res = self.check(state, watch, rolls, "forage", forager, dc,
                         why=f"forage, {rule.name.lower() if rule else 'unknown'}")
        if res.success:
            fed = 1
            if res.system == "d20":
                fed += max(0, (res.total - dc) // 2)
            elif res.outcome in ("special", "critical", "critical_success"):
                fed += 1
            watch.summary += f" Foraging feeds {fed} for a day."
        else:
            watch.summary += " Foraging finds nothing."

    # -- travel ---------------------------------------------------------------------------
    def travel(self, session: Session, i: int, t: Travel, state: PartyState,
               watch: WatchRecord, rec: SessionRecord, rolls: RollSource) -> None:
        grid = self.grid
        modes = t.modes
        hustle = t.hustle_hours or (T.WATCH_HOURS if "hustle" in modes else 0)
        hours = t.hours if t.hours is not None else F(T.WATCH_HOURS)
        hustle = min(hustle, int(hours))
        mode_mult = F(1)
        for mode in modes:
            if mode in T.MODE_SPEED:
                mode_mult *= T.MODE_SPEED[mode]
        follow = self.c.paths.get(t.follow) if t.follow else None
        kind = "heading" if t.heading else "toward" if t.toward and not follow else \
            "follow" if follow else "landmark"
        target_hex: Hex | None = None
        if t.toward and not follow:
            target_hex = grid.parse(t.toward)
        landmark_hex: Hex | None = None
        if t.landmark:
            loc = self.c.locations.get(t.landmark)
            landmark_hex = loc.hex if loc else grid.parse(t.landmark)
        start = state.true.hex

        # follow: off the path -> head for its nearest hex (with a navigation check)
        direction = 1
        if follow is not None:
            idx = follow.index_of(start)
            if not idx:
                order = {h: n for n, h in reversed(list(enumerate(follow.hexes)))}
                nearest = min(follow.hexes, key=lambda h: (distance(h, start), order[h]))
                msg = (f"the party is in {grid.label(start)}, not on '{follow.id}': it heads "
                       f"for the path's nearest hex {grid.label(nearest)}")
                watch.warnings.append(msg)
                self.diags.warning(session.entry_pos(i, "travel", "follow"), msg)
                kind, target_hex, follow = "toward", nearest, None
            else:
                if t.toward:
                    goal = follow.hexes.index(grid.parse(t.toward))
                    direction = 1 if goal >= idx[0] else -1
                elif t.direction == "backward":
                    direction = -1

        # 1. intended face -------------------------------------------------------------
        follow_stop: Hex | None = grid.parse(t.toward) if (follow and t.toward) else None

        def path_face(track: Track) -> str | None:
            assert follow is not None
            positions = follow.index_of(track.hex)
            if not positions or track.hex == follow_stop:
                return None
            j = positions[0] if direction > 0 else positions[-1]
            k = j + direction
            if not 0 <= k < len(follow.hexes):
                return None
            return grid.face_between(track.hex, follow.hexes[k])

        def aim(track: Track) -> str | None:
            if kind == "heading":
                return t.heading
            if kind == "toward":
                assert target_hex is not None
                return grid.toward(track.hex, target_hex)
            if kind == "landmark":
                assert landmark_hex is not None
                return grid.toward(track.hex, landmark_hex)
            return path_face(track)

        navigates = kind in ("heading", "toward")
        poor_trail = follow is not None and follow.kind == "trail" and \
            follow.condition == "poor"
        if kind in ("follow", "landmark") and not poor_trail:
            if state.lost:
                watch.summary += " Following a sure guide ends the lost state."
            self.reanchor(state)
            watch.lost = watch.knows_lost = False
            watch.veer = 0
            watch.believed_start_hex = self.believed_label(state)

        intended_true = aim(state.true)
        believed_track = state.believed
        intended_believed = aim(believed_track) if believed_track is not None else None
        if state.lost:
            if state.frozen_true is None:
                state.frozen_true = intended_true
                state.frozen_believed = intended_believed
            intended_true = state.frozen_true
            intended_believed = state.frozen_believed
        watch.intended_face = intended_true

        # 2. navigation check ----------------------------------------------------------
        base_dc, terrain_txt = self.nav_dc_base(start)
        first_next = grid.neighbor(start, intended_true) if intended_true else None
        path_kind, _ = self.on_path_in(state.true, first_next)
        trackless = path_kind is None
        dc = base_dc
        why = [terrain_txt]
        if trackless:
            dc += T.DC_TRACKLESS
            why.append("trackless +2")
        if t.visibility == "poor":
            dc += T.DC_POOR_VISIBILITY
            why.append("poor visibility +4")
        mode_dc = 0
        if hustle:
            mode_dc += T.DC_HUSTLE
            why.append("hustle +4")
        if "cautious" in modes:
            mode_dc += T.DC_CAUTIOUS
            why.append("cautious -4")
        nav_dc = dc + mode_dc
        if navigates or poor_trail:
            bonus, bonus_why = self.roll_bonus(state)
            check_dc = nav_dc if navigates else T.POOR_TRAIL_DC
            res = self.check(state, watch, rolls, "navigation", state.navigator, check_dc,
                             bonus=bonus,
                             why=", ".join((why if navigates else ["poor trail"]) + bonus_why))
            if res.success and poor_trail:
                self.reanchor(state)
                watch.believed_start_hex = self.believed_label(state)
                intended_true = intended_believed = aim(state.true)
            elif not res.success:
                self.get_lost(state, watch, rolls, intended_true, intended_believed)
                intended_true, intended_believed = state.frozen_true, state.frozen_believed
        watch.intended_face = intended_true

        # 3. actual distance -----------------------------------------------------------
        factor = F(1)
        judged = True
        if self.c.rules.actual_distance:
            nat = self.roll_plain(watch, rolls, "distance", 2, 6,
                                  modifier=T.ACTUAL_DISTANCE_BONUS)
            factor = F(nat + T.ACTUAL_DISTANCE_BONUS, 10)
            watch.rolls[-1].outcome = f"{int(factor * 100)}%"
            judge_dc = nav_dc if navigates else base_dc + (
                T.DC_POOR_VISIBILITY if t.visibility == "poor" else 0) + mode_dc
            res = self.check(state, watch, rolls, "judge_distance", state.navigator, judge_dc,
                             why="judging the distance")
            judged = res.success

        # 4. movement ------------------------------------------------------------------
        lost_now = state.lost
        compass = "compass" in state.gear

        def choose_true(track: Track) -> str | None:
            if lost_now and intended_true is not None:
                return intended_true if compass else grid.rotate(intended_true, state.veer)
            face = aim(track)
            return face

        def choose_believed(track: Track) -> str | None:
            if lost_now:
                return intended_believed
            return aim(track)

        mph = state.mph * mode_mult
        rate_of = self.rate_fn(mph)

        true_start = state.true
        moved = move_timed(grid, state.true, hours, self.c.hex_miles, choose_true,
                           self.blocked, rate_of, F(hustle), factor)
        state.true = moved.track
        watch.miles = moved.miles
        watch.hexes_entered = [grid.label(h) for h in moved.entered]
        watch.exit_face = moved.faces[0] if moved.faces else (
            choose_true(moved.track) if moved.stopped not in ("target",) else None)
        self.note_stop(session, i, moved, watch)
        state.hustle_hours += hustle
        if hustle:
            self.hustle_damage(state, watch, hustle)
        self.forced_march(state, watch, rolls, moved.hours)
        # believed track
        if state.believed is not None and not state.knows_lost:
            believed_miles = moved.miles if judged else moved.miles / factor
            bmoved = move_distance(grid, state.believed, believed_miles, self.c.hex_miles,
                                   choose_believed, self.blocked)
            state.believed = bmoved.track
            watch.believed_miles = believed_miles
            watch.believed_hexes_entered = [grid.label(h) for h in bmoved.entered]
            if kind in ("follow", "landmark") and moved.stopped == "target" and \
                    not state.lost and state.believed.hex != state.true.hex:
                # arriving at a landmark or a named place on the path is unmistakable
                watch.believed_hexes_entered = [grid.label(h) for h in moved.entered]
                state.believed = state.true.copy()
        for h in moved.entered:
            if state.lost:
                state.pending_hexes.append(grid.label(h))
                state.trail.append(h)
            else:
                self.chronicle.explored.add(grid.label(h))
            state.found_this_visit = set()
        watch.summary = (f"{self.describe_move(moved, true_start, factor)} "
                         + watch.summary).strip()

        # 5. encounters and discovery --------------------------------------------------
        hexes_in = [start] + moved.entered
        following = follow.id if (follow is not None and not state.lost) else None
        self.passive_discovery(state, watch, rec, hexes_in, following, moved.entered)
        checks = 2 if "exploring" in modes else 1
        self.encounter_checks(state, watch, rec, rolls, checks=checks, keyed_allowed=True,
                              cautious="cautious" in modes, start=start,
                              crossings=moved.crossings)
        if "foraging" in modes:
            self.forage(state, watch, rolls, t.visibility)

        # 6. realising -----------------------------------------------------------------
        if state.lost and not state.knows_lost:
            self.realise(state, watch, rolls, moved, t.visibility)

    def get_lost(self, state: PartyState, watch: WatchRecord, rolls: RollSource,
                 intended_true: str | None, intended_believed: str | None) -> None:
        """Rules.md section 5: a failed navigation check; veer on a d10, growing while lost."""
        v = self.roll_plain(watch, rolls, "veer", 1, 10)
        result = T.veer_from_d10(v)
        if not state.lost:
            state.lost = True
            state.knows_lost = False
            state.veer = result
            state.frozen_true = intended_true
            state.frozen_believed = intended_believed
            state.lost_terrains = {self.terrain_id(state.true.hex) or ""}
            state.trail = [state.true.hex]
            watch.summary += f" Lost; veers {self.veer_text(result)}."
        elif state.veer == 0:
            state.veer = result
            watch.summary += f" Still lost; now veers {self.veer_text(result)}."
        elif result != 0 and (result > 0) == (state.veer > 0):
            sign = 1 if state.veer > 0 else -1
            state.veer = sign * min(T.MAX_VEER, abs(state.veer) + 1)
            watch.summary += f" Still lost; veer grows to {self.veer_text(state.veer)}."
        else:
            watch.summary += " Still lost; the veer stays."
        watch.rolls[-1].outcome = self.veer_text(result)

    def realise(self, state: PartyState, watch: WatchRecord, rolls: RollSource,
                moved: MoveResult, visibility: str) -> None:
        here = state.true.hex
        dc, terrain_txt = self.nav_dc_base(here)
        why = [terrain_txt]
        last = moved.segments[-1] if moved.segments and moved.segments[-1].hex == here else None
        pk = last.path_kind if last else self.on_path_in(state.true, None)[0]
        if pk is None:
            dc += T.DC_TRACKLESS
            why.append("trackless +2")
        if visibility == "poor":
            dc += T.DC_POOR_VISIBILITY
            why.append("poor visibility +4")
        checks = 1
        if self.c.rules.realise_extra_checks:
            new = [self.terrain_id(h) for h in moved.entered
                   if self.terrain_id(h) not in state.lost_terrains]
            if new:
                checks += 1
                why.append("a clearly new terrain: extra check")
            state.lost_terrains.update(x for x in new if x)
            if any(self.c.locations[lid].visibility == "visible" for lid in watch.discovered):
                checks += 1
                why.append("an obvious landmark: extra check")
        for _ in range(checks):
            res = self.check(state, watch, rolls, "realise", state.navigator, dc,
                             why=", ".join(why))
            if res.success:
                state.knows_lost = True
                state.believed = None
                watch.summary += " The party realises it is lost."
                return

    def member_state(self, name: str) -> MemberState:
        return self.chronicle.members.setdefault(name, MemberState(name))

    def harm(self, state: PartyState, member: Member, amount: int, why: str) -> str:
        """Nonlethal damage and fatigue; a ridden mount takes lethal damage instead."""
        ms = self.member_state(member.name)
        if member.mount:
            ms.lethal += amount
            return f"{member.name}'s {member.mount.replace('_', ' ')} takes {amount} lethal"
        ms.nonlethal += amount
        ms.fatigued = True
        return f"{member.name} takes {amount} nonlethal (fatigued)"

    def hustle_damage(self, state: PartyState, watch: WatchRecord, hours: int) -> None:
        """Rules.md section 3 (seed 000, "Hustle"): the first hustled hour between sleeps is
        free; the second deals 1 nonlethal damage, each further hour doubles the previous
        hour's damage. Mounts carrying riders take lethal damage instead."""
        total_before = state.hustle_hours - hours
        damage = 0
        for h in range(total_before + 1, state.hustle_hours + 1):
            if h > T.FREE_HUSTLE_HOURS:
                damage += 2 ** (h - T.FREE_HUSTLE_HOURS - 1)
        if damage:
            hurt = [self.harm(state, m, damage, "hustle") for m in state.members]
            watch.summary += " Hustling: " + "; ".join(hurt) + "."

    def forced_march(self, state: PartyState, watch: WatchRecord, rolls: RollSource,
                     hours: Fraction) -> None:
        """Rules.md section 3 (seed 000, "Forced march"): 8 hours of marching between sleeps;
        for each further hour a Constitution check, DC 10 + 2 per hour beyond the ninth;
        failure deals 1d6 nonlethal and fatigue. Ridden mounts fail automatically and take
        the damage as lethal."""
        before = state.march_hours
        state.march_hours += hours
        first = int(before) + 1
        for hour in range(max(first, T.MARCH_HOURS + 1), int(state.march_hours) + 1):
            dc = T.FORCED_MARCH_BASE_DC + T.FORCED_MARCH_DC_STEP * (hour - T.MARCH_HOURS - 1)
            for member in state.members:
                if member.mount:
                    dmg = self.roll_plain(watch, rolls, "march_damage", 1, 6,
                                          detail=f"{member.name}'s mount, hour {hour}")
                    watch.summary += f" Forced march, hour {hour}: " + \
                        self.harm(state, member, dmg, "march") + "."
                    continue
                res = self.check(state, watch, rolls, "march", member, dc, score_kind="con",
                                 why=f"forced march, hour {hour}")
                if not res.success:
                    dmg = self.roll_plain(watch, rolls, "march_damage", 1, 6,
                                          detail=f"{member.name}, hour {hour}")
                    watch.summary += f" Forced march, hour {hour}: " + \
                        self.harm(state, member, dmg, "march") + "."

    def long_rest(self, state: PartyState, watch: WatchRecord | None,
                  rec: SessionRecord) -> None:
        """A sleep: resets hustle and march counters, removes fatigue and nonlethal damage,
        and restores every doom die (rules.md sections 3 and 9)."""
        state.hustle_hours = 0
        state.march_hours = F(0)
        for member in state.members:
            ms = self.member_state(member.name)
            ms.nonlethal = 0
            ms.fatigued = False
            # the long rest restores the doom die and with it ends the doomed state
            ms.doomed = False
            rid = self.doom_id(member.name)
            res = self.chronicle.resources.get(rid)
            if res is not None and res.now != res.start:
                res.history.append(ResourceEvent(rec.session, watch.index if watch else -1,
                                                 state.day, member.name, None, res.now,
                                                 res.start, "long rest"))
                res.now = res.start
        if watch is not None:
            watch.summary += " The party sleeps: hustle and march reset, fatigue gone."

    # -- resources ------------------------------------------------------------------------
    @staticmethod
    def doom_id(name: str) -> str:
        return f"doom-{name}"

    def doom_die(self, member: Member) -> str | None:
        if member.doom:
            return member.doom
        if self.c.rules.doom:
            return self.c.rules.doom
        return "d6" if self.c.rules.checks == "bsh" else None

    def declare_doom(self, member: Member, day: int) -> None:
        die = self.doom_die(member)
        rid = self.doom_id(member.name)
        if die is None or rid in self.chronicle.resources:
            return
        self.chronicle.resources[rid] = ResourceState(
            rid, f"Doom ({member.name})", member.name, None, die, die, doom=True)

    def declare(self, specs: dict[str, ResourceSpec], session: int, day: int) -> None:
        for rid, spec in specs.items():
            if rid in self.chronicle.resources:
                continue
            self.chronicle.resources[rid] = ResourceState(
                rid, spec.name or rid.replace("-", " ").capitalize(), spec.owner,
                spec.description, spec.die, spec.die, gm=spec.gm,
                history=[ResourceEvent(session, -1, day, spec.owner, None, spec.die, spec.die,
                                       "declared")])

    def roll_usage(self, state: PartyState, watch: WatchRecord | None, rolls: RollSource,
                   rid: str, by: str | None, reason: str, note: str | None,
                   session: int | None = None, after: int = -1) -> ResourceEvent | None:
        res = self.chronicle.resources[rid]
        if res.now == "exhausted":
            return None
        sides = R.parse_die(res.now)
        log = watch.rolls if watch is not None else []
        natural = plain_roll(log, rolls, "doom" if res.doom else "use", 1, sides,
                             detail=f"{res.name}")
        after_die = R.die_name(R.use(sides, natural))
        if log:
            log[-1].outcome = "steps down" if after_die != res.now else "holds"
        event = ResourceEvent(session if session is not None else self.current_session,
            watch.index if watch is not None else after, state.day, by, natural, res.now,
            after_die, reason, note)
        res.history.append(event)
        res.now = after_die
        if res.doom and after_die == "exhausted" and by:
            self.member_state(by).doomed = True
            if watch is not None:
                watch.summary += f" {by} is doomed until a long rest."
        return event

    def use_resource(self, session: Session, i: int, entry: LogEntry, state: PartyState,
                     rec: SessionRecord, after: int, rolls: RollSource) -> None:
        assert entry.use is not None
        rid = entry.use.resource
        by = entry.use.by
        if rid == "doom":
            if by is None or self.doom_id(by) not in self.chronicle.resources:
                self.diags.error(session.entry_pos(i, "use"),
                                 "tempting fate needs 'by: <member>' and a doom die (set "
                                 "rules.doom or use the bsh check system)")
                return
            rid = self.doom_id(by)
        if rid not in self.chronicle.resources:
            self.diags.error(session.entry_pos(i, "use", "resource"),
                             f"resource '{rid}' is not declared yet (declare it in "
                             f"campaign.yaml or in an earlier session's 'resources:')")
            return
        watch = rec.watches[after] if 0 <= after < len(rec.watches) else None
        event = self.roll_usage(state, watch, rolls, rid, by,
                                "tempting fate" if entry.use.resource == "doom" else "use",
                                entry.use.note, session=session.number, after=after)
        if event is None:
            self.diags.warning(session.entry_pos(i, "use"),
                               f"resource '{rid}' is already exhausted")
        elif watch is None:
            rec.notes.append((after, f"{self.chronicle.resources[rid].name}: "
                              f"{event.before} -> {event.after}"))

    def note_stop(self, session: Session, i: int, moved: MoveResult, watch: WatchRecord) -> None:
        if moved.stopped in ("map_edge", "impassable"):
            where = self.label(moved.blocked_hex)
            watch.warnings.append(f"{moved.stopped}: the party cannot enter {where}")
        elif moved.stopped == "unknown_hex":
            self.diags.error(session.entry_pos(i),
                             f"the party would enter hex {self.label(moved.blocked_hex)}, which "
                             f"has no terrain (add it to hexes/ or set default_terrain)")
            watch.warnings.append("unknown_hex")

    def describe_move(self, moved: MoveResult, start: Track, factor: Fraction) -> str:
        parts = [f"{_fmt(moved.miles)} miles in {_fmt(moved.hours)} h"]
        if moved.entered:
            parts.append("into " + ", ".join(self.grid.label(h) for h in moved.entered))
        else:
            parts.append(f"staying in {self.grid.label(moved.track.hex)}")
        if moved.segments:
            seg = moved.segments[0]
            kind = face_kind(self.grid, start.entry, seg.exit_face)
            road = seg.path_kind or "trackless"
            parts.append(f"({road}, {_fmt(seg.rate * factor)} mph, exit {seg.exit_face} "
                         f"[{kind}])")
        if moved.stopped == "target":
            parts.append("— arrived")
        return " ".join(parts) + "."


def _fmt(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def replay(campaign: Campaign) -> tuple[Chronicle, Diagnostics]:
    """Replay every session of a loaded campaign. Pure: reads only the Campaign."""
    from generator.expect import check_expectations

    r = Replayer(campaign)
    chronicle = r.run()
    check_expectations(campaign, chronicle, r.diags)
    return chronicle, r.diags
