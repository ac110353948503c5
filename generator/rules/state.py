"""The plain state the replay folds over, and the context of one watch.

``PartyState`` is everything that carries from watch to watch and session to session
(rules.md section 4: hex, entry face, progress, lost state, veer, believed track; section 3:
hustle and march counters; section 6: what the party found). ``WatchCtx`` bundles what the
procedures of ``generator.rules`` read and write while one watch is replayed: the campaign
(read only), the world so far (the Chronicle), the party, the record being written and the
watch's one roll source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from generator.content.campaign import Campaign, Location, Session
from generator.content.models import Member
from generator.diagnostics import Diagnostics, Pos
from generator.dice import RollSource, SaidValue
from generator.hexgrid import Hex, distance
from generator.rules import tables as T
from generator.rules.checks import CheckContext, CheckResult, check, score_of
from generator.rules.chronicle import Chronicle, SessionRecord, TimePoint, WatchRecord
from generator.rules.resources import DoomDice, When
from generator.rules.travel import Track


def party_mph(members: list[Member]) -> Fraction:
    """Miles per hour of the slowest member, on foot (speed in feet / 10) or on its mount
    (rules.md section 3)."""
    speeds: list[Fraction] = []
    for mem in members:
        if mem.mount and mem.mount in T.MOUNTS:
            unloaded, loaded = T.MOUNTS[mem.mount]
            speeds.append(loaded if mem.mount_loaded else unloaded)
        else:
            speeds.append(Fraction(mem.speed, 10))
    return min(speeds)


#: Side of the square cells (in axial q and r) that bucket the visible locations: a lookup
#: tests only the locations of its own cell, not every visible location of the map.
CELL = 8


def _cell(h: Hex) -> tuple[int, int]:
    return h.q // CELL, h.r // CELL


@dataclass(frozen=True)
class Places:
    """The campaign's locations by hex, and the visible ones, each seen from within its
    ``visible_from`` (rules.md section 6). Built once per replay.

    ``cells`` buckets the visible locations by the cells their sight reaches (a hex within
    ``visible_from`` of a location is within that many steps of it along q and along r), in
    campaign order, so a lookup filters a short list and keeps the order of ``visible``.
    """

    by_hex: dict[Hex, list[Location]]
    visible: tuple[Location, ...]
    cells: dict[tuple[int, int], list[Location]] = field(default_factory=dict)
    #: ``seen_from`` of the hexes already asked about (the party walks the same hexes again)
    seen: dict[Hex, list[Location]] = field(default_factory=dict)

    @classmethod
    def of(cls, campaign: Campaign) -> Places:
        by_hex: dict[Hex, list[Location]] = {}
        for loc in campaign.locations.values():
            by_hex.setdefault(loc.hex, []).append(loc)
        visible = tuple(loc for loc in campaign.locations.values()
                        if loc.visibility == "visible")
        return cls(by_hex, visible, _cells(visible))

    def seen_from(self, h: Hex) -> list[Location]:
        """The visible locations seen from ``h``, in campaign order (a distance test on the
        locations of ``h``'s cell: a table of every hex around each location would grow with
        the square of its ``visible_from``). Callers must not change the list."""
        found = self.seen.get(h)
        if found is None:
            found = self.seen[h] = [loc for loc in self.cells.get(_cell(h), ())
                                    if distance(h, loc.hex) <= loc.visible_from]
        return found


def _cells(visible: tuple[Location, ...]) -> dict[tuple[int, int], list[Location]]:
    """Each visible location in every cell that a hex seeing it can lie in."""
    cells: dict[tuple[int, int], list[Location]] = {}
    for loc in visible:
        reach = max(loc.visible_from, 0)
        q0, r0 = _cell(Hex(loc.hex.q - reach, loc.hex.r - reach))
        q1, r1 = _cell(Hex(loc.hex.q + reach, loc.hex.r + reach))
        for cq in range(q0, q1 + 1):
            for cr in range(r0, r1 + 1):
                cells.setdefault((cq, cr), []).append(loc)
    return cells


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
    #: the believed track the moment the party knew it was lost (rules.md 5: a failed new
    #: course resumes the believed track there, never on the true one)
    last_believed: Track | None = None
    #: terrains seen since getting lost (a clearly new one grants an extra realise check)
    lost_terrains: set[str] = field(default_factory=set)
    #: hexes entered or locations found while lost: shown to players after re-anchoring
    pending_hexes: list[str] = field(default_factory=list)
    pending_locations: list[str] = field(default_factory=list)
    hustle_hours: int = 0
    march_hours: Fraction = Fraction(0)
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
        return party_mph(self.members)

    def advance(self) -> None:
        """The next watch (rules.md section 2: six watches a day)."""
        self.watch += 1
        if self.watch > T.WATCHES_PER_DAY:
            self.watch = 1
            self.day += 1


def believed_label(campaign: Campaign, state: PartyState) -> str | None:
    """Where the party believes it is; None while it knows it is lost (rules.md section 5)."""
    if state.knows_lost or state.believed is None:
        return None
    return campaign.grid.label(state.believed.hex)


def timepoint(campaign: Campaign, state: PartyState) -> TimePoint:
    """Where and when the party is, truly and as it believes (a session's start and end, a
    ruling's before and after)."""
    return TimePoint(campaign.grid.label(state.true.hex), state.day, state.watch,
                     believed_label(campaign, state), state.lost, state.knows_lost,
                     state.veer, state.hustle_hours, state.march_hours)


@dataclass
class WatchCtx:
    """One watch being replayed: what its procedures read and write."""

    campaign: Campaign
    chronicle: Chronicle
    state: PartyState
    watch: WatchRecord
    session: SessionRecord
    rolls: RollSource
    diags: Diagnostics
    #: the session log and the entry's index in it, for positions in diagnostics
    log: Session
    entry: int
    places: Places
    #: (day, context) of the last ``checks``: a forced march makes dozens of checks a watch
    _checks: tuple[int, CheckContext] | None = field(default=None, repr=False)

    def pos(self, *more: str | int) -> Pos:
        """The position of the watch's log entry (or a key inside it)."""
        return self.log.entry_pos(self.entry, *more)

    def label(self, h: Hex | None) -> str | None:
        return None if h is None else self.campaign.grid.label(h)

    def terrain_id(self, h: Hex) -> str | None:
        info = self.campaign.hex_info(h)
        return info.terrain if info else None

    def checks(self) -> CheckContext:
        """The context of every check of this watch: system, rolls and doom dice. Made once
        per watch (and day): it only holds references, and the doom dice read the
        chronicle's resources and members as they are at each check."""
        day = self.state.day
        if self._checks is not None and self._checks[0] == day:
            return self._checks[1]
        rules = self.campaign.rules
        doom = DoomDice(self.chronicle.resources, self.chronicle.members,
                        When(self.session.session, self.watch.index, day), self.watch)
        made = CheckContext(rules.checks, self.rolls, rules.advantage, doom)
        self._checks = (day, made)
        return made

    def check(self, purpose: str, member: Member, dc: int, *, bonus: int = 0,
              score_kind: str = "survival", why: Sequence[SaidValue] = ()) -> CheckResult:
        """A member's procedure check (rules.md section 8) through the one check path."""
        score, name = score_of(self.campaign.rules.checks, member, score_kind)
        return check(self.checks(), purpose, score=score, dc=dc, who=member.name, bonus=bonus,
                     actor=member.name, skill=name, why=why)
