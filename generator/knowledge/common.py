"""Parts both views are made of: the site's facts, the terrains shown, paths cut to the hexes
the audience knows, table rows, tracks drawn through hexes, where the party is now.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from generator.audience import Audience
from generator.content.campaign import Campaign, Table
from generator.hexgrid import Grid, Hex, distance
from generator.knowledge.views import (
    GMNowView,
    GMRowView,
    ProseFn,
    RowView,
    SiteInfo,
    TerrainView,
    Track,
)
from generator.rules.chronicle import Chronicle
from generator.rules.tables import TERRAIN


def site_info(campaign: Campaign, audience: Audience, prose: ProseFn) -> SiteInfo:
    gm = audience == Audience.GM
    return SiteInfo(
        name=campaign.name, description=prose(campaign.description),
        language=campaign.language,
        audience=audience, grid=campaign.grid, hex_miles=campaign.hex_miles,
        show_labels=gm or campaign.map.player_labels,
        show_grid=gm or campaign.map.player_grid,
        show_names=campaign.map.labels == "names")


def terrain_views(campaign: Campaign, ids: Iterable[str]) -> dict[str, TerrainView]:
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


def visible_runs(grid: Grid, hexes: Sequence[Hex], visible: set[Hex],
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


def row_view(table: Table, i: int, visible_tables: set[str], visible_locations: set[str],
         prose: ProseFn, gm: bool) -> RowView:
    row = table.rows[i]
    low, high = table.ranges[i] if i < len(table.ranges) else (0, 0)
    sub = row.table if row.table in visible_tables else None
    loc = row.location if row.location in visible_locations else None
    result = prose(row.result) or prose("")
    assert result is not None
    if gm:
        return GMRowView(low, high, result, sub, row.distance, row.reaction, loc,
                         prose(row.gm), prose(row.tell))
    return RowView(low, high, result, sub, row.distance, row.reaction, loc)


def valid_hex(grid: Grid, label: str | None) -> Hex | None:
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
            h = valid_hex(grid, label)
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


def now_view(campaign: Campaign, chronicle: Chronicle) -> GMNowView:
    if chronicle.sessions:
        last = chronicle.sessions[-1]
        end = last.end
        return GMNowView(end.day, end.watch, end.believed_hex, end.knows_lost, last.session,
                         end.hex, end.lost, end.veer)
    party = campaign.party
    return GMNowView(party.start_time.day, party.start_time.watch, party.start, False, None,
                     party.start, False, 0)
