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
revealed or re-anchored (``Chronicle.explored``); how, the strongest way, is
``Chronicle.known_how`` (explored, seen, revealed), which the GM's hex key shows
(``GMHexView.known``).

The modules: ``views`` (the shapes of both views), ``players`` and ``gm`` (how each view is
made), ``common``, ``sessions`` and ``party`` (the parts both are made of), ``explored``
(the players' knowledge session by session) and ``timeline`` (the in-world days).
"""

from __future__ import annotations

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.markdown import MarkdownRenderer
from generator.knowledge.common import campaign_path, track
from generator.knowledge.explored import explored_by_session, explored_states
from generator.knowledge.gm import gm_view
from generator.knowledge.players import players_view
from generator.knowledge.sessions import unresolved_lost_watches
from generator.knowledge.views import (
    DayView,
    ExploredState,
    GMHexView,
    GMLocationView,
    GMMemberView,
    GMMomentView,
    GMNowView,
    GMPathView,
    GMResourceView,
    GMRowView,
    GMSessionView,
    GMTableView,
    GMView,
    GMWatchView,
    HexView,
    LocationView,
    MemberView,
    MomentView,
    NowView,
    PathView,
    PlayerView,
    ProseFn,
    RegionView,
    ResourceEventView,
    ResourceView,
    RowView,
    RulingView,
    SessionView,
    SiteInfo,
    TableView,
    TerrainView,
    Track,
    WatchView,
)
from generator.rules.chronicle import Chronicle

#: Either audience's view: what the pages, the maps and the navigation are drawn from.
View = PlayerView | GMView


def view_for(campaign: Campaign, chronicle: Chronicle, audience: Audience,
             markdown: MarkdownRenderer | None = None) -> View:
    """The view of ``audience`` (``players`` or ``gm``)."""
    if audience not in (Audience.PLAYERS, Audience.GM):
        raise ValueError(f"unknown audience '{audience}' (players or gm)")
    if audience == Audience.PLAYERS:
        return players_view(campaign, chronicle, markdown)
    return gm_view(campaign, chronicle, markdown)


__all__ = [
    "DayView",
    "ExploredState",
    "GMHexView",
    "GMLocationView",
    "GMMemberView",
    "GMMomentView",
    "GMNowView",
    "GMPathView",
    "GMResourceView",
    "GMRowView",
    "GMSessionView",
    "GMTableView",
    "GMView",
    "GMWatchView",
    "HexView",
    "LocationView",
    "MemberView",
    "MomentView",
    "NowView",
    "PathView",
    "PlayerView",
    "ProseFn",
    "RegionView",
    "ResourceEventView",
    "ResourceView",
    "RowView",
    "RulingView",
    "SessionView",
    "SiteInfo",
    "TableView",
    "TerrainView",
    "View",
    "Track",
    "WatchView",
    "campaign_path",
    "explored_by_session",
    "explored_states",
    "gm_view",
    "players_view",
    "track",
    "unresolved_lost_watches",
    "view_for",
]
