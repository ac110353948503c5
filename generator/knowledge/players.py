"""The players' view: only what the party knows (see ``generator.knowledge``)."""

from __future__ import annotations

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.markdown import MarkdownRenderer, Prose, default_renderer
from generator.hexgrid import Hex
from generator.knowledge.common import now_view, row_view, site_info, terrain_views, visible_runs
from generator.knowledge.party import member_view, resource_fields, resource_states, roster
from generator.knowledge.sessions import followed, player_session, unresolved_lost_watches
from generator.knowledge.timeline import player_moments, timeline_days
from generator.knowledge.views import (
    HexView,
    LocationView,
    NowView,
    PathView,
    PlayerView,
    ResourceView,
    TableView,
)
from generator.rules.chronicle import Chronicle


def _region_name(campaign: Campaign, h: Hex) -> str | None:
    region = campaign.region_of(h)
    return region.name if region is not None else None


def players_view(campaign: Campaign, chronicle: Chronicle,
                 markdown: MarkdownRenderer | None = None) -> PlayerView:
    """The players' knowledge: see the module docstring for what goes in. Every Markdown
    field is rendered by ``markdown`` for the players: no GM block reaches the view."""
    md = markdown or default_renderer()

    def prose(text: str | None) -> Prose | None:
        return md.prose(text, Audience.PLAYERS)

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
                            if loc.id in visible_locs),
            region_name=_region_name(campaign, info.hex))
    locations = {
        lid: LocationView(
            id=lid, name=loc.name, hex=loc.hex, label=loc.label, tags=loc.tags, icon=loc.icon,
            body=md.prose(loc.body, Audience.PLAYERS) or Prose("", Audience.PLAYERS),
            found_in=chronicle.discovered[lid][0])
        for lid, loc in sorted(visible_locs.items())
    }
    explored_hexes = {v.hex for v in hexes.values()}
    paths: list[PathView] = []
    for path in campaign.paths.values():
        runs, stubs = visible_runs(grid, path.hexes, explored_hexes)
        if runs:
            paths.append(PathView(path.id, path.kind, path.name, runs, stubs))
    player_tables = {tid for tid, t in campaign.tables.items() if t.audience == Audience.PLAYERS}
    visible_ids = set(visible_locs)  # (one set for every row and session: read only)
    tables: dict[str, TableView] = {
        tid: TableView(t.id, t.name, t.roll_dice, prose(t.description),
                       tuple(row_view(t, i, player_tables, visible_ids, prose, gm=False)
                             for i in range(len(t.rows))))
        for tid, t in sorted(campaign.tables.items()) if tid in player_tables
    }
    unresolved = unresolved_lost_watches(chronicle)
    # a path the party followed is named as the players' map names it: one they can see
    names = {p.id: (p.name, p.kind) for p in paths}
    logs = {s.number: s for s in campaign.sessions}
    sessions = tuple(player_session(grid, rec, visible_ids, prose,
                                     unresolved.get(i, set()),
                                     followed(logs.get(rec.session), names))
                     for i, rec in enumerate(chronicle.sessions))
    terrain_ids = {h.terrain for h in hexes.values()}
    now = now_view(campaign, chronicle)
    resources = tuple(ResourceView(**resource_fields(r, chronicle, prose, gm=False))
                      for r in resource_states(chronicle))
    return PlayerView(
        site=site_info(campaign, Audience.PLAYERS, prose),
        terrains=terrain_views(campaign, terrain_ids),
        hexes=hexes,
        paths=tuple(sorted(paths, key=lambda p: p.id)),
        locations=locations,
        sessions=sessions,
        tables=tables,
        now=NowView(now.day, now.watch, now.believed_hex, now.knows_lost, now.last_session),
        members=tuple(member_view(entry) for entry in roster(campaign, chronicle)),
        resources=resources,
        timeline=timeline_days([(s, player_moments(s)) for s in sessions]),
    )
