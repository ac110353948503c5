"""Loading: read every content file, validate it, cross-check ids, build the Campaign.

This is the only stage that reads content files. Problems never raise: they become
diagnostics with a position, all collected in one run, so a GM sees every mistake at once.

The work is shared out: ``content.files`` finds the files, ``content.reading`` reads and
parses them and checks each document against its model, one module of ``content.kinds``
per kind of file checks what it holds, and ``content.refs`` what one file names that
another defines. This module runs them in order: each kind is loaded once what it may name
is known.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.content import models as m
from generator.content.campaign import Campaign
from generator.content.kinds.campaign import (
    check_campaign,
    check_declared,
    check_without_campaign,
    salvage_campaign,
)
from generator.content.kinds.hexes import load_hexes
from generator.content.kinds.locations import load_locations
from generator.content.kinds.paths import load_paths
from generator.content.kinds.regions import load_regions
from generator.content.kinds.sessions import load_sessions
from generator.content.kinds.tables import check_table_locations, load_tables
from generator.content.kinds.terrain import load_terrain
from generator.content.reading import ParseCache, Reader
from generator.content.refs import Refs
from generator.content.symbols import load_symbols
from generator.diagnostics import Diagnostics, Pos
from generator.hexgrid import Grid
from generator.i18n import languages


class _Loader(Reader):
    """One load of the campaign in ``root`` (``Reader``: its files, read)."""

    def __init__(self, root: Path, overrides: Mapping[Path, str] | None = None,
                 parse_cache: ParseCache | None = None) -> None:
        super().__init__(root, overrides, parse_cache)
        #: False when a session file could not be read or validated (its number is unknown)
        self.sessions_complete = True
        #: False when campaign.yaml itself had errors (a stand-in took its place)
        self.campaign_file_ok = True

    def load(self) -> Campaign | None:
        """The campaign, or None when campaign.yaml gives nothing to build on. Every kind
        of file is loaded after those it may name: terrain, then tables, regions, hexes,
        paths, locations, and the sessions last."""
        if not self.root.is_dir():
            self.diags.error(Pos(self.path_str(self.root)), "content folder not found")
            return None
        self.check_folders()
        campaign_path = self.root / "campaign.yaml"
        if not self.present(campaign_path):
            self.diags.error(Pos(self.path_str(campaign_path)),
                             "campaign.yaml is missing (run 'hexcrawl new DIR' for a scaffold)")
            return None
        cdoc = self.mapping_doc(campaign_path)
        spec = self.validate(m.CampaignFile, cdoc, ()) if cdoc else None
        if spec is None and cdoc is not None:
            self.campaign_file_ok = False
            spec = salvage_campaign(cdoc)
        if spec is None or cdoc is None:
            # keep going far enough to report problems in other files too
            check_without_campaign(self)
            return None
        grid = Grid(spec.map.columns, spec.map.rows, spec.map.orientation)
        refs = Refs(self.diags, grid)
        terrain = load_terrain(self, refs)
        symbols = load_symbols(self.root, set(terrain.rules), self.diags, self.path_str)
        default_terrain = check_campaign(refs, spec, cdoc, terrain.rules)
        tables, table_docs = load_tables(self, refs)
        refs.tables = tables
        refs.check_ids(spec.tables, tables, "table", cdoc, ("tables",))
        regions = load_regions(self, refs)
        refs.regions = regions
        for i, mem in enumerate(spec.party.members):
            refs.check_knowledge_regions(mem, cdoc, ("party", "members", i))
        hexes = load_hexes(self, refs, terrain.rules, default_terrain)
        paths = load_paths(self, refs)
        locations = load_locations(self, refs, paths)
        check_table_locations(refs, table_docs, locations)
        sessions, self.sessions_complete = load_sessions(self, refs, spec, paths, locations,
                                                         tables)
        check_declared(refs, spec, cdoc)
        supported = languages()
        self.secrets.report(self.diags, spec.secrets.words, spec.language)
        return Campaign(
            root=self.root,
            name=spec.name,
            seed=spec.seed,
            language=spec.language if spec.language in supported else "en",
            description=spec.description,
            map=spec.map,
            grid=grid,
            rules=spec.rules,
            party=spec.party,
            default_terrain=spec.default_terrain,
            terrain=terrain.rules,
            hexes=hexes,
            paths=paths,
            regions=regions,
            locations=locations,
            tables=tables,
            sessions=tuple(sorted(sessions, key=lambda s: s.number)),
            resources=dict(spec.resources),
            campaign_pos=cdoc.pos(),
            members_by_name={mem.name: mem for mem in spec.party.members},
            creatures=dict(spec.creatures),
            reference=spec.reference,
            encounter_tables=tuple(spec.tables),
            terrain_symbols=dict(terrain.symbols),
            terrain_like=dict(terrain.like),
            symbols=symbols,
        )


def load_campaign(root: Path, overrides: Mapping[Path, str] | None = None,
                  parse_cache: ParseCache | None = None,
                  ) -> tuple[Campaign | None, Diagnostics]:
    """Load and validate a campaign folder. The campaign is None when there are errors.

    ``overrides`` gives the text of some files instead of what is on disk (``hexcrawl play``
    checks an entry before it writes it); each must exist on disk. ``parse_cache``
    (a ``reading.ParseCache``, kept by ``hexcrawl serve`` between loads) gives the
    files whose text did not change their last parse again; the result is the same."""
    loader = _Loader(root, overrides, parse_cache)
    if parse_cache is not None:
        parse_cache.begin()
    campaign = loader.load()
    if parse_cache is not None:
        parse_cache.end()
    if loader.diags.has_errors():
        return None, loader.diags
    return campaign, loader.diags


def load_partial(root: Path, parse_cache: ParseCache | None = None,
                 ) -> tuple[Campaign | None, Diagnostics, bool]:
    """Like ``load_campaign``, but the campaign as far as it loaded even with errors, and
    whether the replay of its sessions could still tell independent errors: campaign.yaml
    itself was right and every session file was read (``generator.replay.onepass``). The campaign
    is None only when campaign.yaml gave nothing to build on. ``parse_cache`` as for
    ``load_campaign``."""
    loader = _Loader(root, parse_cache=parse_cache)
    if parse_cache is not None:
        parse_cache.begin()
    campaign = loader.load()
    if parse_cache is not None:
        parse_cache.end()
    return campaign, loader.diags, loader.sessions_complete and loader.campaign_file_ok
