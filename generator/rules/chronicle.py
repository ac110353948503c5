"""The Chronicle: what the replay produces, as plain values.

One ``SessionRecord`` per session log, one ``WatchRecord`` per watch entry, with every roll.
``to_json`` writes the schema of content.md (``hexcrawl replay --json``): keys may be added,
none of the documented ones may change. The fields are the outcomes of the procedures of
rules.md (tracks, checks, encounters, usage dice), and the notes typed beside them (content.md,
"Who sees what").
"""

from __future__ import annotations

from collections.abc import KeysView
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from generator.diagnostics import Text
from generator.dice import Phrase, RollRecord, Said, SaidValue, said


def miles_json(value: Fraction) -> float | int:
    """Miles as JSON numbers: integers stay integers, others the nearest float."""
    if value.denominator == 1:
        return int(value)
    return round(float(value), 6)


@dataclass
class EncounterRecord:
    kind: str  # wandering | keyed | logged | search
    table: str | None = None
    roll: int | None = None
    result: str | None = None
    location: str | None = None
    distance: int | None = None
    #: the number appearing, when the row gives dice for it
    appearing: int | None = None
    reaction: str | None = None
    cancelled: bool = False
    note: str | None = None
    hex: str | None = None
    #: what the players are told: the ``tell:`` of the table row that came up
    tell: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None and v is not False}


@dataclass
class HarmRecord:
    """Damage one member (or their ridden mount) took in a watch: from hustling or from a
    failed Constitution check of a forced march (rules.md section 3)."""

    member: str
    amount: int
    cause: str  # hustle | march
    #: the ridden mount took it (as lethal damage), not the member
    mount: bool = False
    #: the member's nonlethal damage after this, and the hp (or the campaign's
    #: ``nonlethal_warning``) it knocks the member out at
    nonlethal_after: int = 0
    limit: int = 0


@dataclass
class WatchRecord:
    index: int
    day: int
    watch: int
    activity: str  # travel | rest | camp | sleep | search | reorient | encounter | chase
    start_hex: str
    end_hex: str
    believed_hex: str | None
    hexes_entered: list[str]
    miles: Fraction
    progress_miles: Fraction
    lost: bool
    knows_lost: bool
    veer: int
    rolls: list[RollRecord] = field(default_factory=list)
    discovered: list[str] = field(default_factory=list)
    encounters: list[EncounterRecord] = field(default_factory=list)
    #: what the GM should look at in this watch, as messages translated where they are shown
    #: (the GM session page, ``play``); ``replay --json`` writes them in English
    warnings: list[Text] = field(default_factory=list)
    #: position of the entry in the session log (0-based), for links back to the source
    entry: int = 0
    #: the believed track: where the party thought it started and which hexes it thought
    #: it entered (None entries are unknown positions while it knows it is lost)
    believed_start_hex: str | None = None
    believed_hexes_entered: list[str] = field(default_factory=list)
    intended_face: str | None = None
    exit_face: str | None = None
    believed_miles: Fraction = Fraction(0)
    #: what happened, step by step, for the GM log (the move, getting lost, finds, damage),
    #: as data the translator phrases (``Translator.said``)
    said: list[Said] = field(default_factory=list)
    #: notes attached to this watch from `note:` entries and `gm:` remarks
    notes: list[str] = field(default_factory=list)
    gm_notes: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)
    #: the chase of a `chase:` watch (generator.rules.chase.ChaseResult), round by round
    chase: Any = None
    #: the ``note:`` of the watch's own entry (``rest: {note: ...}``); whether the players
    #: read it depends on the activity (``PARTY_NOTE_ACTIVITIES``)
    note: str | None = None
    #: the ``tell:`` of the watch's own entry: what the players are told happened
    tell: str | None = None
    #: damage taken in the watch, in order (hustle, then each hour of a forced march)
    harm: list[HarmRecord] = field(default_factory=list)

    def say(self, kind: str, /, **values: SaidValue | None) -> None:
        """Add a step to the watch's summary (``generator.dice.said``)."""
        self.said.append(said(kind, **values))

    def to_json(self, phrase: Phrase | None = None) -> dict[str, Any]:
        """The watch for ``replay --json``; ``phrase`` writes its summary and its rolls'
        details as text (``summary``, ``detail``), beside the same as data (``said``)."""
        summary = " ".join(phrase(s) for s in self.said) if phrase is not None else ""
        return {
            "index": self.index,
            "day": self.day,
            "watch": self.watch,
            "activity": self.activity,
            "start_hex": self.start_hex,
            "end_hex": self.end_hex,
            "believed_hex": self.believed_hex,
            "hexes_entered": list(self.hexes_entered),
            "miles": miles_json(self.miles),
            "progress_miles": miles_json(self.progress_miles),
            "lost": self.lost,
            "knows_lost": self.knows_lost,
            "veer": self.veer,
            "rolls": [r.to_json(phrase) for r in self.rolls],
            "discovered": list(self.discovered),
            "encounters": [e.to_json() for e in self.encounters],
            "warnings": [w.english() for w in self.warnings],
            "entry": self.entry,
            "intended_face": self.intended_face,
            "exit_face": self.exit_face,
            "believed_start_hex": self.believed_start_hex,
            "believed_hexes_entered": list(self.believed_hexes_entered),
            "believed_miles": miles_json(self.believed_miles),
            **({"summary": summary} if summary else {}),
            **({"said": [s.to_json() for s in self.said]} if self.said else {}),
            **({"note": self.note} if self.note is not None else {}),
            **({"tell": self.tell} if self.tell is not None else {}),
            "notes": list(self.notes),
            "gm_notes": list(self.gm_notes),
            **({"chase": {"outcome": self.chase.outcome, "rounds": len(self.chase.rounds),
                          **({"summary": phrase(self.chase.summary)} if phrase else {})}}
               if self.chase is not None else {}),
        }


#: The activities whose own ``note:`` is the party's (what it did): the players read it. The
#: note of an encounter, a chase or a use is the GM's.
PARTY_NOTE_ACTIVITIES = frozenset({"travel", "rest", "camp", "sleep", "search", "reorient"})


@dataclass
class UseNote:
    """The ``note:`` of a ``use`` entry (GM only), after the watch it follows (-1: none)."""

    after: int
    resource: str
    by: str | None
    note: str


@dataclass
class TimePoint:
    hex: str
    day: int
    watch: int
    believed_hex: str | None = None
    lost: bool = False
    knows_lost: bool = False
    veer: int = 0
    #: hours hustled and marched since the last sleep (rules.md section 3)
    hustle_hours: int = 0
    march_hours: Fraction = Fraction(0)


def point_json(p: TimePoint) -> dict[str, Any]:
    """Where the party is at a moment, for ``replay --json``: true and believed hex, lost."""
    return {"hex": p.hex, "believed_hex": p.believed_hex, "lost": p.lost,
            "knows_lost": p.knows_lost, "veer": p.veer}


@dataclass
class RulingRecord:
    """A GM ruling (a ``ruling:`` entry, format.md "Rulings"): the state the table set,
    without dice and without time passing. ``follows`` is the index of the watch it follows
    (-1: before the first watch of its session), ``entry`` its position in the log."""

    entry: int
    follows: int
    before: TimePoint
    after: TimePoint
    #: the location ids the ruling says the party found, and those it found first
    found: list[str] = field(default_factory=list)
    discovered: list[str] = field(default_factory=list)
    #: the ruling's ``note:`` (GM only)
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"entry": self.entry, "follows": self.follows,
                "before": point_json(self.before), "after": point_json(self.after),
                "found": list(self.found), "discovered": list(self.discovered),
                **({"note": self.note} if self.note is not None else {})}


@dataclass
class SessionRecord:
    session: int
    title: str
    date: str | None
    summary: str | None
    start: TimePoint
    end: TimePoint
    watches: list[WatchRecord] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    #: chronicle notes in log order: (watch index the note follows or -1, text)
    notes: list[tuple[int, str]] = field(default_factory=list)
    discovered: list[str] = field(default_factory=list)
    revealed_hexes: list[str] = field(default_factory=list)
    source: str = ""
    #: GM-only remarks not tied to a watch (a `gm:` on an entry before the first watch)
    gm_notes: list[str] = field(default_factory=list)
    #: the rolls of instant entries (``use``), by their position in the log; such a roll is
    #: also listed with the watch it follows, if any
    entry_rolls: dict[int, list[RollRecord]] = field(default_factory=dict)
    #: the rolls of ``use`` entries before the session's first watch (a later one is listed
    #: with the watch it follows)
    opening_rolls: list[RollRecord] = field(default_factory=list)
    #: the notes of ``use`` entries (GM only), in log order
    uses: list[UseNote] = field(default_factory=list)
    #: the GM rulings (``ruling:`` entries), in log order
    rulings: list[RulingRecord] = field(default_factory=list)

    def to_json(self, phrase: Phrase | None = None) -> dict[str, Any]:
        return {
            "session": self.session,
            "title": self.title,
            "date": self.date,
            "start": {"hex": self.start.hex, "day": self.start.day, "watch": self.start.watch},
            "watches": [w.to_json(phrase) for w in self.watches],
            "end": {"hex": self.end.hex, "believed_hex": self.end.believed_hex,
                    "day": self.end.day, "watch": self.end.watch, "lost": self.end.lost,
                    "veer": self.end.veer, "knows_lost": self.end.knows_lost},
            "discovered": list(self.discovered),
            "notes": [text for after, text in self.notes if after < 0],
            "gm_notes": list(self.gm_notes),
            "uses": [{"after": u.after, "resource": u.resource, "by": u.by, "note": u.note}
                     for u in self.uses],
            "rulings": [r.to_json() for r in self.rulings],
        }


@dataclass
class ResourceEvent:
    """One roll of a usage die (or a restoration by a long rest)."""

    session: int
    watch: int  # index of the watch it follows (-1: before the first watch)
    day: int
    by: str | None
    roll: int | None
    before: str
    after: str
    reason: str  # use | doom (critical failure) | long rest | declared
    note: str | None = None


@dataclass
class ResourceState:
    id: str
    name: str
    owner: str | None
    description: str | None
    start: str
    now: str
    doom: bool = False
    gm: str | None = None
    history: list[ResourceEvent] = field(default_factory=list)


@dataclass
class MemberState:
    name: str
    nonlethal: int = 0
    lethal: int = 0
    fatigued: bool = False
    doomed: bool = False


#: The ways the players know a hex, strongest first: ``explored`` (the party was there and
#: knew where it was: entered while not lost, a start hex, a hex crossed while lost once it
#: found its bearings again), ``seen`` (the hex of a location the party found without
#: entering it: a visible location seen from afar), ``revealed`` (the GM revealed the hex or
#: a location in it: a ``reveal`` entry).
KNOWN_HOW = ("explored", "seen", "revealed")


@dataclass
class Chronicle:
    campaign: str
    sessions: list[SessionRecord] = field(default_factory=list)
    #: location id -> (session, watch index) of its discovery by the party
    discovered: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: hex label -> how the players know it, the strongest way so far (``KNOWN_HOW``); add
    #: to it with ``know``
    known_how: dict[str, str] = field(default_factory=dict)
    #: hex label -> number of watches the party spent there (true track)
    visits: dict[str, int] = field(default_factory=dict)
    #: hex label -> watches spent there while lost
    lost_watches: dict[str, int] = field(default_factory=dict)
    #: usage dice (declared resources and each member's doom die), now and their history
    resources: dict[str, ResourceState] = field(default_factory=dict)
    #: each member's condition after the last session
    members: dict[str, MemberState] = field(default_factory=dict)

    @property
    def explored(self) -> KeysView[str]:
        """The hex labels the players know, however they know them (entered while not lost,
        seen, revealed, re-anchored)."""
        return self.known_how.keys()

    def know(self, label: str, how: str) -> None:
        """The players know hex ``label``, ``how`` (one of ``KNOWN_HOW``): kept unless they
        knew it by a stronger way."""
        before = self.known_how.get(label)
        if before is None or KNOWN_HOW.index(how) < KNOWN_HOW.index(before):
            self.known_how[label] = how

    def how_known(self, label: str) -> str | None:
        """How the players know hex ``label`` (``KNOWN_HOW``), None when they do not."""
        return self.known_how.get(label)

    def to_json(self, phrase: Phrase | None = None) -> dict[str, Any]:
        """The replay for ``replay --json``; ``phrase`` writes what the engine says as text
        (``Translator.said``: the summaries and details in English for the schema's text
        fields)."""
        return {
            "campaign": self.campaign,
            "sessions": [s.to_json(phrase) for s in self.sessions],
            "resources": {
                rid: {"name": r.name, "owner": r.owner, "start": r.start, "now": r.now,
                      "doom": r.doom,
                      "history": [{"session": e.session, "watch": e.watch, "by": e.by,
                                   "roll": e.roll, "before": e.before, "after": e.after,
                                   "reason": e.reason} for e in r.history]}
                for rid, r in self.resources.items()},
            "known_hexes": {label: self.how_known(label) for label in sorted(self.explored)},
        }


@dataclass(frozen=True)
class EntryRoll:
    """One roll of one log entry: its session, its position in the log, its watch (None for
    an instant entry) and the roll."""

    session: int
    entry: int
    watch: int | None
    roll: RollRecord


def entry_rolls(chronicle: Chronicle) -> list[EntryRoll]:
    """Every roll of the replay with the log entry it belongs to, in log order (an instant
    entry's roll, listed with the watch it follows, belongs to the instant entry)."""
    out: list[EntryRoll] = []
    for rec in chronicle.sessions:
        instant = {id(r) for rolls in rec.entry_rolls.values() for r in rolls}
        rows: list[tuple[int, int | None, RollRecord]] = []
        for w in rec.watches:
            rows.extend((w.entry, w.index, r) for r in w.rolls if id(r) not in instant)
        for i, rolls in rec.entry_rolls.items():
            rows.extend((i, None, r) for r in rolls)
        rows.sort(key=lambda row: row[0])
        out.extend(EntryRoll(rec.session, e, w, r) for e, w, r in rows)
    return out


def seeded_rolls(chronicle: Chronicle) -> list[EntryRoll]:
    """The rolls the replay made itself, from the seeded generator (rules.md section 11):
    the dice of the story that the logs do not record."""
    return [r for r in entry_rolls(chronicle) if not r.roll.recorded]
