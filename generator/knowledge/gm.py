"""The GM's view: everything the campaign and the chronicle hold."""

from __future__ import annotations

from generator.audience import Audience
from generator.content.campaign import Campaign, HexInfo, Location
from generator.content.markdown import MarkdownRenderer, Prose, default_renderer
from generator.hexgrid import Hex
from generator.knowledge.common import campaign_path, now_view, row_view, site_info, terrain_views
from generator.knowledge.explored import explored_states
from generator.knowledge.party import gm_member_view, resource_fields, resource_states, roster
from generator.knowledge.sessions import gm_session, unresolved_lost_watches
from generator.knowledge.timeline import gm_moments, timeline_days
from generator.knowledge.views import (
    GMHexView,
    GMLocationView,
    GMPathView,
    GMResourceView,
    GMTableView,
    GMView,
    ProseFn,
    RegionView,
    usage_by_session,
)
from generator.rules.chronicle import Chronicle
from generator.slug import slugify


def gm_view(campaign: Campaign, chronicle: Chronicle,
            markdown: MarkdownRenderer | None = None) -> GMView:
    """Everything the campaign and the chronicle hold, shaped like the players' view (its
    Markdown fields rendered by ``markdown`` with the GM blocks kept)."""
    md = markdown or default_renderer()

    def prose(text: str | None) -> Prose | None:
        return md.prose(text, Audience.GM)

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
        tuple(row_view(t, i, all_tables, all_locations, prose, gm=True)
              for i in range(len(t.rows))),
        t.audience, campaign_path(campaign, t.source), _table_users(campaign, tid))
        for tid, t in sorted(campaign.tables.items())}
    remarks = {s.number: s for s in campaign.sessions}
    states = explored_states(campaign, chronicle)
    unresolved = unresolved_lost_watches(chronicle)
    sessions = tuple(gm_session(campaign, rec, remarks.get(rec.session), state, prose,
                                 unresolved.get(i, set()), all_locations)
                     for i, (rec, state) in enumerate(zip(chronicle.sessions, states,
                                                          strict=True)))
    regions = _regions(campaign, prose)
    resources = tuple(GMResourceView(**resource_fields(r, chronicle, prose), gm=prose(r.gm))
                      for r in resource_states(chronicle))
    usage = usage_by_session(resources)
    return GMView(
        site=site_info(campaign, Audience.GM, prose),
        terrains=terrain_views(campaign, {h.terrain for h in hexes.values()}),
        hexes=hexes,
        paths=paths,
        locations=locations,
        sessions=sessions,
        tables=tables,
        now=now_view(campaign, chronicle),
        members=tuple(gm_member_view(entry, chronicle, prose)
                      for entry in roster(campaign, chronicle)),
        resources=resources,
        timeline=timeline_days([(s, gm_moments(s, usage.get(s.number, ()))) for s in sessions]),
        regions=regions,
        explored=explored,
        discovered=discovered,
    )


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
        locations=location_ids, region_name=region.name if region else None,
        density=info.density, gm=prose(info.gm), region=region.id if region else None,
        tables=info.tables, visits=chronicle.visits.get(info.label, 0),
        lost_watches=chronicle.lost_watches.get(info.label, 0),
        explored=info.label in chronicle.explored, known=chronicle.how_known(info.label))


def _gm_location(campaign: Campaign, loc: Location, chronicle: Chronicle,
                 md: MarkdownRenderer) -> GMLocationView:
    found = chronicle.discovered.get(loc.id)
    return GMLocationView(
        id=loc.id, name=loc.name, hex=loc.hex, label=loc.label, tags=loc.tags, icon=loc.icon,
        body=md.prose(loc.body, Audience.GM) or Prose("", Audience.GM),
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
