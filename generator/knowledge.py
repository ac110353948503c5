"""What each audience may see, computed before anything is rendered.

The players' view is built from the Campaign and the Chronicle by *copying in* only what the
party knows: discovered locations (never ``gm_only`` ones, their bodies without GM blocks),
explored hexes with their terrain and player-facing name and description, the believed track,
the session chronicle, tables with ``audience: players`` and the stretches of paths that
cross explored hexes. The player types below have no field that could hold a GM secret
(``gm``, true track, rolls, encounters), and the player templates receive only a
``PlayerView``, so a template mistake cannot leak what the view never held.

The GM view holds everything: the same shapes extended with the GM fields (``GM*`` classes),
plus the true track, every roll and the regions.

Both views carry the party (players: each member's travel facts; GM: scores and condition
too), every usage and doom die with its history, and the in-world timeline (``DayView``):
the players' is built from their own session views only, so it can tell nothing their
session pages do not; the GM's adds encounters, getting lost and re-anchoring, reveals and
dice rolls. Each GM session carries ``ExploredState``, what the players knew at its end
(``explored_by_session``), for the GM's map of that session.

Rules behind the split: seed 000 ("Hex Tracking", "Getting Lost"): the players know where they
*believe* they are, not where they are; a hex is theirs once entered while not lost, seen,
revealed or re-anchored (``Chronicle.explored``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from generator import collector
from generator.chronicle import (
    Chronicle,
    EncounterRecord,
    ResourceEvent,
    ResourceState,
    SessionRecord,
    TimePoint,
    WatchRecord,
)
from generator.content.campaign import Campaign, HexInfo, Location, Session, Table
from generator.content.markdown import MarkdownRenderer, Prose, default_renderer
from generator.content.models import Member
from generator.content.symbols import SymbolArt
from generator.hexgrid import Grid, Hex, distance
from generator.rules.resources import LADDER as USAGE_LADDER
from generator.rules.tables import MOUNTS, TERRAIN, WATCHES_PER_DAY
from generator.slug import slugify

Audience = Literal["players", "gm"]
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
        return self.audience == "gm"


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

    def place(self, label: str | None) -> str | None:
        """How a hex is named to players: its name, else label or terrain when allowed."""
        return _place(self, label)


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
    explored: bool


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
    #: a usage-die roll: the resource's name and the event
    resource: str | None = None
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
    warnings: tuple[tuple[int, str], ...]
    #: the players' knowledge at the end of this session
    state: ExploredState


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

    def place(self, label: str | None) -> str | None:
        """A hex for the GM: label and name."""
        if label is None:
            return None
        info = self.hexes.get(label)
        if info is not None and info.name:
            return f"{label} {info.name}"
        return label


# ------------------------------------------------------------------------------------------
# building


def players_view(campaign: Campaign, chronicle: Chronicle,
                 markdown: MarkdownRenderer | None = None) -> PlayerView:
    """The players' knowledge: see the module docstring for what goes in. Every Markdown
    field is rendered by ``markdown`` for the players: no GM block reaches the view."""
    md = markdown or default_renderer()

    def prose(text: str | None) -> Prose | None:
        return md.prose(text, "players")

    grid = campaign.grid
    visible_locs = {
        lid: loc for lid, loc in campaign.locations.items()
        if lid in chronicle.discovered and not loc.gm_only
    }
    explored = {label for label in chronicle.explored
                if grid.is_label(label) and grid.on_map(grid.parse(label))}
    hexes: dict[str, HexView] = {}
    for label in sorted(explored):
        info = campaign.hex_info(grid.parse(label))
        if info is None:
            continue
        hexes[label] = HexView(
            label=label, hex=info.hex, terrain=info.terrain, density=info.density,
            name=info.name,
            description=prose(info.description),
            locations=tuple(loc.id for loc in campaign.locations_in(info.hex)
                            if loc.id in visible_locs))
    locations = {
        lid: LocationView(
            id=lid, name=loc.name, hex=loc.hex, label=loc.label, tags=loc.tags, icon=loc.icon,
            body=md.prose(loc.body, "players") or Prose("", "players"),
            found_in=chronicle.discovered[lid][0])
        for lid, loc in sorted(visible_locs.items())
    }
    explored_hexes = {v.hex for v in hexes.values()}
    paths: list[PathView] = []
    for path in campaign.paths.values():
        runs, stubs = _visible_runs(grid, path.hexes, explored_hexes)
        if runs:
            paths.append(PathView(path.id, path.kind, path.name, runs, stubs))
    player_tables = {tid for tid, t in campaign.tables.items() if t.audience == "players"}
    visible_ids = set(visible_locs)  # (one set for every row and session: read only)
    tables: dict[str, TableView] = {
        tid: TableView(t.id, t.name, t.roll_dice, prose(t.description),
                       tuple(_row(t, i, player_tables, visible_ids, prose, gm=False)
                             for i in range(len(t.rows))))
        for tid, t in sorted(campaign.tables.items()) if tid in player_tables
    }
    unresolved = unresolved_lost_watches(chronicle)
    sessions = tuple(_player_session(grid, rec, visible_ids, prose,
                                     unresolved.get(i, set()))
                     for i, rec in enumerate(chronicle.sessions))
    terrain_ids = {h.terrain for h in hexes.values()}
    now = _now(campaign, chronicle)
    resources = tuple(ResourceView(**_resource_fields(r, chronicle, prose))
                      for r in _resources(chronicle))
    return PlayerView(
        site=_site(campaign, "players", prose),
        terrains=_terrains(campaign, terrain_ids),
        hexes=hexes,
        paths=tuple(sorted(paths, key=lambda p: p.id)),
        locations=locations,
        sessions=sessions,
        tables=tables,
        now=NowView(now.day, now.watch, now.believed_hex, now.knows_lost, now.last_session),
        members=tuple(_member(entry) for entry in _roster(campaign, chronicle)),
        resources=resources,
        timeline=_timeline([(s, _player_moments(s)) for s in sessions]),
    )


def gm_view(campaign: Campaign, chronicle: Chronicle,
            markdown: MarkdownRenderer | None = None) -> GMView:
    """Everything the campaign and the chronicle hold, shaped like the players' view (its
    Markdown fields rendered by ``markdown`` with the GM blocks kept)."""
    md = markdown or default_renderer()

    def prose(text: str | None) -> Prose | None:
        return md.prose(text, "gm")

    grid = campaign.grid
    discovered = frozenset(chronicle.discovered)
    explored = frozenset(chronicle.explored)
    hexes: dict[str, GMHexView] = {}
    by_hex = _location_ids_by_hex(campaign)
    for h in grid.all_hexes():  # already in label order (Grid.all_hexes)
        info = campaign.hex_info(h)
        if info is None:
            continue
        hexes[info.label] = _gm_hex(campaign, chronicle, info, prose,
                                    by_hex.get(h, ()))
    locations = {lid: _gm_location(campaign, loc, chronicle, md)
                 for lid, loc in sorted(campaign.locations.items())}
    paths = tuple(
        GMPathView(p.id, p.kind, p.name, (p.hexes,), (), p.condition, prose(p.description),
                   prose(p.gm), p.labels)
        for p in sorted(campaign.paths.values(), key=lambda p: p.id))
    all_tables = set(campaign.tables)
    all_locations = set(campaign.locations)  # (one set for every row and session: read only)
    tables = {tid: GMTableView(
        t.id, t.name, t.roll_dice, prose(t.description),
        tuple(_row(t, i, all_tables, all_locations, prose, gm=True)
              for i in range(len(t.rows))),
        t.audience, campaign_path(campaign, t.source), _table_users(campaign, tid))
        for tid, t in sorted(campaign.tables.items())}
    remarks = {s.number: s for s in campaign.sessions}
    states = explored_states(campaign, chronicle)
    unresolved = unresolved_lost_watches(chronicle)
    sessions = tuple(_gm_session(campaign, rec, remarks.get(rec.session), state, prose,
                                 unresolved.get(i, set()), all_locations)
                     for i, (rec, state) in enumerate(zip(chronicle.sessions, states,
                                                          strict=True)))
    regions = _regions(campaign, prose)
    resources = tuple(GMResourceView(**_resource_fields(r, chronicle, prose), gm=prose(r.gm))
                      for r in _resources(chronicle))
    return GMView(
        site=_site(campaign, "gm", prose),
        terrains=_terrains(campaign, {h.terrain for h in hexes.values()}),
        hexes=hexes,
        paths=paths,
        locations=locations,
        sessions=sessions,
        tables=tables,
        now=_now(campaign, chronicle),
        members=tuple(_gm_member(entry, chronicle, prose)
                      for entry in _roster(campaign, chronicle)),
        resources=resources,
        timeline=_timeline([(s, _gm_moments(s, resources)) for s in sessions]),
        regions=regions,
        explored=explored,
        discovered=discovered,
    )


def view_for(campaign: Campaign, chronicle: Chronicle, audience: Audience,
             markdown: MarkdownRenderer | None = None) -> PlayerView | GMView:
    """The view of ``audience``, built with the cycle collector paused: Markdown rendering
    makes many short-lived objects, and each collection they trigger walks the campaign and
    the chronicle too (a sixth of the time of both views on a 100x100 campaign)."""
    if audience not in ("players", "gm"):
        raise ValueError(f"unknown audience '{audience}' (players or gm)")
    with collector.paused():
        if audience == "players":
            return players_view(campaign, chronicle, markdown)
        return gm_view(campaign, chronicle, markdown)


# ------------------------------------------------------------------------------------------
# helpers


def _site(campaign: Campaign, audience: Audience, prose: ProseFn) -> SiteInfo:
    gm = audience == "gm"
    return SiteInfo(
        name=campaign.name, description=prose(campaign.description),
        language=campaign.language,
        audience=audience, grid=campaign.grid, hex_miles=campaign.hex_miles,
        show_labels=gm or campaign.map.player_labels,
        show_grid=gm or campaign.map.player_grid,
        show_names=campaign.map.labels == "names")


def _terrains(campaign: Campaign, ids: Iterable[str]) -> dict[str, TerrainView]:
    out: dict[str, TerrainView] = {}
    for tid in sorted(set(ids)):
        rule = campaign.terrain.get(tid)
        if rule is None:
            continue
        builtin = TERRAIN.get(tid)
        out[tid] = TerrainView(tid, rule.name, rule.color,
                               builtin is not None and builtin.name == rule.name,
                               campaign.terrain_symbol(tid), campaign.symbols.get(tid))
    return out


def _visible_runs(grid: Grid, hexes: Sequence[Hex], visible: set[Hex],
                  ) -> tuple[tuple[tuple[Hex, ...], ...], tuple[tuple[Hex, str], ...]]:
    """Runs of consecutive visible path hexes, and stubs where the path leaves them."""
    runs: list[tuple[Hex, ...]] = []
    stubs: list[tuple[Hex, str]] = []
    current: list[Hex] = []
    for i, h in enumerate(hexes):
        if h in visible:
            current.append(h)
            for j in (i - 1, i + 1):
                if 0 <= j < len(hexes) and hexes[j] not in visible:
                    face = grid.face_between(h, hexes[j])
                    if face is not None:
                        stubs.append((h, face))
        elif current:
            runs.append(tuple(current))
            current = []
    if current:
        runs.append(tuple(current))
    return tuple(runs), tuple(stubs)


def _row(table: Table, i: int, visible_tables: set[str], visible_locations: set[str],
         prose: ProseFn, gm: bool) -> RowView:
    row = table.rows[i]
    low, high = table.ranges[i] if i < len(table.ranges) else (0, 0)
    sub = row.table if row.table in visible_tables else None
    loc = row.location if row.location in visible_locations else None
    result = prose(row.result) or prose("")
    assert result is not None
    if gm:
        return GMRowView(low, high, result, sub, row.distance, row.reaction, loc,
                         prose(row.gm))
    return RowView(low, high, result, sub, row.distance, row.reaction, loc)


def _table_users(campaign: Campaign, tid: str) -> tuple[tuple[str, str], ...]:
    users: list[tuple[str, str]] = []
    if tid in campaign.encounter_tables:
        users.append(("campaign", ""))
    users += [("region", r.id) for r in campaign.regions.values() if tid in r.tables]
    users += [("hex", info.label) for info in sorted(campaign.hexes.values(),
                                                     key=lambda i: i.label)
              if tid in info.tables]
    users += [("location", loc.id) for loc in sorted(campaign.locations.values(),
                                                     key=lambda loc: loc.id)
              if tid in loc.tables]
    return tuple(users)


def _session_slug(rec: SessionRecord) -> str:
    return f"{rec.session:02d}-{slugify(rec.title, fallback='session')}"


def _elapsed(start: TimePoint, end: TimePoint) -> int:
    return (end.day - start.day) * WATCHES_PER_DAY + (end.watch - start.watch)


def _valid(grid: Grid, label: str | None) -> Hex | None:
    """The hex of ``label`` when it is a label on the map, else None (remembered per grid:
    the tracks of every session test the same few hundred labels again and again)."""
    if label is None:
        return None
    return _valid_label(grid, label)


@lru_cache(maxsize=1 << 16)
def _valid_label(grid: Grid, label: str) -> Hex | None:
    if not grid.is_label(label):
        return None
    h = grid.parse(label)
    return h if grid.on_map(h) else None


def track(grid: Grid, legs: Iterable[Sequence[str | None]]) -> Track:
    """Polylines through the hexes of consecutive legs (one leg per watch: start + entered).

    A None (unknown position) or a jump between hexes that are not neighbours breaks the
    line; repeated hexes are drawn once.
    """
    lines: list[tuple[Hex, ...]] = []
    current: list[Hex] = []

    def flush() -> None:
        if current:
            lines.append(tuple(current))
            current.clear()

    for leg in legs:
        for label in leg:
            h = _valid(grid, label)
            if h is None:
                flush()
                continue
            if current and current[-1] == h:
                continue
            if current and distance(current[-1], h) != 1:
                flush()
            current.append(h)
    flush()
    return tuple(lines)


def _believed_legs(rec: SessionRecord) -> list[list[str | None]]:
    legs: list[list[str | None]] = [[rec.start.believed_hex]]
    for w in rec.watches:
        legs.append([w.believed_start_hex, *w.believed_hexes_entered])
    return legs


def _player_watch(w: WatchRecord, visible: set[str], notes: tuple[Prose, ...],
                  revealed: tuple[str, ...]) -> WatchView:
    return WatchView(
        index=w.index, day=w.day, watch=w.watch, activity=w.activity,
        heading=w.intended_face if w.activity == "travel" else None,
        believed_start=w.believed_start_hex,
        believed_entered=tuple(w.believed_hexes_entered),
        believed_end=w.believed_hex, knows_lost=w.knows_lost,
        found=tuple(lid for lid in w.discovered if lid in visible), notes=notes,
        revealed=revealed)


def _notes_by_watch(rec: SessionRecord, prose: ProseFn) -> dict[int, tuple[Prose, ...]]:
    out: dict[int, list[Prose]] = {}
    for index, text in rec.notes:
        note = prose(text)
        if note is not None:
            out.setdefault(index, []).append(note)
    return {k: tuple(v) for k, v in out.items()}


def _revealed_finds(rec: SessionRecord, visible: set[str]) -> list[tuple[str, ...]]:
    """Per watch, the visible locations first found through a GM reveal after it."""
    found_by_watches = {lid for w in rec.watches for lid in w.discovered}
    new = set(rec.discovered) - found_by_watches
    out: list[tuple[str, ...]] = []
    for w in rec.watches:
        ids = tuple(dict.fromkeys(i for i in w.revealed if i in new and i in visible))
        new -= set(ids)
        out.append(ids)
    return out


def unresolved_lost_watches(chronicle: Chronicle) -> dict[int, set[int]]:
    """The watches walked while lost that the party has not yet accounted for, by session
    position: it is still lost at the end of the chronicle. A lost stretch is accounted for
    once a later watch ends with the party no longer lost (it re-anchored) or a session
    starts it afresh, as ``explored_by_session`` counts it explored (seed 000, "Getting
    Lost")."""
    pending: list[tuple[int, int]] = []
    for pos, rec in enumerate(chronicle.sessions):
        if not rec.start.lost:
            pending.clear()
        for i, w in enumerate(rec.watches):
            if w.lost:
                pending.append((pos, i))
            else:
                pending.clear()
    out: dict[int, set[int]] = {}
    for pos, i in pending:
        out.setdefault(pos, set()).add(i)
    return out


def _known_legs(rec: SessionRecord, unresolved: set[int]) -> list[list[str | None]]:
    """The legs of ``known_track``: true, but for the watches still unaccounted for."""
    start_unknown = rec.start.lost and 0 in unresolved
    legs: list[list[str | None]] = [[rec.start.believed_hex if start_unknown
                                     else rec.start.hex]]
    for i, w in enumerate(rec.watches):
        if i in unresolved:
            legs.append([w.believed_start_hex, *w.believed_hexes_entered])
        else:
            legs.append([w.start_hex, *w.hexes_entered])
    return legs


def _player_session(grid: Grid, rec: SessionRecord, visible: set[str],
                    prose: ProseFn, unresolved: set[int]) -> SessionView:
    notes = _notes_by_watch(rec, prose)
    watches = tuple(_player_watch(w, visible, notes.get(w.index, ()), revealed)
                    for w, revealed in zip(rec.watches, _revealed_finds(rec, visible),
                                           strict=True))
    return SessionView(
        number=rec.session, slug=_session_slug(rec), title=rec.title, date=rec.date,
        summary=prose(rec.summary),
        members=tuple(rec.members), start_day=rec.start.day, start_watch=rec.start.watch,
        end_day=rec.end.day, end_watch=rec.end.watch,
        elapsed_watches=_elapsed(rec.start, rec.end),
        miles=float(sum((w.believed_miles for w in rec.watches), start=0)),
        found=tuple(lid for lid in rec.discovered if lid in visible),
        opening_notes=notes.get(-1, ()), watches=watches,
        believed_track=track(grid, _believed_legs(rec)),
        believed_start=rec.start.believed_hex,
        believed_end=rec.end.believed_hex, end_knows_lost=rec.end.knows_lost,
        known_track=track(grid, _known_legs(rec, unresolved)))


def _gm_session(campaign: Campaign, rec: SessionRecord, session: Session | None,
                state: ExploredState, prose: ProseFn, unresolved: set[int],
                all_locations: set[str]) -> GMSessionView:
    """The players' session with every location visible (``all_locations``: the ids of
    every location of the campaign), true miles, and the GM extras."""
    grid = campaign.grid
    base = dict(_player_session(grid, rec, all_locations, prose,
                                unresolved).__dict__)
    base["watches"] = tuple(GMWatchView(**watch.__dict__, record=record)
                            for watch, record in zip(base["watches"], rec.watches,
                                                     strict=True))
    base["miles"] = float(sum((w.miles for w in rec.watches), start=0))
    true_legs: list[list[str | None]] = [[rec.start.hex]]
    true_legs += [[w.start_hex, *w.hexes_entered] for w in rec.watches]
    return GMSessionView(
        **base, gm=prose(session.gm) if session is not None else None,
        source=campaign_path(campaign, rec.source),
        true_track=track(grid, true_legs), start_hex=rec.start.hex, end=rec.end, record=rec,
        warnings=tuple((w.index, text) for w in rec.watches for text in w.warnings),
        state=state)


def campaign_path(campaign: Campaign, source: str) -> str:
    """A content file's path as the GM site shows it: inside the campaign folder, with ``/``
    (``sessions/01-road.yaml``), the same wherever the build ran (the loader's paths are
    relative to the working directory, for compiler-style messages)."""
    if not source:
        return source
    try:
        rel = os.path.relpath(source, campaign.root)
    except ValueError:  # another drive on Windows
        return source
    return source if rel.startswith("..") else Path(rel).as_posix()


def _location_ids_by_hex(campaign: Campaign) -> dict[Hex, tuple[str, ...]]:
    """Location ids per hex, sorted (``Campaign.locations_in`` for every hex at once)."""
    out: dict[Hex, list[str]] = {}
    for loc in sorted(campaign.locations.values(), key=lambda loc: loc.id):
        out.setdefault(loc.hex, []).append(loc.id)
    return {h: tuple(ids) for h, ids in out.items()}


def _gm_hex(campaign: Campaign, chronicle: Chronicle, info: HexInfo,
            prose: ProseFn, location_ids: tuple[str, ...]) -> GMHexView:
    region = campaign.region_of(info.hex)
    return GMHexView(
        label=info.label, hex=info.hex, terrain=info.terrain, name=info.name,
        description=prose(info.description),
        locations=location_ids,
        density=info.density, gm=prose(info.gm), region=region.id if region else None,
        tables=info.tables, visits=chronicle.visits.get(info.label, 0),
        lost_watches=chronicle.lost_watches.get(info.label, 0),
        explored=info.label in chronicle.explored)


def _gm_location(campaign: Campaign, loc: Location, chronicle: Chronicle,
                 md: MarkdownRenderer) -> GMLocationView:
    found = chronicle.discovered.get(loc.id)
    return GMLocationView(
        id=loc.id, name=loc.name, hex=loc.hex, label=loc.label, tags=loc.tags, icon=loc.icon,
        body=md.prose(loc.body, "gm") or Prose("", "gm"),
        found_in=found[0] if found else None, gm_only=loc.gm_only,
        visibility=loc.visibility, visible_from=loc.visible_from, on=loc.on,
        tables=loc.tables, source=campaign_path(campaign, loc.source),
        has_secrets=md.has_gm(loc.body))


def _regions(campaign: Campaign, prose: ProseFn) -> tuple[RegionView, ...]:
    grid = campaign.grid
    members: dict[str | None, list[str]] = {}
    for h in grid.all_hexes():
        if campaign.hex_info(h) is None:
            continue
        region = campaign.region_of(h)
        members.setdefault(region.id if region else None, []).append(grid.label(h))
    used: set[str] = set()
    out: list[RegionView] = []
    for region in sorted(campaign.regions.values(), key=lambda r: r.name.casefold()):
        slug = _unique(slugify(region.name, fallback=slugify(region.id)), used)
        out.append(RegionView(region.id, slug, region.name, prose(region.description),
                              prose(region.gm), region.tables,
                              tuple(sorted(members.get(region.id, [])))))
    rest = members.get(None, [])
    if rest:
        out.append(RegionView("", _unique("other", used), "", None, None, (),
                              tuple(sorted(rest))))
    return tuple(out)


def _unique(slug: str, used: set[str]) -> str:
    candidate, n = slug, 2
    while candidate in used or candidate == "index":
        candidate = f"{slug}-{n}"
        n += 1
    used.add(candidate)
    return candidate


@dataclass(frozen=True)
class _RosterEntry:
    name: str
    spec: Member | None
    sessions: tuple[int, ...]
    current: bool
    navigator: bool


def _roster(campaign: Campaign, chronicle: Chronicle) -> list[_RosterEntry]:
    """Every member the campaign or the chronicle names, in order of first appearance, with
    the latest declaration of them up to the last replayed session (campaign.yaml or a
    session's full entry), the sessions they played, and the last party and navigator."""
    party = campaign.party
    specs: dict[str, Member] = {m.name: m for m in party.members}
    order: dict[str, None] = dict.fromkeys(specs)
    played: dict[str, list[int]] = {}
    navigator = party.navigator if party.navigator in specs else party.members[0].name
    current = list(specs)
    logs = {s.number: s for s in campaign.sessions}
    for rec in chronicle.sessions:
        session = logs.get(rec.session)
        for who in (session.party.members or []) if session is not None else []:
            if not isinstance(who, str):
                specs[who.name] = who
                order.setdefault(who.name)
        current = list(rec.members)
        for name in rec.members:
            order.setdefault(name)
            played.setdefault(name, []).append(rec.session)
        wanted = session.party.navigator if session is not None else None
        if wanted and wanted in specs:
            navigator = wanted
        elif navigator not in current and current:
            navigator = current[0]
    for name in chronicle.members:
        order.setdefault(name)
    return [_RosterEntry(name, specs.get(name), tuple(played.get(name, ())), name in current,
                         name == navigator) for name in order]


def _mph(spec: Member) -> float:
    if spec.mount and spec.mount in MOUNTS:
        unloaded, loaded = MOUNTS[spec.mount]
        return float(loaded if spec.mount_loaded else unloaded)
    return spec.speed / 10


def _member(entry: _RosterEntry) -> MemberView:
    spec = entry.spec
    return MemberView(
        name=entry.name, speed=spec.speed if spec else None,
        mph=_mph(spec) if spec else None, mount=spec.mount if spec else None,
        mount_loaded=spec.mount_loaded if spec else False, sessions=entry.sessions,
        current=entry.current)


def _gm_member(entry: _RosterEntry, chronicle: Chronicle, prose: ProseFn) -> GMMemberView:
    spec = entry.spec
    state = chronicle.members.get(entry.name)
    return GMMemberView(
        **_member(entry).__dict__,
        survival=spec.survival if spec else None, con=spec.con if spec else None,
        knowledge_geography=spec.knowledge_geography if spec else None,
        knowledge_local=spec.knowledge_local if spec else None,
        stealth=spec.stealth if spec else None, perception=spec.perception if spec else None,
        initiative=spec.initiative if spec else None, level=spec.level if spec else None,
        notes=prose(spec.notes) if spec else None, navigator=entry.navigator,
        nonlethal=state.nonlethal if state else 0, lethal=state.lethal if state else 0,
        fatigued=state.fatigued if state else False, doomed=state.doomed if state else False)


def _resources(chronicle: Chronicle) -> list[ResourceState]:
    return sorted(chronicle.resources.values(), key=lambda r: (r.doom, r.name.casefold()))


def _resource_fields(r: ResourceState, chronicle: Chronicle, prose: ProseFn) -> dict[str, Any]:
    return {
        "id": r.id, "name": r.name, "owner": r.owner, "description": prose(r.description),
        "start": r.start, "now": r.now, "doom": r.doom,
        "history": tuple(ResourceEventView(_event_session(chronicle, r, e), e.watch, e.day,
                                           e.by, e.roll, e.before, e.after, e.reason,
                                           prose(e.note))
                         for e in r.history),
    }


def _event_session(chronicle: Chronicle, r: ResourceState, e: ResourceEvent) -> int:
    """The session a usage-die event belongs to.

    The replay records a doom roll forced by a critical failure under the number of the last
    *finished* session (0 during the first one); the watch holding that roll tells the real
    session. Every other event, and a correctly numbered one, keeps its number.
    """
    if e.reason != "doom":
        return e.session
    holders: list[int] = []
    for rec in chronicle.sessions:
        if 0 <= e.watch < len(rec.watches):
            w = rec.watches[e.watch]
            if w.day == e.day and any(roll.purpose == "doom" and roll.natural == e.roll
                                      and roll.detail == r.name for roll in w.rolls):
                holders.append(rec.session)
    if not holders or e.session in holders:
        return e.session
    later = [n for n in holders if n > e.session]
    return later[0] if later else holders[0]


def _now(campaign: Campaign, chronicle: Chronicle) -> GMNowView:
    if chronicle.sessions:
        last = chronicle.sessions[-1]
        end = last.end
        return GMNowView(end.day, end.watch, end.believed_hex, end.knows_lost, last.session,
                         end.hex, end.lost, end.veer)
    party = campaign.party
    return GMNowView(party.start_time.day, party.start_time.watch, party.start, False, None,
                     party.start, False, 0)


def _place(view: PlayerView, label: str | None) -> str | None:
    if label is None:
        return None
    info = view.hexes.get(label)
    if info is not None and info.name:
        return info.name
    if view.site.show_labels:
        return label
    return None


# ------------------------------------------------------------------------------------------
# the players' knowledge session by session (the GM's map of each session)


def explored_by_session(campaign: Campaign, chronicle: Chronicle) -> list[frozenset[str]]:
    """The hex labels the players knew at the end of each session of the chronicle.

    The replay keeps only the final set (``Chronicle.explored``); its growth is re-derived
    here from the watches by the replay's rules (seed 000, "Getting Lost"): the start hex; a
    hex entered, or the hex of a location found, while not lost; a revealed hex or location.
    What the party crosses or finds while lost waits until a watch ends with the party no
    longer lost (it re-anchored) or a session starts it afresh.

    The last set is exactly the chronicle's: a hex the walk never explores counts from the
    session it was first touched (the first session if never), and a hex the chronicle does
    not hold is left out, so the session maps always agree with the overview.
    """
    locations = campaign.locations
    first: dict[str, int] = {}
    touched: dict[str, int] = {}
    pending: list[str] = []

    def explore(labels: Iterable[str], pos: int) -> None:
        for label in labels:
            first.setdefault(label, pos)
            touched.setdefault(label, pos)

    def wait(labels: Iterable[str], pos: int) -> None:
        for label in labels:
            touched.setdefault(label, pos)
            pending.append(label)

    def flush(pos: int) -> None:
        explore(pending, pos)
        pending.clear()

    def labels_of(ids: Iterable[str]) -> list[str]:
        return [locations[i].label for i in ids if i in locations]

    explore([campaign.party.start], 0)
    for pos, rec in enumerate(chronicle.sessions):
        if not rec.start.lost:
            flush(pos)
            explore([rec.start.hex], pos)
        found_in_watches: set[str] = set()
        for w in rec.watches:
            found_in_watches.update(w.discovered)
            reached = [*w.hexes_entered, *labels_of(w.discovered)]
            if w.lost:
                wait(reached, pos)
            else:
                flush(pos)
                explore([*reached, w.end_hex], pos)
            for ident in w.revealed:
                if ident in locations:
                    found_in_watches.add(ident)
                    explore([locations[ident].label], pos)
                else:
                    explore([ident], pos)
        explore(rec.revealed_hexes, pos)
        explore(labels_of(lid for lid in rec.discovered if lid not in found_in_watches), pos)

    grid = campaign.grid
    final = {label for label in chronicle.explored if _valid(grid, label) is not None}
    by_session: dict[int, set[str]] = {}
    for label in final:
        by_session.setdefault(first.get(label, touched.get(label, 0)), set()).add(label)
    out: list[frozenset[str]] = []
    known: set[str] = set()
    for pos in range(len(chronicle.sessions)):
        known |= by_session.get(pos, set())
        out.append(frozenset(known))
    return out


def explored_states(campaign: Campaign, chronicle: Chronicle) -> list[ExploredState]:
    """``explored_by_session`` with the locations found and the paths drawn at each end."""
    grid = campaign.grid
    out: list[ExploredState] = []
    before: frozenset[str] = frozenset()
    for rec, explored in zip(chronicle.sessions, explored_by_session(campaign, chronicle),
                             strict=True):
        hexes = {grid.parse(label) for label in explored}
        paths: list[PathView] = []
        for path in sorted(campaign.paths.values(), key=lambda p: p.id):
            runs, stubs = _visible_runs(grid, path.hexes, hexes)
            if runs:
                paths.append(PathView(path.id, path.kind, path.name, runs, stubs))
        discovered = frozenset(lid for lid, (number, _) in chronicle.discovered.items()
                               if number <= rec.session and lid in campaign.locations)
        out.append(ExploredState(explored, explored - before, discovered, tuple(paths)))
        before = explored
    return out


# ------------------------------------------------------------------------------------------
# the in-world timeline

#: A moment's place in its session: (watch index, 0 start / 1 during / 2 after / 3 end).
_Order = tuple[int, int]


def _slot_after(s: SessionView, index: int) -> tuple[int, int]:
    """The day and watch right after watch ``index`` of a session (-1: its start)."""
    if index < 0:
        return s.start_day, s.start_watch
    if index + 1 < len(s.watches):
        nxt = s.watches[index + 1]
        return nxt.day, nxt.watch
    return s.end_day, s.end_watch


def _player_moments(s: SessionView) -> list[tuple[_Order, MomentView]]:
    """What the players' own session view tells: the session, finds and notes."""
    out: list[tuple[_Order, MomentView]] = []

    def add(order: _Order, when: tuple[int, int], kind: str, **more: Any) -> None:
        out.append((order, MomentView(when[0], when[1], s.number, kind, **more)))

    add((-1, 0), (s.start_day, s.start_watch), "session_start")
    placed = {lid for w in s.watches for lid in (*w.found, *w.revealed)}
    early = tuple(lid for lid in s.found if lid not in placed)   # revealed before watch 1
    if early:
        add((-1, 2), _slot_after(s, -1), "found", locations=early)
    for note in s.opening_notes:
        add((-1, 2), _slot_after(s, -1), "note", text=note)
    for i, w in enumerate(s.watches):
        if w.found:
            add((i, 1), (w.day, w.watch), "found", locations=w.found)
        if w.revealed:
            add((i, 2), _slot_after(s, i), "found", locations=w.revealed)
        for note in w.notes:
            add((i, 2), _slot_after(s, i), "note", text=note)
    add((len(s.watches), 3), (s.end_day, s.end_watch), "session_end")
    return out


def _gm_moments(s: GMSessionView, resources: Sequence[ResourceView],
                ) -> list[tuple[_Order, MomentView]]:
    """The players' moments plus encounters, getting lost and found, reveals, dice rolls."""
    out = _player_moments(s)
    position = {w.index: i for i, w in enumerate(s.watches)}

    def add(order: _Order, when: tuple[int, int], kind: str, **more: Any) -> None:
        out.append((order, GMMomentView(when[0], when[1], s.number, kind, **more)))

    lost, knows = s.record.start.lost, s.record.start.knows_lost
    revealed_hexes = set(s.record.revealed_hexes)
    in_watches: set[str] = set()
    for i, r in enumerate(s.record.watches):
        when = (r.day, r.watch)
        if lost and not r.lost:
            add((i, 1), when, "reanchored", hex=r.end_hex)
        elif r.lost and (not lost or (knows and not r.knows_lost)):
            add((i, 1), when, "lost", hex=r.end_hex)
        if r.lost and r.knows_lost and not (lost and knows):
            add((i, 1), when, "realised", hex=r.end_hex)
        lost, knows = r.lost, r.knows_lost
        for enc in r.encounters:
            add((i, 1), when, "encounter", hex=enc.hex, encounter=enc,
                locations=(enc.location,) if enc.location else ())
        hexes = tuple(dict.fromkeys(x for x in r.revealed if x in revealed_hexes))
        in_watches.update(hexes)
        if hexes:
            add((i, 2), _slot_after(s, i), "revealed", hexes=hexes)
    early = tuple(dict.fromkeys(x for x in s.record.revealed_hexes if x not in in_watches))
    if early:
        add((-1, 2), _slot_after(s, -1), "revealed", hexes=early)
    for res in resources:
        for ev in res.history:
            if ev.session != s.number or ev.reason == "declared":
                continue
            i = position.get(ev.watch, -1)
            if ev.reason in ("use", "tempting fate") or i < 0:
                add((i, 2), _slot_after(s, i), "resource", resource=res.name, event=ev)
            else:
                w = s.watches[i]
                add((i, 1), (w.day, w.watch), "resource", resource=res.name, event=ev)
    return out


def _timeline(sessions: Sequence[tuple[SessionView, list[tuple[_Order, MomentView]]]],
              ) -> tuple[DayView, ...]:
    """Days in order, each with its sessions, activities and moments (in play order)."""
    moments: dict[int, list[tuple[int, _Order, int, MomentView]]] = {}
    activities: dict[int, dict[str, int]] = {}
    played: dict[int, dict[int, None]] = {}
    for pos, (s, items) in enumerate(sessions):
        for w in s.watches:
            counts = activities.setdefault(w.day, {})
            counts[w.activity] = counts.get(w.activity, 0) + 1
            played.setdefault(w.day, {})[s.number] = None
        for n, (order, moment) in enumerate(items):
            moments.setdefault(moment.day, []).append((pos, order, n, moment))
            played.setdefault(moment.day, {})[s.number] = None
    days: list[DayView] = []
    previous: int | None = None
    for day in sorted(played):
        ordered = sorted(moments.get(day, []), key=lambda item: item[:3])
        days.append(DayView(
            day=day, sessions=tuple(played[day]),
            activities=tuple(activities.get(day, {}).items()),
            moments=tuple(item[3] for item in ordered),
            gap=0 if previous is None else day - previous))
        previous = day
    return tuple(days)
