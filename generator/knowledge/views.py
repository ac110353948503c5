"""The shapes of both views: the players' classes, and the GM's classes that extend them.

A player class has no field that could hold a GM secret (``gm``, the true track, rolls,
encounters); the GM classes add them. A template given a ``PlayerView`` cannot show what
the view never held.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from generator.audience import Audience
from generator.content.markdown import Prose
from generator.content.symbols import SymbolArt
from generator.diagnostics import Text
from generator.hexgrid import Grid, Hex
from generator.rules.chronicle import (
    EncounterRecord,
    ResourceState,
    SessionRecord,
    TimePoint,
    WatchRecord,
)
from generator.rules.resources import LADDER as USAGE_LADDER

#: Renders one Markdown field for the view's audience (``MarkdownRenderer.prose``).
ProseFn = Callable[[str | None], Prose | None]
#: A track as drawable polylines of hexes; a break between polylines is an unknown stretch
#: (the party knew it was lost) or a jump (re-anchoring).
Track = tuple[tuple[Hex, ...], ...]


# ------------------------------------------------------------------------------------------
# shared shapes (the player classes; GM classes extend them)


@dataclass(frozen=True)
class SiteInfo:
    name: str
    description: Prose | None
    language: str
    audience: Audience
    grid: Grid
    hex_miles: int
    #: show hex labels / the hex grid on maps and pages
    show_labels: bool
    show_grid: bool
    #: write hex names on the maps (``map.labels: names``)
    show_names: bool = False

    @property
    def gm(self) -> bool:
        return self.audience == Audience.GM


@dataclass(frozen=True)
class TerrainView:
    id: str
    name: str
    color: str
    #: the name is the built-in English one (the interface may translate it)
    builtin: bool
    #: the built-in map symbol drawn on its colour (None: a plain colour)
    symbol: str | None = None
    #: the campaign's own drawing (``symbols/<id>.svg``), drawn instead of ``symbol``
    art: SymbolArt | None = None


@dataclass(frozen=True)
class HexView:
    label: str
    hex: Hex
    terrain: str
    #: forest only: sparse | medium | dense (None: medium)
    density: str | None
    name: str | None
    description: Prose | None
    #: ids of the locations in this hex that this audience may see
    locations: tuple[str, ...]
    #: the name of the region the hex lies in (the players' journal names it)
    region_name: str | None


@dataclass(frozen=True)
class PathView:
    id: str
    kind: str
    name: str
    #: maximal runs of consecutive path hexes the audience may see
    runs: tuple[tuple[Hex, ...], ...]
    #: a visible path hex and the face through which the path leaves into the unknown
    stubs: tuple[tuple[Hex, str], ...]


@dataclass(frozen=True)
class LocationView:
    id: str
    name: str
    hex: Hex
    label: str
    tags: tuple[str, ...]
    icon: str | None
    #: the Markdown body, rendered for the audience (players: without its GM blocks)
    body: Prose
    #: session number of its discovery by the party, None when not (yet) found
    found_in: int | None


@dataclass(frozen=True)
class RowView:
    low: int
    high: int
    result: Prose
    #: id of a table to roll on, when this audience may see that table
    table: str | None
    distance: str | None
    reaction: bool
    #: id of a location, when this audience may see it
    location: str | None


@dataclass(frozen=True)
class TableView:
    id: str
    name: str
    dice: str
    description: Prose | None
    rows: tuple[RowView, ...]


@dataclass(frozen=True)
class RulingView:
    """A GM ruling (format.md, "Rulings") as the players lived it: where they believe they
    are after it, whether they know they are lost, what they found. Never the true hex of a
    lost party: a ruling the players did not notice (it moved only the true hex, say) has no
    ``RulingView`` at all."""

    #: where the party believes it is after the ruling (None: it knows it is lost)
    believed: str | None
    knows_lost: bool
    #: the party believes itself somewhere else than before the ruling
    moved: bool
    #: ids of the locations the ruling says it found (visible ones only)
    found: tuple[str, ...]


@dataclass(frozen=True)
class HarmView:
    """Damage a member took in a watch, as the party lived it: hustling or a failed
    Constitution check of a forced march, and whether it knocked the member out."""

    member: str
    amount: int
    #: hustle | march
    cause: str
    #: the member's ridden mount took it (lethal damage), not the member
    mount: bool
    #: the member's nonlethal damage reached their hp with it (rules.nonlethal_warning
    #: without one): they fell unconscious
    unconscious: bool


@dataclass(frozen=True)
class WatchView:
    index: int
    day: int
    watch: int
    activity: str
    #: the heading the party chose (a face), if it travelled
    heading: str | None
    #: where the party believed it started the watch and the hexes it believed it entered
    #: (None: unknown while it knew it was lost)
    believed_start: str | None
    believed_entered: tuple[str | None, ...]
    believed_end: str | None
    knows_lost: bool
    #: ids of locations found in this watch (visible ones only)
    found: tuple[str, ...]
    #: chronicle notes that follow this watch
    notes: tuple[Prose, ...]
    #: ids of locations first found through a GM reveal after this watch (visible ones only)
    revealed: tuple[str, ...]
    #: the ``note:`` of the watch's own entry when it is the party's (travel, rest, camp,
    #: sleep, search, reorient); an encounter's, a chase's or a use's stays the GM's
    note: Prose | None
    #: the ``tell:`` of the watch's own entry: what the players are told happened
    tell: Prose | None
    #: what the party met, one item an encounter it knows of: the ``tell:`` of the table
    #: row that came up, or None (an encounter played at the table, nothing told); a
    #: wandering encounter is listed only with a row's ``tell:``
    met: tuple[Prose | None, ...]
    #: the path a travel watch followed, as the players' map names it (None: not followed,
    #: or not on the players' map), and its kind (road, river...)
    follow: str | None
    follow_kind: str | None
    #: the GM rulings right after this watch, as the players lived them
    rulings: tuple[RulingView, ...]
    #: the miles the party believed it covered (its reckoning, not the true distance)
    believed_miles: float
    #: the party marched past the hours it may march between sleeps (a forced march)
    forced_march: bool
    #: the damage members took (hustle, forced march), in order
    harm: tuple[HarmView, ...]


@dataclass(frozen=True)
class NowView:
    """Where and when the party is after the last session (believed, for players)."""

    day: int
    watch: int
    believed_hex: str | None
    knows_lost: bool
    last_session: int | None


@dataclass(frozen=True)
class SessionView:
    number: int
    slug: str
    title: str
    date: str | None
    summary: Prose | None
    members: tuple[str, ...]
    start_day: int
    start_watch: int
    end_day: int
    end_watch: int
    #: watches from the start of the session to its end
    elapsed_watches: int
    #: miles travelled (believed miles for players, true miles for the GM)
    miles: float
    #: location ids found during the session (visible ones only)
    found: tuple[str, ...]
    #: notes written before the first watch
    opening_notes: tuple[Prose, ...]
    #: the party knew it was lost when the session began
    start_knows_lost: bool
    #: the GM rulings before the first watch, as the players lived them
    opening_rulings: tuple[RulingView, ...]
    watches: tuple[WatchView, ...]
    believed_track: Track
    believed_start: str | None
    believed_end: str | None
    end_knows_lost: bool
    #: the route as the party knows it now: where it walked while lost and has since
    #: re-anchored, the true route (it knows where it was); a stretch it is still lost in,
    #: the belief. The overview maps draw this; the session's own map the belief of then.
    known_track: Track


@dataclass(frozen=True)
class ResourceEventView:
    session: int
    #: index of the watch the event follows or happens in (-1: before the first watch)
    watch: int
    day: int
    by: str | None
    roll: int | None
    before: str
    after: str
    reason: str
    note: Prose | None


@dataclass(frozen=True)
class ResourceView:
    """A usage die (a declared resource or a member's doom die), now and its history."""

    id: str
    name: str
    owner: str | None
    description: Prose | None
    start: str
    now: str
    doom: bool
    history: tuple[ResourceEventView, ...]

    def ladder(self) -> tuple[tuple[str, str], ...]:
        """Every step of the usage-die ladder, largest first, with its state for this die.

        States: ``above`` (larger than the die it started at), ``spent`` (stepped down from),
        ``now`` (the die now), ``left`` (still to come). ``exhausted`` is the last step.
        """
        steps = [f"d{sides}" for sides in USAGE_LADDER] + ["exhausted"]
        start = steps.index(self.start) if self.start in steps else 0
        now = steps.index(self.now) if self.now in steps else start
        out: list[tuple[str, str]] = []
        for i, step in enumerate(steps):
            state = ("above" if i < start else "spent" if i < now else
                     "now" if i == now else "left")
            out.append((step, state))
        return tuple(out)


#: A usage die's event together with its die.
UsageEvent = tuple[ResourceView, ResourceEventView]


def usage_by_session(resources: Iterable[ResourceView]) -> dict[int, tuple[UsageEvent, ...]]:
    """Every usage die's events by the session they happened in, in the dice's order and
    then each die's: a session's page, journal and timeline read their own session's
    events here instead of every die's whole history, which grows with the campaign."""
    out: dict[int, list[UsageEvent]] = {}
    for res in resources:
        for event in res.history:
            out.setdefault(event.session, []).append((res, event))
    return {number: tuple(found) for number, found in out.items()}


@dataclass(frozen=True)
class MemberView:
    """A party member as the players know them: travel facts only, no scores."""

    name: str
    #: speed in feet (None for a member the campaign files do not describe)
    speed: int | None
    #: travel speed in miles per hour (the mount's when riding or driving)
    mph: float | None
    mount: str | None
    mount_loaded: bool
    #: numbers of the sessions the member took part in
    sessions: tuple[int, ...]
    #: in the party of the last session (before any session: the starting party)
    current: bool


@dataclass(frozen=True)
class MomentView:
    """One thing that happened at one time of the in-world timeline.

    ``kind`` for players: ``session_start``, ``session_end``, ``found`` (``locations``),
    ``note`` (``text``). The GM's ``GMMomentView`` adds ``encounter``, ``lost``,
    ``realised``, ``reanchored``, ``resource`` and ``revealed``.
    """

    day: int
    watch: int
    session: int
    kind: str
    locations: tuple[str, ...] = ()
    text: Prose | None = None


@dataclass(frozen=True)
class DayView:
    """One in-game day of the timeline: its sessions, how its watches were spent, and its
    moments in order."""

    day: int
    sessions: tuple[int, ...]
    #: (activity, watches spent on it) in order of first appearance
    activities: tuple[tuple[str, int], ...]
    moments: tuple[MomentView, ...]
    #: days since the previous day of the timeline (0 for the first)
    gap: int


@dataclass(frozen=True)
class PlayerView:
    """Everything the player site may show, and nothing else."""

    site: SiteInfo
    terrains: dict[str, TerrainView]
    hexes: dict[str, HexView]
    paths: tuple[PathView, ...]
    locations: dict[str, LocationView]
    sessions: tuple[SessionView, ...]
    tables: dict[str, TableView]
    now: NowView
    members: tuple[MemberView, ...]
    resources: tuple[ResourceView, ...]
    timeline: tuple[DayView, ...]

    @cached_property
    def usage_events(self) -> Mapping[int, tuple[UsageEvent, ...]]:
        """The usage dice's events by session (``usage_by_session``), found once."""
        return usage_by_session(self.resources)

    def place(self, label: str | None) -> str | None:
        """How a hex is named to players: its name, else label or terrain when allowed."""
        if label is None:
            return None
        info = self.hexes.get(label)
        if info is not None and info.name:
            return info.name
        if self.site.show_labels:
            return label
        return None


# ------------------------------------------------------------------------------------------
# GM extensions


@dataclass(frozen=True)
class GMHexView(HexView):
    gm: Prose | None
    region: str | None
    tables: tuple[str, ...]
    #: watches the party spent here (true track), of which while lost
    visits: int
    lost_watches: int
    #: the players know the hex (``Chronicle.explored``: explored, seen or revealed)
    explored: bool
    #: how they know it, the strongest way (``KNOWN_HOW``: explored, seen, revealed)
    known: str | None = None


@dataclass(frozen=True)
class GMPathView(PathView):
    condition: str
    description: Prose | None
    gm: Prose | None
    labels: tuple[str, ...]


@dataclass(frozen=True)
class GMLocationView(LocationView):
    gm_only: bool
    visibility: str
    visible_from: int
    on: tuple[str, ...]
    tables: tuple[str, ...]
    source: str
    #: the body has GM blocks (shown as ``!!! gm`` admonitions)
    has_secrets: bool


@dataclass(frozen=True)
class GMRowView(RowView):
    gm: Prose | None
    #: what the players are told when the row comes up (``tell:``)
    tell: Prose | None


@dataclass(frozen=True)
class GMTableView(TableView):
    audience: str
    source: str
    #: where the table is used: ("hex", label) / ("region", id) / ("location", id)
    used_by: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class GMWatchView(WatchView):
    record: WatchRecord


@dataclass(frozen=True)
class GMResourceView(ResourceView):
    gm: Prose | None


@dataclass(frozen=True)
class GMMemberView(MemberView):
    """A member's scores (as last declared) and condition after the last session."""

    survival: int | None
    con: int | None
    knowledge_geography: int | None
    knowledge_local: int | None
    stealth: int | None
    perception: int | None
    initiative: int | None
    level: int | None
    notes: Prose | None
    #: navigator of the last session (before any session: of the starting party)
    navigator: bool
    nonlethal: int
    lethal: int
    fatigued: bool
    doomed: bool


@dataclass(frozen=True)
class GMMomentView(MomentView):
    """A timeline moment with what only the GM sees (see ``MomentView`` for the kinds)."""

    hex: str | None = None
    encounter: EncounterRecord | None = None
    #: a usage-die roll: the resource (named in the language where shown: a doom die by its
    #: member) and the event
    resource: ResourceState | None = None
    event: ResourceEventView | None = None
    #: hex labels revealed by the GM
    hexes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExploredState:
    """What the players knew at the end of one session, for the GM's map of that session.

    Computed from the chronicle's watches by ``explored_by_session`` (the replay keeps only
    the final ``Chronicle.explored``).
    """

    #: hex labels explored by the end of the session, and those first explored during it
    explored: frozenset[str]
    new: frozenset[str]
    #: location ids found by the end of the session
    discovered: frozenset[str]
    #: path stretches over the explored hexes (as the players' map draws them)
    paths: tuple[PathView, ...]


@dataclass(frozen=True)
class GMNowView(NowView):
    hex: str
    lost: bool
    veer: int


@dataclass(frozen=True)
class GMSessionView(SessionView):
    gm: Prose | None
    source: str
    true_track: Track
    start_hex: str
    end: TimePoint
    record: SessionRecord
    #: every warning of every watch, in order: (watch index, text)
    warnings: tuple[tuple[int, Text], ...]
    #: the players' knowledge at the end of this session
    state: ExploredState
    #: the GM's remarks (``gm:``) on entries before the first watch
    opening_gm_notes: tuple[Prose, ...]


@dataclass(frozen=True)
class RegionView:
    id: str
    slug: str
    name: str
    description: Prose | None
    gm: Prose | None
    tables: tuple[str, ...]
    #: hex labels in the region, sorted
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class GMView:
    """Everything, for the GM site."""

    site: SiteInfo
    terrains: dict[str, TerrainView]
    hexes: dict[str, GMHexView]
    paths: tuple[GMPathView, ...]
    locations: dict[str, GMLocationView]
    sessions: tuple[GMSessionView, ...]
    tables: dict[str, GMTableView]
    now: GMNowView
    members: tuple[GMMemberView, ...]
    resources: tuple[GMResourceView, ...]
    timeline: tuple[DayView, ...]
    regions: tuple[RegionView, ...]
    #: hex labels the players know, location ids they found
    explored: frozenset[str]
    discovered: frozenset[str]

    @cached_property
    def usage_events(self) -> Mapping[int, tuple[UsageEvent, ...]]:
        """The usage dice's events by session (``usage_by_session``), found once."""
        return usage_by_session(self.resources)

    def place(self, label: str | None) -> str | None:
        """A hex for the GM: label and name."""
        if label is None:
            return None
        info = self.hexes.get(label)
        if info is not None and info.name:
            return f"{label} {info.name}"
        return label
